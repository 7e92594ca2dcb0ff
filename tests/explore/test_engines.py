"""The interned engine and parallel workers change nothing but speed.

The reference engine (models/systems/semantics.py) is the semantics; the interned one memoises it.
Both must produce the same states, in the same order, with the same transitions, on every
algorithm and on every mutant, and `check` must give the same result for any --jobs.
"""
import functools
import os

import pytest

from algorithms import ASYNCHRONOUS_RINGS, builtin
from checker import check
from checker.cli.loader import load_algorithm
from models import AsyncSystem
from models.systems.interned import InternedSystem

from conftest import MUTANTS, first_of_each_algorithm, in_a_fresh_process, one_mutant_per_algorithm_fast

MUTANT_FILES = sorted(f for f in os.listdir(MUTANTS) if f.endswith(".py"))
# the fast loop's mutants (one per algorithm), the others with the slow tests
FAST_MUTANTS = first_of_each_algorithm(MUTANT_FILES)


def _breadth_first(system, decode, limit=20_000):
    """States in discovery order and each state's successor list (as discovery indices + counts)."""
    index = {system.initial_state: 0}
    order = [system.initial_state]
    edges = []
    i = 0
    while i < len(order) and i < limit:
        successors = []
        for target, sent, mover, unmatched, _instance in system.successor_list(order[i]):
            if target not in index:
                index[target] = len(order)
                order.append(target)
            successors.append((index[target], sent, mover, unmatched))
        edges.append(successors)
        i += 1
    return [decode(s) for s in order], edges


def _same_graph(algorithm, ids):
    reference = AsyncSystem(algorithm, ids)
    interned = InternedSystem(AsyncSystem(algorithm, ids))
    assert _breadth_first(reference, lambda s: s) == _breadth_first(interned, interned.decode)


# at n = 4 the later versions of Hirschberg-Sinclair build the 20,000 states hs does, by the same commands
# (half a second each): with the slow tests
SLOW_AT_4 = {"hs-lecture", "hs-unoriented"}


@pytest.mark.parametrize("name, ids", [pytest.param(name, ids, marks=pytest.mark.slow)
                                       if len(ids) == 4 and name in SLOW_AT_4 else (name, ids)
                                       for ids in [(1,), (1, 2), (1, 3, 2), (2, 4, 1, 3)]
                                       for name in ASYNCHRONOUS_RINGS])
def test_engines_build_the_same_graph_for_builtins(name, ids):
    _same_graph(builtin(name), ids)


@pytest.mark.parametrize("filename", one_mutant_per_algorithm_fast(MUTANT_FILES))
def test_engines_build_the_same_graph_for_mutants(filename):
    _same_graph(load_algorithm(os.path.join(MUTANTS, filename)), (1, 3, 2))


def _summary(result):
    return (
        result.verdict, result.states, result.transitions, result.depth, result.messages_min, result.messages_max,
        result.unmatched, [(p.name, p.holds) for p in result.properties],
        [(a.ids, a.states, a.terminal_states, a.messages_min, a.messages_max) for a in result.per_arrangement],
        result.counterexample.trace.to_json() if result.counterexample else None,
    )


def _summary_with_two_jobs(load, source: str, n: int, **options):
    """The interned engine with two workers, run by in_a_fresh_process: a pool forked from the
    threaded pytest-xdist worker may deadlock."""
    return _summary(check(load(source), n, engine="interned", jobs=2, **options))


@pytest.mark.parametrize("algorithm_name, n, por", [
    ("lcr", 4, True), ("cr", 4, True), ("hs", 3, True),
    *(pytest.param(name, n, False, marks=pytest.mark.slow) for name, n in [("lcr", 4), ("cr", 4), ("hs", 3)]),
])
def test_check_gives_the_same_result_for_both_engines_and_any_jobs(algorithm_name, n, por):
    algorithm = builtin(algorithm_name)
    expected = _summary(check(algorithm, n, engine="reference", jobs=1, por=por))
    assert _summary(check(algorithm, n, engine="interned", jobs=1, por=por)) == expected
    assert in_a_fresh_process(_summary_with_two_jobs, builtin, algorithm_name, n, por=por) == expected


def _mutant_n(filename: str) -> int:
    return 2 if filename == "hs_never_swallows.py" else 3


def _every_mutant_with_two_jobs(filenames) -> dict:
    return {filename: _summary_with_two_jobs(load_algorithm, os.path.join(MUTANTS, filename), _mutant_n(filename))
            for filename in filenames}


@functools.lru_cache(maxsize=2)
def _mutants_with_two_jobs(fast: bool) -> dict:
    """The fast loop's mutants' runs with two workers, or the others', in one fresh process (a
    Python start-up and the imports cost about a second: once, not once per mutant)."""
    return in_a_fresh_process(_every_mutant_with_two_jobs,
                              sorted(f for f in MUTANT_FILES if (f in FAST_MUTANTS) == fast))


@pytest.mark.parametrize("filename", one_mutant_per_algorithm_fast(MUTANT_FILES))
def test_mutant_verdicts_and_traces_agree_across_engines_and_jobs(filename):
    algorithm = load_algorithm(os.path.join(MUTANTS, filename))
    n = _mutant_n(filename)
    expected = _summary(check(algorithm, n, engine="reference", jobs=1))
    assert expected[0] == "violated"
    assert _summary(check(algorithm, n, engine="interned", jobs=1)) == expected
    assert _mutants_with_two_jobs(filename in FAST_MUTANTS)[filename] == expected
