"""The engines of a run through a synchronizer change nothing but speed.

models/systems/synchronized.py is the semantics; synchronized_interned.py is the same system on
interned states with its local steps memoised, and checker/explore/synchronized_search.py
searches that in C (models/native/tables.c) and judges it in Python. The interned engine must
find the same states in the same order with the same transitions, and the C search the same
figures, on every synchronizer and mutant, with links as multisets (the default), in full
(--no-por) and FIFO; the figures of the runs before these engines existed are pinned.
"""
import os

import pytest
from conftest import MUTANTS

from checker import check, load_algorithm
from checker.cli.loader import load_synchronizer
from checker.explore.arrangements import Arrangement
from checker.explore.explorer import Explorer, StateLimitReached
from checker.explore.synchronized_search import search_in_c
from checker.explore.systems import interned_twin, system_for
from models.native import tables
from models.systems.synchronized_interned import InternedSynchronizedSystem
from models.topology.network import family
from specs.synch import synchronized_spec

FLOODING = load_algorithm("flooding")
SYNCHRONIZER_MUTANTS = os.path.join(MUTANTS, "synchronizers")
SYNCHRONIZERS = ["alpha", "beta", "gamma"] + [os.path.join(SYNCHRONIZER_MUTANTS, name) for name in (
    "alpha_safe_before_acks.py", "beta_root_skips_subtrees.py", "gamma_ignores_neighbouring_clusters.py")]
MODES = {"multisets": {}, "full": {"reduce": False}, "fifo": {"fifo": True}, "fifo, full": {"fifo": True, "reduce": False}}
needs_c = pytest.mark.skipif(tables.available() is not None, reason="no C compiler")


def _system(synchronizer: str, graph: str, ids: tuple, **mode):
    radius = 0 if "gamma_ignores" in synchronizer else None
    arrangement = Arrangement(ids, 1, topology=family(graph, len(ids)), numbered=False)
    return system_for(FLOODING, arrangement, synchronizer=load_synchronizer(synchronizer, radius), **mode)


def _breadth_first(system, decode, limit=2_000):
    """The first ``limit`` states in discovery order, and each one's transitions (target's index,
    messages, mover, instance)."""
    index, order, edges = {system.initial_state: 0}, [system.initial_state], []
    while len(edges) < min(len(order), limit):
        state, row = order[len(edges)], []
        for target, sent, mover, _unmatched, instance in system.successor_list(state):
            row.append((index.setdefault(target, len(order)), sent, mover, instance))
            if index[target] == len(order):
                order.append(target)
        edges.append(row)
    return [decode(s) for s in order], edges


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("synchronizer", SYNCHRONIZERS, ids=os.path.basename)
def test_the_interned_engine_builds_the_reference_graph(synchronizer, mode):
    reference = _system(synchronizer, "path", (1, 3, 2), **MODES[mode])
    interned = interned_twin(reference)
    assert isinstance(interned, InternedSynchronizedSystem)
    assert _breadth_first(reference, lambda s: s) == _breadth_first(interned, interned.decode)
    # a trace is replayed by the reference: the interned engine's steps are its steps
    state = interned.initial_state
    assert [s._replace(target=None) for s in interned.steps(state)] == \
        [s._replace(target=None) for s in reference.steps(reference.initial_state)]


def _figures(exploration):
    return (exploration.states, exploration.transitions, exploration.depth, exploration.terminal_states,
            exploration.messages_min, exploration.messages_max)


def _c_search_cases():
    """Every synchronizer on the path and the complete graph of 3 in each mode; the star of 4 on
    multisets only, and not through alpha (the other cases there, and the FIFO full graph of
    alpha_safe_before_acks, are hundreds of thousands of states for the Python engine: a minute)."""
    for graph, ids in [("path", (1, 3, 2)), ("complete", (2, 1, 3)), ("star", (1, 4, 2, 3))]:
        for synchronizer in SYNCHRONIZERS:
            for mode in ["multisets", "full", "fifo, full"]:
                if graph == "star" and (mode != "multisets" or synchronizer == "alpha") or \
                        mode == "fifo, full" and "alpha_safe_before_acks" in synchronizer:
                    continue
                marks = [pytest.mark.slow] if graph == "star" else []
                yield pytest.param(synchronizer, mode, graph, ids, marks=marks,
                                   id=f"{graph}-{os.path.basename(synchronizer)}-{mode}")


@needs_c
@pytest.mark.parametrize("synchronizer, mode, graph, ids", list(_c_search_cases()))
def test_the_c_search_finds_the_python_graph_and_verdict(synchronizer, mode, graph, ids):
    properties = synchronized_spec(FLOODING)
    python = Explorer(interned_twin(_system(synchronizer, graph, ids, **MODES[mode])), properties).run()
    in_c = search_in_c(interned_twin(_system(synchronizer, graph, ids, **MODES[mode])), properties, None, None)
    if python.violations:
        assert in_c is None  # the Python engine then finds the violation and its trace
    else:
        assert in_c is not None and _figures(in_c) == _figures(python) and in_c.holds == python.holds


@needs_c
def test_the_c_search_stops_at_the_state_limit_where_the_python_engine_does():
    stopped = []
    for search in (lambda system, properties: Explorer(system, properties, 1000).run(),
                   lambda system, properties: search_in_c(system, properties, 1000, None)):
        with pytest.raises(StateLimitReached) as limit:
            search(interned_twin(_system("alpha", "path", (1, 3, 2))), synchronized_spec(FLOODING))
        stopped.append(limit.value.args)
    assert stopped[0] == stopped[1] == (1000,)


# (synchronizer, graph, n, ids, mode) -> (verdict, states, transitions, depth, messages), as measured
# before the interned and C engines existed (at 883ad82, with the reference engine)
PINNED = {
    ("alpha", "path", 3, None, "multisets"): ("verified", 4650, 13905, 39, 24, 24),
    ("alpha", "path", 3, None, "full"): ("verified", 9534, 28779, 39, 24, 24),
    ("alpha", "path", 3, None, "fifo"): ("verified", 3126, 5238, 39, 24, 24),
    ("alpha", "complete", 3, None, "full"): ("verified", 14930, 58794, 27, 18, 18),
    ("alpha", "path", 4, (1, 3, 2, 4), "multisets"): ("verified", 51251, 218454, 82, 54, 54),
    ("beta", "star", 4, None, "multisets"): ("verified", 39888, 176234, 54, 36, 36),
    ("beta", "star", 4, None, "fifo"): ("verified", 15639, 30036, 54, 36, 36),
    ("beta", "path", 4, (1, 3, 2, 4), "full"): ("verified", 20417, 84705, 79, 54, 54),
    ("gamma", "path", 3, None, "multisets"): ("verified", 2124, 5908, 51, 28, 32),
    ("gamma", "complete", 3, None, "fifo"): ("verified", 3892, 8500, 31, 20, 20),
    ("gamma", "path", 4, (1, 3, 2, 4), "multisets"): ("verified", 10765, 41412, 100, 66, 66),
    ("alpha_safe_before_acks.py", "path", 3, None, "multisets"): ("violated", 289, 670, 6, None, None),
    ("alpha_safe_before_acks.py", "complete", 3, None, "full"): ("violated", 16822, 53823, 9, None, None),
}


# (on FIFO links with the reduction both engines are the interned Python one: run once)
@pytest.mark.parametrize("key, engine", [
    pytest.param(key, engine, marks=[pytest.mark.slow] if PINNED[key][1] > 30_000 else [])
    for key in PINNED for engine in (("auto",) if key[-1] == "fifo" else ("auto", "interned"))],
    ids=lambda value: " ".join(map(str, value)) if isinstance(value, tuple) else value)
def test_the_figures_are_those_before_the_engines(key, engine):
    synchronizer, graph, n, ids, mode = key
    name = synchronizer if synchronizer in ("alpha", "beta", "gamma") else os.path.join(SYNCHRONIZER_MUTANTS,
                                                                                          synchronizer)
    options = {"full": {"por": False}, "fifo": {"fifo": True}}.get(mode, {})
    result = check(FLOODING, n, ids, jobs=1, progress=False, synchronizer=load_synchronizer(name),
                   graphs=[family(graph, n)], engine=engine, **options)
    assert (result.verdict, result.states, result.transitions, result.depth, result.messages_min,
            result.messages_max) == PINNED[key]
