"""bench/all_n_conjuncts_needed.py: its counterexamples to induction are the proof's own failures."""
from __future__ import annotations

from dataclasses import replace

import pytest

from bench.all_n_conjuncts_needed import main
from checker.cli.loader import load_algorithm
from checker.prove import concrete_cti
from checker.prove.all_n import FAILED, prove_all_n
from specs.all_n import invariant_for
from tests.prove.test_all_n import DROPPED


@pytest.mark.parametrize("name", ["lcr", "cr"])
def test_each_conjunct_fails_the_obligation_the_proof_fails_without_it(name, capsys):
    """The obligation it finds broken without each conjunct is the one tests/prove/test_all_n.py's
    proof (prove_all_n) fails without it."""
    assert main([name, "--sizes", ""]) == 0
    lines = capsys.readouterr().out.splitlines()
    found = {line.split(":")[0].removeprefix("without "): line.split("NEEDED: ")[1].split(" fails")[0]
             for line in lines if "NEEDED: " in line and "NOT SHOWN" not in line}
    expected = {conjunct: " / ".join(obligation) for (algorithm, conjunct), obligation in DROPPED.items()
                if algorithm == name}
    assert found == expected and lines[-1] == f"{len(expected)} of {len(expected)} shown needed"


def test_a_conjunct_not_needed_is_not_shown_needed(capsys, monkeypatch):
    """cr's leader_initiated is needed by cr, and not by cr-all, whose every process initiates
    (its shipped invariant leaves it out): written into cr-all's, it is not shown needed."""
    from specs.all_n import cr, cr_all
    monkeypatch.setattr(cr_all, "INVARIANT", replace(cr_all.INVARIANT,
                                                      conjuncts=cr_all.INVARIANT.conjuncts + (cr.leader_initiated,)))
    assert main(["cr-all", "--only", "leader_initiated", "--timeout", "1", "--small", "1", "--sizes", ""]) == 0
    assert "without leader_initiated: NOT SHOWN NEEDED" in capsys.readouterr().out


# lcr's two are found in half a second; cr's four take about 10 s (slow)
@pytest.mark.parametrize("name, conjuncts", [
    ("lcr", {"leader_min", "self_pending_min"}),
    pytest.param("cr", {"leader_initiated", "leader_max", "self_pending_max", "no_bypass"}, marks=pytest.mark.slow)])
def test_a_counterexample_near_a_reachable_state_is_one_the_proof_fails_on(name, conjuncts):
    """What the search near reachable states finds broken without a conjunct, prove_all_n fails
    without it too (that one obligation asked alone)."""
    algorithm = load_algorithm(name)
    invariant = invariant_for(algorithm)
    found = concrete_cti.search(algorithm, invariant, sizes=(3,), wanted=conjuncts)
    assert set(found) == conjuncts
    for conjunct, example in found.items():
        step, goal = example.obligation.split(" / ")
        proof = prove_all_n(algorithm, invariant.without(conjunct), only={(step, goal)})
        assert [(o.step, o.goal, o.status) for o in proof.obligations] == [(step, goal, FAILED)], conjunct


@pytest.mark.parametrize("argv, says", [
    (["nope"], "unknown algorithm 'nope'"),
    (["flooding"], "needs an all-n invariant"),
    (["lcr", "--only", "nope"], "conjuncts of it (nope)"),
    (["lcr", "--timeout", "0"], "positive --timeout"),
    (["lcr", "--budget", "-1"], "--budget"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, argv, says):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1
