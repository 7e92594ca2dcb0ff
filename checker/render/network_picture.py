"""Pictures of traces on a general network: the graph itself, with the ids and the messages.

``network_trace_graph(trace)`` draws the whole counterexample on one picture: the graph laid out
once (networkx's Kamada-Kawai layout, pinned so that graphviz keeps it), each process with its
id and filled by its final decision (gold: leader, grey: non-leader; a process crashed at the
end is greyed, dashed and says when it crashed), and along every link, in each direction, the
messages sent on it, each marked with the step (or, in a synchronous trace, the round: ``r3``)
that sent it and, unless received, "(in flight)" or "(lost)" to a crash. A lasso's repeating
steps are listed in a box beside the graph, and the messages they send are marked ↺.
``network_graph(state, ...)`` draws one state the same way, with the messages in each channel
head first; the HTML page steps through those.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape

import graphviz

from models.systems.crashes import CRASH

from .deliveries import deliveries
from .process_box import process_label, process_look
from .spacetime import step_summary
from .style import CRASH_COLOUR, CRASHED_FILL, DECISION_FILL, FONT, colours, message_type

SCALE = 2.6  # inches between neighbours, about
MAX_LINES = 8  # messages listed along one direction of a link before "... and k more"
LOOP = "#b71c1c"
ROW_HEIGHT = 0.17  # inches a line of 9-point text takes in a table


def positions(state) -> dict[int, tuple[float, float]]:
    """Where each process sits: a layout of the graph the state's channels make."""
    links = tuple(sorted({(c.sender, c.receiver) for c in state.channels}))
    return dict(_layout(state.n, links))


@lru_cache(maxsize=32)
def _layout(n: int, links: tuple) -> tuple:
    """(process, (x, y)) for the graph of n vertices and these links, computed once per graph: the
    HTML page draws every state of a trace, all on the same graph, and the layout is the costly
    part (it is deterministic, so the pictures are the same)."""
    import networkx

    if n == 1:
        return ((0, (0.0, 0.0)),)
    graph = networkx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(links)
    layout = networkx.kamada_kawai_layout(graph)
    return tuple((v, (x * SCALE * max(1.0, n / 3), y * SCALE * max(1.0, n / 3))) for v, (x, y) in layout.items())


def _pos(x: float, y: float) -> str:
    return f"{x:.3f},{y:.3f}!"


def _along(a, b, t: float, side: float):
    """The point at fraction t from a to b, moved sideways by ``side`` inches (to the left of a->b)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return a[0] + t * dx - side * dy / length, a[1] + t * dy + side * dx / length


def _graph(name: str, title: str) -> graphviz.Digraph:
    graph = graphviz.Digraph(name)
    graph.attr(layout="neato", splines="false", label=title, labelloc="t", fontname=FONT, fontsize="12",
               bgcolor="white", pad="0.3", outputorder="edgesfirst")
    graph.attr("node", fontname=FONT, fontsize="10")
    graph.attr("edge", arrowsize="0.6", color="#78909c")
    return graph


def _links(state):
    """Each undirected link once, as (u, v) with u < v."""
    return sorted({(min(c.sender, c.receiver), max(c.sender, c.receiver)) for c in state.channels})


def network_trace_graph(trace) -> graphviz.Digraph:
    """The counterexample on its graph: ids, final decisions, and every message on its link."""
    from .spacetime import headline

    first, last = trace.states[0], trace.states[-1]
    where = positions(first)
    unit = "round" if trace.rounds is not None else "step"
    lines = headline(trace) + [f"along each link, the messages sent each way, by the {unit} that sent them"
                               + (" (r = round)" if unit == "round" else "")]
    repeating = _repeating(trace)
    if repeating:
        lines.append(f"{unit}s {trace.loop_start + 1}..{_last(trace)} repeat forever (their messages marked ↺)")
    graph = _graph("network", "\n".join(lines))
    crashed_at = _crashed_at(trace)
    for i in range(first.n):
        decision = last.decision(i)
        state = "crashed" if last.is_crashed(i) else decision
        label = f"{trace.name(i)}\nid {trace.ids[i]}" + (f"\n{state}" if state else "") \
            + (f"\n(at {unit} {crashed_at[i]})" if last.is_crashed(i) and i in crashed_at else "")
        crashed = last.is_crashed(i)
        graph.node(f"p{i}", label, shape="circle", style="filled,dashed" if crashed else "filled",
                   fillcolor=CRASHED_FILL if crashed else DECISION_FILL[decision],
                   color=CRASH_COLOUR if crashed else "black", fontcolor=CRASH_COLOUR if crashed else "black",
                   pos=_pos(*where[i]), width="0.9", fixedsize="true")
    sent: dict[tuple[int, int], list[str]] = {}
    steps = {s.number: s for s in trace.steps}
    for d in deliveries(trace):
        when = steps[d.sent_at].round if unit == "round" and d.sent_at else d.sent_at
        mark = ("↺ " if d.sent_at in repeating else "") + (f"r{when}" if unit == "round" else str(when))
        fate = "" if d.received_at is not None else " (lost)" if d.lost_at is not None else " (in flight)"
        sent.setdefault((d.sender, d.receiver), []).append(f"{mark}: {d.label}{fate}")
    palette = colours(label.split(": ", 1)[1] for labels in sent.values() for label in labels)
    for u, v in _links(first):
        graph.edge(f"p{u}", f"p{v}", arrowhead="none", penwidth="1.5")
        for a, b in ((u, v), (v, u)):
            labels = sent.get((a, b))
            if not labels:
                continue
            shown = labels[:MAX_LINES] + ([f"... and {len(labels) - MAX_LINES} more"] if len(labels) > MAX_LINES else [])
            rows = "".join(
                f'<tr><td align="left"><font color="{palette.get(message_type(text.split(": ", 1)[-1]), "#555555")}">'
                f'{escape(text)}</font></td></tr>' for text in shown)
            x, y = _along(where[a], where[b], 0.38, 0.6)  # the two directions apart, each on its own side
            graph.node(f"m{a}_{b}", f'<<table border="0" cellborder="0" cellspacing="0" cellpadding="0">'
                       f'<tr><td align="left"><b>p{a} → p{b}</b></td></tr>{rows}</table>>',
                       shape="box", style="rounded,filled", fillcolor="#fafafa", color="#cfd8dc", fontsize="9",
                       margin="0.05,0.03", pos=_pos(x, y))
    if repeating:
        _loop_box(graph, trace, where)
    return graph


def _last(trace) -> int:
    return trace.rounds if trace.rounds is not None else len(trace.steps)


def _repeating(trace) -> set[int]:
    """The numbers of the steps that repeat forever (a lasso's loop), or none."""
    if trace.loop_start is None:
        return set()
    if trace.rounds is not None:
        return {s.number for s in trace.steps if s.round > trace.loop_start}
    return {s.number for s in trace.steps if s.number > trace.loop_start}


def _crashed_at(trace) -> dict[int, int]:
    """Position -> the step (round) of its last crash."""
    return {s.position: s.round if s.round is not None else s.number for s in trace.steps if s.command == CRASH}


def _loop_box(graph, trace, where) -> None:
    """The steps of a lasso's loop, listed in a box under the graph."""
    repeating = sorted(_repeating(trace))
    shown = repeating[:MAX_LINES * 2]
    rows = "".join(f'<tr><td align="left">{escape(step_summary(trace, trace.steps[number - 1]))}</td></tr>'
                   for number in shown)
    if len(repeating) > len(shown):
        rows += f'<tr><td align="left">... and {len(repeating) - len(shown)} more</td></tr>'
    unit = "rounds" if trace.rounds is not None else "steps"
    # graphviz pins a node by its centre: under the lowest process, by half the box's height and a gap
    height = (len(shown) + 2) * ROW_HEIGHT
    centre = sum(x for x, _ in where.values()) / len(where)
    below = min(y for _, y in where.values()) - 0.9 - height / 2
    graph.node("loop", f'<<table border="0" cellborder="0" cellspacing="0" cellpadding="1">'
               f'<tr><td align="left"><font color="{LOOP}"><b>↺ then back to the state after {trace.loop_start}: '
               f'{unit} {trace.loop_start + 1}..{_last(trace)} repeat forever</b></font></td></tr>{rows}</table>>',
               shape="box", style="rounded,dashed", color=LOOP, fontsize="9", margin="0.1,0.05",
               pos=_pos(centre, below))


def network_graph(state, title: str = "", moved: int | None = None, changed=(), where=None,
                  changed_synchronizer=()) -> graphviz.Digraph:
    """One state on its graph: processes with their locals, each channel's messages head first."""
    where = where or positions(state)
    graph = _graph("network_state", title)
    for i in range(state.n):
        label = process_label(state, i, changed, changed_synchronizer) if i == moved else process_label(state, i)
        graph.node(f"p{i}", label, shape="box", pos=_pos(*where[i]), **process_look(state, i, i == moved))
    for u, v in _links(state):
        graph.edge(f"p{u}", f"p{v}", arrowhead="none", color="#cfd8dc")
    palette = colours(str(m) for c in state.channels for m in c.messages)
    for k, c in enumerate(state.channels):
        if not c.messages:
            continue
        cells = "".join(f'<tr><td><font color="{palette[message_type(str(m))]}">{escape(str(m))}</font></td></tr>'
                        for m in c.messages)
        x, y = _along(where[c.sender], where[c.receiver], 0.5, 0.3)
        graph.node(f"c{k}", f'<<table border="0" cellborder="0" cellspacing="0" cellpadding="0">{cells}</table>>',
                   shape="box", style="rounded,filled", fillcolor="#fafafa", color="#b0bec5", margin="0.05,0.02",
                   pos=_pos(x, y), tooltip=f"channel {c.name}, head first")
        graph.edge(f"c{k}", f"p{c.receiver}")
    return graph
