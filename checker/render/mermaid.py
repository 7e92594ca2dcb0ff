"""A trace as a Mermaid ``sequenceDiagram`` in a Markdown file (GitHub and most editors draw it).

Participants are the processes in ring order. A message is one arrow, drawn when it is
received (Mermaid arrows take no time); one lost to a crash is an arrow ending in a cross,
drawn where it is lost; messages still in a channel at the end are dashed arrows at the
bottom. Each step is a note over its process: step number, command, changes (through a
synchronizer, its state's too, labelled), and the decision when it takes one; a crash is a
note "✕ crashed". A lasso's repeating steps are in a ``loop`` block.
"""
from __future__ import annotations

from models.systems.crashes import CRASH

from .deliveries import deliveries
from .spacetime import decided_at, headline
from .style import changes_text


def _text(text: str) -> str:
    """Mermaid ends a message at ';' or a newline and reads '#' as an entity: keep them out."""
    return text.replace(";", ",").replace("#", "").replace("->", "→").replace("\n", " ")


def render_mermaid(trace) -> str:
    n = len(trace.ids)
    messages = deliveries(trace)
    arrivals = {d.received_at: d for d in messages if d.received_at is not None}
    decisions = decided_at(trace)
    lines = ["sequenceDiagram"]
    for i in range(n):
        lines.append(f"    participant p{i} as {_text(trace.process(i))}")
    indent = "    "
    for step in trace.steps:
        if trace.loop_start is not None and step.number - 1 == trace.loop_start:
            lines.append(f"    loop steps {trace.loop_start + 1}..{len(trace.steps)} repeat forever")
            indent = "        "
        arrival = arrivals.get(step.number)
        if arrival is not None:
            lines.append(f"{indent}p{arrival.sender}->>p{arrival.receiver}: {_text(arrival.label)}")
        note = f"{step.number} {step.command}" + (" ✕" if step.command == CRASH else "")
        changes = changes_text(step, "→", trace.name)
        if changes:
            note += "<br/>" + changes.replace("; ", "<br/>")
        if step.number in decisions:
            note += f"<br/>decides: {decisions[step.number]}"
        lines.append(f"{indent}Note over p{step.position}: {_text(note)}")
        for d in messages:
            if d.lost_at == step.number:
                lines.append(f"{indent}p{d.sender}-xp{d.receiver}: {_text(d.label)} (lost: "
                             f"{_text(trace.name(d.receiver))} has crashed)")
    if trace.loop_start is not None:
        lines.append("    end")
    for d in messages:
        if d.in_flight:
            lines.append(f"    p{d.sender}--)p{d.receiver}: {_text(d.label)} (still in the channel)")
    heading = "  \n".join(headline(trace))
    return f"{heading}\n\n```mermaid\n" + "\n".join(lines) + "\n```\n"
