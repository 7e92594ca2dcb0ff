"""A ring snapshot: one global state drawn as the ring it is.

Processes sit on a circle in ring order, position 0 at the top and positions increasing
clockwise; each shows its position, id and locals (those the last step changed in bold) and is
filled by its decision (gold: leader, grey: non-leader). A crashed process is greyed, outlined
dashed and marked "crashed"; through a synchronizer, what a process holds beside the
algorithm's locals follows them under "synchronizer", in purple. Every channel is a small queue
between its two ends, the head first: on a bidirectional ring clockwise channels run outside
the circle and anticlockwise ones inside; on a unidirectional ring they sit on the circle.
Input is a ``RingState`` (plain data, read as process_box.py's ``GlobalState``), so a state
from a trace and one from a z3 counterexample to induction are drawn the same way.
"""
from __future__ import annotations

import math
from html import escape
import graphviz

from .deliveries import travels_clockwise
from .process_box import GlobalState, process_label, process_look
from .style import FONT, colours, locals_text, message_type


CLOCKWISE_OUT, ANTICLOCKWISE_IN = 1.3, 0.62  # queue radii, as fractions of the ring's radius


def _radius(n: int) -> float:
    return max(1.9, 0.55 * n)  # inches; about 3.5 in of circle per process


def _angle(position: float, n: int) -> float:
    return math.pi / 2 - 2 * math.pi * position / n  # position 0 at the top, clockwise


def _pos(radius: float, angle: float) -> str:
    return f"{radius * math.cos(angle):.3f},{radius * math.sin(angle):.3f}!"


def _queue_label(messages, palette: dict[str, str]) -> str:
    cells = "".join(
        f'<tr><td><font color="{palette[message_type(str(m))]}">{escape(str(m))}</font></td></tr>' for m in messages
    )
    return f'<<table border="0" cellborder="0" cellspacing="0" cellpadding="0">{cells}</table>>'


def ring_graph(state: GlobalState, title: str = "", moved: int | None = None, changed=(),
               changed_synchronizer=()) -> graphviz.Digraph:
    """The picture of ``state``; ``moved`` is the position that took the last step, ``changed`` its
    changed locals (and ``changed_synchronizer`` what changed beside them)."""
    n = state.n
    radius = _radius(n)
    bidirectional = len(state.channels) > n  # two channels per link: one each way
    graph = graphviz.Digraph("ring")
    graph.attr(layout="neato", splines="false", label=title, labelloc="t", fontname=FONT, fontsize="12",
               bgcolor="white", pad="0.2", outputorder="edgesfirst")
    graph.attr("node", fontname=FONT, fontsize="10")
    graph.attr("edge", arrowsize="0.6", color="#78909c")
    for i in range(n):
        label = process_label(state, i, changed, changed_synchronizer) if i == moved else process_label(state, i)
        graph.node(f"p{i}", label, shape="box", pos=_pos(radius, _angle(i, n)), **process_look(state, i, i == moved))
    palette = colours(str(m) for c in state.channels for m in c.messages)
    for k, c in enumerate(state.channels):
        clockwise = travels_clockwise(c, n)
        # halfway along the arc the message travels, outside or inside the circle
        middle = _angle(c.sender + (0.5 if clockwise else -0.5), n)
        where = radius * (CLOCKWISE_OUT if clockwise else ANTICLOCKWISE_IN) if bidirectional else radius
        if c.messages:
            graph.node(f"c{k}", _queue_label(c.messages, palette), shape="box", style="rounded,filled",
                       fillcolor="#fafafa", color="#b0bec5", margin="0.05,0.02", pos=_pos(where, middle),
                       tooltip=f"channel {c.name}, head first")
        else:
            graph.node(f"c{k}", "", shape="point", width="0.04", color="#b0bec5", pos=_pos(where, middle),
                       tooltip=f"channel {c.name}: empty")
        graph.edge(f"p{c.sender}", f"c{k}", arrowhead="none")
        graph.edge(f"c{k}", f"p{c.receiver}")
    return graph


def trace_snapshot(trace, k: int) -> graphviz.Digraph:
    """The ring after step ``k`` of ``trace`` (k = 0: the initial state), its mover outlined."""
    draw = ring_graph
    if trace.states[0].topology == "network":  # a general network: drawn as its graph
        from .network_picture import network_graph, positions

        where = positions(trace.states[0])

        def draw(state, title, moved=None, changed=(), changed_synchronizer=()):
            return network_graph(state, title, moved, changed, where, changed_synchronizer)
    if k == 0:
        return draw(trace.states[0], "initial state\n(channels list their messages head first)")
    step = trace.steps[k - 1]
    caption = f"after step {k}: {trace.process(step.position)} {step.command}"
    if step.round is not None:
        caption = f"round {step.round}, part of {trace.process(step.position)}: {step.command}"
    elif step.received:
        caption += f" {step.received}"
    elif step.port is not None:
        caption += f" (port {step.port})"
    if step.lost:
        caption += "\nlost to a crash: " + ", ".join(f"{d.label} to {trace.name(d.receiver)}" for d in step.lost)
    return draw(trace.states[k], caption + "\n(channels list their messages head first)",
                moved=step.position, changed=step.changes, changed_synchronizer=step.synchronizer_changes)


def ring_text(state: GlobalState) -> str:
    """The state in words: one line per process, then one per non-empty channel (head first)."""
    lines = []
    for i, local in enumerate(state.locals):
        decision = f"  [{state.decision(i)}]" if state.decision(i) else ""
        crashed = "crashed; " if state.is_crashed(i) else ""
        values = locals_text(local, state.synchronizer[i] if state.synchronizer else None)
        lines.append(f"{state.name(i)} (id {state.ids[i]}): {crashed}{values}{decision}")
    for c in state.channels:
        if c.messages:
            lines.append(f"channel {c.name}: {', '.join(map(str, c.messages))}")
    return "\n".join(lines)
