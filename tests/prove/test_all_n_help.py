"""What helps z3 through a large all-n invariant, and cannot make a proof wrong.

* ``rests_on`` (specs/all_n ``AllNInvariant``): where z3 answers unknown with the whole invariant
  as hypotheses, the obligation is asked again with the conjuncts the hint names. A proof from
  fewer hypotheses is a proof; a counterexample from fewer is not the obligation's and is ignored;
  a hint never brings in a conjunct the invariant does not have.
* witnesses for ``enabled`` (checker/prove/enabled_witness.py): a reachable state of a small ring,
  with the invariant's ghosts computed by their own update terms, pinned and checked by z3. A
  state the invariant is false on is no witness, so a too-strong invariant still fails ``enabled``.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import pytest
import z3

from algorithms.lcr import LCR, Token
from algorithms.peterson import Peterson
from checker.cli.loader import load_algorithm
from checker.prove import all_n
from checker.prove.all_n import FAILED, PROVED, UNKNOWN, declared_types, prove_all_n
from checker.prove.enabled_witness import GhostRun, false_on_ghost_state, reachable_ghost_states, witnessed
from checker.prove.ring_order import Node, RingState, neighbour_axioms, ring_axioms, smallest_axiom
from checker.prove.ring_steps import transitions
from models import Implies
from specs.all_n import ANY, AllNInvariant, invariant_for
from specs.all_n.peterson import KEYS, ORIGINS


def _conjunct(invariant, name):
    return next(c for c in invariant.conjuncts if c.__name__ == name)


def _lost_with_everything(monkeypatch):
    """z3 answers unknown to every query but the hint's (the whole invariant as hypotheses loses
    it, as a large invariant does, made deterministic). Returns the hint's queries' sizes."""
    real_refute, real_solve, hint, sizes = all_n.refute, all_n._solve, {}, []

    def solve(*arguments, narrowed=None, **keywords):
        hint["narrowed"] = narrowed
        return real_solve(*arguments, narrowed=narrowed, **keywords)

    def refute(hypotheses, goal, timeout_ms, translator=None):
        if hypotheses is not hint.get("narrowed"):
            return UNKNOWN, 0.0, _Undecided()
        sizes.append(len(hypotheses))
        return real_refute(hypotheses, goal, timeout_ms, translator)

    monkeypatch.setattr(all_n, "_solve", solve)
    monkeypatch.setattr(all_n, "refute", refute)
    return sizes


class _Undecided:
    def reason_unknown(self):
        return "made unknown by the test"


LCR_PROOF = ("pass_on", "self_pending_min")  # rests on no_bypass (tests/prove/test_all_n.py DROPPED)


def test_a_hint_proves_what_the_whole_invariant_leaves_unknown(monkeypatch):
    written = invariant_for(LCR)
    self_pending_min, no_bypass = (_conjunct(written, n) for n in ("self_pending_min", "no_bypass"))
    sizes = _lost_with_everything(monkeypatch)
    unhinted = prove_all_n(LCR, written, only={LCR_PROOF}, counterexamples=False)
    assert [o.status for o in unhinted.obligations] == [UNKNOWN] and sizes == []
    hinted = replace(written, rests_on={self_pending_min: (no_bypass,)})
    proof = prove_all_n(LCR, hinted, only={LCR_PROOF})
    assert [(o.step, o.goal, o.status) for o in proof.obligations] == [(*LCR_PROOF, PROVED)]
    assert len(sizes) == 1  # the hint's query: the step's frame, the types, self_pending_min and no_bypass


def test_a_hint_too_weak_to_prove_leaves_the_obligation_unknown_never_failed(monkeypatch):
    written = invariant_for(LCR)
    self_pending_min = _conjunct(written, "self_pending_min")
    _lost_with_everything(monkeypatch)
    # without no_bypass the obligation has a counterexample: it is not the obligation's, so not FAILED
    proof = prove_all_n(LCR, replace(written, rests_on={self_pending_min: ()}), only={LCR_PROOF}, counterexamples=False)
    assert [o.status for o in proof.obligations] == [UNKNOWN]


def test_a_hint_naming_a_dropped_conjunct_does_not_bring_it_back(monkeypatch):
    written = invariant_for(LCR)
    self_pending_min, no_bypass = (_conjunct(written, n) for n in ("self_pending_min", "no_bypass"))
    _lost_with_everything(monkeypatch)
    dropped = replace(written, rests_on={self_pending_min: (no_bypass,)}).without("no_bypass")
    proof = prove_all_n(LCR, dropped, only={LCR_PROOF}, counterexamples=False)
    assert [o.status for o in proof.obligations] == [UNKNOWN]


def _lost_with_the_whole_invariant(monkeypatch):
    """z3 answers unknown to each obligation's query with every conjunct as hypotheses, and
    really to the others (a hint's, the relevance search's)."""
    real_refute, real_solve, whole = all_n.refute, all_n._solve, {}

    def solve(hypotheses, *arguments, **keywords):
        whole["hypotheses"] = hypotheses
        return real_solve(hypotheses, *arguments, **keywords)

    def refute(hypotheses, goal, timeout_ms, translator=None):
        if hypotheses is whole.get("hypotheses"):
            return UNKNOWN, 0.0, _Undecided()
        return real_refute(hypotheses, goal, timeout_ms, translator)

    monkeypatch.setattr(all_n, "_solve", solve)
    monkeypatch.setattr(all_n, "refute", refute)


def test_the_relevance_search_proves_without_a_hint(monkeypatch):
    """self_pending_min alone has a counterexample at pass_on; the search adds the conjuncts each
    counterexample violates until it proves."""
    _lost_with_the_whole_invariant(monkeypatch)
    proof = prove_all_n(LCR, invariant_for(LCR), only={LCR_PROOF}, counterexamples=False)
    assert [o.status for o in proof.obligations] == [PROVED]


def test_the_relevance_search_never_fails_an_obligation(monkeypatch):
    """Without no_bypass the obligation is false (tests/prove/test_all_n.py): the search finds only
    counterexamples, which are not the obligation's, so it stays unknown."""
    _lost_with_the_whole_invariant(monkeypatch)
    proof = prove_all_n(LCR, invariant_for(LCR).without("no_bypass"), only={LCR_PROOF}, counterexamples=False)
    assert [o.status for o in proof.obligations] == [UNKNOWN]


def test_without_keeps_every_other_field():
    dropped = KEYS.without("one_segment")
    assert dropped.neighbours and dropped.fifo and dropped.ghosts is KEYS.ghosts and dropped.rests_on is KEYS.rests_on
    assert "one_segment" not in dropped.names() and len(dropped.conjuncts) == len(KEYS.conjuncts) - 1


def _keys_setting():
    invariant = replace(KEYS, conjuncts=(declared_types(Peterson), *KEYS.conjuncts))
    pre = RingState(Peterson, fifo=True, ghosts=invariant.ghosts)
    steps = transitions(Peterson, pre, z3.Const("p", Node), exact=True)
    return invariant, pre, steps, ring_axioms() + [smallest_axiom()] + neighbour_axioms()


def test_the_ghost_run_is_the_bench_scripts_ghost_run():
    """Two computations of Peterson's ghosts (round, seen, sent, and stamps): the proof's own update
    terms evaluated on each concrete step, and bench/peterson_ghost_facts.py's Python; equal on
    every reachable state of every arrangement of 1..4."""
    from bench.peterson_ghost_facts import ghost_successors
    invariant, pre, steps, _ = _keys_setting()
    states = 0
    for rest in itertools.permutations((2, 3, 4)):
        run = GhostRun(Peterson, invariant.ghosts, (1, *rest), pre, steps)
        start = run.initial()
        ours, theirs = {start}, {(start[0], ((0,) * 4, (-1,) * 4, (-1,) * 4, ((),) * 4))}
        queue = [(start, next(iter(theirs)))]
        while queue:
            mine, bench = queue.pop()
            pairs = zip(run.successors(mine), ghost_successors(run.system, *bench))
            for (_, target), (bench_state, bench_ghosts) in pairs:
                rounds, seen, sent, stamps = bench_ghosts
                assert target[0] == bench_state
                assert target[1] == tuple(zip(rounds, seen, sent)) and target[2] == stamps
                if target not in ours:
                    ours.add(target)
                    theirs.add((bench_state, bench_ghosts))
                    queue.append((target, (bench_state, bench_ghosts)))
        assert len(ours) == len(theirs)
        states += len(ours)
    assert states == 594  # as python bench/peterson_ghost_facts.py --n 4 counts them


def test_peterson_steps_are_witnessed_on_small_rings():
    invariant, pre, steps, axioms = _keys_setting()
    wanted = {t.name for t in steps if not t.unmatched}
    found = witnessed(Peterson, invariant, axioms, wanted, pre, steps)
    assert set(found) == wanted, wanted - set(found)
    # KEYS's enabled obligations were unknown to z3 for seven steps: now none is asked of it
    proof = prove_all_n(Peterson, KEYS, only={("route_two", "relay_black")}, timeout=5)
    assert proof.never_enabled == [] and [o.goal for o in proof.obligations] == ["relay_black"]


def nothing_in_flight(ring):
    """Too strong: LCR always has a token in flight until it is done."""
    return ring.forall(lambda x: z3.Not(ring.pending(x, Token(ANY))))


def test_a_too_strong_invariant_is_still_never_enabled():
    written = invariant_for(LCR)
    strong = AllNInvariant(LCR, written.conjuncts + (nothing_in_flight,), "test")
    proof = prove_all_n(LCR, strong, only={("pass_on", "leader_min")}, timeout=5)
    assert proof.never_enabled == ["pass_on"]
    assert [(o.goal, o.status) for o in proof.obligations if o.goal == "enabled"] == [("enabled", FAILED)]


@pytest.mark.parametrize("name", ["lcr", "hs"])
def test_the_shipped_invariants_steps_are_all_witnessed(name):
    algorithm = load_algorithm(name)
    invariant = invariant_for(algorithm)
    pre = RingState(algorithm, fifo=invariant.fifo, ghosts=invariant.ghosts)
    steps = transitions(algorithm, pre, z3.Const("p", Node), exact=invariant.fifo)
    wanted = {t.name for t in steps if not t.unmatched}
    assert set(witnessed(algorithm, invariant, ring_axioms(), wanted, pre, steps)) == wanted


def _false_on_reachable(invariant, n):
    """Per conjunct, the reachable ghost states of rings of n (every arrangement up to rotation)
    where z3 finds the spec's own formula false."""
    pre = RingState(Peterson, fifo=True, ghosts=invariant.ghosts)
    steps = transitions(Peterson, pre, z3.Const("p", Node), exact=True)
    false, states = Counter(), 0
    for rest in itertools.permutations(range(2, n + 1)):
        run, reached = reachable_ghost_states(Peterson, invariant, (1, *rest), pre, steps)
        states += len(reached)
        for ghost_state in reached:
            false.update(false_on_ghost_state(run, ghost_state, invariant, pre))
    return states, false


def test_the_peterson_attempts_formulas_hold_on_every_reachable_ghost_state():
    """The formulas z3 is given, not a restatement: every conjunct of the fourth attempt, and of
    the third, and those written for the fourth and left out of it (LEFT_OUT), is true on all 64
    ghost states of rings of 3."""
    from specs.all_n.peterson import LEFT_OUT
    everything = replace(ORIGINS, conjuncts=tuple(dict.fromkeys(ORIGINS.conjuncts + KEYS.conjuncts + LEFT_OUT)))
    assert len(set(everything.conjuncts)) == len(everything.conjuncts) == 37
    assert _false_on_reachable(everything, 3) == (64, {})


def test_a_wrong_ghost_conjunct_is_false_on_reachable_states():
    def took_is_own(ring):  # wrong: a process takes its predecessors' messages
        return ring.forall(lambda x: Implies(ring.ghost(x, "seen") >= 0, ring.ghost(x, "took") == ring.id(x)))

    states, false = _false_on_reachable(replace(ORIGINS, conjuncts=(took_is_own,)), 3)
    assert states == 64 and 0 < false["took_is_own"] < 64


def test_triggers_are_patterns_on_the_state_before_a_step_only():
    from specs.all_n.peterson import two_segment
    pre = RingState(Peterson, fifo=True, ghosts=ORIGINS.ghosts)
    before = two_segment(pre)
    assert before.is_forall() and before.num_patterns() == 1
    after = transitions(Peterson, pre, z3.Const("p", Node), exact=True)[0].after
    assert two_segment(after).num_patterns() == 0  # pending after a step is not a plain application


def test_the_segment_argument_at_take_alias_n_is_proved():
    """KEYS left these unknown: z3 picked btw terms as triggers. With the fourth attempt's
    conjuncts, their hint, and ghost-round triggers on two_segment and path_seen, proved."""
    goals = {("take_alias_n", "alias_segment"), ("take_alias_n", "one_segment")}
    proof = prove_all_n(Peterson, ORIGINS, only=goals, timeout=20, counterexamples=False)
    assert {(o.step, o.goal): o.status for o in proof.obligations} == dict.fromkeys(goals, PROVED)


def test_peterson_invariant_is_no_invariant_of_the_mutant_that_loses_its_one():
    """peterson_leader_by_id drops the last red process's own One (no case takes it): then it waits
    with nothing in flight, and ORIGINS's red_waits_next is false on that reachable state (on the
    ring of 2: one state of its 12), so no proof with ORIGINS can succeed (docs/proofs-all-n.md)."""
    mutant = load_algorithm("tests/mutants/peterson_leader_by_id.py")
    invariant = replace(ORIGINS, algorithm=mutant)
    pre = RingState(mutant, fifo=True, ghosts=invariant.ghosts)
    steps = transitions(mutant, pre, z3.Const("p", Node), exact=True)
    run, reached = reachable_ghost_states(mutant, invariant, (1, 2), pre, steps)
    false = Counter()
    for ghost_state in reached:
        false.update(false_on_ghost_state(run, ghost_state, invariant, pre))
    assert len(reached) == 12 and false == {"red_waits_next": 1}
