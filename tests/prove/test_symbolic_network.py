"""The symbolic network (models/reading/symbolic_ring.py with a Network) against the concrete
semantics (models/systems/network_semantics.py): from states the explorer reaches by random
walks, every step the semantics takes is a symbolic transition whose guard holds there and whose
result is the semantics' state, and every symbolic transition the semantics does not take has a
guard that is false there."""
from __future__ import annotations

import random
from functools import lru_cache

import pytest
import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from algorithms.dfs_election import DfsElection, DfsElectionLiteral
from models import UNMATCHED, AlgorithmError
from models.reading.symbolic_ring import SymbolicRing
from models.systems.network_semantics import NetworkSystem
from models.topology.network import Network, family

GRAPHS = {
    "complete": family("complete", 4),
    "star": family("star", 4),
    "diamond": Network(4, [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3)], name="diamond"),
    "path": family("path", 3),
}


@lru_cache(maxsize=None)
def symbolic(graph: str):
    network = SymbolicRing(DfsElectionLiteral, GRAPHS[graph].n, GRAPHS[graph])
    before = network.fresh("s")
    return network, before, {(t.process, t.command, t.port): t for t in network.transitions(before)}


def walk(system, rng: random.Random, length: int):
    state = system.initial_state
    for _ in range(length):
        steps = system.steps(state)
        if not steps:
            break
        state = rng.choice(steps).target
    return state


def agree(graph: str, ids, state, system) -> None:
    network, before, transitions = symbolic(graph)
    pinned = z3.Solver()
    pinned.add(network.equals(before, ids, state))
    taken = {}
    for step in system.steps(state):
        taken.setdefault((step.process, step.command, step.port), []).append(step.target)
    for key, transition in transitions.items():
        enabled = pinned.check(transition.guard) == z3.sat
        assert enabled == (key in taken), f"{key}: symbolic guard {enabled}, semantics takes it: {key in taken}"
        if enabled:
            (target,) = taken[key]
            assert pinned.check(z3.Not(network.holds(transition.after, state, target))) == z3.unsat, key
    assert set(taken) <= set(transitions), set(taken) - set(transitions)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graph=st.sampled_from(sorted(GRAPHS)), seed=st.integers(0, 10**6), length=st.integers(0, 30),
       data=st.data())
def test_symbolic_network_steps_are_the_semantics_steps(graph, seed, length, data):
    topology = GRAPHS[graph]
    ids = tuple(data.draw(st.permutations(range(1, topology.n + 1))))
    system = NetworkSystem(DfsElectionLiteral, ids, topology)
    agree(graph, ids, walk(system, random.Random(seed), length), system)


def test_a_channel_per_directed_edge():
    network, before, _ = symbolic("star")
    assert len(before.channels) == 2 * GRAPHS["star"].edge_count
    # the centre has degree 3, a leaf degree 1: each process is read at its own degree
    assert network.degrees == (3, 1, 1, 1)


def test_unmatched_receptions_are_transitions():
    _, _, transitions = symbolic("path")
    assert (1, UNMATCHED, 0) in transitions and (1, UNMATCHED, 1) in transitions and (0, UNMATCHED, 1) not in transitions


def test_a_send_on_a_port_held_in_a_local_is_refused():
    # dfs-election's accept sends on p.parent, a Port local: a channel chosen by a term
    network = SymbolicRing(DfsElection, 3, family("complete", 3))
    with pytest.raises(AlgorithmError, match="port held in a local"):
        network.transitions(network.fresh())
