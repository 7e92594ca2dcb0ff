"""``--infer --invariant PARTIAL.py``: the inference started from a user's partial invariant.

Where the templates cannot say what an algorithm's safety rests on (peterson's aliases, read
through the relay of messages position by position: docs/proofs.md), a user writes the
conjuncts they cannot, and ``--infer`` finds the rest. Each conjunct of the partial invariant
becomes a candidate like the templates' (checker/prove/infer.py), whose source calls it by its
class (``PetersonRelayInvariant.conjunct("relay_word")(s)``), so that the written file imports
the partial invariant and names which of its conjuncts were kept. Nothing is trusted: a seed
false on some reachable state at n is dropped (and said), and the others go through Houdini and
the minimiser like every candidate, and the written file is proved by ``--prove`` from scratch.
"""
from __future__ import annotations

from dataclasses import dataclass

from specs.invariants import Invariant

from .infer import Candidate, StateCandidate, filter_state_candidates


@dataclass(frozen=True)
class Seed:
    """A partial invariant to start the inference from (``infer.infer``'s ``seed``)."""

    partial: type[Invariant]

    @property
    def candidates(self) -> list[Candidate]:
        """Its conjuncts (but well_typed, which every candidate set has), as candidates that call
        them through their class."""
        name = self.partial.__name__
        return [Candidate(c.name, c.doc or f"{c.name}, from {name}.", f'{name}.conjunct("{c.name}")(s)')
                for c in self.partial.conjuncts if c.name != "well_typed"]

    def namespace(self, namespace: dict) -> dict:
        """``namespace`` with the partial invariant's class, which the seeds' sources read."""
        return {**namespace, self.partial.__name__: self.partial}

    def true_on(self, algorithm, states, namespace: dict) -> tuple[list[Candidate], list[str]]:
        """(the seeds true on every one of ``states``, the names of those false on one): a partial
        invariant's conjunct false on a reachable state is no invariant, whatever its author says."""
        seeds = self.candidates
        kept = filter_state_candidates(algorithm, states, [StateCandidate(c, ("locals", "channels")) for c in seeds],
                                       namespace)
        names = {c.name for c in kept}
        return kept, [c.name for c in seeds if c.name not in names]

    @property
    def rotation_invariant(self) -> bool:
        """Whether its conjuncts are true of a state iff of its rotations, as every template is
        (infer.checked_steps): only if the partial invariant says it reads positions only through
        the ring's order (``symmetric``). If not, Houdini checks every process's steps."""
        return bool(self.partial.symmetric)
