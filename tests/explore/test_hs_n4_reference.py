"""The original design's headline figure: all six arrangements of HS at n = 4 hold 404,176 states.

A few seconds with the interned engine; kept because it is the figure an independent
implementation gave, and SPIN's full search gives it too (404,176 + 1, the + 1 being the state
before init chooses an arrangement: docs/benchmarks.md, bench/spin_vs_ringleader.py). The
messages (32 to 36) are our own earlier run.
"""
from algorithms import builtin
from checker import check


def test_hs_n4_all_arrangements():
    result = check(builtin("hs"), 4, por=False, symmetry="rotation")
    assert result.verdict == "verified"
    assert (result.arrangements_checked, result.arrangements_represented) == (6, 24)
    assert result.states == 404_176
    assert (result.messages_min, result.messages_max) == (32, 36)
    per_arrangement = {a.ids: a.states for a in result.per_arrangement}
    assert per_arrangement[(1, 2, 3, 4)] == 51_140
