"""Planning (checker/explore/planning.py): a run too large to build or to list is refused at
once, in one line with exit status 3 and what to check instead; graphs with many automorphisms
are planned without listing them; planning that takes time shows its progress (issue 30)."""
import os
import subprocess
import sys

import pytest

from checker.cli import main
from checker.explore import progress
from checker.explore.arrangements import (
    arrangements,
    count_planned,
    labelled_arrangements,
)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def check_process(*argv: str, timeout: float) -> subprocess.CompletedProcess:
    """`python -m checker ARGV` in its own process, stopped (failing the test) after ``timeout``
    seconds: each command here hung, or ate all memory, before it was refused at once."""
    return subprocess.run([sys.executable, "-m", "checker", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def refused(done: subprocess.CompletedProcess, status: int = 3) -> str:
    assert done.returncode == status, done.stderr
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    return done.stderr


def test_a_ring_of_too_many_processes_is_refused_before_it_is_built():
    err = refused(check_process("hs", "--n", "99999999999999999999", timeout=10))
    assert "n = 99999999999999999999 has at least 10^1,956,570,551,809,674,838,016 arrangements" in err
    assert "n = 11 is the largest with at most 10,000,000 arrangements" in err


@pytest.mark.parametrize("argv", [
    ["anonymous-tokens", "--n", "99999999999999999999"],  # one arrangement for all, but 10^20 processes
    ["dfs-election", "--graph", "complete", "--n", "99999999999999999999"],
])
def test_too_many_processes_are_refused_before_they_are_built(argv):
    err = refused(check_process(*argv, timeout=10))
    assert "n = 99999999999999999999 is too many processes to build (at most 1,000); check a smaller n" in err


@pytest.mark.parametrize("n", ["0", "-3"])
def test_no_processes_is_a_mistake_not_a_limit(capsys, n):
    assert main(["hs", "--n", n]) == 2
    assert "--n must be at least 1" in capsys.readouterr().err


def test_too_many_arrangements_says_how_many_and_the_largest_n(capsys):
    assert main(["hs", "--n", "12"]) == 3
    err = capsys.readouterr().err
    # 11!/2 representatives up to rotation and reflection (it said 11!, as if reflection did not halve them)
    assert "n = 12 has 19,958,400 arrangements to explore (one per rotation and reflection class), too many" in err
    assert "n = 11 is the largest" in err


def test_choices_of_ids_are_counted_not_listed():
    err = refused(check_process("timeslice", "--n", "3", "--id-values", "1..1000", timeout=10))
    # C(1000, 3) choices of ids times the 2 rotation classes of 3 processes
    assert "n = 3 has 332,334,000 arrangements to explore" in err
    assert "choose the ids from at most 311 values (e.g. --id-values 1..311)" in err


def test_a_range_of_ids_past_what_len_takes(capsys):
    assert main(["timeslice", "--n", "3", "--id-values", f"1..{10 ** 30}"]) == 3
    assert "n = 3 has about 10^89 arrangements to explore" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["--graph", "complete", "--n", "9"],  # 9! automorphisms: past 60 s, listing them
    ["--graph", "star", "--n", "11"],  # 10! automorphisms
])
def test_graphs_with_many_automorphisms_are_planned_at_once(argv):
    done = check_process("flooding", *argv, "--json", timeout=20)
    assert done.returncode == 0, done.stderr


def test_rounds_on_a_graph_of_high_degree_are_refused():
    # planned at once now, the run would check each round over 2^199 sets of ports
    err = refused(check_process("flooding", "--graph", "complete", "--n", "200", timeout=10))
    assert "the complete graph has degree 199 (at most 20)" in err


def test_planning_shows_its_progress(capsys, monkeypatch):
    class AtOnce:  # the timer that shows the display after a second, firing as it is started
        def __init__(self, _seconds, show):
            self.start, self.daemon = show, True

        def cancel(self):
            pass

        def join(self):
            pass

    monkeypatch.setattr(progress.threading, "Timer", AtOnce)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    # the planning is the subject: the search stops at its first state
    assert main(["hs", "--n", "5", "--progress", "--max-states", "1"]) == 3
    assert "planning hs n=5" in capsys.readouterr().err


@pytest.mark.parametrize("n", range(1, 7))
def test_counts_are_those_of_the_lists(n):
    for symmetry in ("none", "rotation", "reflection"):
        assert count_planned(n, symmetry, False) == len(arrangements(n, symmetry))
    for symmetry in ("none", "rotation", "reflection", "labelling"):
        assert count_planned(n, symmetry, True) == len(labelled_arrangements(n, symmetry))
