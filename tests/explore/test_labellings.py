"""Port labellings on the non-oriented ring (seed 004): the topology, the arrangements that
stand for every labelling, and the two quotients (reflection, always sound there; every
labelling alike, for algorithms that declare their ports alike), each checked by exploring.
"""
import json
from itertools import permutations, product
from math import factorial

import pytest

from algorithms import builtin
from algorithms.hs_unoriented import HirschbergSinclairUnoriented, Ok
from checker import check
from checker.explore.arrangements import labelled_arrangements, mirror
from checker.cli import main
from checker.explore.symmetry import _fingerprint, labelling_mismatches
from models import LEFT, RIGHT, UnorientedRing, receive


class OkOnlyFromLeft(HirschbergSinclairUnoriented, name="hs-unoriented-ok-only-from-left"):
    """Passes someone else's {ok} on only when it arrives on LEFT, and always on RIGHT: right on
    some labellings (those where every {ok} that must be passed arrives on LEFT), wrong on others."""

    mirror_symmetric = False

    @receive(Ok, when=lambda p, m, port: m.id != p.id, ports=(LEFT,))
    def forward_ok(p, m, port):
        p.send(RIGHT, m)


def _dihedral_images(ids, swapped):
    n = len(ids)
    for flip in (False, True):
        a, s = (mirror(ids), tuple(not x for x in mirror(swapped))) if flip else (ids, swapped)
        for r in range(n):
            yield a[r:] + a[:r], s[r:] + s[:r]


def test_every_port_leads_to_the_neighbour_whose_port_leads_back():
    for swapped in product((False, True), repeat=4):
        ring = UnorientedRing(4, swapped)
        assert len(ring.channels) == 8
        for c in ring.channels:
            back = ring.channels[ring.out_channel(c.receiver, c.in_port)]
            assert (back.receiver, back.in_port) == (c.sender, c.out_port)
    plain = UnorientedRing(3)
    assert [(c.sender, c.out_port, c.receiver) for c in plain.channels][:2] == [(0, RIGHT, 1), (0, LEFT, 2)]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("symmetry", ["none", "rotation", "reflection"])
def test_labelled_arrangements_are_one_per_class_and_stand_for_all(n, symmetry):
    plan = labelled_arrangements(n, symmetry)
    everything = {(ids, s) for ids in permutations(range(1, n + 1)) for s in product((False, True), repeat=n)}
    assert sum(a.represents for a in plan) == len(everything) == factorial(n) * 2 ** n
    if symmetry == "reflection":  # brute force: the orbits under rotations and reflection
        orbits = {frozenset(_dihedral_images(ids, s)) for ids, s in everything}
        assert len(plan) == len(orbits)
        assert all(len(next(o for o in orbits if (a.ids, a.swapped) in o)) == a.represents for a in plan)


def test_labellings_matter_for_an_algorithm_that_names_a_port():
    assert labelling_mismatches(HirschbergSinclairUnoriented, 3) == []
    assert len(labelling_mismatches(OkOnlyFromLeft, 3)) >= 4
    passes = check(OkOnlyFromLeft, 3, ids=(1, 2, 3), jobs=1)
    assert passes.verdict == "violated" and passes.arrangements_checked <= 8
    # on the labelling where every {ok} to pass on arrives on LEFT it is verified: a checker that
    # tried that orientation alone would have called it correct
    one = [a for a in labelled_arrangements(3, ids=(1, 2, 3)) if a.swapped == (True, False, False)]
    assert one and _fingerprint(OkOnlyFromLeft, (1, 2, 3), (True, False, False))[-1]["election"] is True


def test_reflection_is_sound_without_a_declaration():
    """Reading the ring the other way round is the same labelled ring: equal state graphs,
    for an algorithm whose labellings differ."""
    for a in labelled_arrangements(3, "reflection")[:4]:
        image = (mirror(a.ids), tuple(not x for x in mirror(a.swapped)))
        assert _fingerprint(OkOnlyFromLeft, a.ids, a.swapped) == _fingerprint(OkOnlyFromLeft, *image)
    result = check(OkOnlyFromLeft, 3, jobs=1)
    assert result.symmetry == "reflection" and result.verdict == "violated"
    assert result.counterexample.swapped  # the labelling is reported with the trace


@pytest.mark.parametrize("symmetry,checked", [("reflection", 1), ("rotation", 4), ("none", 8)])
def test_every_quotient_gives_the_same_result(capsys, symmetry, checked):
    argv = ["hs-unoriented", "--n", "2", "--json", "--jobs", "1"]
    status = main(argv + (["--symmetry", symmetry] if symmetry != "reflection" else []))
    result = json.loads(capsys.readouterr().out)
    assert status == 0 and result["verdict"] == "verified"
    assert result["arrangements"] == {"checked": checked, "represented": 8}
    assert result["symmetry"] == ("labelling" if symmetry == "reflection" else symmetry)
    assert result["messages"] == {"min": 12, "max": 12}
    assert all(len(a["swapped"]) == 2 for a in result["per_arrangement"])


def test_one_labelling_of_n3_is_pinned_and_reduction_agrees():
    from checker.explore.explorer import Explorer
    from models import AsyncSystem
    from models.systems.interned import InternedSystem
    from specs import election_spec

    algorithm = builtin("hs-unoriented")
    figures = []
    for por in (False, True):
        system = InternedSystem(AsyncSystem(algorithm, (1, 3, 2), (False, True, False)))
        e = Explorer(system, election_spec(algorithm), por=por, stop_at_first=False).run()
        figures.append((e.messages_min, e.messages_max, all(e.holds.values())))
        if not por:
            # our own earlier run; the same for every labelling: 89,856 for all 8 (check --ids 1,3,2 --no-por)
            assert e.states == 11_232
    assert figures[0] == figures[1] == (26, 26, True)
