"""Partial-order reduction with timeouts and crash failures (checker/explore/reduction.py,
checker/explore/designated.py) keeps what the checker reports: each property's verdict, the
terminal states, the message min/max, on Bully, its mutants and the ring algorithms under
crashes, with and without premature timeouts; a violation found reduced is reported with a
trace that replays in the undesignated system, as --no-por reports it.

The searches here do not stop at the first violation, so each property's outcome is compared.
"""
import os
from itertools import permutations

import pytest

from conftest import MUTANTS

from checker import check, load_algorithm
from checker.explore.arrangements import Arrangement
from checker.explore.explorer import Explorer
from checker.explore.systems import system_for
from models.topology.network import Network
from specs import election_spec

BULLY_MUTANTS = ("bully_leader_wait_ends_when_quiet.py", "bully_does_not_bid_again.py",
                 "bully_ignores_a_recovered_leader.py")


def _explore(algorithm, ids, por, crashes=0, premature=False, fairness="weak"):
    arrangement = Arrangement(tuple(ids), 1, topology=Network(len(ids)), numbered=True) \
        if algorithm.topology is Network else Arrangement(tuple(ids), 1)
    system = system_for(algorithm, arrangement, crashes=crashes, premature_timeouts=premature)
    explorer = Explorer(system, election_spec(algorithm), por=por, stop_at_first=False, record_terminals=True,
                        fairness=fairness)
    exploration = explorer.run()
    return exploration, set(explorer.terminals)


def _agree(algorithm, ids, **faults):
    full, full_terminals = _explore(algorithm, ids, False, **faults)
    reduced, reduced_terminals = _explore(algorithm, ids, True, **faults)
    assert reduced.holds == full.holds
    assert reduced_terminals == full_terminals
    assert (reduced.messages_min, reduced.messages_max) == (full.messages_min, full.messages_max)
    return full, reduced


def _bully(name):
    return load_algorithm(os.path.join(MUTANTS, "networks", name) if name.endswith(".py") else name)


def _cases():
    """Every algorithm at n = 2 and 3, without and with a crash; at n = 3 with a crash (two seconds
    each) the slow loop has those whose commands the fast cases already meet."""
    for name in ("bully", "bully-always-replies", *BULLY_MUTANTS):
        for n, crashes in ((2, 0), (3, 0), (2, 1), (3, 1)):
            slow = (n, crashes) == (3, 1) and name not in ("bully-always-replies", "bully_does_not_bid_again.py")
            yield pytest.param(name, n, crashes, marks=[pytest.mark.slow] if slow else [])


@pytest.mark.parametrize("name, n, crashes", list(_cases()))
def test_reduction_agrees_on_bully_and_its_mutants(name, n, crashes):
    algorithm = _bully(name)
    for ids in set(permutations(range(1, n + 1))) if n < 3 else [(1, 2, 3), (2, 1, 3), (3, 1, 2)]:
        _agree(algorithm, ids, crashes=crashes)


def test_reduction_reduces_bully_without_and_with_a_crash():
    algorithm = _bully("bully-always-replies")
    full, reduced = _agree(algorithm, (1, 2, 3))
    assert reduced.reduced and reduced.states < full.states / 2  # 192 of 541 (186,858 -> 47,677 at n = 4)
    full, reduced = _agree(algorithm, (1, 2, 3), crashes=1)
    assert reduced.reduced and all(full.holds.values()) and reduced.states < full.states  # 1,841 of 2,590


@pytest.mark.parametrize("crashes", [0, 1])
def test_premature_timeouts_are_reduced_as_spontaneous_commands_and_find_the_same_violation(crashes):
    """A premature timeout fires whenever its guard holds: an ordinary command of its process,
    with its own footprint. The graph has no end (a process may bid for ever), so each search
    stops at its first violation, and the reduced one is searched again whole to report it."""
    algorithm = _bully("bully-always-replies")
    arrangement = Arrangement((1, 2, 3), 1, topology=Network(3), numbered=True)
    system = system_for(algorithm, arrangement, crashes=crashes, premature_timeouts=True)
    reduced = Explorer(system, election_spec(algorithm), por=True).run()
    assert reduced.reduced and [v.property for v in reduced.violations] == ["at-most-one-leader"]
    result = check(algorithm, 3, jobs=1, progress=False, crashes=crashes, premature_timeouts=True)
    full = check(algorithm, 3, jobs=1, progress=False, crashes=crashes, premature_timeouts=True, por=False)
    assert result.counterexample.to_json() == full.counterexample.to_json()


def test_two_crashes_are_not_reduced_and_one_is_also_under_strong_fairness():
    full, reduced = _agree(_bully("bully-always-replies"), (1, 2, 3), crashes=2)
    assert not reduced.reduced and reduced.states == full.states
    full, reduced = _agree(_bully("bully_leader_wait_ends_when_quiet.py"), (1, 2, 3), crashes=1, fairness="strong")
    assert all(full.holds.values()) and full.cyclic
    assert not reduced.reduced  # fair-termination on a graph with cycles: searched whole


@pytest.mark.parametrize("name", ["cr", "lcr", pytest.param("hs", marks=pytest.mark.slow)])
def test_reduction_agrees_on_ring_algorithms_with_a_crash(name):
    algorithm = load_algorithm(name)
    for ids in ((1, 2, 3), (1, 3, 2)):
        full, _ = _agree(algorithm, ids, crashes=1)
        assert not all(full.holds.values())  # not built for crashes


@pytest.mark.parametrize("name", ["bully_does_not_bid_again.py", "bully_leader_wait_ends_when_quiet.py"])
def test_a_violation_that_needs_a_crash_is_reported_as_without_reduction(name):
    """Each needs the leader to crash at the right moment; reduced, the same violation and trace."""
    path = os.path.join(MUTANTS, "networks", name)
    reduced = check(load_algorithm(path), 3, jobs=1, progress=False, crashes=1, engine="interned")
    full = check(load_algorithm(path), 3, jobs=1, progress=False, crashes=1, engine="interned", por=False)
    assert reduced.verdict == full.verdict == "violated"
    assert reduced.counterexample.property == full.counterexample.property
    assert [(s.position, s.command) for s in reduced.counterexample.trace.steps] == \
        [(s.position, s.command) for s in full.counterexample.trace.steps]


def test_recoveries_are_explored_without_reduction():
    result = check(_bully("bully-always-replies"), 2, jobs=1, progress=False, crashes=1, recoveries=1,
                   engine="interned", without=("at-most-one-leader", "stability"))
    assert not result.por


def test_the_native_engine_reduces_crashes_as_the_python_engine_does():
    """The C search reduces one designated faulty process at a time, as the Python engine does
    (tests/models/test_native.py compares their graphs); --no-por still searches the full graph."""
    algorithm = _bully("bully-always-replies")
    native = check(algorithm, 3, jobs=1, progress=False, crashes=1)
    python = check(algorithm, 3, jobs=1, progress=False, crashes=1, engine="interned")
    assert native.verdict == python.verdict == "verified" and native.engine == "native"
    assert native.por and python.por and native.states == python.states == 1841
    assert (native.messages_min, native.messages_max) == (python.messages_min, python.messages_max)
    whole = check(algorithm, 3, jobs=1, progress=False, crashes=1, por=False)  # --no-por
    assert not whole.por and whole.engine == "native" and whole.states == 2590


@pytest.mark.parametrize("crashes", [0, 1])
def test_premature_timeouts_give_the_same_violation_with_either_engine(crashes):
    """With --premature-timeouts the graph has no end; the reduced C search hands the violated
    arrangement to the Python engine, which reports what it reports alone."""
    algorithm = _bully("bully-always-replies")
    native = check(algorithm, 3, jobs=1, progress=False, crashes=crashes, premature_timeouts=True,
                   max_states=20_000)
    python = check(algorithm, 3, jobs=1, progress=False, crashes=crashes, premature_timeouts=True,
                   max_states=20_000, engine="interned")
    assert native.verdict == python.verdict == "violated"
    assert native.counterexample.to_json() == python.counterexample.to_json()


def test_a_path_of_a_designated_system_is_renumbered_to_the_same_path_of_the_system():
    from checker.explore.designated import renumbered

    algorithm = _bully("bully-always-replies")
    system = system_for(algorithm, Arrangement((1, 2, 3), 1, topology=Network(3), numbered=True), crashes=1)
    designated = system.designating((1,))
    state, ordinals, states = system.initial_state, [], []
    for step in range(12):  # the last transition listed (a crash of p1 while it is live), else the first
        successors = designated.successor_list(state)
        if not successors:
            break
        k = len(successors) - 1 if step % 3 == 2 else 0
        ordinals.append(k)
        state = successors[k][0]
        states.append(state)
    assert any(system.crashed(s, 1) for s in states)
    replayed, state = [], system.initial_state
    for k in renumbered(system, designated, ordinals):
        state = system.successor_list(state)[k][0]
        replayed.append(state)
    assert replayed == states
