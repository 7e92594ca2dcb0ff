"""Mirror symmetry proved for the class actually loaded, at the ring size checked.

An algorithm that declares ``mirror_symmetric = True`` claims that swapping the names of its
two ports everywhere changes nothing. The checker uses that claim twice
(checker/explore/arrangements.py): on the bidirectional ring an arrangement then stands for
its mirror image too (the reflection quotient), and on the unoriented ring one port labelling
stands for all 2^n. A declaration is inherited by every subclass, also one that changes a
single command, so the claim is used only once ``prove_mirror_symmetry`` has proved it.

The argument (checker/trust/mirror_proof.py, with z3) is that every command instance has a
mirror image among the algorithm's command instances and that the decision functions read
both ports alike; it is made for the n checked, and cached per process and (class, n).

The proof is only as good as the symbolic reading it rests on: ``established_symmetry``, the
one place that decides which quotient a run may use, also requires that the readings agree
with the concrete semantics (checker/trust/readings.py's report, given as ``reading_problem``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from models.reading import derived_cache
from models.dsl.algorithm import Algorithm
from models.topology.ring import Topology

# The symmetries a run may quotient arrangements by (checker/explore/arrangements.py uses them).
ROTATION, REFLECTION, NONE = "rotation", "reflection", "none"
LABELLING = "labelling"  # reflection, and every port labelling alike


@dataclass(frozen=True)
class SymmetryProof:
    """Whether the algorithm's mirror image is the algorithm itself at this n, and in one line why (not)."""

    proved: bool
    reason: str


_proofs: dict[tuple[type[Algorithm], int], SymmetryProof] = {}


def prove_mirror_symmetry(algorithm: type[Algorithm], n: int) -> SymmetryProof:
    """Prove that swapping the two ports everywhere maps ``algorithm`` at ring size n to itself.

    Remembered per (class, n), on disk too (models/reading/derived_cache.py): a subclass is a different
    class and is proved afresh."""
    key = (algorithm, n)
    if key not in _proofs:
        def derive():
            from .mirror_proof import prove  # z3 is loaded only when a declaration is to be proved

            return SymmetryProof(*prove(algorithm, n))

        _proofs[key] = derived_cache.remembered(algorithm, n, ("mirror symmetry",), derive)
    return _proofs[key]


def first_reading_problem(algorithm: type[Algorithm], n: int) -> str | None:
    """The first symbolic reading that disagrees with the concrete semantics (or is refused), in
    one line, or None when every reading is faithful (checker/trust/readings.py)."""
    from .remembered import reading_report

    problems = reading_report(algorithm, n).problems
    return problems[0] if problems else None


def established_symmetry(algorithm: type[Algorithm], topology: Topology, requested: str = REFLECTION,
                         n: int | None = None,
                         reading_problem: Callable[[type[Algorithm], int], str | None] = first_reading_problem,
                         ) -> tuple[str, str | None]:
    """The strongest symmetry that is requested and sound for ``algorithm`` on ``topology`` at n,
    and one line for the run's notes when a declared symmetry is dropped.

    Rotation is sound on every ring, and so is reflection on a ring with port labellings (the
    mirror image of a labelled ring is the same ring, checker/explore/arrangements.py). A
    declared ``mirror_symmetric`` adds reflection on the bidirectional ring, or "every
    labelling alike" on the unoriented one, only if the readings are faithful (``reading_problem``
    returns None) and ``prove_mirror_symmetry`` proves it.
    """
    n = topology.n if n is None else n
    if requested == NONE or not topology.rotation_symmetric:
        return NONE, None
    if requested != REFLECTION or not topology.mirror_symmetric:
        return ROTATION, None
    weaker = REFLECTION if topology.port_labellings else ROTATION
    if not getattr(algorithm, "mirror_symmetric", False):
        return weaker, None
    problem = reading_problem(algorithm, n)
    if problem is None:
        proof = prove_mirror_symmetry(algorithm, n)
        if proof.proved:
            return (LABELLING if topology.port_labellings else REFLECTION), None
        problem = f"its mirror image differs: {proof.reason}"
    else:
        problem = f"its symbolic reading, on which the proof of it rests, is not faithful: {problem}"
    fallback = ("every port labelling is checked (arrangements up to rotation and reflection)"
                if topology.port_labellings else "arrangements are taken up to rotation only")
    return weaker, f"{algorithm.__name__} declares mirror_symmetric, but {problem}; {fallback}"
