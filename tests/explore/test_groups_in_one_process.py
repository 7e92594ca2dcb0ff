"""One process (--jobs 1) probes and groups arrangements as the workers do
(checker/explore/workers.py, ``Workers._probed_here``), so that a group's later arrangements
may be derived from its first: the results keep the plan order, and a run that stops early
explores no group past the one it stopped in."""
from __future__ import annotations

import pytest

from checker.explore.workers import Workers

# a probe of each arrangement: finished (0 and 2), alone (6: the figures None), or figures
# shared by two (a pair's second member comes late in the plan)
PROBES = {0: (True, "probed 0"), 1: (False, "a"), 2: (True, "probed 2"), 3: (False, "b"), 4: (False, "c"),
          5: (False, "d"), 6: (False, None), 7: (False, "e"), 8: (False, "a"), 9: (False, "b"), 10: (False, "c"),
          11: (False, "d"), 12: (False, "e"), 13: (False, None)}


class _Recorder:
    """explore(arrangement, leads=..., like=...) that notes each call, in order."""

    def __init__(self):
        self.calls: list[tuple] = []

    def __call__(self, arrangement, **alike):
        self.calls.append((arrangement, alike))
        return "explored", arrangement

    def explored(self) -> list:
        return [arrangement for arrangement, _ in self.calls]


def _never(arrangement, **alike):
    raise AssertionError("one process explores through explore_here, never the workers' function")


def test_one_process_groups_alike_arrangements_in_a_row_and_keeps_the_plan_order():
    explore, told = _Recorder(), []
    with Workers(list(range(14)), 1, _never, explore, known={13: "recorded 13"}, probe=PROBES.__getitem__,
                 finished=lambda index, result: told.append(index)) as workers:
        results = list(workers)
    assert results[0] == "probed 0" and results[2] == "probed 2" and results[13] == "recorded 13"
    assert all(results[k] == ("explored", k) for k in (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12))
    # each pair back to back, the first leading and the second like it; groups in the order of their first
    assert explore.explored() == [1, 8, 3, 9, 4, 10, 5, 11, 6, 7, 12]
    assert explore.calls[0] == (1, {"leads": True}) and explore.calls[1] == (8, {"like": 1})
    assert explore.calls[8] == (6, {})  # alone: neither leads nor is like another
    assert sorted(told) == list(range(13)) and told[:2] == [0, 2]  # every result told once, probes first


def test_a_run_that_stops_early_explores_no_later_group():
    """The consumer stops after arrangement 3 (a violation, say): the pairs of 4 and 5 are
    never explored, though every arrangement was probed."""
    explore, probed = _Recorder(), []

    def probe(arrangement):
        probed.append(arrangement)
        return PROBES[arrangement]

    with Workers(list(range(13)), 1, _never, explore, probe=probe) as workers:
        for index, _ in enumerate(workers):
            if index == 3:
                break
    assert probed == list(range(13))
    assert explore.explored() == [1, 8, 3, 9]


def test_a_single_arrangement_is_not_probed():
    explore = _Recorder()
    with Workers([0], 1, _never, explore, probe=_never) as workers:
        assert list(workers) == [("explored", 0)]


def test_the_progress_display_and_the_checkpoint_count_each_arrangement_once(monkeypatch, tmp_path):
    """Probes of 100 states group hs at n = 4: each arrangement is counted (and recorded) when
    it is explored, a recorded one when a resumed run takes it from the checkpoint."""
    import checker.explore.run as run
    from algorithms import builtin
    from checker import check
    from checker.explore.progress import Progress

    counted = []
    monkeypatch.setattr(Progress, "arrangement_done", lambda self, states: counted.append(states))
    monkeypatch.setattr(run, "PROBE_STATES", 100)
    path = str(tmp_path / "hs4.checkpoint")
    first = check(builtin("hs"), 4, jobs=1, checkpoint=path)
    assert len(counted) == len(first.per_arrangement) and sum(counted) == first.states
    counted.clear()
    again = check(builtin("hs"), 4, jobs=1, checkpoint=path)
    assert again.states == first.states and sum(counted) == first.states and len(counted) == len(first.per_arrangement)


def test_an_arrangement_whose_code_raises_raises_in_its_turn():
    """A probe that raises (an error in the algorithm's code) leaves the arrangement to be
    explored alone; the error comes when the plan reaches it, after the results before it."""
    def probe(arrangement):
        if arrangement == 2:
            raise ValueError("the algorithm failed on 2")
        return False, "alike"

    def explore(arrangement, **alike):
        if arrangement == 2:
            raise ValueError("the algorithm failed on 2")
        return "explored", arrangement

    got = []
    with Workers([0, 1, 2, 3], 1, _never, explore, probe=probe) as workers:
        with pytest.raises(ValueError, match="failed on 2"):
            for result in workers:
                got.append(result)
    assert got == [("explored", 0), ("explored", 1)]
