"""z3 proofs of the shipped invariants (checker/prove/fixed_n.py) and counterexamples to induction (checker/prove/cti.py).

  * each shipped invariant is inductive and implies the safety properties at small n;
  * a weakened invariant (one conjunct dropped) fails with a counterexample the explorer
    cannot reach, while every reachable state satisfies the invariant: too weak;
  * a mutant fails with a counterexample the explorer reaches, with a trace that replays;
  * the CLI: table, JSON, exit statuses 0/1/3, and one-line errors (exit 2).
"""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
import textwrap

import pytest

from algorithms.cr import ChangRoberts
from algorithms.cr_all import ChangRobertsAllInitiators
from algorithms.franklin import Franklin
from algorithms.hs import HirschbergSinclair
from algorithms.hs_lecture import HirschbergSinclairLecture
from algorithms.hs_unoriented import HirschbergSinclairUnoriented
from algorithms.lcr import LCR
from algorithms.lelann import LeLann
from checker.cli import main
from checker.prove.cti import REACHABLE, UNREACHABLE, counterexample
from checker.cli.loader import load_algorithm
from checker.prove.fixed_n import CONSECUTION, FAILED, PROVED, VACUITY, Prover, prove
from models import AlgorithmError, AsyncSystem
from specs.cr_invariant import CRInvariant
from specs.hs_unoriented_invariant import HSUnorientedInvariant
from specs.invariants import invariant_for
from specs.invariants import RingState

from conftest import MUTANTS, ROOT, at_labelling


# with the slow tests (3 to 6 s each): the CLI tests below prove cr and lcr at n = 3 in the fast
# loop, and test_all_n every n
# cr, lcr and franklin at n = 3 are proved in the fast loop (test_cli_prove_prints_the_table_and_exits_0,
# test_lcr_is_proved_stable, test_franklin_is_proved_at_n_3): here the obligations' shape, at n = 4
@pytest.mark.parametrize("algorithm, n", [pytest.param(ChangRoberts, 4, marks=pytest.mark.slow),
                                          pytest.param(LCR, 4, marks=pytest.mark.slow),
                                          pytest.param(HirschbergSinclair, 3, marks=pytest.mark.slow),
                                          pytest.param(ChangRobertsAllInitiators, 4, marks=pytest.mark.slow),
                                          pytest.param(HirschbergSinclairLecture, 3, marks=pytest.mark.slow),
                                          pytest.param(LeLann, 4, marks=pytest.mark.slow),
                                          pytest.param(Franklin, 4, marks=pytest.mark.slow)],
                         ids=lambda x: getattr(x, "name", str(x)))
def test_shipped_invariant_is_proved(algorithm, n):
    proof = prove(algorithm, n, timeout=60)
    assert proof.verdict == PROVED, [o.label for o in proof.obligations if o.status != PROVED]
    kinds = {o.kind for o in proof.obligations}
    # rotation: the invariant on the rotated ring, which lets process 0's steps stand for the others'
    assert kinds == {"initiation", "rotation", "consecution", "safety", "vacuity", "stability"}
    safety = {o.conjunct for o in proof.obligations if o.kind == "safety"}
    assert safety == {"at-most-one-leader", f"leader-is-{algorithm.winner}"}
    # one consecution obligation per command instance (and unmatched reception) and conjunct,
    # and one stability obligation per command instance
    instances = len(AsyncSystem(algorithm, tuple(range(1, n + 1))).instances)
    consecutions = [o for o in proof.obligations if o.kind == CONSECUTION]
    assert len(consecutions) == instances * len(proof.invariant.conjuncts)
    assert sum(o.kind == "stability" for o in proof.obligations) == instances


# cr-all and hs-lecture have invariants of their own (specs/cr_all_invariant.py, hs_lecture_invariant.py):
# cr-all's inherited cr's, which does not hold for it (a counterexample to induction, exit 1)
@pytest.mark.parametrize("name", ["cr-all", pytest.param("hs-lecture", marks=pytest.mark.slow)])
def test_cr_all_and_hs_lecture_are_proved_with_their_own_invariants(capsys, name):
    status, out, _ = run(capsys, name, "--n", 3, "--prove")
    assert status == 0 and "n = 3: PROVED at-most-one-leader" in out
    assert f"invariant     specs.{name.replace('-', '_')}_invariant:" in out


# franklin's (specs/franklin_invariant.py) in the fast loop: about 4 s at n = 3
def test_franklin_is_proved_at_n_3(capsys):
    status, out, _ = run(capsys, "franklin", "--n", 3, "--prove")
    assert status == 0 and "n = 3: PROVED at-most-one-leader, leader-is-largest" in out
    assert "invariant     specs.franklin_invariant:FranklinInvariant" in out


# peterson's (specs/peterson_invariant.py), over the relay into each red process: 11 s at n = 2,
# with the slow tests; n = 3 (806 obligations, 26 s of CPU with the rotation reduction) and n = 4
# (47 s) are measured in docs/proofs.md, not run by the tests: the slow suite is at its budget
@pytest.mark.slow
def test_peterson_is_proved_at_n_2(capsys):
    status, out, _ = run(capsys, "peterson", "--n", 2, "--prove")
    assert status == 0 and "n = 2: PROVED at-most-one-leader, stability" in out
    assert "invariant     specs.peterson_invariant:PetersonInvariant" in out


def test_peterson_comparing_the_alias_with_its_id_breaks_a_conjunct_a_run_reaches(capsys):
    """tests/mutants/peterson_leader_by_id.py: its own alias comes back to the last red process,
    matches no command and is lost, so the relay into it is one message short: no proof of
    Peterson's invariant can hold for it (--prove exits 1 with that counterexample, reachable)."""
    status, out, _ = run(capsys, f"{MUTANTS}/peterson_leader_by_id.py", "--n", 3, "--check-invariant")
    assert status == 1 and "invariant.relay_count                VIOLATED" in out


# hs-unoriented (specs/hs_unoriented_invariant.py) runs on seed 004's unoriented ring, whose port
# labelling is the adversary's: the symbolic ring reads one labelling, so --prove proves each of the
# 2^n as a ring of its own (checker/prove/labellings.py's at_labelling) under the same prover, or,
# where hs-unoriented's mirror symmetry is proved and the invariant reads alike, derives it from the
# unswapped labelling's proof (checker/prove/labelling_symmetry.py; --symmetry none proves each:
# at n = 2, 4 proofs with the slow tests and one in the fast loop). One labelling of n = 3
# through the prover, looked into, with the slow tests; the 8 labellings of n = 3 through the CLI,
# each a ring of its own, are the variant hs_unoriented_left_ok's, whose symmetry does not hold
# (tests/trust/test_variants_every_mode.py)
@pytest.mark.parametrize("symmetry", [pytest.param("none", marks=pytest.mark.slow),  # 4 proofs: 10 s of CPU
                                      "reflection"])
def test_cli_proves_hs_unoriented_on_every_labelling(capsys, symmetry):
    n = 2
    status, out, _ = run(capsys, "hs-unoriented", "--n", n, "--prove", "--symmetry", symmetry)
    assert status == 0
    assert out.startswith(f"hs-unoriented on a non-oriented ring, n = {n}, every port labelling: PROVED "
                          "at-most-one-leader, leader-is-largest")
    how = ("each proved as a ring of its own (a digit" if symmetry == "none" else
           "1 proved as a ring of its own, 3 derived from 00's proof by the mirror symmetry proved for "
           "HirschbergSinclairUnoriented at n = 2, the invariant read alike (--symmetry none proves each)")
    assert f"labellings    {2 ** n} of {2 ** n}, {how}" in out
    rows = [line.split() for line in out.splitlines() if line.startswith("    ")][:2 ** n]
    tags = ["".join(bits) for bits in itertools.product("01", repeat=n)]
    assert [row[0] for row in rows] == tags and all(row[1] == "proved" for row in rows)
    derived = [row[0] for row in rows if row[2] == "derived"]
    assert derived == ([] if symmetry == "none" else tags[1:])
    assert invariant_for(HirschbergSinclairUnoriented) is HSUnorientedInvariant


def test_the_prover_alone_refuses_the_adversarys_labellings():
    with pytest.raises(AlgorithmError, match="port labellings the symbolic ring does not read"):
        prove(HirschbergSinclairUnoriented, 3)


@pytest.mark.slow  # the CLI test above at n = 3 proves all 8; this one looks inside one proof
@pytest.mark.parametrize("swapped", [(False, True, False)], ids=lambda s: "".join("1" if x else "0" for x in s))
def test_hs_unoriented_is_proved_at_n_3_for_each_labelling(swapped):
    algorithm = at_labelling(HirschbergSinclairUnoriented, swapped)
    assert algorithm.topology(3).swapped == swapped and not algorithm.topology.port_labellings
    proof = prove(algorithm, 3, timeout=60)
    assert proof.verdict == PROVED, [o.label for o in proof.obligations if o.status != PROVED]
    assert proof.invariant is HSUnorientedInvariant and proof.properties == ["at-most-one-leader", "leader-is-largest", "stability"]
    assert proof.dead == []  # every command instance runs in some state of the invariant
    consecutions = [o for o in proof.obligations if o.kind == CONSECUTION]
    assert len(consecutions) == len(AsyncSystem(algorithm, (1, 2, 3)).instances) * len(proof.invariant.conjuncts)


@pytest.mark.slow  # 19 proofs (6 + 3 + 4 + 4 + 2 conjuncts), each failing, half a second to three seconds each
@pytest.mark.parametrize("name", ["cr-all", "hs-lecture", "franklin", "hs-unoriented", "lcr"])
def test_every_conjunct_of_their_invariants_is_needed(name):
    algorithm = load_algorithm(name)
    if algorithm.topology.port_labellings:  # one labelling, process 1's ports swapped: --prove reads one
        algorithm = at_labelling(algorithm, (False, True, False))
    invariant = invariant_for(algorithm)
    for dropped in invariant.conjuncts[1:]:  # well_typed first
        # the obligations in --prove's order, up to the first that fails (a failed one fails the proof)
        obligations = Prover(algorithm, 3, type("Without", (invariant,), {dropped.name: None}), 30.0).obligations()
        failed = next((o for o in obligations if o.status == FAILED), None)
        assert failed is not None, f"{name} is proved without {dropped.name}"
        assert failed.kind != VACUITY, f"{name} without {dropped.name}: {failed.reason}"  # weaker, not too strong


class WeakCR(CRInvariant):
    no_bypass = None


def test_a_weakened_invariant_fails_with_an_unreachable_counterexample():
    proof = prove(ChangRoberts, 3, WeakCR)
    assert proof.verdict == FAILED
    failed = {(o.conjunct, o.command) for o in proof.obligations if o.status == FAILED}
    assert ("leader_max", "become_leader") in failed  # without no_bypass, any token home could win
    cti = counterexample(proof)
    assert cti.obligation.status == FAILED
    assert cti.false_before == [] and cti.obligation.conjunct in cti.false_after
    assert cti.reachability.status == UNREACHABLE
    assert cti.invariant_on_reachable.verdict == "verified"  # true on every reachable state: too weak
    text = cti.to_text()
    assert "NOT NECESSARILY REACHABLE" in text and "too weak" in text


# cr's mutant with the slow tests: test_cli_prove_failure_exits_1_with_a_counterexample proves it
# through the CLI in the fast loop, and lcr's shows the replayed trace here
@pytest.mark.parametrize("mutant, conjunct", [pytest.param("cr_forwards_smaller.py", "no_bypass", marks=pytest.mark.slow),
                                              ("lcr_wrong_announcement.py", "terminate_from_leader"),
                                              ("franklin_smallest_wins.py", "black_has_larger")])
def test_a_mutant_fails_with_a_counterexample_the_explorer_reaches(mutant, conjunct):
    algorithm = load_algorithm(f"{MUTANTS}/{mutant}")
    proof = prove(algorithm, 3)
    assert proof.verdict == FAILED
    cti = counterexample(proof)
    assert cti.obligation.conjunct == conjunct and cti.obligation.status == FAILED
    assert cti.reachability.status == REACHABLE
    # the trace replays, step by step, to the counterexample's state, and its step breaks the conjunct
    system = AsyncSystem(algorithm, cti.ids)
    state = system.initial_state
    for shown in cti.reachability.trace.steps:
        (step,) = [s for s in system.steps(state) if (s.process, s.command, s.port) == (shown.position, shown.command, shown.port)]
        state = step.target
    assert state == cti.before
    assert conjunct in proof.invariant.failing(RingState.of_state(algorithm, cti.ids, cti.after))
    assert "REACHABLE: the explorer reaches this state" in cti.to_text()


# hs-unoriented's mutants, at one labelling (process 1's ports swapped), since --prove refuses the
# adversary's labellings (through the CLI every one exits 2, as hs-unoriented does): the one that
# breaks safety (the smallest id wins) fails with a counterexample the explorer reaches; those that
# break only termination or election (a variant that answers {ok} on LEFT only in one case)
# still have safety proved. hs_unoriented_responses_turn_back, which breaks termination, is proved in
# every labelling at n = 2 by tests/prove/test_labelling_symmetry.py, and at n = 3, every labelling,
# by `--infer` (tests/prove/test_infer.py)
@pytest.mark.slow  # two proofs, 13 to 21 s each, and the failing one's counterexample search
@pytest.mark.parametrize("mutant, conjunct", [("hs_unoriented_comparisons_flipped.py", "no_bypass"),
                                              ("../trust/variants/hs_unoriented_left_ok.py", None)])
def test_hs_unoriented_mutants_prove_only_if_safe(mutant, conjunct):
    algorithm = at_labelling(load_algorithm(f"{MUTANTS}/{mutant}"), (False, True, False))
    proof = prove(algorithm, 3)
    if conjunct is None:
        assert proof.verdict == PROVED, [o.label for o in proof.obligations if o.status != PROVED]
        return
    assert proof.verdict == FAILED
    # its flipped comparisons also answer {no} to smaller ids, which no_from_larger (stability's) refuses
    failed = {(o.conjunct, o.command) for o in proof.obligations if o.status == FAILED}
    assert failed == {(conjunct, "forward_from"), ("no_from_larger", "send_back_no")}, failed
    cti = counterexample(proof)  # the first failure's: send_back_no comes before forward_from
    assert cti.obligation.conjunct == "no_from_larger" and cti.reachability.status == REACHABLE


# (the liveness-only mutant's safety proof: test_hs_unoriented_mutants_prove_only_if_safe)
@pytest.mark.parametrize("mutant, status", [("hs_unoriented_comparisons_flipped.py", 1)])
def test_cli_proves_hs_unoriented_mutants_only_if_safe(capsys, mutant, status):
    code, out, _ = run(capsys, f"{MUTANTS}/{mutant}", "--n", 2, "--prove", "--json")
    report = json.loads(out)
    assert code == status and report["verdict"] == ("failed" if status else "proved")
    if status:  # the first labelling fails, and there the search stops, with a counterexample
        assert [r["labelling"] for r in report["labellings"]] == ["00"] and report["counterexample"]
    else:
        assert len(report["labellings"]) == 4 and report["proves"] == ["at-most-one-leader", "leader-is-largest", "stability"]


# -- the command line ------------------------------------------------------------------------


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_prove_prints_the_table_and_exits_0(capsys):
    status, out, _ = run(capsys, "cr", "--n", 3, "--prove")
    assert status == 0
    assert "n = 3: PROVED" in out and "all 6 at once" in out and "unbounded" in out
    for row in ("every conjunct holds initially", "no_bypass preserved by every step", "at-most-one-leader implied"):
        assert row in out


def test_cli_prove_json(capsys):
    status, out, _ = run(capsys, "lcr", "--n", 3, "--prove", "--json")
    report = json.loads(out)
    assert status == 0 and report["verdict"] == "proved" and report["mode"] == "prove"
    assert report["counterexample"] is None
    assert all(o["status"] == "proved" for o in report["obligations"])
    assert {c["name"] for c in report["conjuncts"]} >= {"well_typed", "no_bypass", "leader_min"}


def test_cli_prove_failure_exits_1_with_a_counterexample(capsys):
    status, out, _ = run(capsys, f"{MUTANTS}/cr_forwards_smaller.py", "--n", 3, "--prove", "--json")
    report = json.loads(out)
    assert status == 1 and report["verdict"] == "failed"
    cti = report["counterexample"]
    assert cti["necessarily_reachable"] is False and cti["reachability"]["status"] == "reachable"
    assert cti["step"]["command"] == "remove"


def test_cli_prove_timeout_exits_3(capsys):
    # lcr, whose obligations cost z3 half what hs's do: at 1 ms two thirds of them are unknown
    status, out, _ = run(capsys, "lcr", "--n", 3, "--prove", "--timeout", "0.001")
    assert status == 3
    assert "unknown" in out


@pytest.mark.parametrize("mode", ["--prove", "--infer"])
def test_z3_out_of_memory_is_one_line_exit_3_and_not_the_next_runs_limit(mode):
    # z3 would take the machine (lelann --n 6 --prove grew past 20 GB): at --max-memory it stops.
    # In a process of its own: z3 that has once hit its limit stays slow in that process (measured:
    # the next proofs 2 to 18 times slower), which cost the test worker that ran it minutes; the
    # command line ends its process there, so only tests would ever see it.
    script = textwrap.dedent(f'''
        from checker.cli import main
        first = main(["cr", "--n", "3", "{mode}", "--max-memory", "1M"])
        print("first", first, flush=True)
        second = main(["cr", "--n", "3", "--prove"])  # the limit was the last run's only
        print("second", second, flush=True)
    ''')
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)
    assert "first 3" in done.stdout and "second 0" in done.stdout, done.stdout + done.stderr
    assert done.stderr.strip().count("\n") == 0, done.stderr
    assert "z3 ran out of memory" in done.stderr and "--max-memory" in done.stderr
    assert "Traceback" not in done.stdout + done.stderr and "PROVED" in done.stdout


def test_cli_check_invariant_with_a_wrong_invariant_exits_1(capsys, tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text(textwrap.dedent('''
        from algorithms.cr import RED
        from models import Implies
        from specs.cr_invariant import CRInvariant
        from specs.invariants import ForAll, conjunct

        class Wrong(CRInvariant):
            @conjunct
            def initiators_stay_red(s):
                """An initiator never turns black."""
                return ForAll(s.processes, lambda p: Implies(p.initiated, p.color == RED))
    '''))
    status, out, _ = run(capsys, "cr", "--n", 3, "--check-invariant", "--invariant", wrong)
    assert status == 1
    assert "invariant.initiators_stay_red" in out and "VIOLATED" in out and "partial-order reduction is off" in out
    status, out, _ = run(capsys, "cr", "--n", 3, "--check-invariant")
    assert status == 0 and "invariant.no_bypass" in out


@pytest.mark.parametrize("argv, message", [
    (("cr", "--n", 3, "--prove", "--ids", "1,2,3"), "drop --ids"),
    (("cr", "--n", 3, "--prove", "--check-invariant"), "choose one"),
    (("cr", "--n", 3, "--invariant", "x.py"), "goes with --prove"),
    (("cr", "--n", 3, "--prove", "--timeout", "0"), "--timeout"),
    (("cr", "--n", 3, "--prove", "--invariant", "no_such_file.py"), "no such invariant file"),
])
def test_cli_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_cli_prove_without_an_invariant_is_one_line(capsys, tmp_path):
    source = tmp_path / "mine.py"
    source.write_text(textwrap.dedent('''
        from models import NEXT, Algorithm, Local, Message, UnidirectionalRing, spontaneous

        class Mine(Algorithm, name="mine"):
            """A ring algorithm with no invariant written for it."""
            topology = UnidirectionalRing
            leader = Local(bool, False)

            def is_leader(p):
                return p.leader

            def decided(p):
                return p.leader

            @spontaneous(when=lambda p: p.leader == False)  # noqa: E712
            def elect(p):
                p.leader = True
    '''))
    status, out, err = run(capsys, source, "--n", 3, "--prove")
    assert status == 2 and out == ""
    assert "mine has no inductive invariant" in err and len(err.strip().splitlines()) == 1


def test_cli_invariant_for_another_algorithm_is_refused(capsys, tmp_path):
    other = tmp_path / "other.py"
    other.write_text("from specs.lcr_invariant import LCRInvariant\n\nclass Other(LCRInvariant):\n    pass\n")
    status, _, err = run(capsys, "cr", "--n", 3, "--prove", "--invariant", other)
    assert status == 2 and "written for lcr, not for cr" in err


def test_an_invariant_too_weak_for_safety_fails_the_safety_obligation():
    from specs.hs_invariant import HSInvariant

    class OnlyTypes(HSInvariant):
        no_bypass = None
        leader_max = None

    proof = prove(HirschbergSinclair, 3, OnlyTypes)
    failed = {(o.kind, o.conjunct) for o in proof.obligations if o.status == FAILED}
    assert failed == {("safety", "at-most-one-leader"), ("safety", "leader-is-largest")}
    cti = counterexample(proof)
    assert cti.step is None and cti.reachability.status == UNREACHABLE
    assert "does not imply at-most-one-leader" in cti.to_text()


@pytest.mark.parametrize("mode", ["--prove", "--check-invariant"])
def test_cli_a_broken_conjunct_is_one_line(capsys, tmp_path, mode):
    typo = tmp_path / "typo.py"
    typo.write_text(textwrap.dedent('''
        from specs.cr_invariant import CRInvariant
        from specs.invariants import ForAll, conjunct

        class Typo(CRInvariant):
            @conjunct
            def misspelt(s):
                """Reads a local that does not exist."""
                return ForAll(s.processes, lambda p: p.colour == 0)
    '''))
    status, out, err = run(capsys, "cr", "--n", 3, mode, "--invariant", typo)
    assert status == 2 and out == ""
    assert "misspelt" in err and "colour" in err and len(err.strip().splitlines()) == 1


def test_floor_division_in_a_command_is_proved_not_a_traceback(tmp_path, capsys):
    """z3 reads ``//`` with Python's floor semantics (models/reading/faithful.py): a guard written
    (2 m.id) // 2 < p.id is LCR's own, so both proofs go through, as the explorer agrees."""
    path = tmp_path / "lcr_half.py"
    path.write_text(
        "from algorithms.lcr import LCR, Token\n"
        "from models import NEXT, receive\n\n\n"
        "class LCRHalf(LCR, name='lcr-half'):\n"
        "    @receive(Token, when=lambda p, m, port: (2 * m.id) // 2 < p.id)\n"
        "    def pass_on(p, m, port):\n"
        "        p.send(NEXT, m)\n"
    )
    assert main([str(path), "--n", "3"]) == 0
    assert main([str(path), "--n", "3", "--prove"]) == 0
    assert main([str(path), "--all-n"]) == 0
    assert "PROVED for every ring size" in capsys.readouterr().out


def test_a_mutant_that_changes_a_decision_is_not_proved(capsys):
    """lcr_guesses_leader records a guess of the leader and corrects it later: the conjunct lcr's
    stability rests on (a recorded leader id is a leader's) fails under the guess, reachably."""
    code, out, _ = run(capsys, f"{MUTANTS}/lcr_guesses_leader.py", "--n", 3, "--prove", "--json")
    report = json.loads(out)
    failed = {(o["kind"], o["conjunct"], o["command"]) for o in report["obligations"] if o["status"] == "failed"}
    assert code == 1 and ("consecution", "decided_on_leader", "pass_on") in failed, failed
    assert "stability" in report["proves"] and report["counterexample"]


def test_lcr_is_proved_stable():
    proof = prove(load_algorithm("lcr"), 3)
    assert proof.verdict == PROVED and "stability" in proof.properties
    assert sum(o.kind == "stability" for o in proof.obligations) == len(AsyncSystem(proof.algorithm, (1, 2, 3)).instances)


def test_without_decided_on_leader_a_step_changes_a_decision_in_an_unreachable_state():
    """lcr's stability needs decided_on_leader: without it z3 finds a process that records
    another's id and then receives its own token back, and the report says so, step and all."""
    algorithm = load_algorithm("lcr")
    proof = prove(algorithm, 3, type("Without", (invariant_for(algorithm),), {"decided_on_leader": None}))
    assert proof.verdict == FAILED and {o.kind for o in proof.obligations if o.status == FAILED} == {"stability"}
    cti = counterexample(proof)
    text = cti.to_text()
    assert "changes a decision" in text and "changed its decision from not leader" in text
    assert cti.reachability.status == UNREACHABLE


def test_vacuity_runs_are_states_where_the_semantics_takes_the_instance():
    """faithfulness.runs_of (seeded random runs, then breadth first on interned states): each
    instance's state is one where the reference semantics takes it; at n = 3, hs-unoriented's
    {no} is never forwarded (a {no} goes one hop back), which only a complete search may say."""
    from checker.prove.faithfulness import runs_of

    algorithm = at_labelling(HirschbergSinclairUnoriented, (False, True, False))
    instances = [(x.process, x.command.name, x.port) for x in AsyncSystem(algorithm, (1, 2, 3)).instances if x.command]
    runs, complete = runs_of(algorithm, 3, instances)
    for key, (ids, state) in runs.items():
        assert key in {(s.process, s.command, s.port) for s in AsyncSystem(algorithm, ids).steps(state)}, key
    assert complete and {key for key in instances if key not in runs} == {
        (i, "forward_no", port) for i in range(3) for port in ("LEFT", "RIGHT")}
