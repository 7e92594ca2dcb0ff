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
            time.sleep(0.5)  # inside an arrangement's search (hs at n = 5: over a second each)
            return children
        assert process.poll() is None, process.communicate()
        time.sleep(0.1)
    pytest.fail("the workers never started")


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime and stime


def _wait_for_cpu(process: subprocess.Popen, seconds: float) -> None:
    """Until the run has used ``seconds`` of CPU: past start-up and the readings, inside the
    search, however busy the machine (a sleep of fixed length is not, under load)."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        if _cpu_seconds(process.pid) >= seconds:
            return
        time.sleep(0.05)
    pytest.fail("the run never got going")


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
        _wait_for_cpu(process, 2.0)
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


def test_a_ctrl_c_caught_in_a_finalizer_interrupts_the_run_after_it():
    """Python cannot raise a KeyboardInterrupt inside ``__del__``: it would print a traceback
    and carry on. The command's hook sends the interrupt again, to land outside."""
    done = _beside_the_command("import time\n"
                               "sys.unraisablehook = main._interrupt_again\n"
                               "class Finalized:\n"
                               "    def __del__(self):\n"
                               "        raise KeyboardInterrupt\n"
                               "try:\n"
                               "    Finalized()\n"
                               "    time.sleep(5)\n"
                               "    print('carried on')\n"
                               "except KeyboardInterrupt:\n"
                               "    print('interrupted')\n")
    assert (done.stdout.strip(), done.stderr) == ("interrupted", "")


def test_a_worker_never_sees_the_ctrl_c_that_comes_while_it_is_forked():
    """The pool forks with SIGINT blocked, and a worker ignores it before unblocking: a signal
    pending from the fork on is dropped, not raised in the worker."""
    from checker.explore.pool import Pool

    with Pool(1) as pool:
        task = pool.submit(_blocked_then_ignored)
        pool.wait([task])
        mask, handler = task.result()
    assert signal.SIGINT not in mask and handler == signal.SIG_IGN
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())


def _blocked_then_ignored():
    return signal.pthread_sigmask(signal.SIG_BLOCK, set()), signal.getsignal(signal.SIGINT)


def test_an_object_left_half_built_by_an_interrupt_says_nothing_when_freed_at_exit():
    """z3's Context, interrupted in its __init__, fails in its __del__ at exit: after the verdict
    that is noise, and the command's exit keeps it quiet (--debug would show it)."""
    done = _beside_the_command("def run():\n"
                               "    left = [HalfBuilt()]\n"
                               "    left.append(left)  # freed by the collector at exit, not before\n"
                               "    return 1\n"
                               "main.main = run\n"
                               "main.entry_point()\n")
    assert (done.returncode, done.stderr) == (1, "")


def test_an_object_an_interrupt_left_half_built_says_nothing_when_its_frame_is_freed():
    """The interrupt's traceback holds the frame that held the half-built object: both are freed
    as the interrupt is handled, before the run has returned."""
    done = _beside_the_command("def run(argv):\n"
                               "    half_built = HalfBuilt()\n"
                               "    raise KeyboardInterrupt\n"
                               "main.run = run\n"
                               "main.entry_point()\n", "hs", "--n", "3")
    assert (done.returncode, done.stderr) == (3, "check: interrupted; no verdict\n")


# what the scripts above start with: the command's module as `main`, and an object whose
# __del__ fails as z3's Context does when an interrupt came in its __init__
PRELUDE = ("import importlib, signal, sys\n"
           # as a shell starts the command: a Ctrl-C raises KeyboardInterrupt (a Python started
           # with SIGINT ignored, as a test process may pass it on, keeps ignoring it)
           "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
           "main = importlib.import_module('checker.cli.main')\n"
           "class HalfBuilt:\n"
           "    def __del__(self):\n"
           "        self.owner\n")


def _beside_the_command(script: str, *argv: str) -> subprocess.CompletedProcess:
    """``script`` after PRELUDE, in a Python of its own, with ``argv``."""
    return subprocess.run([sys.executable, "-c", PRELUDE + script, *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=HANG)
