"""A process as the state pictures draw it (ring snapshots, network states): a box with its
name, id and locals, filled by its decision, and what a crash or a synchronizer adds."""
from __future__ import annotations

from html import escape
from typing import Protocol

from .style import CRASH_COLOUR, CRASHED_FILL, DECISION_FILL, SYNCHRONIZER, show


class GlobalState(Protocol):
    """What the state pictures read of a global state. snapshot.py's RingState is one; the
    pictures name this instead of importing it, since a RingState shows itself in a notebook
    with these pictures (notebook.py), and the two modules would import each other."""

    ids: tuple
    locals: list[dict]
    channels: list
    synchronizer: list[dict]
    topology: str

    @property
    def n(self) -> int: ...

    def decision(self, position: int) -> str | None: ...

    def is_crashed(self, position: int) -> bool: ...

    def name(self, position: int) -> str: ...


def process_label(state: GlobalState, i: int, changed=(), changed_synchronizer=()) -> str:
    """A process as a snapshot shows it: name, id, locals (the changed ones in bold), then its
    crash or what it holds through a synchronizer."""
    rows = [f'<tr><td><b>{escape(state.name(i))}</b>  id <b>{state.ids[i]}</b></td></tr>']
    if state.is_crashed(i):
        rows.append(f'<tr><td><font color="{CRASH_COLOUR}"><b>✕ crashed</b></font></td></tr>')
    rows += _value_rows(state.locals[i], changed)
    if state.synchronizer:
        rows.append(f'<tr><td align="left"><font color="{SYNCHRONIZER}"><i>synchronizer</i></font></td></tr>')
        rows += _value_rows(state.synchronizer[i], changed_synchronizer, SYNCHRONIZER)
    return f'<<table border="0" cellborder="0" cellspacing="0" cellpadding="1">{"".join(rows)}</table>>'


def _value_rows(values: dict, changed, colour: str | None = None) -> list[str]:
    rows = []
    for name, value in values.items():
        text = escape(f"{name} = {show(value)}")
        text = f"<b>{text}</b>" if name in changed else text
        rows.append(f'<tr><td align="left">{f"""<font color="{colour}">{text}</font>""" if colour else text}</td></tr>')
    return rows


def process_look(state: GlobalState, i: int, moved: bool) -> dict:
    """How a process's box is filled and outlined: by its decision, greyed and dashed once
    crashed, thick blue when it took the last step."""
    crashed = state.is_crashed(i)
    return {"style": "rounded,filled" + (",dashed" if crashed else ""),
            "fillcolor": CRASHED_FILL if crashed else DECISION_FILL[state.decision(i)],
            "penwidth": "3" if moved else "1", "color": "#1565c0" if moved else CRASH_COLOUR if crashed else "black"}
