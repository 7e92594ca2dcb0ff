"""A trace in ITF, the Informal Trace Format of Apalache and Quint (ADR-015), via the itf-py package.

Every state of the trace is one ITF state with these variables:
  ids       -- position -> id
  <local>   -- one per local variable of the algorithm: position -> value; a per-port local
               (``replied[CW]``) becomes position -> (port -> value)
  channels  -- <<sender, out_port>> -> the messages in that channel, head first; a message is
               a variant {"tag": type, "value": its fields as a record} (Quint's sum types)
  crashed   -- with crash failures only: position -> whether it has crashed (a crashed process
               keeps its locals, which are never read again)
  synchronizer -- through a synchronizer only: position -> a record of what the process holds
               beside the algorithm's locals (tick, the synchronizer's variables, inbox, ...)
Values are ITF values: booleans, {"#bigint": ...} integers, and names such as "NIL" as strings.
Each state's "#meta" has its index and the step that led to it; the trace's "#meta" names
the algorithm, the arrangement and the property it breaks (and the processes' names, when the
user's graph names its vertices); a lasso sets "loop" to the index of the state the execution
returns to. A local named like one of the variables above is renamed ``local_<name>``.
"""
from __future__ import annotations

import re
from collections import namedtuple
from typing import TYPE_CHECKING

from itf_py import State, Trace, itf_variant, trace_to_json

if TYPE_CHECKING:
    from .snapshot import RingState


FORMAT_DESCRIPTION = "https://apalache-mc.org/docs/adr/015adr-trace.html"
_PER_PORT = re.compile(r"^(\w+)\[(\w+)\]$")
_variants: dict[tuple, type] = {}
_Tagged = namedtuple("_Tagged", ("tag", "value"))  # encoded as the record {"tag": ..., "value": ...}
_Empty = namedtuple("_Empty", ())


def _variant(message):
    """A message as an ITF variant (a plain string if it is not a Message tuple)."""
    fields = getattr(message, "fields", None)
    if fields is None:
        return str(message)
    tag = message[0]
    if not fields:
        # {"tag": T, "value": {}}: an empty record, which itf-py reads back (it cannot read
        # Quint's unit {"#tup": []} as a variant's value)
        return _Tagged(tag, _Empty())
    key = (tag, fields)
    if key not in _variants:
        _variants[key] = itf_variant(namedtuple(tag, fields))
    return _variants[key](*message[1:])


RESERVED = ("ids", "channels", "crashed", "synchronizer")


def state_values(state: RingState) -> dict:
    """The ITF variables of one state, as Python values itf-py encodes."""
    values: dict = {"ids": {i: id_ for i, id_ in enumerate(state.ids)}}
    for i, local in enumerate(state.locals):
        for name, value in local.items():
            if name in RESERVED:  # a local with a reserved name keeps it apart
                name = f"local_{name}"
            per_port = _PER_PORT.match(name)
            if per_port:
                values.setdefault(per_port[1], {}).setdefault(i, {})[per_port[2]] = value
            else:
                values.setdefault(name, {})[i] = value
    values["channels"] = {(c.sender, c.out_port): [_variant(m) for m in c.messages] for c in state.channels}
    if state.crashed:
        values["crashed"] = {i: crashed for i, crashed in enumerate(state.crashed)}
    if state.synchronizer:
        values["synchronizer"] = {i: _record(held) for i, held in enumerate(state.synchronizer)}
    return values


_records: dict[tuple, type] = {}


def _record(values: dict):
    """A dict of plain values as an ITF record (its field names made identifiers)."""
    fields = tuple(re.sub(r"\W", "_", name) for name in values)
    if fields not in _records:
        _records[fields] = namedtuple("Record", fields, rename=True)
    return _records[fields](*values.values())


def _step_meta(step) -> dict:
    return {
        "step": step.number, "process": step.position, "id": step.id, "command": step.command,
        "port": step.port, "received": step.received,
        "sent": [{"port": port, "message": message} for port, message in step.sent],
    }


def render_itf(trace) -> dict:
    states = []
    for index, ring_state in enumerate(trace.states):
        meta = {"index": index}
        if index:
            meta["action"] = _step_meta(trace.steps[index - 1])
        states.append(State(meta=meta, values=state_values(ring_state)))
    variables = list(states[0].values) if states else []
    meta = {
        "format": "ITF", "format-description": FORMAT_DESCRIPTION, "source": "ringleader",
        "description": "\n".join(filter(None, [
            f"Counterexample to {trace.property}: {trace.reason}" if trace.property else None,
            f"{trace.algorithm} with ids {', '.join(map(str, trace.ids))}",
        ])),
        "algorithm": trace.algorithm, "ids": list(trace.ids), "property": trace.property, "reason": trace.reason,
    }
    if getattr(trace, "names", ()):
        meta["names"] = list(trace.names)
    if getattr(trace, "synchronizer", None):
        meta["synchronizer"] = trace.synchronizer
    result = trace_to_json(Trace(meta=meta, params=[], vars=variables, states=states, loop=trace.loop_start))
    if result["loop"] is None:
        del result["loop"]  # optional in ADR-015: present only for a lasso
    return result
