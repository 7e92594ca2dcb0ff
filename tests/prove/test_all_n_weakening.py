"""``--all-n`` on a variant whose built-in's invariant fails (checker/prove/all_n_weakening.py):
its largest inductive subset is proved when it implies safety, said as a proof of a weaker
invariant; a mutant that breaks safety is never proved that way."""
from __future__ import annotations

import pytest

from checker.cli import main
from checker.cli.loader import load_algorithm
from checker.prove.all_n import prove_all_n
from checker.prove.all_n_weakening import (UnweakenedAllNProof, WeakenedAllNProof, largest_inductive_subset,
                                          prove_all_n_or_weakened)
from checker.prove.status import PROVED
from specs.all_n import AllNInvariant, invariant_for

from conftest import MUTANTS


def test_lcr_weaker_conjuncts_are_inductive_for_lcr_itself():
    """They are offered only when lcr's invariant fails, but say nothing false of lcr."""
    lcr = load_algorithm("lcr")
    written = invariant_for(lcr)
    everything = AllNInvariant(lcr, written.conjuncts + written.weaker, written.source)
    proof = prove_all_n(lcr, everything)
    # once unknown in a full run on a loaded machine (0.4 s alone): say which obligation, and why
    assert proof.verdict == PROVED, [(o.step, o.goal, o.status, o.seconds, o.reason)
                                     for o in proof.obligations if o.status != PROVED]


def test_a_weakening_the_time_limit_cuts_short_proves_nothing_and_says_so(monkeypatch):
    """lcr_wrong_announcement again, its written invariant's proof done and then the clock moved
    past --time-limit: the weakening asks nothing more, proves nothing, and says the limit ran out
    (not that the conjuncts it had no time for fail induction)."""
    import time

    import checker.prove.all_n_weakening as weakening

    real_clock, real_prove, late = time.perf_counter, weakening.prove_all_n, [0.0]
    monkeypatch.setattr(weakening.time, "perf_counter", lambda: real_clock() + late[0])

    def then_late(*args, **kwargs):
        proof = real_prove(*args, **kwargs)
        late[0] = 10_000.0
        return proof

    monkeypatch.setattr(weakening, "prove_all_n", then_late)
    proof = prove_all_n_or_weakened(load_algorithm(f"{MUTANTS}/lcr_wrong_announcement.py"), time_limit=600)
    assert isinstance(proof, UnweakenedAllNProof) and proof.verdict != PROVED
    assert proof.tried.startswith("the time limit ran out during the weakening")


def test_a_wrong_announcement_keeps_its_safety_from_the_weakened_invariant(capsys):
    """lcr_wrong_announcement passes on its own id in <terminate>: agreement breaks (not proved for
    every n), terminate_from_leader and decided_on_leader fail, and what the announcement round
    does whatever it carries proves at-most-one-leader, leader-is-smallest and stability."""
    status = main([f"{MUTANTS}/lcr_wrong_announcement.py", "--all-n"])
    out = capsys.readouterr().out
    assert status == 0
    first = out.splitlines()[0]
    assert "PROVED for every ring size: at-most-one-leader, leader-is-smallest, stability" in first
    assert "from a weaker invariant: terminate_from_leader, decided_on_leader dropped" in first
    assert "agreement" in out.splitlines()[1]  # not proved
    # the mutant's announcement makes terminate_from_leader false on a state an execution of a ring of 2
    # reaches (read before z3 is asked, for a variant: checker/prove/reachable_check.py)
    assert "a proof of that weaker invariant" in out and "(terminate_from_leader is false on a reachable state)" in out


# every ring mutant that breaks a safety property and derives from an algorithm with an all-n
# invariant (bench/mutant_proofs.py); cr's, franklin's and lelann's run through the CLI in
# tests/prove/test_all_n.py; hs_resign_unguarded's below
SAFETY_MUTANTS = ["lcr_guesses_leader",
                  pytest.param("hs_smallest_wins", marks=pytest.mark.slow),  # 2 to 3 s each
                  pytest.param("hs_never_swallows", marks=pytest.mark.slow),
                  pytest.param("hs_lecture_largest_passes", marks=pytest.mark.slow)]


@pytest.mark.parametrize("mutant", SAFETY_MUTANTS)
def test_the_weakening_never_proves_a_mutant_that_breaks_safety(mutant):
    algorithm = load_algorithm(f"{MUTANTS}/{mutant}.py")
    proof = prove_all_n_or_weakened(algorithm)
    assert proof.verdict != PROVED and proof.exit_status != 0
    assert not isinstance(proof, WeakenedAllNProof)
    if isinstance(proof, UnweakenedAllNProof):  # tried, and said so
        assert "nothing proved from it" in proof.summary()
    # a safety property an execution of a small ring breaks spares the mutant the weakening (no
    # invariant proves it); the weakening itself, asked all the same, proves nothing either
    invariant = invariant_for(algorithm)
    _, weakened = largest_inductive_subset(algorithm, invariant, 20.0,
                                           prove_all_n(algorithm, invariant, counterexamples=False))
    assert weakened.verdict != PROVED


def test_a_failure_no_conjunct_causes_is_not_weakened():
    """hs_resign_unguarded breaks stability, not a conjunct: no subset can prove it, none is tried."""
    proof = prove_all_n_or_weakened(load_algorithm(f"{MUTANTS}/hs_resign_unguarded.py"))
    assert type(proof).__name__ == "AllNProof" and "weakened" not in proof.summary()
