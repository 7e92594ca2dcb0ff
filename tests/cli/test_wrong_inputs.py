"""Wrong inputs a new user met (issue 30): each gets one line on stderr and exit 2 (or 3 for a
limit), never a traceback. The focused tests run the exact command of the issue through main();
test_every_wrong_input_gets_one_line runs many more as `python -m checker` subprocesses."""
import os
import subprocess
import sys
import time

import pytest

from checker.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_command(*argv, timeout: float = 60, stdin=None):
    """`python -m checker ARGV` in a process of its own, from the worktree's root."""
    return subprocess.run([sys.executable, "-m", "checker", *map(str, argv)], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, "RINGLEADER_JOBS": "1"}, stdin=stdin)


# -- sizes -------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, count", [
    (("hs", "--n", 2000), "at least 10^5,731 arrangements"),
    (("lcr", "--n", 1_000_000), "at least 10^5,565,702 arrangements"),
])
def test_a_huge_ring_is_refused_at_once_with_its_count_as_a_power_of_ten(capsys, argv, count):
    started = time.monotonic()
    status, out, err = run(capsys, *argv)
    assert time.monotonic() - started < 5  # the exact count of lcr --n 1000000 took 7 s, building its ring 2 s
    assert status == 3 and not out
    assert err.startswith(f"check: n = {argv[2]} has {count} to explore (whatever the symmetry), too many; ")


def test_a_count_too_long_to_write_is_given_as_a_power_of_ten(capsys):
    """A path of 2000 vertices, every arrangement and labelling: 2000! 2^1998, 6,337 digits (Python
    writes 4,300 at most). (Without --symmetry none, the graph's automorphisms are enumerated first.)"""
    status, _, err = run(capsys, "flooding", "--graph", "path", "--n", 2000, "--symmetry", "none")
    assert status == 3
    assert err.startswith("check: n = 2000 has about 10^6,336 arrangements to explore (every arrangement), too many")


def test_the_count_of_a_ring_too_large_is_the_count_planned(capsys):
    """n = 12, one per rotation and reflection class: 11!/2 (it said 11!, the rotation classes)."""
    status, _, err = run(capsys, "hs", "--n", 12)
    assert status == 3
    assert err == ("check: n = 12 has 19,958,400 arrangements to explore (one per rotation and reflection class), "
                   "too many; check a smaller n, or one arrangement with --ids\n")
