"""Which id arrangements stand for all of them.

On a rotation-symmetric topology (every ring) the arrangements that differ by a rotation have
isomorphic state graphs, so one representative per rotation class is checked: the
permutations of 1..n that start with id 1. Each stands for n arrangements.

An algorithm that declares ``mirror_symmetric = True`` on a bidirectional ring behaves the
same when the ring is read the other way round (positions reversed, CW and CCW swapped), so a
representative also stands for its mirror image: of (1, a, ..., b) and its mirror
(1, b, ..., a) only the one with a < b is checked, standing for 2n arrangements (n >= 3).
``tests/test_symmetry.py`` checks each declaration by exploring mirror images.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

ROTATION, REFLECTION, NONE = "rotation", "reflection", "none"


@dataclass(frozen=True)
class Arrangement:
    ids: tuple[int, ...]
    represents: int


def symmetry_of(algorithm, topology, requested: str = REFLECTION) -> str:
    """The strongest symmetry that is both requested and sound for this algorithm and topology."""
    if requested == NONE or not topology.rotation_symmetric:
        return NONE
    if requested == REFLECTION and getattr(algorithm, "mirror_symmetric", False) and topology.mirror_symmetric:
        return REFLECTION
    return ROTATION


def arrangements(n: int, symmetry: str = ROTATION) -> list[Arrangement]:
    """Representatives of every assignment of the ids 1..n to positions, in lexicographic order."""
    if symmetry == NONE or n == 1:
        return [Arrangement(p, 1) for p in permutations(range(1, n + 1))]
    rotations = [Arrangement((1, *rest), n) for rest in permutations(range(2, n + 1))]
    if symmetry == ROTATION or n < 3:
        return rotations
    return [Arrangement(a.ids, 2 * n) for a in rotations if a.ids[1] < a.ids[-1]]


def mirror(ids: tuple[int, ...]) -> tuple[int, ...]:
    """The same ring read anticlockwise from position 0."""
    return (ids[0], *reversed(ids[1:]))


def describe(symmetry: str) -> str:
    return {
        NONE: "every arrangement",
        ROTATION: "one per rotation class",
        REFLECTION: "one per rotation and reflection class",
    }[symmetry]
