"""--keep-going: an arrangement stopped at a limit leaves the others to be searched (checker/explore/run.py)."""
import os
import subprocess
import sys

import pytest

from checker.cli import main
from conftest import MUTANTS

NO_TERMINATE = os.path.join(MUTANTS, "lcr_no_terminate.py")


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _check_in_a_process_of_its_own(*argv):
    """`check` with workers, in a process of its own (a pool forked from a pytest-xdist worker,
    which has threads, may deadlock: tests/conftest.py)."""
    done = subprocess.run([sys.executable, "-m", "checker", *map(str, argv)], capture_output=True, text=True,
                          timeout=300)
    return done.returncode, done.stdout, done.stderr


# with workers: two runs in processes of their own, 5 s of start-up, with the slow tests
@pytest.mark.parametrize("jobs", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_a_violation_after_arrangements_stopped_at_a_limit_is_found(capsys, jobs):
    # at n = 4 and 200 states, the first two arrangements of lcr_no_terminate stop at the limit;
    # the third is searched to the end and violates election
    def checked(*argv):
        if jobs == 1:
            return run(capsys, *argv, "--jobs", 1)
        return _check_in_a_process_of_its_own(*argv, "--jobs", 2)

    status, out, _ = checked(NO_TERMINATE, "--n", 4, "--max-states", 200, "--no-progress")
    assert status == 3 and out.startswith("lcr-no-terminate on a unidirectional ring, n = 4: INCOMPLETE")
    status, out, _ = checked(NO_TERMINATE, "--n", 4, "--max-states", 200, "--no-progress", "--keep-going")
    assert status == 1 and out.startswith("lcr-no-terminate on a unidirectional ring, n = 4: VIOLATED")
    assert ("note: 2 of 6 arrangements stopped at a limit and --keep-going searched the others; the first: stopped "
            "at --max-states 200") in out
    assert "stopped at the first violation, in arrangement 3 of 6" in out
    assert "Counterexample to election: terminated with undecided processes" in out


def test_every_arrangement_stopped_is_incomplete_and_says_so(capsys):
    status, out, _ = run(capsys, "lcr", "--n", 4, "--max-states", 20, "--jobs", 1, "--no-progress", "--keep-going")
    assert status == 3 and "INCOMPLETE" in out.splitlines()[0]
    assert "note: 6 of 6 arrangements stopped at a limit and --keep-going searched the others" in out


def test_a_run_within_its_limits_is_what_it_was(capsys):
    def without_time(out):
        return [line for line in out.splitlines() if not line.strip().startswith("time")]
    going = run(capsys, "lcr", "--n", 4, "--jobs", 1, "--no-progress", "--keep-going")
    plain = run(capsys, "lcr", "--n", 4, "--jobs", 1, "--no-progress")
    assert going[0] == plain[0] == 0 and without_time(going[1]) == without_time(plain[1])


def test_keep_going_stays_on_this_machine(capsys):
    status, _, err = run(capsys, "lcr", "--n", 4, "--keep-going", "--cluster", "local:2")
    assert status == 2 and err.strip() == "check: --keep-going runs on this machine only; drop --cluster"


def test_keep_going_is_for_a_check(capsys):
    status, _, err = run(capsys, "lcr", "--n", "2..3", "--messages", "--keep-going")
    assert status == 2 and err.strip() == "check: --keep-going goes with a check of one n, not with --messages; drop it"
