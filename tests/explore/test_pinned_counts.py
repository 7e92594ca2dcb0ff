"""Pinned figures per (algorithm, n), in the manner of the TLA+ Examples' manifests.

These are full state graphs (no partial-order reduction), the figures other tools can be
compared with. Where each comes from:
  * hs: 4,688 states for ids 1,2,3 and for 1,3,2 (so 9,376 for n = 3), 51,140 for 1,2,3,4 and
    404,176 for all of n = 4 are the original design's reference, from an implementation
    independent of this one; SPIN agrees (docs/benchmarks.md, bench/spin_vs_ringleader.py:
    its full count equals ours, + 1 for the state before init chooses an arrangement), and
    tests/bench/test_bench_spin.py runs pan on 1,2,3 when SPIN is installed;
  * lcr and cr, states at n = 3..5: SPIN's full counts in docs/benchmarks.md (174 + 1, 2,654 + 1,
    55,896 + 1; 141 + 1, 1,579 + 1, 23,534 + 1);
  * everything else (n = 1 and 2, transitions, depth, messages, and every figure of PINNED_ONE
    but hs-lecture's 4,688 states): our own earlier run, `check ALGO --n N --no-por --symmetry
    rotation --json` (or `--ids IDS`), pinned against accidental change of the semantics, not
    confirmed by another tool.
"""
import pytest

from algorithms import builtin
from checker import check

# algorithm, n: arrangements checked, represented, states, transitions, depth, messages min, max
PINNED = {
    ("lcr", 1): (1, 1, 4, 3, 3, 2, 2),
    ("lcr", 2): (1, 2, 18, 23, 7, 4, 5),
    ("lcr", 3): (2, 6, 174, 321, 12, 6, 9),
    ("lcr", 4): (6, 24, 2654, 6434, 18, 8, 14),
    ("lcr", 5): (24, 120, 55896, 167912, 25, 10, 20),
    ("cr", 1): (1, 1, 4, 3, 3, 2, 2),
    ("cr", 2): (1, 2, 18, 19, 7, 4, 5),
    ("cr", 3): (2, 6, 141, 190, 12, 6, 9),
    ("cr", 4): (6, 24, 1579, 2689, 18, 8, 14),
    ("cr", 5): (24, 120, 23534, 49833, 25, 10, 20),
    ("hs", 1): (1, 1, 9, 11, 4, 3, 3),
    ("hs", 2): (1, 2, 198, 429, 14, 12, 12),
    ("hs", 3): (2, 6, 9376, 28586, 29, 26, 26),
}


@pytest.mark.parametrize("engine", ["native", "interned"])
@pytest.mark.parametrize("name,n", sorted(PINNED))
def test_pinned_figures(name, n, engine):
    result = check(builtin(name), n, por=False, symmetry="rotation", engine=engine)
    assert result.verdict == "verified", result.summary()
    figures = (
        result.arrangements_checked, result.arrangements_represented, result.states, result.transitions,
        result.depth, result.messages_min, result.messages_max,
    )
    assert figures == PINNED[(name, n)]


# One arrangement each, full graph: arrangements checked (on the non-oriented ring, every port
# labelling of the ids), states, transitions, depth, messages min, max. Our own earlier run,
# `check NAME --ids IDS --no-por --json`, except hs-lecture's 4,688 states (hs's reference).
PINNED_ONE = {
    ("franklin", (1,)): (1, 6, 6, 4, 2, 2),
    ("franklin", (1, 2)): (1, 55, 104, 13, 8, 8),
    ("franklin", (1, 3, 2)): (1, 275, 767, 19, 12, 12),
    ("franklin", (2, 4, 1, 3)): (1, 2367, 8664, 35, 24, 24),
    ("peterson", (1,)): (1, 3, 2, 2, 1, 1),
    ("peterson", (1, 2)): (1, 12, 16, 7, 6, 6),
    ("peterson", (1, 3, 2)): (1, 32, 62, 10, 9, 9),
    ("peterson", (2, 4, 1, 3)): (1, 115, 276, 21, 20, 20),
    ("lelann", (1,)): (1, 3, 2, 2, 1, 1),
    ("lelann", (1, 2)): (1, 14, 16, 6, 2, 4),
    ("lelann", (1, 3, 2)): (1, 77, 123, 12, 3, 9),
    ("lelann", (2, 4, 1, 3)): (1, 452, 920, 20, 4, 16),
    ("hs-lecture", (1,)): (1, 9, 11, 4, 3, 3),
    ("hs-lecture", (1, 2)): (1, 198, 429, 14, 12, 12),
    ("hs-lecture", (1, 3, 2)): (1, 4688, 14293, 29, 26, 26),  # hs's 4,688 (the design's reference), ids read the other way
    ("hs-unoriented", (1,)): (2, 10, 10, 3, 2, 2),
    ("hs-unoriented", (1, 2)): (4, 1000, 2256, 14, 12, 12),  # 4 labellings of 250 states each
}


@pytest.mark.parametrize("name,ids", sorted(PINNED_ONE))
def test_pinned_figures_of_one_arrangement(name, ids):
    result = check(builtin(name), len(ids), ids=ids, por=False, jobs=1)
    assert result.verdict == "verified", result.summary()
    figures = (result.arrangements_checked, result.states, result.transitions, result.depth,
               result.messages_min, result.messages_max)
    assert figures == PINNED_ONE[(name, ids)]


@pytest.mark.parametrize("ids,states", [((1, 2, 3), 4688), ((1, 3, 2), 4688), ((1, 2, 3, 4), 51140)])
def test_hs_matches_design_reference_counts(ids, states):
    """The original design's independent reference, which SPIN's full search also gives."""
    result = check(builtin("hs"), len(ids), ids=ids, por=False)
    assert result.states == states
    assert result.verdict == "verified"


def test_hs_every_execution_sends_26_messages_at_n3():
    result = check(builtin("hs"), 3, symmetry="none")
    assert (result.messages_min, result.messages_max) == (26, 26)


def test_chang_roberts_worst_case_is_the_texts():
    """n(n+1)/2 + n: seed 002's worst case n(n+1)/2, plus the announcement round."""
    for n in range(1, 6):
        result = check(builtin("cr"), n)
        assert result.messages_max == n * (n + 1) // 2 + n
