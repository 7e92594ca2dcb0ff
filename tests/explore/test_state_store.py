"""Packed states (checker/explore/state_store.py) change nothing a search finds, on every kind of system."""
from __future__ import annotations

import os

import pytest
from conftest import MUTANTS

from algorithms import builtin
from checker.cli.loader import load_algorithm, load_synchronizer
from checker.explore.arrangements import Arrangement
from checker.explore.explorer import Explorer
from checker.explore.state_store import CompactStates, PackedStates, PlainStates
from checker.explore.systems import system_for
from models import Network
from models.systems.interned import InternedSystem
from specs import election_spec

PATH3 = Network(3, [(0, 1), (1, 2)])


def _ring(name, ids, **kinds):
    return lambda: system_for(load_algorithm(name), Arrangement(ids, 1), **kinds)


def _network(name, ids, graph, **kinds):
    return lambda: system_for(builtin(name), Arrangement(ids, 1, topology=graph, numbered=True), **kinds)


KINDS = {
    "ring": _ring("hs", (1, 3, 2)),
    "ring, interned": lambda: InternedSystem(_ring("lcr", (2, 4, 1, 3))()),
    "ring, a mutant that breaks a property": _ring(os.path.join(MUTANTS, "lcr_guesses_leader.py"), (2, 4, 1, 3)),
    "network": _network("dfs-election", (2, 3, 1), PATH3),
    "crashes and timeouts": lambda: system_for(builtin("bully-always-replies"), Arrangement((1, 2, 3), 1), crashes=1),
    "synchronous rounds": _network("flooding", (2, 3, 1), PATH3),
    "synchronizer alpha": _network("flooding", (2, 3, 1), PATH3, synchronizer=load_synchronizer("alpha")),
    "synchronizer beta, FIFO": _network("flooding", (2, 3, 1), PATH3, synchronizer=load_synchronizer("beta"),
                                        fifo=True),
    "abd": _network("flooding", (2, 1), Network(2, [(0, 1)]), synchronizer=load_synchronizer("abd")),
    "coins": _ring("itai-rodeh", (1, 1, 1)),
}


def _search(system, packed: bool, por: bool):
    algorithm = system.algorithm
    explorer = Explorer(system, election_spec(algorithm), por=por, stop_at_first=False, packed=packed)
    exploration = explorer.run()
    graph = (list(explorer.parent), list(explorer.ordinal), list(explorer.edge_ordinal))
    found = (exploration.states, exploration.transitions, exploration.depth, exploration.terminal_states,
             exploration.holds, [(v.property, v.ordinals) for v in exploration.violations],
             exploration.messages_min, exploration.messages_max)
    return found, graph, [explorer.index[i] for i in range(len(explorer.index))]


@pytest.mark.parametrize("por", [False, True], ids=["full graph", "reduced"])
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_packed_states_find_what_plain_states_find(kind, por):
    packed = _search(KINDS[kind](), True, por)
    plain = _search(KINDS[kind](), False, por)
    assert packed[0] == plain[0]
    assert packed[1] == plain[1]
    assert packed[2] == plain[2]  # every state, decoded, equal to the one stored whole, in the same order
    assert packed[0][0] > 1


def test_a_broken_property_is_found_alike():
    found, _, _ = _search(KINDS["ring, a mutant that breaks a property"](), True, False)
    assert found[5], "the mutant must break a property here, or the comparison above proves little"


@pytest.mark.parametrize("store", [PackedStates, PlainStates, CompactStates])
def test_numbers_survive_more_parts_than_two_bytes_count(store):
    states = store()
    for k in range(70_000):  # a new part in each state: past 65,536 the packing widens
        assert states.add((k % 3, ("part", k))) == (k, True)
    assert states.add((1, ("part", 1))) == (1, False)
    assert states.get((2, ("part", 65_537))) == 65_537
    assert (0, ("part", 69_998)) not in states and (2, ("part", 69_998)) in states
    assert states[69_999] == (69_999 % 3, ("part", 69_999))
    assert len(states) == 70_000 and list(states)[12] == (0, ("part", 12))


@pytest.mark.parametrize("kind", ["ring", "coins", "synchronous rounds", "synchronizer alpha"])
@pytest.mark.parametrize("grouped", [False, True], ids=["a part a place", "places grouped"])
def test_compact_states_number_and_give_back_what_plain_states_do(kind, grouped):
    _, _, states = _search(KINDS[kind](), False, False)
    size = len(states[0])
    groups = (tuple(range(0, size, 2)), tuple(range(1, size, 2))) if grouped else None  # every other place
    compact = CompactStates(groups)
    assert [compact.add(state) for state in states] == [(k, True) for k in range(len(states))]
    assert [compact.add(state) for state in reversed(states)] == [(k, False) for k in reversed(range(len(states)))]
    assert list(compact) == states and compact.get(states[-1]) == len(states) - 1


def test_compact_states_refuse_groups_that_miss_a_place_and_states_of_another_size():
    with pytest.raises(ValueError, match="cover"):
        CompactStates(((0, 1), (1, 2)))
    states = CompactStates(((0, 2), (1,)))
    states.add(("a", "b", "c"))
    assert states[0] == ("a", "b", "c") and ("a", "b", "c") in states and ("a", "c", "b") not in states
    with pytest.raises(ValueError, match="places"):
        states.add(("a", "b"))
