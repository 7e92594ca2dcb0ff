"""Which id arrangements stand for all of them.

On a rotation-symmetric topology (every ring) the arrangements that differ by a rotation have
isomorphic state graphs, so one representative per rotation class is checked: the
permutations of 1..n that start with id 1. Each stands for n arrangements.

An algorithm whose mirror image is itself (it declares ``mirror_symmetric = True``, and
checker/trust/symmetry.py proves it for the class loaded, at this n) behaves the same on a
bidirectional ring read the other way round (positions reversed, CW and CCW swapped), so a
representative also stands for its mirror image: of (1, a, ..., b) and its mirror
(1, b, ..., a) only the one with a < b is checked, standing for 2n arrangements (n >= 3).
A declaration that is not proved is dropped with a note (rotation only).
``tests/explore/test_symmetry.py`` also checks the built-ins' declarations by exploring mirror images.

On a topology with ``port_labellings`` (the unoriented ring of seed 004) an arrangement is
also a labelling of each process's two ports, ``swapped``, because the adversary picks it: n!
id arrangements times 2^n labellings. A rotation moves ids and labels together; reading the
ring the other way round maps (ids, swapped) to (mirror(ids), mirror(swapped) with every
entry toggled), which is the same labelled ring, so that quotient is sound for every
algorithm. Each class then has exactly 2n members (n >= 1: no reflection fixes a labelling,
since it toggles the label of the process it fixes).

An algorithm that declares ``mirror_symmetric`` says that its commands treat its two ports
alike (swapping the names LEFT and RIGHT in every command gives the same commands), and
checker/trust/symmetry.py proves it for the class loaded. A command sees only its own process,
so the names can then be swapped at any one process: every labelling of a given id
arrangement has an isomorphic state graph, and one labelling stands for all 2^n (symmetry
``labelling``). Unproved, the declaration is dropped with a note and every labelling is
checked. ``tests/explore/test_labellings.py`` also checks the built-in's declaration by
exploring every labelling, and ``--symmetry rotation|none`` drops this quotient.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations, product

from ..trust.symmetry import LABELLING, NONE, REFLECTION, ROTATION, established_symmetry
AUTOMORPHISMS = "automorphisms"  # a network's arrangements, one labelling standing for all (networks.py)
AUTOMORPHISMS_LABELLED = "automorphisms, every labelling"  # ... when the algorithm (or its synchronizer) reads port numbers
ANONYMOUS = "anonymous"  # processes without ids: one arrangement is every arrangement


@dataclass(frozen=True)
class Arrangement:
    ids: tuple[int, ...]
    represents: int
    swapped: tuple[bool, ...] = ()  # the port labelling, on a topology with port_labellings
    topology: object = None  # the graph and its labelling, on a network (checker/explore/networks.py)
    numbered: bool = False  # on a network: may the algorithm read port numbers (every labelling is planned)


def with_values(plan: list[Arrangement], values: tuple[int, ...]) -> list[Arrangement]:
    """The arrangements of ranks 1..n in ``plan`` with the rank-k id replaced by the k-th smallest
    of ``values``: rotations and reflections do not look at the values, only at their order."""
    ordered = sorted(values)
    return [Arrangement(tuple(ordered[rank - 1] for rank in a.ids), a.represents, a.swapped) for a in plan]


def symmetry_of(algorithm, topology, requested: str = REFLECTION) -> tuple[str, str | None]:
    """The strongest symmetry that is both requested and sound for this algorithm on this
    topology (of n processes), and one line for the run's notes if a declared symmetry could
    not be proved for the class loaded (checker/trust/symmetry.py decides both)."""
    return established_symmetry(algorithm, topology, requested, topology.n)


def arrangements(n: int, symmetry: str = ROTATION) -> list[Arrangement]:
    """Representatives of every assignment of the ids 1..n to positions, in lexicographic order."""
    return list(each_arrangement(n, symmetry))


def each_arrangement(n: int, symmetry: str = ROTATION):
    """``arrangements`` one at a time (a planning step shows its progress as they come)."""
    if symmetry == NONE or n == 1:
        yield from (Arrangement(p, 1) for p in permutations(range(1, n + 1)))
    elif symmetry == ROTATION or n < 3:
        yield from (Arrangement((1, *rest), n) for rest in permutations(range(2, n + 1)))
    else:
        yield from (Arrangement((1, *rest), 2 * n) for rest in permutations(range(2, n + 1)) if rest[0] < rest[-1])


def labelled_arrangements(n: int, symmetry: str = ROTATION, ids: tuple[int, ...] | None = None) -> list[Arrangement]:
    """Representatives of every (ids, port labelling) pair, or of every labelling of ``ids``."""
    return list(each_labelled_arrangement(n, symmetry, ids))


def each_labelled_arrangement(n: int, symmetry: str = ROTATION, ids: tuple[int, ...] | None = None):
    """``labelled_arrangements`` one at a time."""
    labellings = list(product((False, True), repeat=n))
    if ids is not None:
        yield from (Arrangement(tuple(ids), 1, swapped) for swapped in labellings)
        return
    if symmetry == LABELLING:
        yield from (Arrangement(a.ids, a.represents * 2 ** n, (False,) * n) for a in each_arrangement(n, REFLECTION))
        return
    for a in each_arrangement(n, NONE if symmetry == NONE else ROTATION):
        for swapped in labellings:
            if symmetry == REFLECTION:
                image = (mirror(a.ids), tuple(not s for s in mirror(swapped)))
                if image < (a.ids, swapped):
                    continue  # its mirror image stands for it
                yield Arrangement(a.ids, 2 * n, swapped)
            else:
                yield Arrangement(a.ids, a.represents, swapped)


def count_planned(n: int, symmetry: str, port_labellings: bool) -> int:
    """How many arrangements ``arrangements``/``labelled_arrangements`` would return, without listing them."""
    from math import factorial

    ids = factorial(n) if symmetry == NONE else factorial(n - 1)
    if symmetry == LABELLING or symmetry == REFLECTION and not port_labellings:
        return ids // 2 if n >= 3 else ids
    if not port_labellings:
        return ids
    return ids * 2 ** n if symmetry != REFLECTION else ids * 2 ** n // 2


def mirror(ids: tuple[int, ...]) -> tuple[int, ...]:
    """The same ring read anticlockwise from position 0."""
    return (ids[0], *reversed(ids[1:]))


def describe(symmetry: str) -> str:
    return {
        NONE: "every arrangement",
        ROTATION: "one per rotation class",
        REFLECTION: "one per rotation and reflection class",
        LABELLING: "one per rotation and reflection class, every port labelling alike",
        AUTOMORPHISMS: "one per class under the graph's automorphisms, one port labelling standing for all",
        AUTOMORPHISMS_LABELLED: "one per class under the graph's automorphisms, every port labelling "
                                "(port numbers are read)",
        ANONYMOUS: "one for all: the processes are anonymous, no command reads an id",
    }[symmetry]
