"""bench/mutant_proofs.py: which rows are as issue 33 asks (the runs themselves are the bench's)."""
from __future__ import annotations

from test_documented_commands import bench_script


def _row(breaks, all_n, infer):
    return {"mutant": "m", "breaks": breaks, "all_n": (all_n, "", 0.0), "infer": (infer, "", 0.0)}


def test_a_safety_mutant_must_be_refused_by_both():
    as_asked = bench_script("mutant_proofs").as_asked
    assert as_asked(_row(["stability"], 1, 1)) and as_asked(_row(["at-most-one-leader"], 2, 1))
    assert not as_asked(_row(["stability"], 1, 0)) and not as_asked(_row(["leader-is-largest"], 0, 1))
    assert not as_asked(_row(["stability"], -1, 1))  # a run that did not finish refuses nothing


def test_a_liveness_mutant_must_be_proved_or_have_no_proof_of_its_kind():
    as_asked = bench_script("mutant_proofs").as_asked
    assert as_asked(_row([], 0, 0)) and as_asked(_row([], 2, 0))
    assert not as_asked(_row([], 1, 0)) and not as_asked(_row([], 0, 3))


def test_every_top_level_mutant_is_a_row():
    names = bench_script("mutant_proofs").ring_mutants()
    assert "lcr_guesses_leader" in names and "hs_smallest_wins" in names and len(names) >= 18
