"""Check an algorithm's ``mirror_symmetric`` declaration by exploring mirror images.

Quotienting by reflection is sound only if an arrangement and its mirror image have
isomorphic state graphs. This explores both, unreduced, and compares what an isomorphism
preserves: states, transitions, terminal states, depth, message min/max and each property's
outcome. A declaration that fails here must not be used.
"""
from __future__ import annotations

from models import AsyncSystem
from models.systems.interned import InternedSystem
from specs import election_spec

from .arrangements import arrangements, labelled_arrangements, mirror
from .explorer import Explorer


def _fingerprint(algorithm, ids, swapped=None):
    system = InternedSystem(AsyncSystem(algorithm, ids, swapped))
    exploration = Explorer(system, election_spec(algorithm), stop_at_first=False).run()
    return (
        exploration.states, exploration.transitions, exploration.terminal_states, exploration.depth,
        exploration.messages_min, exploration.messages_max, exploration.holds,
    )


def mirror_mismatches(algorithm, n: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The (arrangement, mirror image) pairs whose state graphs differ; empty if none do."""
    mismatches = []
    for arrangement in arrangements(n):
        image = mirror(arrangement.ids)
        if image > arrangement.ids and _fingerprint(algorithm, arrangement.ids) != _fingerprint(algorithm, image):
            mismatches.append((arrangement.ids, image))
    return mismatches


def labelling_mismatches(algorithm, n: int, ids: tuple[int, ...] | None = None) -> list[tuple[bool, ...]]:
    """On a ring with port labellings: the labellings of ``ids`` (default 1..n) whose state graph
    differs from the one with no port swapped; empty if every labelling is alike, as an
    algorithm that declares ``mirror_symmetric`` there claims."""
    ids = tuple(ids or range(1, n + 1))
    plain = _fingerprint(algorithm, ids, (False,) * n)
    return [a.swapped for a in labelled_arrangements(n, ids=ids) if _fingerprint(algorithm, ids, a.swapped) != plain]
