"""An arrangement whose graph is another's with the ids renamed: checked, then not searched.

In hs at n = 5, ids 1,2,3,5,4 and 1,2,4,5,3 have the same graph up to the ids: the 3 and the 4
are never compared (both lose their first phase to the 5 between them), so every step of one
is a step of the other with 3 and 4 swapped (docs/checking.md). Such a pair is found by the
probes and explored one after the other, by one worker or in one process (workers.py); this module lets
the second one be derived from the first instead of searched, once that is proved for it.

The renaming π maps the first arrangement's id at each position to the second's. It renames a
value where the algorithm keeps an id: a local declared ``Id``, a message field declared
``Id`` or named ``id`` or ``*_id`` (hs's probes carry their id as a plain int), and the
observed leader id; NIL (0) and every value that is not an id stay. That choice is a guess,
and nothing rests on it: the derivation holds only if

  1. the initial locals are their own renaming;
  2. every local context the first search evaluated (``NativeEngine.last_contexts``: the
     search starts from an empty table, so it records every context it uses), renamed, has
     in Python's semantics (models/native/audit.py re-executes it in the second arrangement)
     exactly the renamed outcomes, in the same order, with the renamed observations;
  3. every property holds of the renamed observation vectors, changes and terminal states.

The C search reads the ids only through its local contexts and observations, and its choices
(stubborn sets, chains, the memo) only through which command instances are enabled, which
channels they touch and which observed fields change: with 1 and 2, the second search would be
the first with every state renamed, step for step. So it stores as many states and
transitions, reaches the same depth and sends as many messages, and 3 is its judgement.
tests/explore/test_twins.py compares derived arrangements with searched ones on the catalogue.
"""
from __future__ import annotations

import dataclasses
import time

from models.native.audit import check_context
from models.dsl.values import Id

from .explorer import Exploration
from .native_search import Judged, all_hold


@dataclasses.dataclass
class Searched:
    """What a native search of one arrangement leaves for its twins."""

    ids: tuple
    exploration: Exploration
    contexts: list
    judged: Judged


class Renaming:
    def __init__(self, before: tuple, after: tuple, system):
        self.to = dict(zip(before, after))
        self.id_slots = [k for k, (_, _, variable) in enumerate(system.layout.slots) if variable.type is Id]

    def value(self, v):
        return self.to.get(v, v) if type(v) is int or isinstance(v, Id) else v

    def locals(self, values: tuple) -> tuple:
        if not self.id_slots:
            return values
        renamed = list(values)
        for k in self.id_slots:
            renamed[k] = self.value(renamed[k])
        return tuple(renamed)

    def message(self, message):
        if message is None:
            return None
        fields = [self.value(v) if _holds_id(name, kind) else v
                  for name, kind, v in zip(message.fields, message.field_types, message[1:])]
        return type(message).from_values(tuple(fields))

    def observed(self, numbers):
        if numbers is None:
            return None
        decided, is_leader, leader_id, candidate = numbers
        return decided, is_leader, self.value(leader_id), candidate

    def observation(self, o):
        return dataclasses.replace(o, id=self.value(o.id),
                                   leader_id=None if o.leader_id is None else self.value(o.leader_id))

    def context(self, c):
        outcomes = tuple(dataclasses.replace(
            o, locals=self.locals(o.locals), observed=self.observed(o.observed),
            sends=tuple((port, self.message(m)) for port, m in o.sends),
            awaited=None if o.awaited is None else self.value(o.awaited)) for o in c.outcomes)
        return dataclasses.replace(c, key=("renamed",) + c.key, id=self.value(c.id), locals=self.locals(c.locals),
                                   message=self.message(c.message), observed=self.observed(c.observed),
                                   outcomes=outcomes)

    def judged(self, j: Judged) -> Judged:
        def channels(contents):
            return tuple(tuple(self.message(m) for m in channel) for channel in contents)

        return Judged(
            vectors=[tuple(map(self.observation, vector)) for vector in j.vectors],
            changes=[(i, self.observation(before), self.observation(after)) for i, before, after in j.changes],
            terminals={name: [(tuple(map(self.observation, observations)), channels(contents))
                              for observations, contents in terminals] for name, terminals in j.terminals.items()},
            messages_min=j.messages_min, messages_max=j.messages_max)


def _holds_id(name: str, kind: type) -> bool:
    return kind is Id or (kind is int and (name == "id" or name.endswith("_id")))


def derived(first: Searched, system, properties) -> Exploration | None:
    """The exploration of ``system``'s arrangement as ``first``'s renamed, if 1 to 3 of the
    module docstring hold; otherwise None (then it is searched)."""
    started = time.perf_counter()
    if sorted(first.ids) != sorted(system.ids) or first.ids == system.ids:
        return None
    renaming = Renaming(first.ids, system.ids, system)
    initial = system.layout.initial_values()
    if renaming.locals(initial) != initial:
        return None
    for context in first.contexts:
        if check_context(renaming.context(context), system) is not None:
            return None
    if not all_hold(properties, renaming.judged(first.judged), system):
        return None
    return dataclasses.replace(first.exploration, ids=system.ids, seconds=time.perf_counter() - started,
                               violations=[], holds=dict(first.exploration.holds), renamed_from=first.ids)
