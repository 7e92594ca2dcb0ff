"""Which id arrangements stand for all of them.

On a rotation-symmetric topology (every ring) the arrangements that differ by a rotation have
isomorphic state graphs, so one representative per rotation class is checked: the
permutations of 1..n that start with id 1. Each stands for n arrangements.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations


@dataclass(frozen=True)
class Arrangement:
    ids: tuple[int, ...]
    represents: int


def arrangements(topology, n: int) -> list[Arrangement]:
    """Representatives of every assignment of the ids 1..n to positions, in lexicographic order."""
    if topology.rotation_symmetric and n > 1:
        return [Arrangement((1, *rest), n) for rest in permutations(range(2, n + 1))]
    return [Arrangement(p, 1) for p in permutations(range(1, n + 1))]
