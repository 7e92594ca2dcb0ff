"""An all-n invariant that fails for a variant of its algorithm, weakened to what still holds.

``check FILE --all-n`` on a variant (a subclass of a built-in, such as a mutant) proves the
built-in's invariant (specs/all_n/). When a conjunct fails there because the variant changes
what it speaks of (lcr's ``terminate_from_leader``: what the announcement carries), safety may
still hold for the reasons the other conjuncts give. Houdini finds the largest inductive subset
of the invariant's conjuncts and of its ``weaker`` ones (conjuncts written for this, true of
the algorithm too, that say less): every conjunct with an initiation or consecution obligation
not proved is dropped, and the rest proved again, until none is dropped (an obligation not
decided within ``ROUND_TIMEOUT`` counts as not proved: a smaller subset, never a wrong one). That subset is then
proved from scratch by ``prove_all_n``, every obligation (safety and stability included), so a
proof of it is a proof like any other, of a weaker invariant, and is reported as one, with the
conjuncts dropped. If the subset does not imply safety, or an obligation other than a
conjunct's fails, the original proof (with its counterexample) is what is reported; and none is
tried where a safety property or stability is false on a state an execution of a small ring
reaches (checker/prove/reachable_check.py): no invariant proves what an execution breaks.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from models import Algorithm
from specs.all_n import AllNInvariant, invariant_for

from .all_n import REACHABLE, AllNProof, past, prove_all_n, safety_properties
from .status import FAILED, PROVED

ROUND_TIMEOUT = 5.0  # seconds per obligation in the weakening (the written invariants' take under 0.5 s)
# what fewer conjuncts cannot make hold: implied by the invariant, so by any superset of a subset
MONOTONE = ("stability", "at-most-one-leader", "leader-is-largest", "leader-is-smallest")


@dataclass
class WeakenedAllNProof(AllNProof):
    """A proof of the largest inductive subset of an invariant that failed for this algorithm."""

    dropped: list[str] = field(default_factory=list)  # the invariant's conjuncts not in the subset
    added: list[str] = field(default_factory=list)  # its weaker conjuncts in the subset
    first_failure: str = ""  # the obligation of the whole invariant that failed first

    def headline(self) -> str:
        return f"{super().headline()} (from a weaker invariant: {', '.join(self.dropped)} dropped)"

    def assumptions(self) -> list[str]:
        added = f"; its weaker conjuncts {', '.join(self.added)} kept" if self.added else ""
        return [f"  weakened    the written invariant fails for {self.algorithm.name} ({self.first_failure}): "
                f"proved instead is an inductive subset of it and of its weaker conjuncts (Houdini: those that fail "
                f"induction dropped until none does), without {', '.join(self.dropped)}{added}; "
                "a proof of that weaker invariant"]

    def to_json(self) -> dict:
        return {**super().to_json(), "weakened": {"dropped": self.dropped, "added": self.added}}


@dataclass
class UnweakenedAllNProof(AllNProof):
    """The written invariant's failed proof, with what its largest inductive subset failed to prove."""

    tried: str = ""

    def assumptions(self) -> list[str]:
        return [f"  weakened    tried: {self.tried}; nothing proved from it"]

    def to_json(self) -> dict:
        return {**super().to_json(), "weakening_tried": self.tried}


def _failing_conjuncts(proof: AllNProof, names: set[str]) -> set[str]:
    return {o.goal for o in proof.obligations if o.status != PROVED and o.goal in names}


def largest_inductive_subset(algorithm: type[Algorithm], invariant: AllNInvariant, timeout: float,
                             written: AllNProof, deadline: float | None = None) -> tuple[AllNInvariant, AllNProof]:
    """Houdini over the invariant's conjuncts and its weaker ones: (the subset, its last proof,
    PROVED only if every obligation is); stopped early once the conjuncts left do not imply safety.
    ``written`` is the proof of the invariant alone: without weaker conjuncts it is Houdini's
    first round, whose failures are dropped at once. Each round's obligations have at most
    ``ROUND_TIMEOUT`` seconds: one not decided by then is dropped, as a failed one is (a subset
    smaller than the largest is found, never a wrong one), and so is one not asked before ``deadline``
    (``time.perf_counter()`` seconds; its proofs then cannot be PROVED)."""
    kept = list(invariant.conjuncts) + list(invariant.weaker)
    if not invariant.weaker:
        kept = [c for c in kept if c.__name__ not in _failing_conjuncts(written, set(invariant.names()))]
    timeout = min(timeout, ROUND_TIMEOUT)
    safety = {("invariant", name) for name, _ in safety_properties(algorithm)}
    while True:
        subset = replace(invariant, conjuncts=tuple(kept), weaker=())
        # the subset found is a subset of this one: if this does not imply safety, neither does it
        # (a few queries, where a round decides every obligation)
        implied = prove_all_n(algorithm, subset, timeout=timeout, only=safety, counterexamples=False,
                              time_limit=_left(deadline))
        if any(o.status != PROVED for o in implied.obligations):
            return subset, implied
        proof = prove_all_n(algorithm, subset, timeout=timeout, counterexamples=False, time_limit=_left(deadline))
        failing = _failing_conjuncts(proof, {c.__name__ for c in kept})
        if not failing:
            return subset, proof
        kept = [c for c in kept if c.__name__ not in failing]


def _left(deadline: float | None) -> float | None:
    return None if deadline is None else max(0.0, deadline - time.perf_counter())


def prove_all_n_or_weakened(algorithm: type[Algorithm], timeout: float = 20.0,
                            time_limit: float | None = None) -> AllNProof:
    """``prove_all_n`` with the written invariant; if a conjunct fails (not merely undecided), a
    proof of its largest inductive subset (``WeakenedAllNProof``) when that proves everything,
    else the failed proof (``UnweakenedAllNProof``, saying what the subset did not prove).
    ``time_limit``: seconds for all of it (what is not asked by then is unknown)."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    proof = prove_all_n(algorithm, timeout=timeout, time_limit=time_limit)
    invariant = invariant_for(algorithm)
    names = set(invariant.names())
    if not any(o.status == FAILED and o.goal in names for o in proof.obligations):
        return proof  # proved, or undecided (a timeout), or what failed is not a conjunct: nothing to weaken
    if any(o.step == REACHABLE and o.goal in MONOTONE for o in proof.obligations):
        return proof  # a safety property false on a reachable state: no invariant proves it
    subset, weakened = largest_inductive_subset(algorithm, invariant, timeout, proof, deadline)
    kept = {c.__name__ for c in subset.conjuncts}
    dropped = [name for name in invariant.names() if name not in kept]
    if weakened.verdict != PROVED:
        unproved = sorted({o.goal for o in weakened.obligations if o.status != PROVED})
        tried = (f"dropping the conjuncts that fail induction ({', '.join(dropped)}), those left do not prove "
                 f"{', '.join(unproved)}" + (", nor does any subset of them" if set(unproved) <= set(MONOTONE) else ""))
        if past(deadline):
            # what was not asked counted as failing: the subset is smaller than it might be
            tried = "the time limit ran out during the weakening"
        return UnweakenedAllNProof(algorithm, proof.invariant, proof.obligations, proof.seconds + weakened.seconds,
                                   proof.never_enabled, proof.nonlinear, proof.partial, stopped=proof.stopped,
                                   tried=tried)
    first = next(o for o in proof.obligations if o.status == FAILED and o.goal in names)
    source = f"{invariant.source}, weakened: without {', '.join(dropped)}"
    result = WeakenedAllNProof(
        algorithm, replace(subset, conjuncts=weakened.invariant.conjuncts, source=source),
        weakened.obligations, weakened.seconds + proof.seconds, weakened.never_enabled, weakened.nonlinear,
        weakened.partial, dropped=dropped, added=[c.__name__ for c in invariant.weaker if c.__name__ in kept],
        first_failure=proof.failure_title(first))
    assert result.verdict == PROVED and FAILED not in result.statuses()
    return result
