"""The workers' schedule: probes first, then arrangements with the same probe figures in one
worker, one after the other (checker/explore/workers.py). Only the order of work changes:
results come in plan order and equal a run in one process."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

import checker.explore.run as run
from algorithms import builtin
from checker import check
from checker.explore.workers import Workers

from conftest import MUTANTS, in_a_fresh_process

# a probe of each arrangement: finished (0 and 2), alone (6: the figures None), or figures
# shared by two (a pair's second member comes late in the plan)
PROBES = {0: (True, "probed 0"), 1: (False, "a"), 2: (True, "probed 2"), 3: (False, "b"), 4: (False, "c"),
          5: (False, "d"), 6: (False, None), 7: (False, "e"), 8: (False, "a"), 9: (False, "b"), 10: (False, "c"),
          11: (False, "d"), 12: (False, "e"), 13: (False, None)}
_last = None  # the arrangement this process explored last


def _explore(arrangement, **alike):
    global _last
    before, _last = _last, arrangement
    return arrangement, os.getpid(), before


def _probe(arrangement):
    return PROBES[arrangement]


def _alike_in_two_workers():
    """(the results, this process's pid) of two workers (which inherit _explore and _probe),
    run by in_a_fresh_process: a pool forked from the threaded pytest-xdist worker may deadlock."""
    with Workers(list(range(14)), 2, _explore, _explore, known={13: "recorded 13"}, probe=_probe) as workers:
        return list(workers), os.getpid()


def _fails_on_two(arrangement, **alike):
    if arrangement == 2:
        raise ValueError("the algorithm failed on 2")
    if arrangement == 0:
        time.sleep(0.5)  # the failure is met first, and must wait for its turn
    return "explored", arrangement


def _probe_fails_on_two(arrangement):
    return _fails_on_two(arrangement) and (False, "alike")


def _failing_in_two_workers():
    """(the results before the failure, what was raised) of two workers, run by
    in_a_fresh_process: a pool forked from the threaded pytest-xdist worker may deadlock."""
    got = []
    try:
        with Workers([0, 1, 2, 3], 2, _fails_on_two, _fails_on_two, probe=_probe_fails_on_two) as workers:
            for result in workers:
                got.append(result)
    except ValueError as error:
        return got, str(error)
    return got, None


def test_an_arrangement_whose_code_raises_raises_in_its_turn_in_workers():
    """Its probe raised, so it is explored alone, and raises again: after the results before it,
    although arrangement 0 takes longer than the failure."""
    assert in_a_fresh_process(_failing_in_two_workers) == ([("explored", 0), ("explored", 1)],
                                                           "the algorithm failed on 2")


def test_arrangements_alike_run_in_one_worker_in_a_row_and_results_keep_the_plan_order():
    results, parent = in_a_fresh_process(_alike_in_two_workers)
    assert (results[0], results[2], results[13]) == ("probed 0", "probed 2", "recorded 13")
    explored = {index: result for index, result in enumerate(results) if isinstance(result, tuple)}
    assert sorted(explored) == [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert all(result[0] == index for index, result in explored.items())
    for first, second in ((1, 8), (3, 9), (4, 10), (5, 11), (7, 12)):  # right after the first, in its worker
        assert explored[second][1] == explored[first][1] != parent
        assert explored[second][2] == first


def _slow_first(arrangement, **alike):
    if arrangement == 0:
        time.sleep(1.0)
    return arrangement


def _probe_slow_first(arrangement):
    return (False, None) if arrangement == 0 else (False, "alike")


def _slow_first_in_two_workers():
    """(results in the order yielded, the events of finished and yielded) of two workers, run by
    in_a_fresh_process: a pool forked from the threaded pytest-xdist worker may deadlock."""
    results, events = [], []
    with Workers([0, 1, 2], 2, _slow_first, _slow_first, probe=_probe_slow_first,
                 finished=lambda index, result: events.append(("finished", index))) as workers:
        for index, result in enumerate(workers):
            results.append(result)
            events.append(("yielded", index))
    return results, events


def test_a_result_finished_ahead_of_the_plan_is_told_at_once():
    """A group may finish arrangements long before the earlier ones of the plan: ``finished``
    hears of them then (run.py records them in the checkpoint), not when their turn comes."""
    results, events = in_a_fresh_process(_slow_first_in_two_workers)
    assert results == [0, 1, 2]
    assert events.index(("finished", 2)) < events.index(("yielded", 0))
    assert sorted(e for e in events if e[0] == "finished") == [("finished", 0), ("finished", 1), ("finished", 2)]


def _run(target: list[str], jobs: str, probe_states: int) -> dict:
    """`check` in its own process (a pool forked from a pytest-xdist worker, which has threads,
    may deadlock); its JSON without the time."""
    done = subprocess.run([sys.executable, "-m", "checker", *target, "--json", "--no-progress", "--jobs", jobs],
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "RINGLEADER_PROBE_STATES": str(probe_states)})
    assert done.returncode in (0, 1), done.stderr
    result = json.loads(done.stdout)
    result.pop("seconds")
    return result


@pytest.mark.parametrize("name,n", [("hs", "4"), ("peterson", "5"), ("cr", "5")])
def test_grouped_workers_give_the_result_of_one_process(name, n):
    """Probes of 100 states: most arrangements are grouped, the smallest finished by their probe."""
    assert _run([name, "--n", n], "2", 100) == _run([name, "--n", n], "1", 100)


@pytest.mark.parametrize("filename, probe_states", [
    ("cr_forwards_smaller.py", 20), ("lcr_wrong_announcement.py", 20), ("cr_forwards_smaller.py", 10**6),
    # hs's grouped run (2 s) is a third of the kind cr's and lcr's show, and probed to the end (2 s)
    # takes cr's path: with the slow tests
    pytest.param("hs_resign_unguarded.py", 20, marks=pytest.mark.slow),
    pytest.param("hs_resign_unguarded.py", 10**6, marks=pytest.mark.slow),
    pytest.param("lcr_wrong_announcement.py", 10**6, marks=pytest.mark.slow)])
def test_a_violated_arrangement_gives_the_counterexample_of_one_process(filename, probe_states):
    """Probed for 20 states, a violated arrangement is grouped like any other; probed to the
    end, the native search gives up on it and the probe leaves it to the Python engine, alone.
    Either way the counterexample is the one a single process finds."""
    target = [os.path.join(MUTANTS, filename), "--n", "4"]
    expected = _run(target, "1", probe_states)
    assert expected["verdict"] == "violated"
    assert _run(target, "2", probe_states) == expected


def _counted_by_the_progress_display():
    """(the states of each arrangement_done, the arrangements, the states) of hs at n = 4 with
    two workers and probes of 100 states, run by in_a_fresh_process: a pool forked from the
    threaded pytest-xdist worker may deadlock. The patches end with the process."""
    from checker.explore.progress import Progress

    counted = []
    Progress.arrangement_done = lambda self, states: counted.append(states)
    run.PROBE_STATES = 100
    result = check(builtin("hs"), 4, jobs=2)
    return counted, len(result.per_arrangement), result.states


def test_the_progress_display_counts_each_arrangement_once_as_it_finishes():
    """With probes, a worker's result is counted when it comes (a group runs ahead of the plan's
    order), and not again when its turn in the plan comes."""
    counted, arrangements, states = in_a_fresh_process(_counted_by_the_progress_display)
    assert len(counted) == arrangements and sum(counted) == states
