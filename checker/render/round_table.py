"""A synchronous trace as a table, round by round (checker/render/rounds.py builds such traces)."""
from __future__ import annotations

from typing import Callable

from .style import changes_text, sent_text


def rounds_table(steps: list, loop_start: int | None, process: Callable[[int], str], name: Callable):
    """The rich table of a round-by-round trace (its ``steps``, ``loop_start``, and how it calls a
    position and names a process: trace.py's Trace.process and Trace.name): round, process,
    received, commands, sent, changes. It takes the parts rather than the Trace, whose text
    (trace.py) is this table."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in ("round", "process", "received", "commands", "sent", "changes"):
        table.add_column(column, overflow="fold")
    shown = None
    for s in steps:
        marker = "  <- loop starts" if loop_start is not None and s.round - 1 == loop_start else ""
        first = s.round != shown
        shown = s.round
        received = ", ".join(f"{m} on {port}" for port, m in s.receptions)
        table.add_row(f"{s.round}{marker}" if first else "", process(s.position), received, s.command,
                      sent_text(s, name), changes_text(s, "->", name), end_section=False)
    return table
