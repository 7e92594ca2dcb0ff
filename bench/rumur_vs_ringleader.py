"""ringleader and Rumur side by side on the same models: the same full state graph, then time.

    python bench/rumur_vs_ringleader.py                  # lcr, cr for n = 3..6; hs for n = 3..5
    python bench/rumur_vs_ringleader.py --quick          # a small subset, under a minute
    python bench/rumur_vs_ringleader.py hs --n 4 5       # some algorithms, some n
    options: --timeout S (per run, default 120) --memory MB (ringleader's, default 4096)
             --jobs N (ringleader's, default 1)
             --symmetry reflection|rotation|none (the arrangements both tools check)
             --keep DIR (keep the Murphi models and verifiers)

Rumur (a reimplementation of CMurphi) has no partial-order reduction, so the comparison is of
full graphs: ringleader's ``--no-por`` against Rumur's search of bench/murphi.py's model of the
same arrangements (one start state each), with its states and transitions ("rules fired"),
which must equal ringleader's (exit 1 if not). ringleader's time with its reduction is shown
beside them. Every run is a separate process, timed by wall clock in the same script run, with
a time budget per run. Rumur's compile time (rumur and gcc) is a column of its own. Installs
Rumur and gcc with apt-get if they are missing. Not run by CI; tests/bench/test_rumur.py checks
the models at n = 3 and 4.
"""
from __future__ import annotations

import argparse
import datetime
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, ROOT]

import murphi
import rumur
import spin
from spin_vs_ringleader import (
    Outcome,
    capacity,
    cell_seconds,
    commit,
    machine,
    print_table,
    run_ringleader,
)

from algorithms import builtin
from checker.explore.arrangements import arrangements, symmetry_of

PLAN = {"lcr": range(3, 7), "cr": range(3, 7), "hs": range(3, 6)}
QUICK = {"lcr": range(3, 5), "cr": range(3, 5), "hs": range(3, 4)}


def run_rumur(algorithm: str, ids: list[tuple[int, ...]], options, workdir: str) -> tuple[Outcome, float]:
    """Rumur's run, and its compile seconds. The channels start at the capacity SPIN needs
    (bench/spin_vs_ringleader.py); a full one fails the model's assertion, and the capacity is doubled."""
    size = capacity(algorithm, len(ids[0]))
    while True:
        verifier, compile_seconds = rumur.compile_verifier(murphi.generate(algorithm, ids, size), workdir)
        result = rumur.run_verifier(verifier, options.timeout)
        if result.outcome != "channel full":
            break
        print(f"  a channel of capacity {size} filled: again with {2 * size}", file=sys.stderr, flush=True)
        size *= 2
    return Outcome(result.states, result.seconds, result.outcome, result.peak_mb, result.transitions), compile_seconds


def counts(run: Outcome) -> str:
    return f"{run.states:,} / {run.transitions:,}" if run.states is not None else run.status


def agreement(theirs: Outcome, ours: Outcome) -> str:
    if theirs.states is None or ours.states is None:
        return "n/a"
    if (theirs.states, theirs.transitions) == (ours.states, ours.transitions):
        return "equal"
    return f"MISMATCH: Rumur {counts(theirs)} vs ringleader {counts(ours)}"


def ratio(ours: Outcome, theirs: Outcome) -> str:
    """ringleader's wall time over Rumur's: above 1, Rumur is faster. None where Rumur took
    under 0.01 s: that compares a verifier's process start with ringleader's (it read 18 to 73)."""
    if ours.states is None or theirs.states is None or theirs.seconds < 0.01:
        return "-"
    return f"{ours.seconds / max(theirs.seconds, 1e-3):.2f}"


def row(algorithm: str, n: int, options, workdir: str) -> tuple[str, bool]:
    cls = builtin(algorithm)
    reps = arrangements(n, symmetry_of(cls, cls.topology(n), options.symmetry)[0])
    chosen, represented = [a.ids for a in reps], sum(a.represents for a in reps)
    print(f"{algorithm} n={n}: {len(chosen)} arrangement(s) ...", file=sys.stderr, flush=True)
    target = ["--n", str(n), "--symmetry", options.symmetry]
    full = run_ringleader(algorithm, target, False, options)
    reduced = run_ringleader(algorithm, target, True, options)
    theirs, compile_seconds = run_rumur(algorithm, chosen, options, workdir)
    agreed = agreement(theirs, full)
    cells = [
        algorithm, str(n), f"{len(chosen)} ({represented})", counts(theirs), cell_seconds(theirs),
        cell_seconds(full), ratio(full, theirs), cell_seconds(reduced), f"{theirs.peak_mb:.0f} / {full.peak_mb:.0f}",
        f"{compile_seconds:.1f}", agreed,
    ]
    return "| " + " | ".join(cells) + " |", not agreed.startswith("MISMATCH")


HEADER = (
    "| model | n | arrangements | states / transitions (both) | Rumur s | ringleader s (full) "
    "| time ratio ringleader/Rumur | ringleader s (POR) | peak MB: Rumur / ringleader | Rumur compile s | full counts |"
)


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("algorithms", nargs="*", metavar="ALGO", help=f"some of {', '.join(PLAN)} (default: all)")
    parser.add_argument("--n", type=int, nargs="+", help="sizes (default: 3..6, hs 3..5)")
    parser.add_argument("--quick", action="store_true", help="lcr and cr at n = 3, 4; hs at n = 3")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per run (default 120)")
    parser.add_argument("--memory", type=int, default=4096, help="ringleader's --max-memory in MB (default 4096)")
    parser.add_argument("--symmetry", choices=["reflection", "rotation", "none"], default="reflection",
                        help="which arrangements both tools check (ringleader's --symmetry; default reflection)")
    parser.add_argument("--jobs", type=int, default=1, help="ringleader's --jobs (default 1: the verifier uses one thread)")
    parser.add_argument("--keep", help="write the Murphi models and verifiers here (default: a temporary directory)")
    # bench/spin_vs_ringleader.py's run_ringleader runs this checkout with the default engine
    parser.set_defaults(engine=None, checkout=ROOT)
    return parser


def main(argv: list[str] | None = None) -> int:
    arguments = parser()
    options = arguments.parse_args(argv)
    names = options.algorithms or list(PLAN)
    if unknown := [name for name in names if name not in PLAN]:
        arguments.error(f"no Murphi model for {', '.join(unknown)}: choose from {', '.join(PLAN)}")
    plan = QUICK if options.quick else PLAN
    spin.ensure_installed(("rumur", "gcc"))
    print(f"`python bench/rumur_vs_ringleader.py {' '.join(sys.argv[1:] if argv is None else argv)}` on "
          f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {machine()}, {rumur.version()}, "
          f"ringleader {commit(ROOT)}; budget {options.timeout:.0f} s per run\n")
    cases = [(name, n) for name in names for n in options.n or list(plan[name])]
    all_agree = print_table(HEADER, cases, options.keep, lambda name, n, workdir: row(name, n, options, workdir))
    if not all_agree:
        print("\nRumur's and ringleader's full counts differ: the Murphi model is not the same model.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
