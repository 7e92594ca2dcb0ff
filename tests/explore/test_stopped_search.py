"""A native search stopped at a limit judges the state and transition properties on the states it
expanded (checker/explore/stopped_search.py): a violation there is VIOLATED with a trace the
reference semantics replays; none leaves the run INCOMPLETE, saying what held. A search that
meets a violation before its limit stops there (checker/explore/early_stop.py), so the tests
that reach a limit past the violation switch that off."""
import os

from algorithms import builtin
from checker import check
from checker.cli.loader import load_algorithm

from conftest import MUTANTS

HS_RESIGN = os.path.join(MUTANTS, "hs_resign_unguarded.py")
IDS = (1, 2, 3, 4)


def _steps(result):
    return [(s.position, s.command, s.port, s.received) for s in result.counterexample.trace.steps]


def test_a_full_graph_stopped_past_the_violation_gives_the_unlimited_searchs_shortest_trace(monkeypatch):
    algorithm = load_algorithm(HS_RESIGN)
    unlimited = check(algorithm, 4, IDS, por=False, jobs=1)
    monkeypatch.setenv("RINGLEADER_NATIVE_EARLY_STOP", "0")  # else it stops at the violation
    stopped = check(algorithm, 4, IDS, por=False, jobs=1, max_states=40_000)
    assert unlimited.verdict == stopped.verdict == "violated"
    assert stopped.states > 40_000  # the native search did stop at the limit
    assert _steps(stopped) == _steps(unlimited) and len(_steps(stopped)) == 21
    assert any("violates stability, a shortest trace" in note for note in stopped.notes)
    # the Python engine, which judges each state as it stores it, finds the same trace
    interned = check(algorithm, 4, IDS, por=False, jobs=1, max_states=40_000, engine="interned")
    assert interned.verdict == "violated" and _steps(interned) == _steps(stopped)


def test_a_limit_below_the_violation_stays_incomplete_and_says_what_held():
    stopped = check(load_algorithm(HS_RESIGN), 4, IDS, por=False, jobs=1, max_states=20_000)
    assert stopped.verdict == "incomplete" and stopped.counterexample is None
    assert any("at-most-one-leader, stability held on every state the search expanded" in note
               for note in stopped.notes)


def test_a_reduced_search_stopped_at_the_limit_gives_a_replayed_trace_not_claimed_shortest(monkeypatch):
    algorithm = builtin("dfs-election-literal")
    unlimited = check(algorithm, 4, (3, 1, 2, 4), graphs="star", jobs=1)
    monkeypatch.setenv("RINGLEADER_NATIVE_EARLY_STOP", "0")  # else it stops at the violation
    stopped = check(algorithm, 4, (3, 1, 2, 4), graphs="star", jobs=1, max_states=3_000)
    assert stopped.verdict == "violated" and stopped.counterexample.property == "at-most-one-leader"
    assert stopped.states > 3_000
    assert any("not necessarily a shortest trace" in note for note in stopped.notes)
    # the trace is the reference semantics' replay of the steps found (checker/explore/run.py)
    assert "2 leaders" in stopped.counterexample.reason
    assert len(stopped.counterexample.trace.steps) == len(unlimited.counterexample.trace.steps) == 10
