"""Shared look of the traces: fonts, colours per message type and per decision, and the words
every format uses for a step's changes and sends."""
from __future__ import annotations

FONT = "Helvetica"
PALETTE = ("#1f77b4", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22")
DECISION_FILL = {"leader": "#ffd54f", "non-leader": "#cfd8dc", None: "white"}
CRASHED_FILL, CRASH_COLOUR = "#eeeeee", "#b71c1c"  # a crashed process, and the mark of a crash or a lost message
SYNCHRONIZER = "#6a1b9a"  # what a process holds through a synchronizer, beside the algorithm's locals


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


def show(value: bool | int | str) -> str:
    """A plain value as traces print it (the same words as ``models.dsl.values.render``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def default_name(position: int) -> str:
    return f"p{position}"


def values_text(values: dict, arrow: str = "=") -> str:
    return ", ".join(f"{k}{arrow}{show(v)}" for k, v in values.items())


def locals_text(algorithm: dict, synchronizer: dict | None = None) -> str:
    """A process's locals, "r=0, L=NIL", and after them what it holds through a synchronizer,
    labelled: "r=0, L=NIL; synchronizer: tick=0, ..."."""
    text = values_text(algorithm)
    return text + f"; synchronizer: {values_text(synchronizer)}" if synchronizer else text


def changes_text(step, arrow: str = "->", name=default_name) -> str:
    """A step's changes: the locals', the synchronizer's (labelled), and the messages a crash loses."""
    parts = []
    if step.changes:
        parts.append(", ".join(f"{k}: {old} {arrow} {new}" for k, (old, new) in step.changes.items()))
    if getattr(step, "synchronizer_changes", None):
        parts.append("synchronizer: " + ", ".join(f"{k}: {old} {arrow} {new}"
                                                  for k, (old, new) in step.synchronizer_changes.items()))
    dropped = [d for d in getattr(step, "lost", ()) if d.sent_at < step.number]
    if dropped:
        parts.append("lost in its channels: " + ", ".join(f"{d.label} from {name(d.sender)}" for d in dropped))
    return "; ".join(parts)


def sent_text(step, name=default_name) -> str:
    """A step's sends, "M on port", each one its crashed receiver loses marked so."""
    lost_now = [d for d in getattr(step, "lost", ()) if d.sent_at == step.number]
    shown = []
    for port, message in step.sent:
        loss = next((d for d in lost_now if d.out_port == port and d.label == message), None)
        if loss is not None:
            lost_now.remove(loss)
        shown.append(f"{message} on {port}" + (f" (lost: {name(loss.receiver)} has crashed)" if loss else ""))
    return ", ".join(shown)


def arrangement_line(trace) -> str:
    """Which processes, in which order, on which topology (and through which synchronizer)."""
    ids = ", ".join(map(str, trace.ids))
    if trace.anonymous:
        line = f"{trace.algorithm} on {len(trace.ids)} anonymous processes (the ids {ids} only name them here: " \
               "no command can read them)"
    elif trace.network:
        order = f"of {', '.join(trace.names)} in turn" if trace.names else "process 0 first"
        line = f"{trace.algorithm} with ids {ids} ({order}) on {trace.network}"
    else:
        line = f"{trace.algorithm} with ids {ids} (position 0 first, clockwise)"
    return line + (f", through {trace.synchronizer}" if trace.synchronizer else "")
