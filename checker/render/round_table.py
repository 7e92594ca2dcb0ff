"""A synchronous trace as a table, round by round (checker/render/rounds.py builds such traces)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .style import changes_text, sent_text

if TYPE_CHECKING:  # a trace is plain data here; this module reads its attributes
    from .trace import Trace


def rounds_table(trace: Trace):
    """The rich table of a round-by-round trace: round, process, received, commands, sent, changes."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in ("round", "process", "received", "commands", "sent", "changes"):
        table.add_column(column, overflow="fold")
    shown = None
    for s in trace.steps:
        marker = "  <- loop starts" if trace.loop_start is not None and s.round - 1 == trace.loop_start else ""
        first = s.round != shown
        shown = s.round
        received = ", ".join(f"{m} on {port}" for port, m in s.receptions)
        table.add_row(f"{s.round}{marker}" if first else "", trace.process(s.position), received, s.command,
                      sent_text(s, trace.name), changes_text(s, "->", trace.name), end_section=False)
    return table
