"""``check ALGO --n N --graph G --prove`` on a general network: dfs-election-literal's invariant
(specs/dfs_literal_invariant.py) proved on the complete graph K4, and refused where it is wrong:
on the star (a leaf's search is answered by the centre alone) and on a mutant that answers a
higher search; and bad input refused in one line."""
from __future__ import annotations

import os

import pytest

from algorithms.dfs_election import DfsElectionLiteral
from checker.cli.main import main
from checker.prove.fixed_n import FAILED, PROVED, prove
from models.topology.network import family
from specs.dfs_literal_invariant import DfsLiteralInvariant

from conftest import MUTANTS

INVARIANT = os.path.join("specs", "dfs_literal_invariant.py")
ANSWERS_HIGHER = os.path.join(MUTANTS, "networks", "dfs_literal_answers_higher.py")


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.slow
def test_dfs_literal_is_proved_safe_on_k4(capsys):
    # about 20 s of CPU
    status, out, _ = run(capsys, "dfs-election-literal", "--n", 4, "--graph", "complete", "--prove")
    assert status == 0, out
    assert "on the complete graph, n = 4: PROVED at-most-one-leader, leader-is-smallest, stability" in out
    assert "waits_for_one_forever" in out and "failed" not in out


@pytest.mark.slow
def test_dfs_literal_is_proved_safe_on_k3():  # about 7 s
    proof = prove(DfsElectionLiteral, 3, DfsLiteralInvariant, graph=family("complete", 3))
    assert proof.verdict == PROVED
    assert proof.states_compared > 0  # the proof's formulas were checked against Python


@pytest.mark.slow
def test_the_invariant_fails_on_the_star(capsys):
    # the centre is the only neighbour of a leaf: with id 1 on another leaf, a leaf's search is answered
    status, out, _ = run(capsys, "dfs-election-literal", "--n", 4, "--graph", "star", "--prove",
                         "--max-states", 2000)
    assert status == 1, out
    assert "Counterexample to induction" in out
    assert "leader_is_one preserved by every step" in out and "FAILED" in out


@pytest.mark.slow
def test_the_invariant_fails_on_the_path_of_three():  # about 7 s
    # id 1 at an end of the path is not the other end's neighbour: that end can be elected
    proof = prove(DfsElectionLiteral, 3, DfsLiteralInvariant, graph=family("path", 3))
    assert proof.verdict == FAILED
    assert {o.conjunct for o in proof.obligations if o.status == FAILED} >= {"leader_is_one"}
    ids, before, after = proof.failure.example()
    assert after is not None  # decoded to a state the explorer's semantics steps from (replayed in cti)


@pytest.mark.slow
def test_the_invariant_fails_on_a_mutant_that_answers_higher_searches(capsys):  # about 2 minutes
    status, out, _ = run(capsys, ANSWERS_HIGHER, "--n", 3, "--graph", "complete", "--prove", "--max-states", 2000)
    assert status == 1, out
    assert "answers_from_one preserved by every step" in out
    assert "Counterexample to induction: answers_from_one is not preserved by stall" in out


@pytest.mark.parametrize("argv, says", [
    (["dfs-election-literal", "--n", 4, "--prove"], "give the graph to prove it on"),
    (["dfs-election-literal", "--n", 4, "--graphs", "connected", "--prove"], "proves one graph"),
    (["dfs-election-literal", "--n", 4, "--graph", "complete", "--each-graph", "--prove"], "--each-graph goes with"),
    (["dfs-election-literal", "--n", 4, "--graph", "complete", "--prove", "--crashes", 1], "--crashes goes with"),
    (["dfs-election-literal", "--n", 4, "--graph", "complete", "--prove", "--ids", "1,2,3,4"], "drop --ids"),
    (["dfs-election", "--n", 3, "--graph", "complete", "--prove"], "has no inductive invariant"),
    (["bully", "--n", 3, "--graph", "complete", "--prove"], "timeouts"),
    (["flooding", "--n", 3, "--graph", "complete", "--prove"], "synchronous rounds"),
    (["cr", "--n", 3, "--graph", "complete", "--prove"], "--graph is for algorithms on a general network"),
    (["dfs-election-literal", "--n", 3, "--graph", "complete", "--prove", "--invariant", "{cr}"], "written for cr"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, says):
    cr = tmp_path / "cr_invariant.py"
    cr.write_text("from specs.cr_invariant import CRInvariant\n\n\nclass Borrowed(CRInvariant):\n    pass\n")
    status, out, err = run(capsys, *(str(a).format(cr=cr) for a in argv))
    assert status == 2, (out, err)
    assert says in err and len(err.strip().splitlines()) == 1, err
