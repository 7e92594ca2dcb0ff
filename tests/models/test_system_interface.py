"""One system interface (models/systems/interface.py): every kind of system, built the way the
command line builds it, is a ``System``; its members behave; one search written once against the
protocol counts each kind's states as the explorer does; and the checker reads the protocol's
members, never asks a system what it has (getattr/hasattr) or which class it is."""
import importlib
import inspect
import pkgutil
import re

import pytest
from conftest import source_lines_matching

import models.systems
from checker import load_algorithm
from checker.cli.loader import load_synchronizer
from checker.explore.arrangements import Arrangement
from checker.explore.explorer import Explorer
from checker.explore.systems import system_for, trace_of
from checker.quantify.mdp import markov_system
from checker.render.snapshot import ring_state
from models.systems.interface import Markov, System, SystemDefaults
from models.systems.interned import InternedSystem
from models.topology.network import family


def _arrangement(n: int, graph: str | None = None) -> Arrangement:
    return Arrangement(tuple(range(1, n + 1)), 1, topology=family(graph, n) if graph else None)


# kind -> (how the command line builds one small instance, its class, its reachable states)
KINDS = {
    "ring": (lambda: system_for(load_algorithm("lcr"), _arrangement(3)), "AsyncSystem", 104),
    "interned": (lambda: InternedSystem(system_for(load_algorithm("lcr"), _arrangement(3))), "InternedSystem", 104),
    "network": (lambda: system_for(load_algorithm("dfs-election"), _arrangement(3, "path")), "NetworkSystem", 321),
    "crashes": (lambda: system_for(load_algorithm("bully-always-replies"), _arrangement(3), crashes=1),
                "CrashSystem", 2590),
    "rounds on a ring": (lambda: system_for(load_algorithm("timeslice"), _arrangement(3)), "RoundSystem", 8),
    "rounds on a network": (lambda: system_for(load_algorithm("flooding"), _arrangement(3, "path")), "RoundSystem", 4),
    "alpha": (lambda: system_for(load_algorithm("flooding"), _arrangement(3, "path"),
                                 synchronizer=load_synchronizer("alpha")), "SynchronizedSystem", 1550),
    "abd": (lambda: system_for(load_algorithm("flooding"), _arrangement(2, "path"),
                               synchronizer=load_synchronizer("abd")), "ABDSystem", 269),
    "coins": (lambda: markov_system(load_algorithm("itai-rodeh"), 2, (1, 2)), "ProbabilisticSystem", 44),
    "coins in rounds": (lambda: markov_system(load_algorithm("itai-rodeh-sync"), 2, (1, 2)), "ProbabilisticRounds", 25),
}


def reachable(system: System) -> int:
    """The states reachable from the initial one, breadth first over ``steps``: a search written
    once, against the protocol only."""
    seen = {system.initial_state}
    queue = [system.initial_state]
    for state in queue:
        for step in system.steps(state):
            if step.target not in seen:
                seen.add(step.target)
                queue.append(step.target)
    return len(seen)


def first_path(system: System, length: int = 3) -> list[int]:
    """The ordinals of a path that takes the first transition, ``length`` times or until none is enabled."""
    state, ordinals = system.initial_state, []
    while len(ordinals) < length and (steps := system.steps(state)):
        ordinals.append(0)
        state = steps[0].target
    return ordinals


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_is_a_system_whose_members_behave(kind):
    make, class_name, _ = KINDS[kind]
    system = make()
    assert type(system).__name__ == class_name
    assert isinstance(system, System) and isinstance(system, SystemDefaults)
    assert isinstance(system.local, System) and system.local.local is system.local  # one level: the asynchronous one
    initial = system.initial_state
    observations = system.observe(initial)
    assert [o.id for o in observations] == list(system.ids) and len(system.ids) == system.n
    assert system.observe_process(initial, 0) == observations[0]
    steps = system.steps(initial)
    successors = system.successor_list(initial)
    assert steps and [s.target for s in steps] == [s[0] for s in successors]
    for step in steps:
        assert len(system.observe(step.target)) == system.n
    for i in range(system.n):
        assert system.process_values(initial, i) == system.layout.initial_values()
        shown = system.locals_of(initial, i)
        assert shown and all(isinstance(name, str) and isinstance(text, str) for name, text in shown.items())
        assert {**system.algorithm_locals(initial, i), **system.synchronizer_locals(initial, i)} == shown
    channels = system.channels(initial)
    assert len(channels) == system.channel_count == len(system.heads(initial))
    assert [system.channel(initial, k) for k in range(system.channel_count)] == list(channels)
    assert system.reference.decode(system.reference.initial_state) == system.reference.initial_state
    assert len(system.decode(initial)) == len(system.reference.initial_state)
    assert (system.synchronizer is not None) == (kind in ("alpha", "abd"))
    assert bool(system.crashes) == (kind == "crashes")
    assert system.synchronous == (kind in ("rounds on a ring", "rounds on a network", "coins in rounds"))
    if kind.startswith("coins"):
        assert isinstance(system, Markov)
        key, choices = system.keyed_choices(initial, ())
        assert choices == system.choices(initial)
    # renderers, written once: a snapshot of the initial state, the trace of a short path
    snapshot = ring_state(system, initial)
    assert len(snapshot.locals) == system.n and len(snapshot.channels) == system.channel_count
    assert bool(snapshot.crashed) == bool(system.crashes) and bool(snapshot.synchronizer) == (system.synchronizer is not None)
    trace = trace_of(system.reference, first_path(system.reference))
    assert trace.final_locals and len(trace.final_locals) == system.n


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_one_search_against_the_protocol_counts_what_the_explorer_counts(kind):
    make, _, pinned = KINDS[kind]
    assert reachable(make()) == pinned
    assert Explorer(make(), [], por=False).run().states == pinned


def test_every_system_class_inherits_the_defaults():
    classes = []
    for module in pkgutil.iter_modules(models.systems.__path__):
        loaded = importlib.import_module(f"models.systems.{module.name}")
        classes += [c for name, c in inspect.getmembers(loaded, inspect.isclass)
                    if c.__module__ == loaded.__name__ and name != "System"
                    and (name.endswith("System") or name == "ProbabilisticRounds")]
    assert {c.__name__ for c in classes} >= {kind[1] for kind in KINDS.values()}
    assert [c.__name__ for c in classes if not issubclass(c, SystemDefaults)] == []


# what a system is asked by probing for a named attribute or by its class, instead of through the
# protocol (a wrapper that forwards every name, checker/measure/blocked.py's, names none)
DISPATCH = re.compile(r"\b(?:getattr|hasattr)\((?:self\.)?(?:system|reference|engine|local|whole_system)\s*,\s*[\"']"
                      r"|\bisinstance\((?:self\.)?(?:system|reference|engine|local|whole_system)\s*,")


def test_no_system_is_dispatched_on_by_getattr_or_class():
    found = source_lines_matching(DISPATCH)
    assert found == [], "read the System protocol's member instead (models/systems/interface.py):\n" + "\n".join(found)
