"""Arrangements derived from another's search by renaming the ids (checker/explore/twins.py):
derived only where proved, and then exactly what a search of them finds."""
from __future__ import annotations

import os

import pytest

import checker.explore.run as run
from algorithms import ASYNCHRONOUS_RINGS, builtin
from algorithms.hs import HirschbergSinclair as HS
from checker import check
from checker.cli.loader import load_algorithm
from checker.explore.arrangements import Arrangement
from checker.explore.native_search import search_natively
from checker.explore.systems import system_for
from checker.explore.twins import Searched, derived
from checker.trust.remembered import reading_report
from models.native import NativeEngine
from specs import election_spec

from conftest import MUTANTS

MUTANT_FILES = sorted(f for f in os.listdir(MUTANTS) if f.endswith(".py"))
SLOW = {"hs", "hs-lecture", "hs_unoriented_responses_turn_back.py", "hs_lecture_largest_passes.py",
        "hs_smallest_wins.py"}  # 10 to 40 s each: with the slow tests


def _marked(names):
    return [pytest.param(name, marks=pytest.mark.slow) if name in SLOW else name for name in names]


def _summary(result):
    return (result.verdict, result.states, result.transitions, result.depth, result.messages_min,
            result.messages_max, [(p.name, p.holds) for p in result.properties],
            [(a.ids, a.swapped, a.states, a.transitions, a.depth, a.terminal_states, a.unmatched, a.messages_min,
              a.messages_max) for a in result.per_arrangement],
            result.counterexample.trace.to_json() if result.counterexample else None)


def _searched(algorithm, ids):
    """The native search of one arrangement, as a group's first one leaves it."""
    n = len(ids)
    engine = NativeEngine.for_algorithm(algorithm, n, reading_report(algorithm, n).trusted)
    engine.start_afresh()
    properties, judged = election_spec(algorithm), []
    exploration = search_natively(engine, system_for(algorithm, _arrangement(ids)), properties, keep=judged)
    return Searched(tuple(ids), exploration, engine.last_contexts, judged[0]), properties


def _arrangement(ids):
    return Arrangement(tuple(ids), 1)


def test_hs_twins_are_derived_with_the_figures_of_their_search():
    """1,2,3,5,4 and 1,2,4,5,3: the 3 and the 4 are never compared."""
    first, properties = _searched(HS, (1, 2, 3, 5, 4))
    twin = derived(first, system_for(HS, _arrangement((1, 2, 4, 5, 3))), properties)
    searched, _ = _searched(HS, (1, 2, 4, 5, 3))
    assert twin is not None and twin.renamed_from == (1, 2, 3, 5, 4) and twin.ids == (1, 2, 4, 5, 3)
    e = searched.exploration
    assert (twin.states, twin.transitions, twin.depth, twin.terminal_states, twin.unmatched, twin.messages_min,
            twin.messages_max) == (e.states, e.transitions, e.depth, e.terminal_states, e.unmatched,
                                   e.messages_min, e.messages_max)


def test_an_arrangement_whose_graph_differs_is_not_derived():
    """1,2,3,4,5 and 1,2,4,3,5 (3 and 4 swapped, but compared): the renamed contexts do not
    give the renamed outcomes, so the second one is searched."""
    first, properties = _searched(HS, (1, 2, 3, 4, 5))
    assert derived(first, system_for(HS, _arrangement((1, 2, 4, 3, 5))), properties) is None


@pytest.mark.slow
def test_a_variant_that_treats_one_id_apart_is_never_derived_wrongly(monkeypatch):
    """A user's variant whose id 4 behaves unlike the others: 1,2,3,5,4 and 1,2,4,5,3 are no
    longer twins, and the run with twins gives what searching every arrangement gives."""
    algorithm = load_algorithm(os.path.join(os.path.dirname(__file__), "variants", "hs_four_apart.py"))
    monkeypatch.setattr(run, "PROBE_STATES", 50)
    with_twins = check(algorithm, 5, jobs=2)
    assert _summary(with_twins) == _summary(check(algorithm, 5, jobs=2, twins=False))
    first, properties = _searched(algorithm, (1, 2, 3, 5, 4))
    assert derived(first, system_for(algorithm, _arrangement((1, 2, 4, 5, 3))), properties) is None


@pytest.mark.parametrize("name", _marked(ASYNCHRONOUS_RINGS))
def test_twins_change_nothing_in_a_run(name, monkeypatch):
    """Probes of 50 states group the arrangements coarsely, so that many derivations are tried
    (and most refused): the run equals one that searches every arrangement."""
    monkeypatch.setattr(run, "PROBE_STATES", 50)
    algorithm = builtin(name)
    n = 4 if name == "hs-unoriented" else 5
    assert _summary(check(algorithm, n, jobs=2)) == _summary(check(algorithm, n, jobs=2, twins=False))


@pytest.mark.parametrize("filename", _marked(MUTANT_FILES))
def test_twins_change_nothing_in_a_mutant(filename, monkeypatch):
    """At n = 4 (hs_never_swallows, which never terminates, at n = 2, both arrangements)."""
    monkeypatch.setattr(run, "PROBE_STATES", 20)
    algorithm = load_algorithm(os.path.join(MUTANTS, filename))
    n, symmetry = (2, "none") if filename == "hs_never_swallows.py" else (4, "reflection")
    assert _summary(check(algorithm, n, jobs=2, symmetry=symmetry)) == \
        _summary(check(algorithm, n, jobs=2, symmetry=symmetry, twins=False))
