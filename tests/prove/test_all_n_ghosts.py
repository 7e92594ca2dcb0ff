"""History (ghost) variables in all-n invariants (checker/prove/ghosts.py, specs/all_n ``Ghosts``).

A ghost never changes what the algorithm does: the ghost-augmented steps have the same guards,
new locals and sent fields as the plain ones. An update that reads what a step may not see, or
is not an Int term, is refused with one line. A ghost invariant is proved or refuted like any
other: a right one proves, a wrong one fails at the step that breaks it.
"""
from __future__ import annotations

import pytest
import z3

from algorithms.lcr import LCR, Token
from algorithms.peterson import One, Peterson, Two
from checker.prove.all_n import prove_all_n
from checker.prove.ghosts import GhostError
from checker.prove.ring_order import Node, RingState
from checker.prove.ring_steps import transitions
from models import AlgorithmError
from specs.all_n import ANY, AllNInvariant, Ghosts, invariant_for


def _hops_ghosts(update=None, stamp=None):
    """LCR with a step counter per process and, on each token, the hops it has travelled."""
    def counted(step):
        return {"steps": step.ghost["steps"] + 1}

    def hops(step, message_type):
        return {"hops": step.stamp["hops"] + 1 if step.received is Token else 0}

    return Ghosts({"steps": 0}, {Token: ("hops",)}, update or counted, stamp or hops)


def _with_ghosts(*conjuncts, ghosts=None):
    base = invariant_for(LCR)
    return AllNInvariant(LCR, base.conjuncts + conjuncts, "test", ghosts=ghosts or _hops_ghosts())


def steps_counted(ring):
    return ring.forall(lambda x: ring.ghost(x, "steps") >= 0)


def hops_non_negative(ring):
    return ring.forall(lambda x: ring.forall_ints(lambda j, h: z3.Implies(
        ring.pending(x, Token(j), stamp={"hops": h}), h >= 0)))


def hops_zero(ring):  # wrong: a token passed on has travelled one hop more
    return ring.forall(lambda x: ring.forall_ints(lambda j, h: z3.Implies(
        ring.pending(x, Token(j), stamp={"hops": h}), h == 0)))


def test_a_right_ghost_invariant_is_proved_and_a_wrong_one_fails_where_it_breaks():
    proof = prove_all_n(LCR, _with_ghosts(steps_counted, hops_non_negative), timeout=10)
    assert proof.verdict == "proved", proof.summary()
    wrong = prove_all_n(LCR, _with_ghosts(hops_zero), timeout=10)
    failed = {(o.step, o.goal) for o in wrong.failed()}
    assert ("pass_on", "hops_zero") in failed
    assert "ghost" in next(o.counterexample for o in wrong.failed() if o.step == "pass_on")


def _peterson_ghosts():
    def update(step):
        return {"round": step.ghost["round"] + (1 if step.command == "take_alias_n" else 0)}

    def stamp(step, message_type):
        if step.command in ("route_one", "route_two"):
            return {"round": step.stamp["round"]}
        return {"round": update(step)["round"]}

    return Ghosts({"round": 0}, {One: ("round",), Two: ("round",)}, update, stamp)


def test_ghosts_do_not_change_the_algorithms_steps():
    p = z3.Const("p", Node)
    plain = transitions(Peterson, RingState(Peterson, fifo=True), p, exact=True)
    ghostly = transitions(Peterson, RingState(Peterson, fifo=True, ghosts=_peterson_ghosts()), p, exact=True)
    assert [t.name for t in plain] == [t.name for t in ghostly]
    for a, b in zip(plain, ghostly):
        assert a.guard.eq(b.guard), a.name
        assert all(x.eq(y) for x, y in zip(a.after.new_locals, b.after.new_locals)), a.name
        assert len(a.after.added) == len(b.after.added), a.name
        for (ta, pa, na, fa), (tb, pb, nb, fb) in zip(a.after.added, b.after.added):
            assert (ta, pa) == (tb, pb) and na.eq(nb)
            assert all(x.eq(y) for x, y in zip(fa, fb[:len(fa)])) and len(fb) == len(fa) + 1
        assert len(a.hypotheses) == len(b.hypotheses), a.name
        # the received message's stamp is the only new thing the step reads, and only from the channel
        assert a.message == b.message[:len(a.message)], a.name


@pytest.mark.parametrize("update, stamp, says", [
    (lambda step: {"steps": z3.Int("elsewhere")}, None, "reads elsewhere"),
    (lambda step: {"steps": step.process.asleep}, None, "must be an Int term"),
    (lambda step: {"rounds": 1}, None, "no ghost local 'rounds'"),
    (None, lambda step, t: {}, "must give exactly hops"),
    (lambda step: {"steps": "one"}, None, "must be an Int term or an int"),
])
def test_a_ghost_update_that_is_not_a_function_of_the_step_is_refused_in_one_line(update, stamp, says):
    with pytest.raises(GhostError, match=says) as refused:
        transitions(LCR, RingState(LCR, ghosts=_hops_ghosts(update, stamp)), z3.Const("p", Node))
    assert "\n" not in str(refused.value) and isinstance(refused.value, AlgorithmError)


def test_a_ghost_update_reading_another_process_is_refused():
    pre = RingState(LCR)

    def peeks(step):  # the id of some other node: not part of p's pre-state
        return {"steps": pre.id(z3.Const("q", Node))}

    with pytest.raises(GhostError, match="reads id"):
        transitions(LCR, RingState(LCR, ghosts=_hops_ghosts(peeks)), z3.Const("p", Node))


def test_an_undeclared_ghost_or_stamp_is_refused_where_the_invariant_reads_it():
    ring = RingState(LCR, ghosts=_hops_ghosts())
    x = z3.Const("x", Node)
    with pytest.raises(ValueError, match="no ghost local 'round'"):
        ring.ghost(x, "round")
    with pytest.raises(ValueError, match="no ghost stamp 'round'"):
        ring.pending(x, Token(ANY), stamp={"round": 1})


@pytest.mark.slow  # about 6 s
def test_peterson_ghost_rounds_settle_what_the_first_attempt_left_at_take_alias_n():
    """The partial invariant (specs/all_n/peterson.py): with rounds and origins stamped, a
    surviving process's new One is no copy of one in flight (the first attempt, without ghosts,
    left these unknown)."""
    from specs.all_n.peterson import PARTIAL

    wanted = {("take_alias_n", "no_duplicate"), ("take_alias_n", "one_message_each"),
              ("route_one", "no_duplicate"), ("route_two", "one_message_each")}
    proof = prove_all_n(Peterson, PARTIAL, timeout=20, only=wanted)
    assert {(o.step, o.goal): o.status for o in proof.obligations} == dict.fromkeys(wanted, "proved")


@pytest.mark.slow  # 4 s: the 45 lemmas are proved first
def test_peterson_registered_invariant_implies_safety_and_every_step_keeps_decisions():
    """A part of `check peterson --all-n` (the whole takes half a minute): the registered invariant
    implies at-most-one-leader, no step changes a decision, and every step lemma is proved."""
    steps = ("start", "start_on_receipt", "take_alias_n", "send_alias_n", "i_am_the_leader", "turn_black",
             "route_one", "route_two")
    wanted = {("invariant", "at-most-one-leader")} | {(step, "stability") for step in steps}
    proof = prove_all_n(Peterson, only=wanted)
    assert {(o.step, o.goal): o.status for o in proof.obligations} == dict.fromkeys(wanted, "proved")
    assert len(proof.lemmas) == 45 and {o.status for o in proof.lemmas} == {"proved"}


def test_peterson_all_n_is_the_fourth_attempt():
    """ORIGINS, the attempt every obligation of which is proved, is the one registered (``check
    peterson --all-n``); the earlier ones are kept for what they left, and not used."""
    from specs.all_n.peterson import KEYS, ORIGINS, PARTIAL

    assert invariant_for(Peterson) is ORIGINS and PARTIAL.ghosts is not None
    # the third attempt's ghosts (the keys taken and sent) are functions of each step, and it reads prev
    assert KEYS.neighbours and KEYS.ghosts.locals == {"round": 0, "seen": -1, "sent": -1}
    steps = transitions(Peterson, RingState(Peterson, fifo=True, ghosts=KEYS.ghosts), z3.Const("p", Node), exact=True)
    assert {t.name for t in steps} >= {"start", "take_alias_n", "route_one", "route_two"}


def _sender_ghosts():
    """LCR with, on each token, the id of the process that put it in the channel it is in."""
    return Ghosts({"steps": 0}, {Token: ("by",)}, lambda step: {}, lambda step, message_type: {"by": step.process.id})


def sent_by_predecessor(ring):
    return ring.forall(lambda x: ring.forall_ints(lambda j, b: z3.Implies(
        ring.pending(x, Token(j), stamp={"by": b}), b == ring.id(ring.prev(x)))))


def sent_by_itself(ring):  # wrong: a token comes from the process before
    return ring.forall(lambda x: ring.forall_ints(lambda j, b: z3.Implies(
        ring.pending(x, Token(j), stamp={"by": b}), b == ring.id(x))))


@pytest.mark.slow  # about 25 s
def test_prev_is_the_process_a_channel_comes_from():
    """``ring.prev(x)`` (checker/prove/ring_order.py, ``neighbours=True``): a step's sends go to a
    process whose prev is the sender, so 'a token was put here by my predecessor' is proved and
    'by me' fails (on rings of 2 and more)."""
    def proof(conjunct):
        invariant = AllNInvariant(LCR, invariant_for(LCR).conjuncts + (conjunct,), "test", ghosts=_sender_ghosts(),
                                  neighbours=True)
        return prove_all_n(LCR, invariant, timeout=10)

    assert proof(sent_by_predecessor).verdict == "proved"
    wrong = proof(sent_by_itself)
    assert wrong.verdict != "proved" and any(o.goal == "sent_by_itself" for o in wrong.failed())
