"""Reflection symmetry: declarations are checked, and quotienting keeps every result."""
import pytest

from algorithms import BUILTIN, builtin
from algorithms.hs import HirschbergSinclair, Terminate
from checker import check
from checker.explore.arrangements import arrangements, mirror
from checker.explore.symmetry import mirror_mismatches
from models import CCW, FALSE, NIL, TRUE, And, receive
from algorithms.hs import Probe


class OneWayTerminate(HirschbergSinclair, name="hs-one-way-terminate"):
    """The literal reading of seed 001's line 11: terminate always leaves on CCW. Not mirror-symmetric."""

    @receive(Probe, when=lambda p, m, port: And(m.id == p.id, p.leader == NIL))
    def win(p, m, port):
        p.send(CCW, Terminate())
        p.leader = TRUE

    @receive(Terminate, when=lambda p, m, port: p.leader == NIL)
    def resign(p, m, port):
        p.send(CCW, Terminate())
        p.leader = FALSE


def test_arrangement_counts():
    assert [len(arrangements(n, s)) for n, s in [(5, "none"), (5, "rotation"), (5, "reflection"), (2, "reflection")]] == [120, 24, 12, 1]
    assert sum(a.represents for a in arrangements(5, "reflection")) == 120
    assert all(a.ids[1] < a.ids[-1] for a in arrangements(5, "reflection"))
    assert mirror((1, 2, 3, 4)) == (1, 4, 3, 2)


# On a non-oriented ring the declaration means "every port labelling alike": tests/explore/test_labellings.py.
# hs-lecture's graphs at n = 4 are hs's (the same sizes, ids in reverse order), 50 s more for no new case.
MIRRORED = [name for name in sorted(BUILTIN)
            if builtin(name).mirror_symmetric and not builtin(name).topology.port_labellings]


# hs at n = 4 compares 12 graphs of 50,000+ states in Python (several seconds): under the slow marker
@pytest.mark.parametrize("name,n", [pytest.param(name, n, marks=pytest.mark.slow) if (name, n) == ("hs", 4) else (name, n)
                                    for name in MIRRORED for n in (3, 4) if (name, n) != ("hs-lecture", 4)])
def test_mirror_symmetric_declarations_hold(name, n):
    assert mirror_mismatches(builtin(name), n) == []


def test_a_false_declaration_is_caught():
    assert mirror_mismatches(OneWayTerminate, 3) == [((1, 2, 3), (1, 3, 2))]


@pytest.mark.parametrize("por", [False, True])
def test_reflection_keeps_verdict_and_messages(por):
    by_symmetry = {s: check(builtin("hs"), 4, symmetry=s, por=por) for s in ("reflection", "rotation", "none")}
    for result in by_symmetry.values():
        assert result.verdict == "verified" and (result.messages_min, result.messages_max) == (32, 36)
        assert result.arrangements_represented == 24
    assert [by_symmetry[s].arrangements_checked for s in ("reflection", "rotation", "none")] == [3, 6, 24]
    if not por:
        # 404,176 per rotation class set: the original design's reference (test_hs_n4_reference.py)
        assert by_symmetry["rotation"].states * 4 == by_symmetry["none"].states == 1_616_704
        assert by_symmetry["reflection"].states * 2 == by_symmetry["rotation"].states


def test_algorithms_that_do_not_declare_it_get_rotation_only():
    result = check(builtin("lcr"), 4)
    assert (result.arrangements_checked, result.symmetry) == (6, "rotation")
