"""The space-time diagram of a trace: one lane per process in ring order, time going down.

Each step is an event on its process's lane, one row per step; a message is an arrow from the
event that sent it to the event that received it (to the bottom of the receiver's lane if it
is still in flight when the trace ends). The ring is drawn as if cut open between the last
position and position 0: a message across the cut leaves on one side and comes back on the
other (half arrows marked with the lane they go to), so no arrow crosses a lane it does not
visit. Events where a process decides are filled (gold: leader, grey: non-leader).
With crash failures, a crash is a red event, the lane of a crashed process is dotted until it
recovers, and a message lost to a crash ends in a red ✕ on its receiver's lane where it is lost.
Positions are pinned (``layout=neato``), so lanes stay straight whatever the messages.
"""
from __future__ import annotations

import graphviz

from models.systems.crashes import CRASH

from .deliveries import deliveries
from .style import CRASH_COLOUR, DECISION_FILL, FONT, arrangement_line, changes_text, colours, message_type, sent_text

LANE = 2.8  # inches between lanes
ROW = 0.62  # inches between steps
LOOP = "#b71c1c"
WRAP_OUT, WRAP_IN = 0.75, 0.3  # lane widths from the outer lanes to the stubs of arrows across the cut
LABEL_AT = 0.35  # a message label sits this far along its arrow from the sender


def _pos(x: float, y: float) -> str:
    return f"{x:.3f},{y:.3f}!"


def step_summary(trace, step) -> str:
    """One line describing a step, for tooltips and notes."""
    return f"step {step.number}: {step_text(trace, step)}"


def step_text(trace, step) -> str:
    """What a step does, without its number: "p1 (id 3) relay; received ... on CW; sent ..."."""
    parts = [f"{trace.process(step.position)} {step.command}"]
    if step.received:
        parts.append(f"received {step.received} on {step.port}")
    elif step.port is not None:
        parts.append(f"on port {step.port}")
    if step.sent:
        parts.append("sent " + sent_text(step, trace.name))
    changes = changes_text(step, "->", trace.name)
    if changes:
        parts.append(changes)
    return "; ".join(parts)


def decided_at(trace) -> dict[int, str]:
    """Step number -> the decision its process took at that step (leader / non-leader)."""
    result = {}
    for step in trace.steps:
        if len(trace.states) > step.number:
            before, after = trace.states[step.number - 1], trace.states[step.number]
            if after.decision(step.position) != before.decision(step.position) and after.decision(step.position):
                result[step.number] = after.decision(step.position)
    return result


def headline(trace) -> list[str]:
    """What the trace shows: the property it breaks (if any) and the arrangement (as the text
    trace says it)."""
    head = [f"Counterexample to {trace.property}: {trace.reason}"] if trace.property else []
    return head + [arrangement_line(trace)]


def title(trace) -> str:
    lines = headline(trace) + ["one lane per process, in that order; time goes down"]
    if any(step.command == CRASH for step in trace.steps):
        lines.append("✕: a crash, after which the lane is dotted; a message to a crashed process is lost at the ✕ "
                     "its arrow ends in")
    if trace.rounds is not None:
        lines.append("synchronous: one row per round, each process's part of it side by side")
    if trace.loop_start is not None:
        unit, last = ("rounds", trace.rounds) if trace.rounds is not None else ("steps", len(trace.steps))
        lines.append(f"{unit} {trace.loop_start + 1}..{last} (below the dashed line) repeat forever")
    return "\n".join(lines)


def spacetime_graph(trace) -> graphviz.Digraph:
    graph = graphviz.Digraph("spacetime")
    graph.attr(layout="neato", splines="false", outputorder="edgesfirst", label=title(trace), labelloc="t",
               fontname=FONT, fontsize="13", bgcolor="white", pad="0.3")
    graph.attr("node", fontname=FONT, fontsize="10", margin="0.04,0.02", height="0.25")
    graph.attr("edge", fontname=FONT, fontsize="9", arrowsize="0.6")
    lane_x = [i * LANE for i in range(len(trace.ids))]
    _lanes(graph, trace, lane_x)
    if trace.loop_start is not None:  # a dashed line above the first step that repeats
        y = -(trace.loop_start + 0.5) * ROW
        graph.node("loop_l", "loop ↺", shape="plain", fontcolor=LOOP, pos=_pos(-LANE * 0.9, y))
        graph.node("loop_r", "", shape="point", width="0.03", color=LOOP, pos=_pos(lane_x[-1] + LANE * 0.25, y))
        graph.edge("loop_l", "loop_r", style="dashed", color=LOOP, arrowhead="none")
    messages = deliveries(trace)
    palette = colours(d.label for d in messages)
    for k, d in enumerate(messages):
        _message(graph, trace, lane_x, k, d, palette[message_type(d.label)])
    return graph


def _lanes(graph, trace, lane_x) -> None:
    """Per process: a header, its events top to bottom (decisions filled), its final decision."""
    n, last_row = len(trace.ids), _row(trace, len(trace.steps)) + 1
    last_state = trace.states[-1] if trace.states else None
    for i in range(n):
        graph.node(f"h{i}", trace.process(i), shape="box", style="bold", pos=_pos(lane_x[i], 0))
        crashed = last_state is not None and last_state.is_crashed(i)
        decision = last_state.decision(i) if last_state else None
        graph.node(f"f{i}", "crashed" if crashed else decision or "undecided", shape="plain",
                   fontcolor=CRASH_COLOUR if crashed else "#555555", pos=_pos(lane_x[i], -last_row * ROW))
    decisions = decided_at(trace)
    events_of: dict[int, list[tuple[str, int]]] = {i: [] for i in range(n)}  # (node, the step after which it is)
    for step in trace.steps:
        decision = decisions.get(step.number)
        mark = f"r{step.round}" if step.round is not None else f"{step.number}"
        crash = step.command == CRASH
        label = f"{mark}  {step.command}" + (" ✕" if crash else "") + (f"\n→ {decision}" if decision else "")
        graph.node(f"e{step.number}", label, id=f"ev{step.number}", shape="box", style="rounded,filled",
                   fillcolor=DECISION_FILL[decision], penwidth="2" if decision or crash else "1",
                   color=CRASH_COLOUR if crash else "black", fontcolor=CRASH_COLOUR if crash else "black",
                   pos=_pos(lane_x[step.position], -_row(trace, step.number) * ROW), tooltip=step_summary(trace, step))
        events_of[step.position].append((f"e{step.number}", step.number))
    for i in range(n):
        chain = [(f"h{i}", 0), *events_of[i], (f"f{i}", None)]
        for (a, after), (b, _) in zip(chain, chain[1:]):
            down = len(trace.states) > after and trace.states[after].is_crashed(i)
            graph.edge(a, b, color="#9e9e9e", arrowhead="none", penwidth="1.2", style="dotted" if down else "solid")


def _row(trace, number: int) -> int:
    """The row of step ``number`` (0: the headers): one row per step, or in a synchronous trace one
    per round, so that the processes' parts of a round sit side by side."""
    if trace.rounds is None or number == 0:
        return number
    return trace.steps[number - 1].round


def _message(graph, trace, lane_x, k: int, d, colour: str) -> None:
    """The arrow of message ``k``: from the event that sent it to the one that received it (or to
    the ✕ where a crash loses it, or to the bottom of its receiver's lane while in flight)."""
    last_row = _row(trace, len(trace.steps)) + 1
    style = "dashed" if d.in_flight else "solid"
    source = f"e{d.sent_at}" if d.sent_at else f"h{d.sender}"
    start = (lane_x[d.sender], -_row(trace, d.sent_at) * ROW)
    if d.received_at is not None:
        target, end_row, text = f"e{d.received_at}", _row(trace, d.received_at), d.label
    elif d.lost_at is not None:
        # lost with its receiver's crash: just above the crash; sent to a crashed process: just below its sending
        target, text = f"x{k}", f"{d.label} (lost)"
        end_row = _row(trace, d.lost_at) + (0.45 if d.lost_at == d.sent_at else -0.45)
        graph.node(target, "✕", shape="plain", fontcolor=CRASH_COLOUR, fontsize="11",
                   pos=_pos(lane_x[d.receiver], -end_row * ROW),
                   tooltip=f"{d.label} lost: {trace.name(d.receiver)} crashed")
    else:
        target, end_row, text = f"f{d.receiver}", last_row, f"{d.label} (in flight)"
    end = (lane_x[d.receiver], -end_row * ROW)
    if d.clockwise and d.receiver <= d.sender or not d.clockwise and d.receiver >= d.sender:
        # across the cut: leave at one edge of the diagram, come back at the other
        edge, far = lane_x[-1] + LANE * WRAP_OUT, -LANE * WRAP_IN
        if not d.clockwise:
            edge, far = -LANE * WRAP_OUT, lane_x[-1] + LANE * WRAP_IN
        # it leaves a little before half-time and comes back a little after, so that the
        # stubs of two messages crossing the cut in opposite directions do not meet
        leave_y = start[1] + 0.4 * (end[1] - start[1])
        back_y = start[1] + 0.6 * (end[1] - start[1])
        graph.node(f"w{k}o", f"{text}\nto {trace.name(d.receiver)}", shape="plain", fontsize="9", fontcolor=colour,
                   pos=_pos(edge, leave_y))
        graph.node(f"w{k}i", f"from {trace.name(d.sender)}", shape="plain", fontsize="8", fontcolor=colour,
                   pos=_pos(far, back_y))
        graph.edge(source, f"w{k}o", color=colour, style=style, arrowhead="none")
        graph.edge(f"w{k}i", target, color=colour, style=style)
        return
    # the label sits in the arrow near its sender, on white, clear of the event boxes: two
    # arrows that cross halfway between lanes keep their labels apart (a message still in
    # flight is labelled near the bottom, where the diagram is emptier)
    t = 1 - LABEL_AT if d.in_flight else LABEL_AT
    label_pos = (start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1]))
    graph.node(f"m{k}", text, shape="box", style="filled", fillcolor="white", color="white", fontsize="9",
               fontcolor=colour, margin="0.01,0.0", height="0.15", width="0", pos=_pos(*label_pos))
    graph.edge(source, f"m{k}", color=colour, style=style, arrowhead="none")
    graph.edge(f"m{k}", target, color=colour, style=style)
