"""The runs of issue 32 (networks, crashes and timeouts, synchronizers, coins), each timed in
one script run: states, wall and CPU seconds, peak memory, beside the figures from before the
native engine and its reductions reached these kinds (docs/benchmarks.md, "Every system kind").

    python bench/system_kinds.py                  # every row (about a minute on 2 cores, quiet)
    python bench/system_kinds.py --long           # also the runs that take many minutes or GB
    python bench/system_kinds.py --only bully     # the rows whose command contains a word
    python bench/system_kinds.py --timeout 600    # seconds a run may take (default 300)

Each row is `python -m checker ... --json` in its own process, timed by the wall clock and by
the process's own resource usage (user + system CPU, peak resident set, from wait4). A run
that goes over the time allowed is stopped and its cell says so. Not run by CI.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@dataclass(frozen=True)
class Row:
    command: str  # check's arguments
    before: str  # the figure, measured on the 2-core machine before the work
    long: bool = False  # minutes or gigabytes: only with --long


ROWS = (
    Row("dfs-election --graphs connected --n 4", "26 s quiet (Python engine)"),
    Row("dfs-election-literal --graphs connected --n 4 --each-graph --max-memory 8G",
        "stops at the first violated graph (3.3 s); G17, G18 out of memory alone", long=True),
    Row("bully-always-replies --n 4 --crashes 1", "167 s quiet, 1.4 GB (2,874,624 states)"),
    Row("bully-always-replies --n 5 --crashes 1 --max-memory 8G", "out of memory: 40 M states at 17.7 GiB", long=True),
    Row("flooding --graphs connected --n 4 --synchronizer alpha", "463 s, 1.1 GB"),
    Row("flooding --graphs connected --n 4 --synchronizer beta", "583 s, 270 MB (load 6)"),
    Row("random-one-bit --n 1..10 --expected rounds,messages", "61 s busy (1..8)"),
    Row("itai-rodeh-sync --n 6 --k 5 --expected rounds", "K = 5 not run (K = 4: 143 s busy, 2.4 GB)"),
)


@dataclass
class Measured:
    wall: float
    cpu: float
    peak_mb: float
    status: int | None  # None: stopped at the timeout
    states: str


def states_of(stdout: str) -> str:
    """The states the run stored: a check's `states`, or the sum over an --expected run's sizes."""
    try:
        result = json.loads(stdout)
    except json.JSONDecodeError:
        return "?"
    if "results" in result:
        sizes = [r["states"] for r in result["results"]]
        return f"{sum(sizes):,}" + (f" (over {len(sizes)} models)" if len(sizes) > 1 else "")
    return f"{result['states']:,} {result['verdict']}"


def measure(row: Row, timeout: float) -> Measured:
    """One run: wall time, and the child's CPU and peak memory from its own rusage (os.wait4)."""
    with tempfile.TemporaryFile(mode="w+") as output:
        started = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "checker", *row.command.split(), "--json"], cwd=ROOT,
                                   stdout=output, stderr=subprocess.DEVNULL)
        stopped = False
        while True:
            finished, status, usage = os.wait4(process.pid, os.WNOHANG)
            if finished:
                break
            if not stopped and time.perf_counter() > started + timeout:
                process.kill()
                stopped = True
            time.sleep(0.05)
        wall = time.perf_counter() - started
        output.seek(0)
        stdout = output.read()
    code = None if stopped else os.waitstatus_to_exitcode(status)
    return Measured(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code,
                    "" if stopped else states_of(stdout))


def parser() -> argparse.ArgumentParser:
    command_line = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command_line.add_argument("--long", action="store_true", help="also the rows that take many minutes or GB")
    command_line.add_argument("--only", metavar="WORD", help="only the rows whose command contains WORD")
    command_line.add_argument("--timeout", type=float, default=300.0, help="seconds a run may take (default 300)")
    return command_line


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    rows = [r for r in ROWS if (args.long or not r.long) and (args.only is None or args.only in r.command)]
    load = os.getloadavg()[0]
    print(f"| `check ...` | before | states, verdict | wall | CPU | peak memory | exit |   (load {load:.2f} at start)")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        m = measure(row, args.timeout)
        wall = f">{args.timeout:.0f} s (stopped)" if m.status is None else f"{m.wall:.1f} s"
        print(f"| `{row.command}` | {row.before} | {m.states} | {wall} | {m.cpu:.1f} s | {m.peak_mb:,.0f} MB | "
              f"{'-' if m.status is None else m.status} |", flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
