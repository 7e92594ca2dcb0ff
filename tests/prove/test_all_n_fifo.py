"""The all-n encoding's channel order (``fifo``, ``ring.ahead``): what LeLann's all-n proof reads.

Checked against the explorer: on LeLann's reachable states at n = 3, every step the explorer
takes is a step of the encoding from that state to exactly the state the explorer reaches
(locals, pending sets and order), and a message that is not its channel's head cannot be
received; the order pinned on a concrete state is the channel's, so swapping two tokens breaks
the invariant that reads it.
"""
from __future__ import annotations

import pytest
import z3

from algorithms.lelann import LeLann, Token
from checker.prove.ring_concrete import _structure, false_conjuncts, reachable_states, state_facts
from checker.prove.ring_order import Node, RingState, finite_ring
from checker.prove.ring_steps import transitions
from specs.all_n import invariant_for


def _encoded_step(system, state, step, pre, steps, p):
    """A solver holding the concrete state, the encoding's step of the same command by the same
    process on the same message, and the nodes of the ring."""
    nodes, _ = finite_ring(len(system.ids))
    solver = z3.Solver()
    solver.add(*_structure(system, state, pre), p == nodes[step.process])
    transition = next(t for t in steps if t.name == step.command)
    solver.add(*transition.hypotheses)
    if step.received is not None:
        solver.add(*(f == v for f, v in zip(transition.message, step.received[1:])))
    return solver, transition, nodes


def _lelann_steps():
    pre, p = RingState(LeLann, fifo=True), z3.Const("p", Node)
    return pre, p, transitions(LeLann, pre, p, exact=True)


def test_every_explorer_step_is_the_encodings_step_to_the_same_state_order_included():
    pre, p, steps = _lelann_steps()
    system, states = reachable_states(LeLann, (2, 3, 1), 40)
    checked = with_two_in_a_channel = 0
    for state in states:
        with_two_in_a_channel += any(len(c) > 1 for c in state[3:])
        for step in system.steps(state):
            solver, transition, nodes = _encoded_step(system, state, step, pre, steps, p)
            assert solver.check() == z3.sat, f"{step.command} by p{step.process} is not enabled in the encoding"
            solver.add(z3.Not(z3.And(*state_facts(system, step.target, transition.after, nodes))))
            assert solver.check() == z3.unsat, f"{step.command} by p{step.process} reaches another state"
            checked += 1
    assert checked > 40 and with_two_in_a_channel > 5


def test_only_a_channels_head_is_received():
    pre, p, steps = _lelann_steps()
    system, states = reachable_states(LeLann, (2, 3, 1), 40)
    behind_the_head = 0
    for state in states:
        for k, contents in enumerate(state[3:]):
            receiver = system.topology.channels[k].receiver
            for message in contents[1:]:
                nodes, _ = finite_ring(3)
                for transition in (t for t in steps if t.message):
                    solver = z3.Solver()
                    solver.add(*_structure(system, state, pre), p == nodes[receiver], *transition.hypotheses)
                    solver.add(*(f == v for f, v in zip(transition.message, message[1:])))
                    assert solver.check() == z3.unsat, f"{transition.name} takes {message} from behind the head"
                behind_the_head += 1
    assert behind_the_head > 5


def test_swapping_two_tokens_in_a_channel_breaks_the_order_the_invariant_reads():
    system, states = reachable_states(LeLann, (2, 3, 1), 60)
    n = 3
    state = next(s for s in states if any(len(c) > 1 for c in s[n:]))
    k = next(k for k, c in enumerate(state[n:]) if len(c) > 1)
    swapped = list(state)
    swapped[n + k] = tuple(reversed(state[n + k]))
    invariant = invariant_for(LeLann)
    assert false_conjuncts(LeLann, invariant, system, state) == []
    assert "passed_ahead" in false_conjuncts(LeLann, invariant, system, tuple(swapped))


def test_the_order_is_read_only_by_a_fifo_invariant_in_the_exact_encoding():
    x = z3.Const("x", Node)
    with pytest.raises(ValueError, match="fifo=True"):
        RingState(LeLann).ahead(x, Token(1), Token(2))
    with pytest.raises(ValueError, match="exact"):
        transitions(LeLann, RingState(LeLann, fifo=True), z3.Const("p", Node), exact=False)
