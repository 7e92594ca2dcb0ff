"""Proofs on a ring whose port labelling is the adversary's: one labelling at a time.

On seed 004's unoriented ring which neighbour each process's LEFT and RIGHT lead to is the
adversary's choice (``port_labellings``). The symbolic ring of a fixed-n proof reads one
labelling, so ``prove`` refuses such a ring (it would prove one labelling of 2^n). Here each
labelling is fixed as a ring of its own (``at_labelling``: a topology without
``port_labellings`` or rotations, that labelling at size n and none swapped at other sizes, where
the readings' contexts come from), and the algorithm on it goes to the unchanged prover,
faithfulness and vacuity checks included. ``check ALGO --n N --prove`` proves every one of the
2^n labellings this way, or, where the algorithm's mirror symmetry is proved for the class loaded
and the invariant reads alike, derives a labelling's proof from the unswapped one's
(checker/prove/labelling_symmetry.py): no symmetry between labellings is assumed, only one
proved; within each labelling, one proof covers every arrangement of the ids, as always.
"""
from __future__ import annotations

import itertools


def labellings(n: int) -> list[tuple[bool, ...]]:
    """Every labelling of a ring of n: per process, whether its ports are swapped (its RIGHT
    leads anticlockwise), process 0 first."""
    return list(itertools.product((False, True), repeat=n))


def tag(swapped) -> str:
    """A labelling as one digit per process: 1 where its ports are swapped."""
    return "".join("1" if s else "0" for s in swapped)


def at_labelling(algorithm, swapped):
    """``algorithm`` (on the unoriented ring) with its ports labelled as ``swapped`` says, as a ring
    of its own: every mode then reads that one labelling, --prove included. A rotation or a
    reflection moves the labelling to other processes, so the ring declares neither symmetry."""
    from models.topology.ring import UnorientedRing

    if not issubclass(algorithm.topology, UnorientedRing):
        raise ValueError(f"{algorithm.name} runs on a {algorithm.topology.kind}, not on an unoriented ring")
    swapped = tuple(bool(s) for s in swapped)

    class Labelled(algorithm.topology):
        port_labellings = False
        rotation_symmetric = mirror_symmetric = False

        def __init__(self, n, ignored=None):
            super().__init__(n, swapped if n == len(swapped) else None)

    class AtLabelling(algorithm, name=f"{algorithm.name}-labelled-{tag(swapped)}"):
        topology = Labelled

    return AtLabelling


def classes(n: int) -> list[tuple[bool, ...]]:
    """One labelling of each class of the same labelled ring read from another process or the
    other way round (checker/explore/arrangements.py): a rotation moves the labels with the
    processes, and reading the ring anticlockwise reverses the positions and toggles every label.
    Each is the lexicographically least of its class (``labellings`` order: none swapped first).
    A statement that reads positions only through path_from and comparisons of positions (an
    invariant that declares ``symmetric``) has the same value on every member of a class."""
    def rotations(swapped):
        return [swapped[k:] + swapped[:k] for k in range(n)]

    representatives = []
    for swapped in labellings(n):
        mirrored = tuple(not swapped[-i % n] for i in range(n))
        if swapped == min(rotations(swapped) + rotations(mirrored)):
            representatives.append(swapped)
    return representatives
