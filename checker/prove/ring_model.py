"""A z3 model of the all-n encoding, shown as a ring: a counterexample to induction.

The model has some finite number of nodes; they are listed in clockwise order (read off
``btw``) with their ids and locals, then the pending messages, then the step that breaks
the invariant. Such a state satisfies the invariant but need not be reachable: the invariant
may be too weak, or the algorithm wrong.
"""
from __future__ import annotations

import z3

from models.dsl.values import render

from .ring_order import Node, btw, node_id


def _value(model, term):
    value = model.eval(term, model_completion=True)
    if z3.is_true(value) or z3.is_false(value):
        return z3.is_true(value)
    if z3.is_int_value(value):
        return value.as_long()
    return value


def clockwise(model) -> list:
    """The model's nodes in clockwise order from the first one."""
    nodes = list(model.get_universe(Node) or [])
    if len(nodes) < 3:
        return nodes
    first, rest = nodes[0], nodes[1:]
    ordered = []
    for node in rest:  # insertion by "first, a, b in clockwise order"
        k = 0
        while k < len(ordered) and _value(model, btw(first, ordered[k], node)):
            k += 1
        ordered.insert(k, node)
    return [first, *ordered]


def _locals(model, state, x) -> str:
    parts = []
    for k, (_, _, variable) in enumerate(state.layout.slots):
        value = _value(model, state.local(x, k))
        try:
            shown = render(variable.type, value)
        except ValueError:  # outside the type (e.g. 7 in a Color): the invariant did not exclude it
            shown = str(value)
        parts.append(f"{state.layout.slot_name(k)}={shown}")
    parts += [f"ghost {name}={_value(model, state.ghost_local(x, name))}" for name in state.ghost_locals]
    return " ".join(parts)


def _listed(model, relation):
    """The argument tuples z3's interpretation of a pending relation lists explicitly."""
    interpretation = model[relation] if relation in model else None
    if interpretation is None:
        return []
    return [entry[:-1] for entry in interpretation.as_list()[:-1]]


def _show(model, message_type, fields, where, port, state) -> str:
    port_text = f" on {port}" if len(state.in_ports) > 1 else ""
    own = len(message_type.field_types)
    stamps = "".join(f" {name}={_value(model, f)}" for name, f in zip(state.stamp_names(message_type), fields[own:]))
    stamp_text = f" [ghost{stamps}]" if stamps else ""
    return (f"{message_type.__name__}({', '.join(str(_value(model, f)) for f in fields[:own])}){stamp_text} "
            f"at {where}{port_text}")


def _pending(model, state, names, transition) -> list[str]:
    """Pending messages worth showing: those z3 lists, and any carrying a node's id (one-field types)."""
    return [text for text, *_ in _pending_items(model, state, names, transition)]


def _ahead(model, state, names, transition) -> list[str]:
    """On a state that keeps its channels' order (fifo): which shown message is ahead of which."""
    if not state.orders:
        return []
    items = _pending_items(model, state, names, transition)
    found = []
    for text, first, port, fields, x in items:
        for other_text, then, other_port, other_fields, y in items:
            same_channel = port == other_port and z3.is_true(model.eval(x == y, model_completion=True))
            if same_channel and _value(model, state.order_term(first, then, port, x, tuple(fields), tuple(other_fields))):
                found.append(f"{text.split(' at ')[0]} ahead of {other_text}")
    return found


def _pending_items(model, state, names, transition) -> list[tuple]:
    """(text, message type, port, fields, node) of the pending messages worth showing.

    A relation's interpretation may also hold other tuples (its default value); they take
    no part in the counterexample unless listed, so they are left out.
    """
    shown, seen = [], set()
    ids = [node_id(x) for x in names]
    for (message_type, port), relation in state.channels.items():
        candidates = [tuple(args[1:]) + (args[0],) for args in _listed(model, relation)]
        if len(message_type.fields) == 1 and message_type.field_types[0] is not bool and not state.stamp_names(message_type):
            candidates += [(i, x) for i in ids for x in names]
        if transition is not None and transition.after.removed and transition.after.removed[:2] == (message_type, port):
            candidates.append((*transition.message, transition.after.p))
        for *fields, x in candidates:
            key = (message_type, port, tuple(_value(model, f) for f in fields), str(model.eval(x)))
            if key in seen or not _value(model, state.pending_term(message_type, port, x, tuple(fields))):
                continue
            seen.add(key)
            where = next((names[y] for y in names if y.eq(model.eval(x, model_completion=True))), str(x))
            shown.append((_show(model, message_type, fields, where, port, state), message_type, port, fields, x))
    return shown


def render_model(model, algorithm, state, transition=None, p=None) -> str:
    nodes = clockwise(model)
    names = {x: f"id {_value(model, node_id(x))}" for x in nodes}
    lines = ["  counterexample to induction (satisfies the invariant; not necessarily reachable):",
             f"  ring of {len(nodes)}, clockwise:"]
    for x in nodes:
        lines.append(f"    {names[x]:<8} {_locals(model, state, x)}")
    pending = _pending(model, state, names, transition)
    lines.append(f"  pending     {'; '.join(pending) if pending else 'nothing'}")
    ahead = _ahead(model, state, names, transition)
    if ahead:
        lines.append(f"  order       {'; '.join(ahead)}")
    if transition is not None:
        stepper = model.eval(p, model_completion=True)
        name = next((names[x] for x in nodes if x.eq(stepper)), str(stepper))
        received = ""
        if transition.message:
            message_type = transition.after.removed[0]
            own = len(message_type.field_types)
            received = f" receiving {message_type.__name__}({', '.join(str(_value(model, f)) for f in transition.message[:own])})"
        lines.append(f"  step        {name} runs {transition.name}{received}")
        lines.append(f"  after       {name}: {_locals(model, transition.after, stepper)}")
        sent = []
        for message_type, port, node, fields in transition.after.added:
            target = model.eval(node, model_completion=True)
            where = next((names[x] for x in nodes if x.eq(target)), str(target))
            sent.append(_show(model, message_type, fields, where, port, state))
        lines.append(f"  sends       {'; '.join(sent) if sent else 'nothing'}")
    return "\n".join(lines)
