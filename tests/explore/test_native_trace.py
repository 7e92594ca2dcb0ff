"""A violated arrangement's counterexample from a C search of the full graph
(checker/explore/native_trace.py): the Python explorer's first violation, its trace and its
figures, without the Python explorer searching.

What it rests on is tested first: the C search of the full graph numbers the states as the
Python explorer does, and a search for a trace stopped by its judge has the vector of every state
it stored among its witnesses. Then the whole result (its JSON but for the engine and the time)
equals ``--engine interned``'s on mutants of rings, networks and crash runs, with and without
reduction, and with the path switched off (RINGLEADER_NATIVE_TRACE=0) too."""
import os

import pytest

import checker.explore.native_search as native_search
from checker import check
from checker.cli.loader import load_algorithm
from checker.explore.arrangements import Arrangement
from checker.explore.native_trace import TraceJudge
from checker.explore.systems import system_for
from checker.trust.remembered import reading_report
from models import AsyncSystem
from models.native.engine import OK, VIOLATED, NativeEngine
from specs import election_spec

from conftest import MUTANTS, ROOT, one_mutant_per_algorithm_fast

CHAIN_FOR_EVER = os.path.join(ROOT, "tests", "fuzz", "catalogue", "class9_chain_for_ever_network", "fz_network_s5336.py")
RING_MUTANTS = sorted(f for f in os.listdir(MUTANTS) if f.endswith(".py") and not load_algorithm(
    os.path.join(MUTANTS, f)).randomized)


@pytest.fixture
def traced(monkeypatch) -> list:
    """Each counterexample native_trace.py gave (None where it could not tell), as it gives them."""
    found = []
    first_violation = native_search.first_violation

    def spy(*args, **kwargs):
        exploration = first_violation(*args, **kwargs)
        found.append(exploration)
        return exploration

    monkeypatch.setattr(native_search, "first_violation", spy)
    return found


def _json(result) -> dict:
    """The result's JSON without what differs between the engines: the engine and the time."""
    found = result.to_json()
    found.pop("engine")
    found.pop("seconds")
    return found


def _engine(algorithm, n: int, crashes: bool = False) -> NativeEngine:
    return NativeEngine.for_algorithm(algorithm, n, reading_report(algorithm, n).trusted, crashes=crashes)


def _in_python_order(system) -> list:
    """The states of ``system``'s full graph in the order the Python explorer stores them."""
    number, order = {system.initial_state: 0}, [system.initial_state]
    for state in order:
        for step in system.successor_list(state):
            if step[0] not in number:
                number[step[0]] = len(order)
                order.append(step[0])
    return order


@pytest.mark.parametrize("case", ["ring", "network", "crashes"])
def test_the_c_search_of_the_full_graph_numbers_the_states_as_the_python_explorer(case):
    if case == "network":
        algorithm, ids = load_algorithm(os.path.join(MUTANTS, "networks", "dfs_higher_uid_wins.py")), (2, 1, 3)
        reference = system_for(algorithm, Arrangement(ids, 1, topology=algorithm.topology(3)))
    else:
        algorithm, ids = load_algorithm(os.path.join(MUTANTS, "cr_forwards_smaller.py")), (2, 4, 1, 3)
        reference = system_for(algorithm, Arrangement(ids[:3] if case == "crashes" else ids, 1),
                               crashes=1 if case == "crashes" else 0)
        ids = reference.ids
    engine = _engine(algorithm, len(ids), crashes=case == "crashes")
    facts = engine.explore(ids, topology=reference.topology, crashes=reference.crashes, trace=True)
    order = _in_python_order(reference)
    assert facts.status == OK and facts.states == len(order) > 100
    assert [engine.stored_state(j) for j in range(len(order))] == order
    assert all(engine.trace_parent(j) is not None for j in (0, len(order) - 1))


def test_a_search_for_a_trace_stopped_by_its_judge_has_every_stored_states_vector_among_its_witnesses():
    """The Python explorer judges a state when it stores it, the C search records its vector when
    it expands it: stopped, the search expands what it stored (without taking steps) first."""
    algorithm = load_algorithm(os.path.join(MUTANTS, "cr_forwards_smaller.py"))
    ids = (1, 2, 3, 4, 5)
    engine, system = _engine(algorithm, 5), AsyncSystem(algorithm, ids)
    properties = [p for p in election_spec(algorithm) if p.name == "stability"] + \
                 [p for p in election_spec(algorithm) if p.name == "at-most-one-leader"]

    class StopAtOnce(TraceJudge):
        def __call__(self):
            return True

    facts = engine.explore(ids, topology=system.topology, judge=StopAtOnce(engine, system, properties), trace=True,
                           vector_fields=("is_leader",))
    assert facts.status == VIOLATED
    low, high = 0, facts.states - 1  # the last state expanded with its steps: trace_figures knows its edges
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if engine.trace_figures(middle, 0) is not None else (low, middle - 1)
    assert 1023 <= low < facts.states - 1  # states were stored but not expanded when the judge stopped it
    witnesses, complete = engine.witnesses(changes=False)
    assert complete
    seen = {tuple(o.is_leader for o in system.observe(state)) for _, state in witnesses}
    stored = {tuple(o.is_leader for o in system.observe(engine.stored_state(j))) for j in range(facts.states)}
    assert stored == seen
    # where the witnesses say their state is, it is
    assert all(engine.stored_state(number) == state for number, state in witnesses)


@pytest.mark.parametrize("filename", one_mutant_per_algorithm_fast(RING_MUTANTS))
def test_a_violated_ring_mutant_gives_the_python_explorers_result(filename, traced):
    algorithm = load_algorithm(os.path.join(MUTANTS, filename))
    n = 2 if filename == "hs_never_swallows.py" else 3  # its Python search takes 8 s at n = 3
    for por in (True, False):
        native = check(algorithm, n, engine="native", jobs=1, por=por)
        python = check(algorithm, n, engine="interned", jobs=1, por=por)
        assert native.verdict == "violated" and native.engine == "native"
        assert _json(native) == _json(python)
    # where the C search met a violation of a state, transition or terminal property, the trace is
    # native_trace.py's (the others, a cycle or a message bound, are the Python explorer's)
    assert all(found is not None for found in traced)
    if native.counterexample.property not in ("termination", "message-bound"):
        assert traced


@pytest.mark.parametrize("filename, ids", [
    ("cr_forwards_smaller.py", (1, 2, 3, 4, 5)),  # the reduced search stops at 2,243 of its 6,132 states
    pytest.param("franklin_smallest_wins.py", (1, 3, 2, 5, 4), marks=pytest.mark.slow),
])
def test_a_search_stopped_at_a_violation_gives_the_python_explorers_result(filename, ids, traced):
    algorithm = load_algorithm(os.path.join(MUTANTS, filename))
    native = check(algorithm, len(ids), ids, engine="native", jobs=1)
    python = check(algorithm, len(ids), ids, engine="interned", jobs=1)
    assert native.verdict == "violated" and native.engine == "native"
    assert _json(native) == _json(python)
    assert len(traced) == 1 and traced[0] is not None


@pytest.mark.parametrize("path, n, options", [
    (os.path.join(MUTANTS, "networks", "dfs_higher_uid_wins.py"), 3, {}),
    (os.path.join(MUTANTS, "networks", "bully_does_not_bid_again.py"), 3, {"crashes": 1, "fairness": "strong"}),
    ("cr", 4, {"crashes": 1}),
    ("cr", 4, {"crashes": 1, "por": False}),
    (CHAIN_FOR_EVER, 3, {"graphs": "path"}),  # an infinite graph
])
def test_a_violated_network_or_crash_run_gives_the_python_explorers_result(path, n, options, traced):
    from algorithms import builtin

    algorithm = builtin(path) if path == "cr" else load_algorithm(path)
    native = check(algorithm, n, engine="native", jobs=1, **options)
    python = check(algorithm, n, engine="interned", jobs=1, **options)
    assert native.verdict == "violated" and native.engine == "native"
    assert _json(native) == _json(python)
    assert traced and all(found is not None for found in traced)


@pytest.mark.parametrize("max_states", [300, 1000, 5000, 20000])
def test_at_a_limit_the_run_is_what_it_was_without_this_path(max_states, monkeypatch):
    """Where the full graph's search would reach --max-states before its first violation, the
    arrangement is left to the Python explorer (which keeps the reduced search's violation); near
    the limit the engines differ as before (docs/engines.md), and this path changes nothing there."""
    algorithm = load_algorithm(os.path.join(MUTANTS, "cr_forwards_smaller.py"))
    ids = (1, 2, 3, 4, 5)
    on = check(algorithm, 5, ids, engine="native", jobs=1, max_states=max_states)
    monkeypatch.setenv("RINGLEADER_NATIVE_TRACE", "0")
    off = check(algorithm, 5, ids, engine="native", jobs=1, max_states=max_states)
    assert _json(on) == _json(off)


@pytest.mark.parametrize("path, n, options", [
    (os.path.join(MUTANTS, "cr_forwards_smaller.py"), 5, {"ids": (1, 2, 3, 4, 5)}),
    (CHAIN_FOR_EVER, 3, {"graphs": "path"}),  # its first arrangement holds, its second is violated
])
def test_with_fingerprints_the_run_is_what_it_was_with_the_python_explorers_trace(path, n, options, monkeypatch,
                                                                                   traced):
    """The search for a trace stores whole states, as the Python explorer did: the run's chance of an
    omission counts the fingerprinted searches only, as before."""
    algorithm = load_algorithm(path)
    on = check(algorithm, n, engine="native", jobs=1, fingerprint=True, **options)
    assert on.verdict == "violated" and len(traced) == 1 and traced[0] is not None
    monkeypatch.setenv("RINGLEADER_NATIVE_TRACE", "0")
    off = check(algorithm, n, engine="native", jobs=1, fingerprint=True, **options)
    assert len(traced) == 1
    assert _json(on) == _json(off)


def test_the_path_can_be_switched_off(monkeypatch, traced):
    algorithm = load_algorithm(os.path.join(MUTANTS, "cr_forwards_smaller.py"))
    monkeypatch.setenv("RINGLEADER_NATIVE_TRACE", "0")
    off = check(algorithm, 5, (1, 2, 3, 4, 5), engine="native", jobs=1)
    assert traced == [] and off.verdict == "violated"
    monkeypatch.delenv("RINGLEADER_NATIVE_TRACE")
    on = check(algorithm, 5, (1, 2, 3, 4, 5), engine="native", jobs=1)
    assert len(traced) == 1 and _json(on) == _json(off)

