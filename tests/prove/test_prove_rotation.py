"""The rotation reduction of fixed-n proofs (checker/prove/fixed_n.py, ``Prover.obligations``).

A step of process i is process 0's step on the state rotated back by i places. Once z3 proves
that the invariant holds on the rotation of any state satisfying it, process 0's obligations
stand for every process's. Tested here: the rotated state is the explorer's own rotation
(specs/invariants.py ``rotations``); the reduction gives the verdict of the full proof, on the
shipped invariants and on mutants; an invariant that is not rotation-invariant is proved
without it; ``--symmetry none`` switches it off.
"""
from __future__ import annotations

import random
import textwrap

import pytest
import z3

from checker.cli import main
from checker.cli.loader import load_algorithm
from checker.prove.fixed_n import BY_ROTATION, CONSECUTION, PROVED, ROTATION, STABILITY, Prover, prove
from checker.prove.ring_concrete import reachable_states
from specs.invariants import invariant_for, rotations

from conftest import MUTANTS


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _verdicts(proof) -> dict:
    return {(o.kind, o.conjunct, o.process, o.command, o.port): o.status for o in proof.obligations
            if o.kind != ROTATION}


@pytest.mark.parametrize("name, n", [("cr", 4), ("lcr", 3), ("hs", 3), ("franklin", 3)])
def test_the_rotated_state_is_the_explorers_rotation(name, n):
    algorithm = load_algorithm(name)
    prover = Prover(algorithm, n, invariant_for(algorithm), timeout=10)
    ids = tuple(random.Random(name).sample(range(1, n + 1), n))
    system, states = reachable_states(algorithm, ids, 300)
    for state in random.Random(n).sample(states, min(25, len(states))):
        (_, moved_ids, moved), *_ = rotations(algorithm, ids, state)
        solver = z3.Solver()
        solver.add(prover.ring.equals(prover.before, ids, state),
                   z3.Not(prover.ring.equals(prover.rotated, moved_ids, moved)))
        assert solver.check() == z3.unsat, state


@pytest.mark.parametrize("name, n", [("cr", 3), ("lcr", 4), ("cr-all", 3), ("franklin", 3),
                                     (f"{MUTANTS}/cr_forwards_smaller.py", 3),
                                     (f"{MUTANTS}/lcr_no_terminate.py", 3)])
def test_reduced_and_full_proofs_agree(name, n):
    """Every obligation the full proof decides, the reduced one decides alike (proved, failed or
    unknown), and every process's steps are still listed."""
    algorithm = load_algorithm(name)
    reduced, full = prove(algorithm, n, timeout=20), prove(algorithm, n, timeout=20, rotation=False)
    assert reduced.verdict == full.verdict
    assert _verdicts(reduced) == _verdicts(full)
    assert not any(o.kind == ROTATION for o in full.obligations)
    if reduced.verdict == PROVED:
        assert {o.kind for o in reduced.obligations if o.kind == ROTATION} == {ROTATION}
        derived = [o for o in reduced.obligations if o.reason == BY_ROTATION]
        assert derived and all(o.process != 0 and o.kind in (CONSECUTION, STABILITY) for o in derived)


def test_a_mutant_breaks_the_proof_with_the_reduction_too(capsys):
    status, out, _ = run(capsys, f"{MUTANTS}/cr_forwards_smaller.py", "--n", 3, "--prove")
    assert status == 1 and "NOT PROVED" in out


def test_an_invariant_that_names_a_position_is_proved_without_it(capsys, tmp_path):
    """A conjunct about process 0 alone is no property of every rotation: z3 refutes its rotation,
    and every process's steps are then proved one by one (here: the conjunct is not inductive)."""
    positional = tmp_path / "positional.py"
    positional.write_text(textwrap.dedent('''
        from models import NIL, Or
        from specs.lcr_invariant import LCRInvariant
        from specs.invariants import conjunct


        class Positional(LCRInvariant):
            @conjunct
            def first_not_leader(s):
                """The process at position 0 has not been elected."""
                return Or(s.processes[0].leader == NIL, s.processes[0].leader != s.processes[0].id)
    '''))
    status, out, _ = run(capsys, "lcr", "--n", 3, "--prove", "--invariant", positional)
    assert "rotation      not used: z3 answered failed for first_not_leader" in out
    assert "by rotation" not in out and status == 1


def test_symmetry_none_switches_it_off(capsys):
    status, out, _ = run(capsys, "cr", "--n", 3, "--prove", "--symmetry", "none")
    assert status == 0 and "rotation      off (--symmetry none)" in out and "by rotation" not in out
    status, out, _ = run(capsys, "cr", "--n", 3, "--prove")
    assert status == 0 and "rotation      used:" in out and "by rotation" in out


@pytest.mark.parametrize("swapped, used", [((False, False, False), True), ((True, True, True), True),
                                           ((False, False, True), False), ((False, True, True), False)])
def test_only_a_labelling_that_rotating_keeps_is_reduced(swapped, used):
    """On the non-oriented ring each port labelling is proved as a ring of its own: rotating maps
    a ring onto itself only where every process's ports are labelled alike."""
    from checker.prove.labellings import at_labelling

    algorithm = load_algorithm("hs-unoriented")
    labelled = at_labelling(algorithm, swapped)
    prover = Prover(labelled, 3, invariant_for(labelled), timeout=10)
    assert (prover.rotated is not None) == used
    assert used or prover.rotation_note.startswith("not used: rotating this non-oriented ring by one place")
