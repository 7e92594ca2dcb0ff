"""Measure every built-in algorithm for a range of n, with and without partial-order reduction.

    python bench/catalogue.py                 # the algorithms and n in DEFAULT
    python bench/catalogue.py hs 4 5          # one algorithm, some n
    python bench/catalogue.py --por-only hs-unoriented 4   # skip the --no-por run (too long there)

Prints a markdown table (the one in docs/algorithms.md): states with --no-por and with the
default reduction (both with the default symmetry: rotations, and reflections for
mirror-symmetric algorithms), their ratio, messages min..max, wall seconds of each run and peak memory
of the largest worker. Each run is a separate `check ... --json` process, so the figures are
what a user gets from the command line (``python -m checker`` of this checkout, so the
figures are those of the code beside the script). Not run by CI: the hs n = 5 rows take minutes.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # the algorithm names of this checkout, not of an installed one

# bench/ as a namespace package: found also when a test imports this file by its path
from bench.arguments import algorithm_or_file

DEFAULT = {
    "lcr": range(3, 7), "cr": range(3, 7), "hs": range(3, 6),
    "franklin": range(3, 6), "peterson": range(3, 7), "lelann": range(3, 7), "hs-lecture": range(3, 5),
    "hs-unoriented": range(2, 4),
}


def run(name: str, n: int, *flags: str) -> tuple[dict, float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "checker", name, "--n", str(n), "--json", *flags],
                         capture_output=True, text=True, check=False, cwd=ROOT)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    result = json.loads(out.stdout)
    return result, seconds, max(peak, before) / 1024


def parser() -> argparse.ArgumentParser:
    command_line = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command_line.add_argument("--por-only", action="store_true",
                              help="skip the --no-por run (where it takes too long); its columns show -")
    command_line.add_argument("algorithm", metavar="ALGO", nargs="?", type=algorithm_or_file,
                              help=f"a built-in algorithm or an algorithm file (default: {', '.join(DEFAULT)}, each for its n in DEFAULT)")
    command_line.add_argument("sizes", metavar="N", nargs="*", type=int, default=[],
                              help="the ring sizes to measure ALGO at (default: its n in DEFAULT, if it is there)")
    return command_line


def main(argv: list[str]) -> None:
    # intermixed: --por-only may stand anywhere, between ALGO and N too
    command_line = parser()
    arguments = command_line.parse_intermixed_args(argv)
    por_only = arguments.por_only
    plan = {arguments.algorithm: arguments.sizes or list(DEFAULT.get(arguments.algorithm, []))} \
        if arguments.algorithm else DEFAULT
    if not all(plan.values()):
        command_line.error(f"give the sizes N to measure {arguments.algorithm} at")
    print("| algorithm | n | arrangements | states (full) | states (POR) | ratio | messages | s (full) | s (POR) | verdict |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, sizes in plan.items():
        for n in sizes:
            reduced, reduced_seconds, _ = run(name, n)
            full, full_seconds, _ = (reduced, None, 0) if por_only else run(name, n, "--no-por")
            assert full["messages"] == reduced["messages"] and full["verdict"] == reduced["verdict"]
            arrangements = f"{full['arrangements']['checked']} ({full['arrangements']['represented']})"
            low, high = full["messages"]["min"], full["messages"]["max"]
            messages = "-" if low is None else f"{low} to {high}"  # none for a violated algorithm
            ratio = full["states"] / reduced["states"]
            full_states, ratio = ("-", "-") if por_only else (f"{full['states']:,}", f"{ratio:.2f}")
            print(
                f"| {name} | {n} | {arrangements} | {full_states} | {reduced['states']:,} | {ratio} | "
                f"{messages} | {'-' if full_seconds is None else f'{full_seconds:.1f}'} | {reduced_seconds:.1f} | {reduced['verdict']} |",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
