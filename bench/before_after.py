"""Wall time of the same checks in two checkouts, alternated in one run (the machine's noise
hits both alike): the before/after table of a change, as in docs/engines.md.

    git worktree add /tmp/before 7adf859          # the checkout to compare with
    python bench/before_after.py /tmp/before                  # the catalogue's quick rows
    python bench/before_after.py /tmp/before peterson 5 6     # one algorithm, some n
    python bench/before_after.py /tmp/before hs 5 -- --jobs 1  # check's options after --
    REPEATS=15 python bench/before_after.py /tmp/before lcr 3  # more runs (default 5)

Each row: `python -m checker ALGO --n N --json [OPTIONS]` in each checkout, one warm-up each (C
explorers compiled, derived values remembered), then alternating runs; the median wall seconds.
The states and verdicts must be equal, or the script stops. Not run by CI.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # the algorithm names of this checkout, not of an installed one

# bench/ as a namespace package: found also when a test imports this file by its path
from bench.arguments import algorithm_or_file

QUICK = {"lcr": range(3, 7), "cr": range(3, 7), "hs": range(3, 5), "franklin": range(3, 6),
         "peterson": range(3, 7), "lelann": range(3, 7), "hs-lecture": range(3, 5), "hs-unoriented": range(2, 4)}
REPEATS = int(os.environ.get("REPEATS", "5"))
# bytecode cached and remembered values used, as after a normal install
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "RINGLEADER_NO_CACHE")}


def run(tree: str, name: str, n: int, options: list[str]) -> tuple[float, int, str]:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "checker", name, "--n", str(n), "--json", *options], cwd=tree,
                          capture_output=True, text=True, env=ENV, check=False)
    seconds = time.perf_counter() - started
    result = json.loads(done.stdout)
    return seconds, result["states"], result["verdict"]


def split_check_options(argv: list[str]) -> tuple[list[str], list[str]]:
    """(this script's arguments, check's options): everything after the first -- is check's."""
    if "--" not in argv:
        return argv, []
    cut = argv.index("--")
    return argv[:cut], argv[cut + 1:]


def parser() -> argparse.ArgumentParser:
    """The arguments before --; check's options after it are not parsed here (split_check_options)."""
    command_line = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], usage="%(prog)s [-h] BEFORE [ALGO [N ...]] [-- OPTIONS]",
        epilog="OPTIONS: check's options, given to every run in both checkouts. "
               "REPEATS=K in the environment: K alternating runs of each row (default 5).")
    command_line.add_argument("before", metavar="BEFORE", help="the checkout to compare with (this one is the after)")
    command_line.add_argument("algorithm", metavar="ALGO", nargs="?", type=algorithm_or_file,
                              help=f"a built-in algorithm or an algorithm file (default: {', '.join(QUICK)}, each for its n in QUICK)")
    command_line.add_argument("sizes", metavar="N", nargs="*", type=int, default=[],
                              help="the ring sizes to check ALGO at (default: its n in QUICK, if it is there)")
    return command_line


def main(argv: list[str]) -> None:
    ours, options = split_check_options(argv)
    command_line = parser()
    arguments = command_line.parse_args(ours)
    before = os.path.abspath(arguments.before)
    if arguments.algorithm:
        sizes = arguments.sizes or list(QUICK.get(arguments.algorithm, []))
        if not sizes:
            command_line.error(f"give the sizes N to check {arguments.algorithm} at")
        cases = [(arguments.algorithm, n) for n in sizes]
    else:
        cases = [(a, n) for a, ns in QUICK.items() for n in ns]
    trees = {"before": before, "after": ROOT}
    print("| algorithm | n | states before / after | s before | s after | change |")
    print("|---|---|---|---|---|---|")
    for name, n in cases:
        for tree in trees.values():
            run(tree, name, n, options)
        seconds: dict[str, list[float]] = {k: [] for k in trees}
        found = {}
        for _ in range(REPEATS):
            for key, tree in trees.items():
                wall, states, verdict = run(tree, name, n, options)
                seconds[key].append(wall)
                found[key] = (states, verdict)
        assert found["before"] == found["after"], (name, n, found)
        b, a = statistics.median(seconds["before"]), statistics.median(seconds["after"])
        print(f"| {name} | {n} | {found['before'][0]:,} / {found['after'][0]:,} | {b:.2f} | {a:.2f} | "
              f"{100 * (a - b) / b:+.0f}% |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
