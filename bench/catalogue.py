"""Measure every built-in algorithm for a range of n, with and without partial-order reduction.

    python bench/catalogue.py                 # lcr, cr for n = 3..6; hs for n = 3..5
    python bench/catalogue.py hs 4 5          # one algorithm, some n

Prints a markdown table (the one in docs/algorithms.md): states with --no-por and with the
default reduction (both with the default symmetry: rotations, and reflections for
mirror-symmetric algorithms), their ratio, messages min..max, wall seconds of each run and peak memory
of the largest worker. Each run is a separate `check ... --json` process, so the figures are
what a user gets from the command line. Not run by CI: the hs n = 5 rows take minutes.
"""
from __future__ import annotations

import json
import resource
import subprocess
import sys
import time

DEFAULT = {"lcr": range(3, 7), "cr": range(3, 7), "hs": range(3, 6)}


def run(name: str, n: int, *flags: str) -> tuple[dict, float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    out = subprocess.run(["check", name, "--n", str(n), "--json", *flags], capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    result = json.loads(out.stdout)
    return result, seconds, max(peak, before) / 1024


def main(argv: list[str]) -> None:
    plan = {argv[0]: [int(a) for a in argv[1:]]} if argv else DEFAULT
    print("| algorithm | n | arrangements | states (full) | states (POR) | ratio | messages | s (full) | s (POR) | verdict |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, sizes in plan.items():
        for n in sizes:
            full, full_seconds, _ = run(name, n, "--no-por")
            reduced, reduced_seconds, _ = run(name, n)
            assert full["messages"] == reduced["messages"] and full["verdict"] == reduced["verdict"]
            arrangements = f"{full['arrangements']['checked']} ({full['arrangements']['represented']})"
            messages = f"{full['messages']['min']} to {full['messages']['max']}"
            ratio = full["states"] / reduced["states"]
            print(
                f"| {name} | {n} | {arrangements} | {full['states']:,} | {reduced['states']:,} | {ratio:.2f} | "
                f"{messages} | {full_seconds:.1f} | {reduced_seconds:.1f} | {reduced['verdict']} |",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
