"""An all-n invariant read on the explorer's concrete states: is it true of reachable states?

An inductive invariant that implies safety proves the algorithm safe; an invariant that is
false of a reachable state cannot be inductive, and this says which conjunct and where
without any solver cleverness. A concrete state of n processes becomes a finite structure of
the all-n vocabulary: exactly n nodes in ring order, their ids and locals, the process with the
largest id, and each channel's contents as the pending set of its receiver's port. z3 then
evaluates each conjunct on it, and (``false_axioms``) the encoding's axioms, which every such
structure must satisfy for proofs from them to say anything about real rings.
"""
from __future__ import annotations

from collections import deque

import z3

from models import AsyncSystem

from .ring_order import (Node, RingState, distance_axioms, finite_ring, largest, node_id, owner, ring_axioms,
                         smallest, smallest_axiom)


def reachable_states(algorithm, ids, limit: int = 2000):
    """Up to ``limit`` states reachable from the initial state of one arrangement, breadth first."""
    system = AsyncSystem(algorithm, ids)
    found = {system.initial_state: None}  # a dict keeps the order states were found in
    queue = deque(found)
    while queue and len(found) < limit:
        for step in system.steps(queue.popleft()):
            if step.target not in found and len(found) < limit:
                found[step.target] = None
                queue.append(step.target)
    return system, list(found)


def _structure(system: AsyncSystem, state, ring: RingState) -> list:
    """Facts that pin the all-n vocabulary to this concrete state."""
    n = len(system.ids)
    nodes, facts = finite_ring(n)
    x = z3.Const("x", Node)
    facts.append(z3.ForAll([x], owner(node_id(x)) == x))
    facts.append(largest == nodes[system.ids.index(max(system.ids))])
    facts.append(smallest == nodes[system.ids.index(min(system.ids))])
    for a in range(n):
        facts.append(node_id(nodes[a]) == system.ids[a])
        for k, value in enumerate(state[a]):
            facts.append(ring.locals[k](nodes[a]) == value)
    for (message_type, port), relation in ring.channels.items():
        held = []
        fields = [z3.Const(f"f{k}", relation.domain(k + 1)) for k in range(relation.arity() - 1)]
        for k, channel in enumerate(system.topology.channels):
            if channel.in_port != port:
                continue
            for message in state[n + k]:
                if type(message) is message_type:
                    held.append(z3.And(x == nodes[channel.receiver], *(f == v for f, v in zip(fields, message[1:]))))
        facts.append(z3.ForAll([x, *fields], relation(x, *fields) == z3.Or(False, *held)))
    return facts


def _false(facts, formulas, what) -> list[int]:
    """The indices of ``formulas`` that the structure pinned by ``facts`` does not satisfy."""
    solver = z3.Solver()
    solver.set("timeout", 60_000)
    solver.add(*facts)
    false = []
    for k, formula in enumerate(formulas):
        solver.push()
        solver.add(z3.Not(formula))
        answer = solver.check()
        if answer == z3.unknown:  # a finite structure: only a starved machine gets here
            raise RuntimeError(f"z3 could not evaluate {what(k)} on a state: {solver.reason_unknown()}")
        if answer == z3.sat:
            false.append(k)
        solver.pop()
    return false


def false_axioms(algorithm, system: AsyncSystem, state) -> list[str]:
    """The encoding's axioms (``ring_axioms``, and the termination proofs' ``smallest_axiom`` and
    ``distance_axioms``) that this concrete ring does not satisfy: none, or the proofs, which
    assume them, would not be about rings."""
    axioms = ring_axioms() + [smallest_axiom()] + distance_axioms()
    facts = _structure(system, state, RingState(algorithm))
    return [str(axioms[k]) for k in _false(facts, axioms, lambda k: f"axiom {axioms[k]}")]


def false_conjuncts(algorithm, invariant, system: AsyncSystem, state) -> list[str]:
    """The conjuncts of ``invariant`` that this concrete state does not satisfy."""
    ring = RingState(algorithm)
    facts = _structure(system, state, ring)
    conjuncts = invariant.conjuncts
    false = _false(facts, [c(ring) for c in conjuncts], lambda k: conjuncts[k].__name__)
    return [conjuncts[k].__name__ for k in false]
