"""The all-n encoding's channel order (``fifo``, ``ring.ahead``): what LeLann's all-n proof reads.

Checked against the explorer: on LeLann's reachable states at n = 3, every step the explorer
takes is a step of the encoding from that state to exactly the state the explorer reaches
(locals, pending sets and order), and a message that is not its channel's head cannot be
received; the order pinned on a concrete state is the channel's, so swapping two tokens breaks
the invariant that reads it; two messages sent into one channel in one step join its tail in
the order sent.
"""
from __future__ import annotations

import pytest
import z3

from algorithms.lelann import LeLann, Token
from checker.prove.ring_concrete import _structure, false_conjuncts, reachable_states, state_facts
from checker.prove.ring_order import Node, RingState, finite_ring, message_types
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


TWO_SENDS = '''
from models import NEXT, NIL, Algorithm, Id, Local, Message, Not, UnidirectionalRing, receive, spontaneous

class Token(Message):
    id: int

class TwoSends(Algorithm, name="two-sends"):
    topology = UnidirectionalRing
    sent = Local(bool, False)
    leader = Local(Id, NIL)

    def is_leader(p):
        return p.leader == p.id

    def decided(p):
        return p.leader != NIL

    @spontaneous(when=lambda p: Not(p.sent))
    def send_two(p):
        p.sent = True
        p.send(NEXT, Token(p.id))
        p.send(NEXT, Token(p.id + 100))

    @receive(Token)
    def drop(p, m, port):
        pass
'''


def test_two_messages_sent_in_one_step_join_the_tail_in_the_order_sent(tmp_path):
    """A step sending twice into one channel: both behind what was pending, the first sent ahead."""
    from checker.cli.loader import load_algorithm

    path = tmp_path / "two_sends.py"
    path.write_text(TWO_SENDS)
    algorithm = load_algorithm(str(path))
    token = message_types(algorithm)[0]
    pre, p = RingState(algorithm, fifo=True), z3.Const("p", Node)
    step = next(t for t in transitions(algorithm, pre, p, exact=True) if t.name == "send_two")
    (a, b), facts = finite_ring(2)
    solver = z3.Solver()
    # before: b's channel holds Token(7) alone; a (id 1) sends Token(1), Token(101) to b
    solver.add(*facts, p == a, pre.id(a) == 1, pre.id(b) == 2, *step.hypotheses)
    j, k = z3.Ints("j k")
    solver.add(z3.ForAll([j], pre.pending_term(token, "PREV", b, (j,)) == (j == 7)),
               z3.ForAll([j], z3.Not(pre.pending_term(token, "PREV", a, (j,)))),
               z3.ForAll([j, k], z3.Not(pre.order_term(token, token, "PREV", b, (j,), (k,)))))
    for first, then, expected in [(7, 1, True), (7, 101, True), (1, 101, True),
                                  (1, 7, False), (101, 7, False), (101, 1, False), (7, 7, False)]:
        claim = step.after.ahead(b, token(first), token(then))
        assert solver.check(claim if not expected else z3.Not(claim)) == z3.unsat, (first, then, expected)


@pytest.mark.slow  # about 3 s: the whole proof once more
def test_without_the_head_rule_lelanns_proof_fails_where_order_matters(monkeypatch):
    """The order is what the proof rests on: let a reception take any pending token, not only the
    head, and an initiator's own token may overtake a larger initiator's."""
    from checker.prove.all_n import FAILED, prove_all_n

    monkeypatch.setattr(RingState, "nothing_ahead", lambda self, *args: z3.BoolVal(True))
    proof = prove_all_n(LeLann)
    assert proof.verdict == FAILED
    assert ("become_leader", "leader_max") in {(o.step, o.goal) for o in proof.failed()}
