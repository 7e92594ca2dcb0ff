"""A network run's figures graph by graph: what the summary's table and the JSON's "graphs" show."""
from __future__ import annotations

from dataclasses import dataclass

GRAPH_TABLE_ROWS = 30  # more graphs than this: the summary points to --json for the table


@dataclass
class GraphRow:
    name: str
    edges: tuple[tuple[int, int], ...]
    diameter: int
    checked: int = 0
    represented: int = 0
    states: int = 0
    messages_min: int | None = None
    messages_max: int | None = None
    rounds_min: int | None = None
    rounds_max: int | None = None

    def to_json(self) -> dict:
        rounds = {"rounds": {"min": self.rounds_min, "max": self.rounds_max}} if self.rounds_max is not None else {}
        return {"name": self.name, "edges": [list(e) for e in self.edges], "diameter": self.diameter,
                "arrangements": {"checked": self.checked, "represented": self.represented}, "states": self.states,
                "messages": {"min": self.messages_min, "max": self.messages_max}, **rounds}


def _extend(low, high, new_low, new_high):
    if new_low is None:
        return low, high
    return (new_low if low is None else min(low, new_low)), (new_high if high is None else max(high, new_high))


def per_graph(result) -> list[GraphRow]:
    """One row per graph of the run, in the run's order, with the figures of its arrangements explored."""
    rows = {network.edges: GraphRow(network.name, network.edges, network.diameter) for network in result.networks}
    for exploration in result.per_arrangement:
        row = rows[exploration.network.edges]
        row.checked += 1
        row.represented += exploration.represents
        row.states += exploration.states
        row.messages_min, row.messages_max = _extend(row.messages_min, row.messages_max,
                                                     exploration.messages_min, exploration.messages_max)
        row.rounds_min, row.rounds_max = _extend(row.rounds_min, row.rounds_max,
                                                 getattr(exploration, "rounds_min", None),
                                                 getattr(exploration, "rounds_max", None))
    return list(rows.values())


def graph_table(result) -> list[str]:
    """The summary's lines for a run over several graphs."""
    rows = per_graph(result)
    if len(rows) > GRAPH_TABLE_ROWS:
        return [f"  graphs        {len(rows)}; their figures one by one are in --json (under graphs)"]
    lines = ["  graph by graph"]
    show_rounds = any(r.rounds_max is not None for r in rows)
    header = f"    {'graph':<8} {'edges':>5} {'D':>2} {'arrangements':>20} {'states':>10} {'messages':>9}"
    lines.append(header + (f" {'rounds':>7}" if show_rounds else ""))
    for r in rows:
        messages = "-" if r.messages_min is None else f"{r.messages_min}..{r.messages_max}"
        rounds = "-" if r.rounds_min is None else f"{r.rounds_min}..{r.rounds_max}"
        line = (f"    {r.name:<8} {len(r.edges):>5} {r.diameter:>2} {f'{r.checked} for {r.represented}':>20} "
                f"{r.states:>10,} {messages:>9}")
        lines.append(line + (f" {rounds:>7}" if show_rounds else ""))
    return lines
