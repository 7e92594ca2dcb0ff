"""Shared look of the pictures: fonts, colours per message type and per decision."""
from __future__ import annotations

FONT = "Helvetica"
PALETTE = ("#1f77b4", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22")
DECISION_FILL = {"leader": "#ffd54f", "non-leader": "#cfd8dc", None: "white"}


def message_type(label: str) -> str:
    return label.split("(", 1)[0]


def colours(labels) -> dict[str, str]:
    """One colour per message type, in order of first appearance."""
    result: dict[str, str] = {}
    for label in labels:
        kind = message_type(label)
        if kind not in result:
            result[kind] = PALETTE[len(result) % len(PALETTE)]
    return result


def process_name(position: int, id_: int) -> str:
    return f"p{position} (id {id_})"


def show(value: bool | int | str) -> str:
    """A plain value as traces print it (the same words as ``models.values.render``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
