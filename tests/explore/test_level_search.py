"""The C search that keeps two breadth-first levels finds what the one that keeps everything finds.

models/native/tables.c's ``ts_search_levels`` keeps only the level being expanded and the next,
where ranks of nodes that it sets and checks show the graph graded; it gives up (NOT_GRADED)
at the first step that disagrees, and checker/explore/synchronized_search.py then runs
``ts_search``, which keeps every state and edge. Here, on every synchronizer, mutant and
synchronizer variant of tests/trust/system_variants, with links as multisets and in full: each
search that finishes gives ts_search's figures (states, transitions, terminal states, depth,
messages), and one that stops at a violation stops where ts_search stops. Judged as the runs
judge, and with no property judged at all (so that a mutant's graph is searched past its
violation, up to 50,000 states);
tests/explore/variants/alpha_may_dawdle.py is correct and not graded.
"""
import os

import pytest
from conftest import MUTANTS

from checker import check, load_algorithm
from checker.cli.loader import load_synchronizer
from checker.explore.arrangements import Arrangement
from checker.explore.synchronized_search import _Judge
from checker.explore.systems import interned_twin, system_for
from models.native import tables
from models.topology.network import family
from specs.synch import synchronized_spec

FLOODING = load_algorithm("flooding")
HERE = os.path.dirname(os.path.abspath(__file__))
DAWDLES = os.path.join(HERE, "variants", "alpha_may_dawdle.py")
SYNCHRONIZERS = ["alpha", "beta", "gamma", DAWDLES] + [
    os.path.join(MUTANTS, "synchronizers", name) for name in (
        "alpha_safe_before_acks.py", "beta_root_skips_subtrees.py", "gamma_ignores_neighbouring_clusters.py")] + [
    os.path.join(os.path.dirname(HERE), "trust", "system_variants", name) for name in (
        "beta_parent_on_last_port.py", "beta_safe_up_the_last_port.py", "beta_tree_by_vertex_numbers.py")]
needs_c = pytest.mark.skipif(tables.available() is not None, reason="no C compiler")


class _NothingViolated:
    """A judge that finds nothing: the whole graph is searched."""

    def vector(self, classes):
        return False

    def terminal(self, state):
        return False

    def step(self, i, node, after):
        return False


def _system(synchronizer: str, graph: str, ids: tuple, reduce: bool):
    radius = 0 if "gamma_ignores" in synchronizer else None
    arrangement = Arrangement(ids, 1, topology=family(graph, len(ids)), numbered=True)
    return interned_twin(system_for(FLOODING, arrangement, synchronizer=load_synchronizer(synchronizer, radius),
                                    reduce=reduce))


def _facts(facts):
    return (facts.status, facts.states, facts.transitions, facts.terminal_states, facts.depth, facts.acyclic,
            facts.messages_min, facts.messages_max)


CASES = [(synchronizer, graph, ids, reduce) for synchronizer in SYNCHRONIZERS
         for graph, ids in (("path", (1, 3, 2)), ("complete", (2, 1, 3))) for reduce in (True, False)]


@needs_c
@pytest.mark.parametrize("synchronizer, graph, ids, reduce", CASES,
                         ids=[f"{os.path.basename(s)}-{g}-{'multisets' if r else 'full'}" for s, g, _, r in CASES])
def test_two_levels_find_what_every_state_finds(synchronizer, graph, ids, reduce):
    outcomes = []
    for judged in (True, False):
        system = _system(synchronizer, graph, ids, reduce)
        judge = _Judge(system, synchronized_spec(FLOODING)) if judged else _NothingViolated()
        limit = None if judged else 50_000  # a mutant's whole graph may be millions of states
        everything = tables.search(system, judge, limit, None)
        levels = tables.search(system, judge, limit, None, by_levels=True)
        outcomes.append(levels.status)
        if levels.status != tables.NOT_GRADED:
            assert _facts(levels) == _facts(everything)
    if "dawdle" in synchronizer or "skips" in synchronizer or "before_acks" in synchronizer:
        assert outcomes[1] == tables.NOT_GRADED  # their whole graphs are not graded
    elif os.path.basename(synchronizer) in ("alpha", "beta", "gamma"):
        assert outcomes == [tables.OK, tables.OK]


@needs_c
def test_a_graph_not_graded_is_searched_keeping_everything(monkeypatch):
    figures = []
    for levels in ("1", "0"):
        monkeypatch.setenv("RINGLEADER_LEVELS", levels)
        result = check(FLOODING, 3, None, jobs=1, progress=False, synchronizer=load_synchronizer(DAWDLES),
                       graphs=[family("complete", 3)])
        figures.append((result.verdict, result.states, result.transitions, result.depth, result.messages_min,
                        result.messages_max))
    assert figures[0] == figures[1] == ("verified", 3436, 13683, 27, 18, 18)


@needs_c
def test_two_levels_stop_at_the_state_limit_where_every_state_does():
    stopped = [tables.search(_system("beta", "complete", (2, 1, 3), True), _NothingViolated(), 1000, None,
                             by_levels=levels) for levels in (False, True)]
    assert [(facts.status, facts.states) for facts in stopped] == [(tables.STATE_LIMIT, 1000)] * 2
