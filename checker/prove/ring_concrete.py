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

import functools
from collections import deque

import z3

from models import AsyncSystem

from .ring_order import (Node, RingState, distance, distance_axioms, finite_ring, largest, neighbour_axioms, node_id, owner,
                         ring_axioms, ring_size, smallest, smallest_axiom)


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


def _structure(system: AsyncSystem, state, ring: RingState, stamps=None, with_nodes: bool = False):
    """Facts that pin the all-n vocabulary to this concrete state (and its nodes, ``with_nodes``);
    ``stamps``: each channel's messages' ghost stamps, as ``state_facts`` takes them."""
    n = len(system.ids)
    nodes, facts = finite_ring(n)
    x = z3.Const("x", Node)
    facts.append(z3.ForAll([x], owner(node_id(x)) == x))
    facts.append(largest == nodes[system.ids.index(max(system.ids))])
    facts.append(smallest == nodes[system.ids.index(min(system.ids))])
    facts += [node_id(nodes[a]) == system.ids[a] for a in range(n)]
    facts += state_facts(system, state, ring, nodes, stamps)
    return (facts, nodes) if with_nodes else facts


def state_facts(system: AsyncSystem, state, ring: RingState, nodes, stamps=None) -> list:
    """Facts saying that ``ring`` (a state of the vocabulary: before a step, or after one) holds
    this concrete state's locals and channels on ``nodes``: each channel's contents as the pending
    set of its receiver's port and, on a fifo state, their order. ``stamps[k]``: the ghost stamps
    (a tuple of ints each) of channel k's messages, head first, for a ring state with ghosts."""
    n = len(system.ids)
    channels = [[(*message[1:], *(stamps[k][i] if stamps else ())) for i, message in enumerate(state[n + k])]
                for k in range(len(system.topology.channels))]
    x = z3.Const("x", Node)
    facts = [ring.local(nodes[a], k) == value for a in range(n) for k, value in enumerate(state[a])]
    for (message_type, port), relation in ring.channels.items():
        held = []
        fields = tuple(z3.Const(f"f{k}", relation.domain(k + 1)) for k in range(relation.arity() - 1))
        for k, channel in enumerate(system.topology.channels):
            if channel.in_port != port:
                continue
            for message, values in zip(state[n + k], channels[k]):
                if type(message) is message_type:
                    held.append(z3.And(x == nodes[channel.receiver], *(f == v for f, v in zip(fields, values))))
        facts.append(z3.ForAll([x, *fields], ring.pending_term(message_type, port, x, fields) == z3.Or(False, *held)))
    for (first, then, port), relation in ring.orders.items():
        cut = len(first.field_types)
        fields = tuple(z3.Const(f"f{k}", relation.domain(k + 1)) for k in range(relation.arity() - 1))
        ahead = []
        for k, channel in enumerate(system.topology.channels):
            if channel.in_port != port:
                continue
            contents = list(zip(state[n + k], channels[k]))
            for i, (a, a_values) in enumerate(contents):
                for b, b_values in contents[i + 1:]:
                    if type(a) is first and type(b) is then:
                        ahead.append(z3.And(x == nodes[channel.receiver],
                                            *(f == v for f, v in zip(fields, (*a_values, *b_values)))))
        facts.append(z3.ForAll([x, *fields], ring.order_term(first, then, port, x, fields[:cut], fields[cut:])
                               == z3.Or(False, *ahead)))
    return facts


def _false(facts, formulas, what, stop_after: int | None = None) -> list[int]:
    """The indices of ``formulas`` that the structure pinned by ``facts`` does not satisfy (the
    first ``stop_after`` of them, if given)."""
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
            if stop_after is not None and len(false) >= stop_after:
                break
        solver.pop()
    return false


def false_axioms(algorithm, system: AsyncSystem, state) -> list[str]:
    """The encoding's axioms (``ring_axioms``, the termination proofs' ``smallest_axiom`` and
    ``distance_axioms``, and ``neighbour_axioms``) that this concrete ring does not satisfy: none, or the proofs, which
    assume them, would not be about rings."""
    axioms = ring_axioms() + [smallest_axiom()] + distance_axioms() + neighbour_axioms()
    facts = _structure(system, state, RingState(algorithm))
    return [str(axioms[k]) for k in _false(facts, axioms, lambda k: f"axiom {axioms[k]}")]


def false_conjuncts(algorithm, invariant, system: AsyncSystem, state) -> list[str]:
    """The conjuncts of ``invariant`` that this concrete state does not satisfy."""
    if getattr(invariant, "ghosts", None) is not None:
        raise ValueError("an explorer state has no ghost variables: an invariant with ghosts is not read on it")
    ring = RingState(algorithm, fifo=getattr(invariant, "fifo", False))
    facts = _structure(system, state, ring)
    conjuncts = invariant.conjuncts
    false = _false(facts, [c(ring) for c in conjuncts], lambda k: conjuncts[k].__name__)
    return [conjuncts[k].__name__ for k in false]


@functools.lru_cache(maxsize=32)
def _ring_of(algorithm, ids):
    """The vocabulary's state and nodes for a ring with these ids, and what to substitute for the
    terms that do not depend on the state: the nodes ``owner``, ``largest``, ``smallest`` name,
    then ids, dist and size."""
    ring = RingState(algorithm)
    n = len(ids)
    nodes = [z3.Const(f"node{k}", Node) for k in range(n)]
    named = [(owner(z3.IntVal(i)), nodes[a]) for a, i in enumerate(ids)] + [
        (largest, nodes[ids.index(max(ids))]), (smallest, nodes[ids.index(min(ids))])]
    values = [(ring_size, z3.IntVal(n))]
    for a in range(n):
        values.append((node_id(nodes[a]), z3.IntVal(ids[a])))
        values += [(distance(nodes[a], nodes[b]), z3.IntVal((b - a) % n)) for b in range(n)]
    return ring, nodes, tuple(named), tuple(values)


def ranking_value(algorithm, ranking, system: AsyncSystem, state) -> int:
    """A ranking (specs.all_n.Ranking) on a concrete state: the sum of every process's potential
    and of every message's in every channel (each copy).

    Each potential is a term of the vocabulary; the state's values are substituted into it (the
    process named by ``owner``, ``largest``, ``smallest`` first, then ids, locals, dist and size)
    and z3 simplifies it to a number. A potential that reads more (btw, pending) is evaluated on
    the whole structure by z3 instead, as the conjuncts are (slower).
    """
    ring, nodes, named, values = _ring_of(algorithm, system.ids)
    n = len(nodes)
    terms = [ranking.process(ring, x) for x in nodes]
    for k, channel in enumerate(system.topology.channels):
        for message in state[n + k]:
            terms.append(ranking.messages[type(message)](ring, nodes[channel.receiver], message, channel.in_port))
    values = list(values)
    for a in range(n):
        for k, value in enumerate(state[a]):
            values.append((ring.locals[k](nodes[a]), z3.BoolVal(value) if isinstance(value, bool) else z3.IntVal(int(value))))
    constant = sum(int(term) for term in terms if not z3.is_expr(term))
    symbolic = [term for term in terms if z3.is_expr(term)]
    if not symbolic:
        return constant
    whole = z3.Sum(*symbolic) if len(symbolic) > 1 else symbolic[0]
    value = z3.simplify(z3.substitute(z3.substitute(whole, *named), *values))
    if z3.is_int_value(value):
        return constant + value.as_long()
    solver = z3.Solver()
    solver.add(*_structure(system, state, ring))
    if solver.check() != z3.sat:  # a concrete state is a structure: only a starved machine gets here
        raise RuntimeError(f"z3 could not build the structure of a state: {solver.reason_unknown()}")
    return constant + solver.model().eval(whole, model_completion=True).as_long()
