"""All-n proofs (checker/prove/all_n.py): the shipped invariants prove, weakened ones and mutants fail."""
from __future__ import annotations

import textwrap
from dataclasses import replace

import pytest
import z3

from checker.cli import main
from checker.cli.loader import load_algorithm
from checker.prove.all_n import FAILED, PROVED, UNKNOWN, prove_all_n
from checker.prove import ring_concrete
from checker.prove.ring_concrete import false_axioms, false_conjuncts, reachable_states
from checker.prove.ring_order import as_formula
from specs.all_n import invariant_for


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# peterson's proof takes half a minute (285 obligations), more than CI's budget allows: its leader's
# obligation is asked by tests/prove/test_all_n_lemmas.py (slow), the whole of it by `check peterson
# --all-n` (docs/proofs-all-n.md, "Peterson")
@pytest.mark.parametrize("name", ["lcr", "cr", "cr-all", "hs", "hs-lecture", "franklin", "lelann"])
def test_shipped_invariant_proves_for_every_ring_size(name):
    proof = prove_all_n(load_algorithm(name))
    assert proof.verdict == PROVED and proof.exit_status == 0
    assert all(o.status == PROVED for o in proof.obligations)
    assert proof.never_enabled == []  # no obligation holds only because its step can never run
    steps = {o.step for o in proof.obligations}
    commands = {c.name for c in load_algorithm(name).commands}
    assert {s.split("@")[0] for s in steps} >= commands | {"initial", "invariant"}  # every command is covered
    assert {o.step for o in proof.obligations if o.goal == "stability"} == steps - {"initial", "invariant"}
    goals = {o.goal for o in proof.obligations if o.step == "invariant"}
    assert goals == {"at-most-one-leader", f"leader-is-{load_algorithm(name).winner}"}


# Which obligation breaks when a conjunct is dropped: each conjunct is needed, and the
# failure is reported as "conjunct X is not preserved by command Y" (or the safety it implied).
DROPPED = {
    ("lcr", "leader_min"): ("invariant", "at-most-one-leader"),
    ("lcr", "self_pending_min"): ("elected", "leader_min"),
    ("lcr", "no_bypass"): ("pass_on", "self_pending_min"),
    ("lcr", "terminate_from_leader"): ("terminate", "leader_min"),
    ("lcr", "decided_on_leader"): ("elected", "stability"),
    ("cr", "leader_initiated"): ("invariant", "at-most-one-leader"),
    ("cr", "leader_max"): ("invariant", "at-most-one-leader"),
    ("cr", "self_pending_max"): ("become_leader", "leader_max"),
    ("cr", "no_bypass"): ("resign", "self_pending_max"),
    ("cr", "announces_leader"): ("learn_leader", "decided_on_leader"),
    ("cr", "decided_on_leader"): ("become_leader", "stability"),
    ("hs", "clockwise_no_bypass"): ("relay_probe@CCW", "self_probe_max"),
    # cr-all: cr's conjuncts but leader_initiated (not needed), and a process not yet initiated is red
    ("cr-all", "uninitiated_red"): ("initiate_then_resign", "no_bypass"),
    ("cr-all", "leader_max"): ("invariant", "at-most-one-leader"),
    ("cr-all", "self_pending_max"): ("become_leader", "leader_max"),
    ("cr-all", "no_bypass"): ("initiate_then_resign", "self_pending_max"),
    ("cr-all", "announces_leader"): ("learn_leader", "decided_on_leader"),
    ("cr-all", "decided_on_leader"): ("become_leader", "stability"),
    # hs-lecture: hs's argument with the order reversed, and lcr's announcement
    ("hs-lecture", "leader_min"): ("invariant", "at-most-one-leader"),
    ("hs-lecture", "self_out_min"): ("elected@CW", "leader_min"),
    ("hs-lecture", "clockwise_no_bypass"): ("pass_out@CCW", "self_out_min"),
    ("hs-lecture", "anticlockwise_no_bypass"): ("pass_out@CW", "self_out_min"),
    ("hs-lecture", "terminate_from_leader"): ("terminate@CW", "leader_min"),
    # franklin: tokens pass only black processes, and the largest id's process never turns black
    ("franklin", "largest_red"): ("elected", "leader_max"),
    ("franklin", "tokens_at_most_largest"): ("quit", "largest_red"),
    ("franklin", "tokens_passed_black"): ("receive_token@CCW", "held_tokens_passed_black"),
    ("franklin", "held_tokens_passed_black"): ("relay_early_cw", "tokens_passed_black"),
    ("franklin", "own_token_passed_all"): ("elected", "leader_max"),
    ("franklin", "leader_max"): ("invariant", "at-most-one-leader"),
    # lelann: FIFO order (ring.ahead) keeps every initiator's token ahead of a token that passed it
    ("lelann", "token_from_initiator"): ("initiate", "one_token_each"),
    ("lelann", "largest_own_or_more"): ("lose", "decided_seen_by_initiators"),
    ("lelann", "passive_never_initiated"): ("become_leader", "stability"),
    ("lelann", "decided_initiated"): ("invariant", "at-most-one-leader"),
    ("lelann", "passed_awake"): ("initiate", "seen_when_passed"),
    ("lelann", "seen_when_passed"): ("become_leader", "leader_max"),
    ("lelann", "one_token_each"): ("forward", "no_duplicate"),
    ("lelann", "undecided_token_in_flight"): ("become_leader", "leader_max"),
    ("lelann", "none_left_behind"): ("forward", "passed_ahead"),
    ("lelann", "passed_ahead"): ("forward", "none_left_behind"),
    ("lelann", "decided_after_all_awake"): ("initiate", "leader_max"),
    ("lelann", "decided_seen_by_initiators"): ("become_leader", "leader_max"),
    ("lelann", "leader_max"): ("invariant", "at-most-one-leader"),
}


# The fast loop drops one conjunct of each algorithm's invariant, half a second to a second of z3 each:
# for cr-all and hs-lecture the one each adds to the argument it borrows; all of them with the slow tests.
# franklin's take about 3 s each (137 obligations): all with the slow tests. lelann's, 3 to 25 s each at a
# load average of 6 (88 obligations): the cheapest in the fast loop, the rest with the slow tests
FAST_DROPS = {("lcr", "no_bypass"), ("cr", "leader_max"), ("cr-all", "uninitiated_red"), ("hs", "clockwise_no_bypass"),
              ("hs-lecture", "self_out_min"), ("lelann", "decided_seen_by_initiators")}


@pytest.mark.parametrize("name,conjunct", [case if case in FAST_DROPS else pytest.param(*case, marks=pytest.mark.slow)
                                           for case in sorted(DROPPED)])
def test_dropping_a_conjunct_fails_with_a_counterexample_to_induction(name, conjunct):
    algorithm = load_algorithm(name)
    # the obligation it breaks alone: it failing is what says the conjunct is needed
    # (test_a_dropped_conjunct_fails_the_same_obligation_among_all_of_them decides every one, once)
    proof = prove_all_n(algorithm, invariant_for(algorithm).without(conjunct), only={DROPPED[name, conjunct]})
    assert proof.verdict == FAILED and proof.exit_status == 1
    failed = {(o.step, o.goal): o for o in proof.failed()}
    assert DROPPED[name, conjunct] in failed
    text = failed[DROPPED[name, conjunct]].counterexample
    assert "not necessarily reachable" in text and "clockwise" in text
    if DROPPED[name, conjunct][0] != "invariant":
        assert f"runs {DROPPED[name, conjunct][0].split('@')[0]}" in text


def test_a_dropped_conjunct_fails_the_same_obligation_among_all_of_them():
    """``only`` decides the obligations named and no other, and a proof of some is never PROVED:
    with every obligation decided, the one named fails too (cr without leader_max)."""
    algorithm = load_algorithm("cr")
    weakened = invariant_for(algorithm).without("leader_max")
    named = DROPPED["cr", "leader_max"]
    whole = prove_all_n(algorithm, weakened)
    assert named in {(o.step, o.goal) for o in whole.failed()}
    alone = prove_all_n(algorithm, weakened, only={named})
    assert [(o.step, o.goal, o.status) for o in alone.obligations] == [(*named, FAILED)]
    assert prove_all_n(algorithm, only={("initial", "leader_max")}).verdict == UNKNOWN


def test_cr_mutant_forwarding_smaller_tokens_fails_at_remove(capsys):
    status, out, _ = run(capsys, "tests/mutants/cr_forwards_smaller.py", "--prove", "--all-n")
    assert status == 1
    assert "NOT PROVED" in out
    # a variant: reachable states of rings of 1 and 2 are read before z3 is asked (checker/prove/
    # reachable_check.py): cr's invariant is false on some, the safety it is for too, and the proof
    # stops there, before any weakening (no invariant proves a property an execution breaks)
    assert "stopped     the invariant is false on a state an execution of a ring of 2 reaches (below): no proof" in out
    assert ("at-most-one-leader is violated: the algorithm breaks it, not only the proof (the same command "
            "with --n 2 instead of --all-n shows the explorer's shortest violation)") in out
    assert ("self_pending_max is false on a reachable state\n  ring of 2, ids 1,2 clockwise: initiate at id 1, "
            "initiate at id 2, remove at id 2; there self_pending_max is false") in out
    assert "not preserved" not in out and "weakened" not in out


@pytest.mark.parametrize("mutant,verdict", [
    # a second and a third safety mutant, each about a second of z3: with the slow tests
    pytest.param("hs_lecture_largest_passes", FAILED, marks=pytest.mark.slow),  # the largest id's token wins
    pytest.param("hs_never_swallows", FAILED, marks=pytest.mark.slow),  # passes smaller probes on: two leaders
    ("hs_ttl_not_decremented", PROVED),  # breaks termination, not safety: the proof rightly still holds
    ("hs_resign_unguarded", FAILED),  # a leader resigns: stability
])
def test_hs_mutants(mutant, verdict):
    proof = prove_all_n(load_algorithm(f"tests/mutants/{mutant}.py"))
    assert proof.verdict == verdict
    if mutant == "hs_resign_unguarded":  # a leader resigns on a ring of 1, read before z3 is asked
        assert [(o.step, o.goal, o.reason) for o in proof.failed()] == [("reachable", "stability", "a ring of 1, violated")]
        assert proof.failed()[0].counterexample == ("  ring of 1, ids 1 clockwise: wake at id 1, win@CW at id 1, "
                                                    "resign@CW at id 1; the last step changes a decision")


@pytest.mark.parametrize("name,ids,limit", [("lcr", (1, 3, 2), 50), ("cr", (2, 1, 3), 50), ("cr-all", (2, 1, 3), 50),
                                             ("hs", (1, 3, 2), 25), ("hs-lecture", (2, 3, 1), 25),
                                             ("franklin", (2, 3, 1), 40), ("lelann", (2, 3, 1), 40)])
def test_invariant_is_true_of_reachable_states(name, ids, limit):
    """The other way round: the explorer's states satisfy every conjunct (a wrong invariant fails here)."""
    algorithm = load_algorithm(name)
    system, states = reachable_states(algorithm, ids, limit)
    assert len(states) > 20
    assert [s for s in states if false_conjuncts(algorithm, invariant_for(algorithm), system, s)] == []


def test_the_mutant_reaches_states_outside_the_invariant():
    algorithm = load_algorithm("tests/mutants/cr_forwards_smaller.py")
    system, states = reachable_states(algorithm, (1, 3, 2), 60)
    first = next(filter(None, (false_conjuncts(algorithm, invariant_for(algorithm), system, s) for s in states)))
    assert first == ["no_bypass"]  # breadth first: a token has just passed a larger initiator (remove)


@pytest.mark.slow  # 2.5 to 3.5 s with the weakening tried: cr's mutant (above) stays in the fast loop
def test_franklin_mutant_smallest_wins_is_refused_by_an_execution(capsys):
    """The comparisons reversed: the largest id's process quits on a smaller token, which the
    invariant's largest_red excludes; on a ring of 2 an execution reaches that state, and the
    smallest id's leadership (leader-is-largest broken), before z3 is asked."""
    status, out, _ = run(capsys, "tests/mutants/franklin_smallest_wins.py", "--all-n")
    assert status == 1 and "NOT PROVED" in out
    assert "largest_red is false on a reachable state\n  ring of 2, ids 1,2 clockwise: " in out
    assert "leader-is-largest is violated: the algorithm breaks it" in out
    assert "weakened" not in out  # no invariant proves a property an execution breaks


def test_lelann_mutant_forgetting_the_largest_is_refused_by_an_execution(capsys):
    """Initiators forward tokens without recording their ids: an initiator a token passed has
    not seen it (seen_when_passed), so a smaller initiator's token comes home to a leader; both
    on a ring of 2, read before z3 is asked."""
    status, out, _ = run(capsys, "tests/mutants/lelann_forgets_largest.py", "--all-n")
    assert status == 1 and "NOT PROVED" in out
    assert ("seen_when_passed is false on a reachable state\n  ring of 2, ids 1,2 clockwise: initiate at id 1, "
            "initiate at id 2, forward at id 1; there seen_when_passed is false") in out
    assert "at-most-one-leader is violated: the algorithm breaks it" in out and "weakened" not in out


def test_a_variant_with_a_proof_is_read_on_small_rings_first_and_proved():
    """hs_ttl_not_decremented breaks termination, not safety: the states read before z3 (rings of 1
    and 2) find every conjunct true, and the proof goes on to prove it (not stopped)."""
    proof = prove_all_n(load_algorithm("tests/mutants/hs_ttl_not_decremented.py"))
    assert proof.verdict == PROVED and proof.stopped is None


def test_a_conjunct_false_on_a_reachable_state_is_found_once_an_obligation_is_not_proved():
    """lcr itself with decided_on_leader rewritten to say something false of executions: not a
    variant, so nothing is read before z3; the first obligation z3 does not prove has rings of 1 to 3
    read, the conjunct is false there, and the proof stops with the execution."""
    lcr = load_algorithm("lcr")
    written = invariant_for(lcr)

    def nobody_decided(ring):
        return ring.forall(lambda x: z3.Not(as_formula(lcr.decided(ring.process(x)))))

    proof = prove_all_n(lcr, replace(written, conjuncts=(*written.conjuncts, nobody_decided), weaker=()))
    reachable = [o for o in proof.obligations if o.step == "reachable"]
    assert [(o.goal, o.status, o.reason) for o in reachable] == [("nobody_decided", FAILED, "a ring of 1")]
    assert reachable[0].counterexample.startswith("  ring of 1, ids 1 clockwise: ")
    assert proof.stopped and proof.verdict == FAILED
    # the obligation z3 did not prove first is listed, with its counterexample to induction
    assert any(o.goal == "nobody_decided" and o.step not in ("reachable", "initial") for o in proof.failed())


def test_the_lelann_mutant_reaches_states_outside_the_invariant():
    algorithm = load_algorithm("tests/mutants/lelann_forgets_largest.py")
    system, states = reachable_states(algorithm, (1, 3, 2), 20)
    first = next(filter(None, (false_conjuncts(algorithm, invariant_for(algorithm), system, s) for s in states)))
    assert first == ["seen_when_passed"]  # a token has passed an initiator that did not record its id


@pytest.mark.slow  # about 6 s: the 96th state breadth first is the first outside the invariant
def test_the_franklin_mutant_reaches_states_outside_the_invariant():
    algorithm = load_algorithm("tests/mutants/franklin_smallest_wins.py")
    system, states = reachable_states(algorithm, (1, 3, 2), 100)
    first = next(filter(None, (false_conjuncts(algorithm, invariant_for(algorithm), system, s) for s in states)))
    assert first == ["largest_red"]  # the largest id has quit on a smaller token


@pytest.mark.parametrize("name,ids,limit", [("lcr", (1,), 5), ("cr", (2, 1), 20), ("hs", (1, 3, 2), 10),
                                             ("franklin", (3, 1, 4, 2), 15)])
def test_the_encodings_axioms_hold_on_concrete_rings(name, ids, limit):
    """Proofs assume ring_axioms (a cyclic order, distinct positive ids, one the largest); a concrete
    ring of any size satisfies them, or the proofs would not be about rings."""
    algorithm = load_algorithm(name)
    system, states = reachable_states(algorithm, ids, limit)
    assert [s for s in states if false_axioms(algorithm, system, s)] == []


def test_the_axiom_check_sees_a_wrong_largest(monkeypatch):
    """The check is not vacuous: pinning ``largest`` to the smallest id breaks exactly its axiom."""
    algorithm = load_algorithm("franklin")
    system, states = reachable_states(algorithm, (2, 3, 1), 1)
    monkeypatch.setattr(ring_concrete, "max", min, raising=False)  # _structure's choice of the largest
    false = false_axioms(algorithm, system, states[0])
    assert len(false) == 1 and "largest" in false[0]


def test_an_undecided_obligation_gives_unknown_and_status_3(capsys, monkeypatch):
    # a timeout of 1 ms once left nothing undecided in CI (z3 finished cr's small queries in
    # time): z3 answering unknown to everything is the deterministic way to reach this path
    monkeypatch.setattr(z3.Solver, "check", lambda self, *assumptions: z3.unknown)
    status, out, _ = run(capsys, "cr", "--all-n", "--timeout", "0.5")
    assert status == 3, out
    assert "unknown" in out and "NOT PROVED" in out and "PROVED for every" not in out


def test_a_tiny_timeout_never_proves_wrongly(capsys):
    status, out, _ = run(capsys, "cr", "--all-n", "--timeout", "0.001")
    assert status in (0, 3), out  # z3 may decide cr's small queries within 1 ms, or not
    assert ("NOT PROVED" in out and "unknown" in out) if status == 3 else "PROVED for every ring size" in out


def test_what_the_time_limit_leaves_is_unknown_and_status_3(capsys, monkeypatch):
    """Obligations not asked within --time-limit are unknown (never proved), and the report says
    how many and why; the weakening (a conjunct failed) is held to the same limit."""
    clock = iter(range(0, 10**6, 10))  # every reading of the clock 10 s after the one before
    monkeypatch.setattr("checker.prove.all_n.time.perf_counter", lambda: next(clock))
    status, out, _ = run(capsys, "cr", "--all-n", "--time-limit", "25")
    assert status == 3 and "NOT PROVED" in out, out
    assert "of them not asked: the proof's time limit of 25 s ran out: a larger --time-limit may decide them" in out
    proof = prove_all_n(load_algorithm("cr"), time_limit=25)
    assert 0 < sum(o.status == PROVED for o in proof.obligations) < len(proof.obligations)
    assert {o.status for o in proof.obligations if o.reason and "time limit" in o.reason} == {UNKNOWN}


def test_no_query_runs_past_the_time_limit(monkeypatch):
    """Where z3 decides nothing, every query takes its whole time: the proof still stops at
    --time-limit, the query under way cut to what is left (a clock moved by the queries alone)."""
    import checker.prove.all_n as all_n

    now = [0.0]

    class Undecided:
        def reason_unknown(self):
            return "timeout"

    def undecided(hypotheses, goal, ms, translator=None):
        assert ms > 0
        now[0] += ms / 1000
        return UNKNOWN, ms / 1000, Undecided()

    monkeypatch.setattr(all_n.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(all_n, "refute", undecided)
    proof = prove_all_n(load_algorithm("cr"), timeout=20, time_limit=45)
    assert now[0] <= 45.0 and proof.verdict == UNKNOWN
    assert {o.status for o in proof.obligations} == {UNKNOWN}
    assert any(o.reason and o.reason.startswith("not asked") for o in proof.obligations)


def test_json(capsys):
    import json

    status, out, _ = run(capsys, "lcr", "--prove", "--all-n", "--json")
    result = json.loads(out)
    assert status == 0 and result["verdict"] == PROVED and result["all_n"] is True
    assert {o["status"] for o in result["obligations"]} == {PROVED}


NON_UNIFORM = '''
from algorithms.lcr import LCR, Token
from models import NEXT, And, receive

class KnowsN(LCR, name="knows-n"):
    knows_n = True

    @receive(Token, when=lambda p, m, port: And(m.id < p.id, p.n > 2))
    def pass_on(p, m, port):
        p.send(NEXT, m)
'''

NO_INVARIANT = '''
from models import NIL, Algorithm, Id, Local, NEXT, UnidirectionalRing, spontaneous

class Lonely(Algorithm, name="lonely"):
    topology = UnidirectionalRing
    leader = Local(Id, NIL)

    def is_leader(p):
        return p.leader == p.id

    def decided(p):
        return p.leader != NIL

    @spontaneous(when=lambda p: p.leader == NIL)
    def decide(p):
        p.leader = p.id
'''


@pytest.mark.parametrize("source,fragment", [
    (NON_UNIFORM, "reads the ring size p.n"),
    (NO_INVARIANT, "no all-n invariant is written for it"),
])
def test_untranslatable_algorithms_get_one_line_and_status_2(capsys, tmp_path, source, fragment):
    path = tmp_path / "variant.py"
    path.write_text(textwrap.dedent(source))
    status, out, err = run(capsys, path, "--all-n")
    assert status == 2 and fragment in err and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("argv,fragment", [
    (["cr", "--all-n", "--n", "4"], "drop --n 4"),
    (["cr", "--prove", "--all-n", "--ids", "1,2,3"], "unrecognized arguments: --ids"),
    (["--all-n"], "name an algorithm"),
    (["nosuch", "--all-n"], "unknown algorithm 'nosuch'"),
    (["cr", "--all-n", "--timeout", "0"], "--timeout and --time-limit must be positive"),
    (["cr", "--all-n", "--time-limit", "-5"], "--timeout and --time-limit must be positive"),
    (["cr", "--all-n", "--time-limit", "soon"], "argument --time-limit: invalid float value: 'soon'"),
])
def test_bad_all_n_commands(capsys, argv, fragment):
    status, out, err = run(capsys, *argv)
    assert status == 2 and fragment in err and out == ""
    assert len(err.strip().splitlines()) == 1


def test_all_n_alone_implies_prove(capsys):
    status, out, _ = run(capsys, "cr", "--all-n")
    assert status == 0 and "PROVED for every ring size" in out
    assert "leader_max" in out and "become_leader" in out


def test_the_neighbour_axioms_hold_of_a_ring_and_refuse_a_wrong_predecessor():
    """``prev`` (invariants declared with ``neighbours``): on a ring of 3 its axioms hold with each
    node's anticlockwise neighbour and not with another node."""
    from checker.prove.ring_order import finite_ring, neighbour_axioms, prev

    nodes, facts = finite_ring(3)
    assert z3.Solver().check(*facts, *neighbour_axioms()) == z3.sat
    others = [f for f in facts if not str(f).startswith("prev(")]
    assert len(others) == len(facts) - 3
    wrong = [prev(nodes[0]) == nodes[1], prev(nodes[1]) == nodes[0], prev(nodes[2]) == nodes[1]]
    assert z3.Solver().check(*others, *wrong, *neighbour_axioms()) == z3.unsat


def test_a_spent_time_limit_asks_z3_nothing_more(monkeypatch):
    """Past --time-limit neither the search for a witnessing state nor the vacuity query runs
    (the weakening of peterson_leader_by_id overran a 30 s limit by 50 s in them): every obligation
    is not asked, and the proof is not PROVED."""
    from checker.prove import all_n, enabled_witness

    def no_query(*_, **__):
        raise AssertionError("z3 asked past the time limit")

    monkeypatch.setattr(all_n, "_check", no_query)
    monkeypatch.setattr(enabled_witness, "_witness", no_query)
    monkeypatch.setattr(all_n, "refute", no_query)
    proof = prove_all_n(load_algorithm("lcr"), time_limit=1e-9)
    assert proof.verdict == UNKNOWN and proof.obligations
    assert all(o.reason and o.reason.startswith("not asked") for o in proof.obligations)


def test_a_safety_property_is_said_violated_only_where_the_explorers_reading_agrees():
    """reachable_check.broken reads a state's observations as the explorer does: two leaders
    break at-most-one-leader; a leader below a candidate breaks leader-is-largest, above one
    leader-is-smallest; one leader, the largest, breaks neither."""
    from checker.prove.reachable_check import broken
    from models.systems.semantics import Observation

    def seen(*roles):  # (id, is_leader) per process, every one a candidate
        return [Observation(i, leader, leader, None, True) for i, leader in roles]

    cr, lcr = load_algorithm("cr"), load_algorithm("lcr")
    assert broken(cr, "at-most-one-leader", seen((1, True), (2, True)))
    assert not broken(cr, "at-most-one-leader", seen((1, True), (2, False)))
    assert broken(cr, "leader-is-largest", seen((1, True), (2, False)))
    assert not broken(cr, "leader-is-largest", seen((1, False), (2, True)))
    assert broken(lcr, "leader-is-smallest", seen((1, False), (2, True)))
    assert not broken(lcr, "leader-is-smallest", seen((1, True), (2, False)))
