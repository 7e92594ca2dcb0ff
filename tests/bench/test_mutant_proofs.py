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


def test_peterson_comparing_the_alias_with_its_id_breaks_no_safety_at_four_either():
    """docs/proofs.md once read its --infer refusal at n = 4 as a violation of at-most-one-leader:
    the explorer finds none (it loses a returning alias and elects nobody), so the bench's
    liveness-only class for it is right at n = 3 and at 4 (two explorer runs, about a second)."""
    broken_safety = bench_script("mutant_proofs").broken_safety
    assert broken_safety("tests/mutants/peterson_leader_by_id.py", 4, timeout=120) == []
