"""Faults of a run itself, with real signals: Ctrl-C and a worker killed as by the kernel.

Each test starts `check hs --n 5` (about ten seconds of search) in its own process group,
waits until the search is under way, sends the signal, and requires a prompt, clean end:
verdict INCOMPLETE, what was finished, exit status 3, never VERIFIED and never a hang.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HANG = 120  # seconds: only there to turn a hang into a failure


# `python -m checker`, with the SIGINT handler a terminal's Ctrl-C meets: a shell that starts the
# tests in the background leaves SIGINT ignored, and an ignored signal is inherited. The new
# Python sets it itself, not a preexec_fn: Python code run between fork and exec in the threaded
# pytest-xdist worker may deadlock.
CHECKER = ("import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
           "runpy.run_module('checker', run_name='__main__', alter_sys=True)")


def _start(*options: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", CHECKER, "hs", "--n", "5", *options], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(child) for child in found]


def _wait_for_workers(process: subprocess.Popen, count: int) -> list[int]:
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        children = _children(process.pid)
        if len(children) >= count:
            time.sleep(1.0)  # inside an arrangement's search
            return children
        assert process.poll() is None, process.communicate()
        time.sleep(0.1)
    pytest.fail("the workers never started")


def _finish(process: subprocess.Popen) -> tuple[int, str]:
    try:
        out, err = process.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("the run hung after the signal")
    assert "Traceback" not in err, err
    return process.returncode, out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_the_run_with_what_was_finished(jobs):
    process = _start("--jobs", jobs)
    if jobs == "2":
        _wait_for_workers(process, 2)
    else:
        time.sleep(3)
    os.killpg(process.pid, signal.SIGINT)
    status, out = _finish(process)
    assert status == 3
    assert out.startswith("hs on a bidirectional ring, n = 5: INCOMPLETE")
    assert "note: interrupted (Ctrl-C) after " in out and " of 12 arrangements" in out


def test_a_killed_worker_is_named_not_waited_for():
    process = _start("--jobs", "2")
    worker = _wait_for_workers(process, 2)[0]
    os.kill(worker, signal.SIGKILL)
    status, out = _finish(process)
    assert status == 3 and ": INCOMPLETE" in out.splitlines()[0]
    assert "a worker process exploring arrangement " in out and "was killed (SIGKILL)" in out
    assert not _children(process.pid)
