"""What checking the symbolic readings costs a run: ``reading_report`` per built-in and n, cold.

    python bench/readings.py              # every built-in, n = 3, 4, 5
    python bench/readings.py hs 4 5       # one algorithm, some n

Each figure is measured in a fresh process (``python -c``), after z3 and the algorithm are
imported (a run imports both anyway), so it is what one ``check`` pays: the exploration of the
small rings (n = 2, 3), the z3 witnesses, the samples and the comparisons. Prints a markdown
table: milliseconds of CPU and of wall time (the run with the least CPU of three: the machine
may be shared), the contexts each kind of evidence offered, and whether
every reading is faithful.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)  # the algorithms of this checkout, not of an installed one

from algorithms import BUILTIN

SIZES = (3, 4, 5)
PROBE = """
import json, sys, time
import z3
from algorithms import builtin
import checker.trust.readings as readings
algorithm = builtin(sys.argv[1])
started, cpu = time.perf_counter(), time.process_time()
report = readings.check_readings(algorithm, int(sys.argv[2]), readings.EVIDENCE)  # never remembered
print(json.dumps({"ms": 1000 * (time.perf_counter() - started), "cpu": 1000 * (time.process_time() - cpu),
                  "contexts": report.contexts,
                  "faithful": report.faithful}))
"""


def measure(name: str, n: int) -> dict:
    runs = [json.loads(subprocess.run([sys.executable, "-c", PROBE, name, str(n)], capture_output=True, text=True,
                                      check=True, cwd=ROOT).stdout) for _ in range(3)]
    return min(runs, key=lambda run: run["cpu"])


def parser() -> argparse.ArgumentParser:
    command_line = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command_line.add_argument("algorithm", metavar="ALGO", nargs="?", choices=BUILTIN,
                              help="a built-in algorithm (default: every one)")
    command_line.add_argument("sizes", metavar="N", nargs="*", type=int, default=list(SIZES),
                              help=f"the ring sizes (default: {' '.join(map(str, SIZES))})")
    return command_line


def main(argv: list[str]) -> None:
    arguments = parser().parse_args(argv)
    names = [arguments.algorithm] if arguments.algorithm else list(BUILTIN)
    plan = {name: arguments.sizes for name in names}
    print("| algorithm | n | ms (CPU) | ms (wall) | reachable | witnesses | samples | faithful |")
    print("|---|---|---|---|---|---|---|---|")
    for name, sizes in plan.items():
        for n in sizes:
            run = measure(name, n)
            contexts = run["contexts"]
            print(f"| {name} | {n} | {run['cpu']:.0f} | {run['ms']:.0f} | {contexts.get('reachable', 0)} | {contexts.get('witness', 0)} | "
                  f"{contexts.get('sample', 0)} | {run['faithful']} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
