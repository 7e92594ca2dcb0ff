"""An early end never hangs: a violated run, Ctrl-C and a killed worker, many times over.

    python bench/early_end.py --runs 1000
    python bench/early_end.py --runs 200 --fault ctrl-c
    python bench/early_end.py --runs 200 --fault kill-worker

Each run is `check tests/mutants/hs_unoriented_comparisons_flipped.py --n 3 --no-por --symmetry
none --json --jobs 2` in a process group of its own: 48 arrangements, and a violation found
while both workers still hold arrangements (before pool.py, 5 runs in 40 hung at exit). With
``--fault ctrl-c`` the whole group gets SIGINT, as from a terminal, at a random moment of the
run; with ``--fault kill-worker`` one worker gets SIGKILL, as from the kernel, at a random
moment once the workers are there. A run passes if it ends within ``--timeout`` seconds of its
start, leaves no process behind, prints no traceback, and ends as it should: VIOLATED (status
1, with its JSON), or, after a fault, INCOMPLETE (status 3, the fault named) or an interrupt
before the run began (status 130). It prints one line per failure and a summary, and exits 1
if any run failed. tests/bench/test_early_end.py runs it (20 runs in the fast loop; 40 without a
fault and 60 with each fault, with the slow tests).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIANT = os.path.join(ROOT, "tests", "mutants", "hs_unoriented_comparisons_flipped.py")
COMMAND = [VARIANT, "--n", "3", "--no-por", "--symmetry", "none", "--json", "--jobs", "2"]
FAULTS = ("none", "ctrl-c", "kill-worker")
# `python -m checker` with the SIGINT handler a terminal's Ctrl-C meets (a shell that starts a
# job in the background leaves SIGINT ignored, and an ignored signal is inherited), telling on
# a pipe (its descriptor filled in) when the interpreter has started: the faults' moments are drawn from then,
# and from EARLIEST on: a Ctrl-C during Python's own start-up, or in the millisecond this
# launcher takes to reach the tool's entry point, is Python's to report, not the tool's.
CHECKER = ("import os, runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
           "os.write({started}, b'.'); os.close({started}); runpy.run_module('checker', run_name='__main__', alter_sys=True)")
EARLIEST_FAULT = 0.01  # seconds after the interpreter started
LATEST_FAULT = 1.0  # seconds: a run takes about 0.8 s on a quiet 2-core machine


@dataclass
class Outcome:
    status: int | None  # None: still running at the timeout (a hang)
    out: str
    err: str
    fault: str  # what was done to the run, and when
    left_behind: list[int]  # processes of the run's group still there after it ended


def run_once(fault: str, rng: random.Random, timeout: float) -> Outcome:
    """One run of the variant, with ``fault`` done to it at a moment drawn from ``rng``."""
    started = time.monotonic()
    reading, writing = os.pipe()
    process = subprocess.Popen([sys.executable, "-c", CHECKER.format(started=writing), *COMMAND], cwd=ROOT, start_new_session=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               pass_fds=(writing,), env={**os.environ, "RINGLEADER_JOBS": "2"})
    os.close(writing)
    select.select([reading], [], [], timeout)
    os.close(reading)
    done = "no fault"
    if fault == "ctrl-c":
        delay = rng.uniform(EARLIEST_FAULT, LATEST_FAULT)
        if not _sleep_while_running(process, delay):
            os.killpg(process.pid, signal.SIGINT)
            done = f"SIGINT to the group at {delay:.3f} s"
        else:
            done = f"no SIGINT: the run ended before {delay:.3f} s"
    elif fault == "kill-worker":
        done = _kill_a_worker(process, rng, started + timeout)
    try:
        out, err = process.communicate(timeout=max(0.0, started + timeout - time.monotonic()))
        status = process.returncode
    except subprocess.TimeoutExpired:
        _kill_group(process.pid)
        out, err = process.communicate()
        status = None
    left = _group_members(process.pid)
    _kill_group(process.pid)
    return Outcome(status, out, err, done, left)


def _sleep_while_running(process: subprocess.Popen, seconds: float) -> bool:
    """Sleep ``seconds`` or until the process ends: whether it ended."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return True
        time.sleep(min(0.005, max(0.0, deadline - time.monotonic())))
    return process.poll() is not None


def _kill_a_worker(process: subprocess.Popen, rng: random.Random, deadline: float) -> str:
    """SIGKILL one of the run's workers (its forked children), a random while after they appear."""
    while time.monotonic() < deadline and process.poll() is None:
        workers = _workers(process.pid)
        if workers:
            delay = rng.uniform(0, 0.3)
            if _sleep_while_running(process, delay):
                return f"no kill: the run ended within {delay:.3f} s of its workers' start"
            victim = rng.choice(_workers(process.pid) or workers)
            try:
                os.kill(victim, signal.SIGKILL)
            except ProcessLookupError:
                return "no kill: the worker had ended"
            return f"SIGKILL to worker {victim}, {delay:.3f} s after the workers started"
        time.sleep(0.002)
    return "no kill: no worker seen"


def _workers(pid: int) -> list[int]:
    """The children of ``pid`` that are forks of it (the same command line): its workers."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listing:
            children = [int(child) for child in listing.read().split()]
        with open(f"/proc/{pid}/cmdline", "rb") as line:
            command = line.read()
    except OSError:
        return []
    forks = []
    for child in children:
        try:
            with open(f"/proc/{child}/cmdline", "rb") as line:
                if line.read() == command:
                    forks.append(child)
        except OSError:
            pass
    return forks


def _group_members(group: int) -> list[int]:
    """Live processes (not zombies) of the process group ``group``, after a moment to die."""
    deadline = time.monotonic() + 2
    while True:
        members = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                members.append(int(entry))
        if not members or time.monotonic() > deadline:
            return members
        time.sleep(0.05)


def _kill_group(group: int) -> None:
    try:
        os.killpg(group, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def failure(outcome: Outcome) -> str | None:
    """What is wrong with a run's end, or None if it ended as it should."""
    if outcome.status is None:
        return "hung: still running at the timeout"
    if "Traceback" in outcome.err:  # the whole of it, to find where the run was
        return "printed a traceback:\n" + outcome.err.strip()
    if outcome.left_behind:
        return f"left processes behind: {outcome.left_behind}"
    if outcome.status == 1:
        verdict = _verdict(outcome.out)
        return None if verdict == "violated" else f"status 1 with verdict {verdict!r}"
    if outcome.status == 3 and not outcome.fault.startswith("no "):
        verdict = _verdict(outcome.out)
        if verdict == "incomplete" or "interrupted" in outcome.err:
            return None
        return f"status 3 with verdict {verdict!r} and stderr {outcome.err.strip()!r}"
    if outcome.status in (130, -signal.SIGINT) and outcome.fault.startswith("SIGINT"):
        return None if len(outcome.err.strip().splitlines()) <= 1 else f"interrupted with {outcome.err.strip()!r}"
    return f"status {outcome.status}: {outcome.err.strip() or outcome.out.strip()[:200]!r}"


def _verdict(out: str) -> str | None:
    try:
        return json.loads(out).get("verdict")
    except (json.JSONDecodeError, AttributeError):
        return None


def ending(outcome: Outcome) -> str:
    """How a run ended, in a word or two, for the summary."""
    if outcome.status is None:
        return "hung"
    if outcome.status == 3 and "worker process" in outcome.out:
        return "incomplete (worker killed)"
    if outcome.status == 3:
        return "incomplete (interrupted)"
    return {1: "violated", 0: "verified"}.get(outcome.status, f"status {outcome.status}")


def campaign(runs: int, fault: str, seed: int, timeout: float, say=print) -> tuple[list[str], Counter]:
    """``runs`` runs with ``fault``: the description of each failed one, and how many ended each way."""
    rng = random.Random(seed)
    failed, endings = [], Counter()
    for number in range(1, runs + 1):
        outcome = run_once(fault, rng, timeout)
        endings[ending(outcome)] += 1
        wrong = failure(outcome)
        if wrong is not None:
            failed.append(f"run {number} ({outcome.fault}): {wrong}")
            say(failed[-1])
    return failed, endings


def parser() -> argparse.ArgumentParser:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--runs", type=int, default=100, help="how many runs (default 100)")
    arguments.add_argument("--fault", choices=FAULTS, default="none", help="what to do to each run (default none)")
    arguments.add_argument("--seed", type=int, default=0, help="the seed of the moments drawn (default 0)")
    arguments.add_argument("--timeout", type=float, default=20.0, help="seconds a run may take (default 20)")
    return arguments


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    started = time.monotonic()
    failed, endings = campaign(args.runs, args.fault, args.seed, args.timeout)
    seconds = time.monotonic() - started
    print(f"{args.runs} runs, fault {args.fault}: {len(failed)} failed, {seconds:.0f} s "
          f"({seconds / args.runs:.2f} s a run); ended " + ", ".join(f"{kind} {count}" for kind, count in endings.most_common()))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
