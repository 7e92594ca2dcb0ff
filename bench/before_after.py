"""Wall time of the same checks in two checkouts, alternated in one run (the machine's noise
hits both alike): the before/after table of a change, as in docs/checking.md.

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

import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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


def main(argv: list[str]) -> None:
    options = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    before, rest = os.path.abspath(argv[0]), argv[1:]
    cases = [(rest[0], int(n)) for n in rest[1:]] if rest else [(a, n) for a, ns in QUICK.items() for n in ns]
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
