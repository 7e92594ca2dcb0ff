"""ringleader and SPIN side by side on the same models: same states with reductions off, then time.

    python bench/spin_vs_ringleader.py                  # lcr, cr for n = 3..6; hs for n = 3..5
    python bench/spin_vs_ringleader.py --quick          # a small subset, under a minute
    python bench/spin_vs_ringleader.py hs --n 4 5       # some algorithms, some n
    python bench/spin_vs_ringleader.py hs --ids 1,2,3,4,5   # one arrangement
    options: --timeout S (per run, default 120) --memory MB (per run, default 4096)
             --engine NAME (ringleader's --engine) --jobs N (ringleader's, default 1)
             --symmetry reflection|rotation|none (the arrangements both tools check)
             --checkout DIR (another ringleader checkout to run) --keep DIR (keep the models)

For each algorithm and n, the arrangements are those ringleader checks (one per rotation class,
and per reflection class for hs; --symmetry rotation or none for more). SPIN gets a Promela
model of them from bench/promela.py: one arrangement with ``active`` processes, several
chosen by ``init`` in one atomic step (then SPIN stores one state more than the sum, the
state before the choice). Both tools run with and without partial-order reduction; the
script checks that SPIN's count with its reduction off equals ringleader's ``--no-por``
count (exit 1 if not) and prints one markdown table (docs/benchmarks.md).

Every run is a separate process, timed by wall clock in the same script run, with a time
budget (``timeout`` in the table) and a memory limit (SPIN's -DMEMLIM, ringleader's
--max-memory). SPIN's compile time (spin -a and gcc, both variants) is a column of its own.
Installs SPIN and gcc with apt-get if they are missing. Not run by CI.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, ROOT]

import promela
import spin

from algorithms import builtin
from checker.explore.arrangements import arrangements, symmetry_of

PLAN = {"lcr": range(3, 7), "cr": range(3, 7), "hs": range(3, 6)}
QUICK = {"lcr": range(3, 5), "cr": range(3, 5), "hs": range(3, 4)}


def capacity(algorithm: str, n: int) -> int:
    """The smallest channel capacity that no execution fills, found with SPIN's full search.

    (cr and lcr: n; hs: 4 at n = 3, 3 at n = 4, 5 at n = 5.) Any other n may need more: a full
    channel trips the model's assertion and the script doubles the capacity and runs again.
    SPIN's partial-order reduction misses that assertion (it takes a send on an ``xs``
    channel to be independent of the receiver), so only the full search decides.
    """
    return {"cr": n, "lcr": n, "hs": {3: 4, 4: 3}.get(n, 5)}[algorithm]


@dataclass
class Outcome:
    """One run of one tool: states stored (None if it did not finish), wall seconds, what happened."""

    states: int | None
    seconds: float
    status: str  # "ok", "timeout", "out of memory", ...
    peak_mb: float = 0.0
    transitions: int | None = None  # where the tool says (ringleader's, Rumur's "rules fired")


def run_ringleader(algorithm: str, target: list[str], por: bool, options) -> Outcome:
    command = [sys.executable, "-m", "checker", algorithm, *target, "--json", "--no-progress",
               "--jobs", str(options.jobs), "--max-memory", f"{options.memory}M"]
    if not por:
        command.append("--no-por")
    if options.engine:
        command += ["--engine", options.engine]
    timed = spin.run_timed(command, options.timeout, cwd=options.checkout)
    if timed.timed_out:
        return Outcome(None, timed.seconds, "timeout", timed.peak_mb)
    try:
        result = json.loads(timed.output)
    except json.JSONDecodeError:
        return Outcome(None, timed.seconds, "error: " + timed.output.strip()[-200:], timed.peak_mb)
    if result["verdict"] == "incomplete":
        return Outcome(None, timed.seconds, "out of memory", timed.peak_mb)
    status = "ok" if result["verdict"] == "verified" else f"verdict {result['verdict']}"
    return Outcome(result["states"], timed.seconds, status, timed.peak_mb, result["transitions"])


def run_spin(algorithm: str, ids: list[tuple[int, ...]], expected: int | None, options, workdir: str):
    """(POR outcome, full outcome, compile seconds, capacity used)."""
    size = capacity(algorithm, len(ids[0]))
    while True:
        text = promela.generate(algorithm, ids, size)
        pan_por, por_compile = spin.compile_pan(text, workdir, reduce=True, memory_mb=options.memory)
        pan_full, full_compile = spin.compile_pan(text, workdir, reduce=False, memory_mb=options.memory)
        runs = [spin.run_pan(pan, options.timeout, expected) for pan in (pan_por, pan_full)]
        if all(r.outcome != "channel full" for r in runs):  # (a violation found with POR is real too)
            break
        print(f"  a channel of capacity {size} filled: again with {2 * size}", file=sys.stderr, flush=True)
        size *= 2
    por, full = (Outcome(r.states if r.outcome == "ok" else None, r.seconds, r.outcome, r.peak_mb) for r in runs)
    return por, full, por_compile + full_compile, size


def agreement(spin_full: Outcome, ringleader_full: Outcome, offset: int) -> str:
    if spin_full.states is None or ringleader_full.states is None:
        return "n/a"
    if spin_full.states == ringleader_full.states + offset:
        return "equal" if offset == 0 else f"equal (+{offset})"
    return f"MISMATCH: SPIN {spin_full.states:,} vs ringleader {ringleader_full.states:,} + {offset}"


def cell_states(outcome: Outcome) -> str:
    return f"{outcome.states:,}" if outcome.states is not None else outcome.status


def cell_seconds(outcome: Outcome) -> str:
    return f"{outcome.seconds:.2f}" if outcome.states is not None else f">{outcome.seconds:.0f}" if outcome.status == "timeout" else "-"


def ratio(ours: Outcome, theirs: Outcome) -> str:
    """ringleader's wall time over SPIN's: above 1, SPIN is faster (a bound when one timed out)."""
    value = ours.seconds / max(theirs.seconds, 1e-3)
    if ours.states is not None and theirs.states is not None:
        return f"{value:.1f}"
    if ours.status == "timeout" and theirs.states is not None:
        return f">{value:.1f}"
    if theirs.status == "timeout" and ours.states is not None:
        return f"<{value:.1f}"
    return "-"


def row(algorithm: str, n: int, ids_given: tuple[int, ...] | None, options, workdir: str) -> tuple[str, bool]:
    cls = builtin(algorithm)
    if ids_given:
        chosen, represented, target = [ids_given], 1, ["--ids", ",".join(map(str, ids_given))]
    else:
        reps = arrangements(n, symmetry_of(cls, cls.topology(n), options.symmetry)[0])
        chosen, represented = [a.ids for a in reps], sum(a.represents for a in reps)
        target = ["--n", str(n), "--symmetry", options.symmetry]
    print(f"{algorithm} n={n}: {len(chosen)} arrangement(s) ...", file=sys.stderr, flush=True)
    rl_full = run_ringleader(algorithm, target, False, options)
    rl_por = run_ringleader(algorithm, target, True, options)
    sp_por, sp_full, compile_seconds, _ = run_spin(algorithm, chosen, rl_full.states, options, workdir)
    offset = 0 if len(chosen) == 1 else 1
    agreed = agreement(sp_full, rl_full, offset)
    cells = [
        algorithm, str(n), f"{len(chosen)} ({represented})",
        pair(cell_states(sp_por), cell_states(sp_full)), pair(cell_seconds(sp_por), cell_seconds(sp_full)),
        pair(cell_states(rl_por), cell_states(rl_full)), pair(cell_seconds(rl_por), cell_seconds(rl_full)),
        pair(ratio(rl_por, sp_por), ratio(rl_full, sp_full)), pair(f"{sp_full.peak_mb:.0f}", f"{rl_full.peak_mb:.0f}"),
        f"{compile_seconds:.1f}", agreed,
    ]
    return "| " + " | ".join(cells) + " |", not agreed.startswith("MISMATCH")


def print_table(header: str, cases: list[tuple[str, int]], keep: str | None, make_row) -> bool:
    """Print the header and a row per (algorithm, n), each made by make_row(name, n, workdir) ->
    (line, agreed) in a folder of its own (under ``keep``, else temporary); whether all agreed."""
    print(header)
    print("|" + "---|" * header.count(" | ") + "---|")
    all_agree = True
    for name, n in cases:
        directory = keep and os.path.join(keep, f"{name}{n}")
        with tempfile.TemporaryDirectory() as scratch:
            workdir = directory or scratch
            os.makedirs(workdir, exist_ok=True)
            line, agreed = make_row(name, n, workdir)
        print(line, flush=True)
        all_agree &= agreed
    return all_agree


def pair(reduced: str, full: str) -> str:
    return f"{reduced} / {full}"


HEADER = (
    "| model | n | arrangements | SPIN states (POR / full) | SPIN s (POR / full) | ringleader states (POR / full) "
    "| ringleader s (POR / full) | time ratio ringleader/SPIN (POR / full) | peak MB, full: SPIN / ringleader "
    "| SPIN compile s | full counts |"
)


def commit(checkout: str) -> str:
    done = subprocess.run(["git", "-C", checkout, "describe", "--always", "--dirty"], capture_output=True, text=True,
                          check=False)
    return done.stdout.strip() or "not a git checkout"


def machine() -> str:
    with open("/proc/cpuinfo") as cpuinfo:
        model = next((line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name")), "?")
    return f"{os.cpu_count()} cores ({model}), Python {platform.python_version()}"


def promela_model(name: str) -> str:
    """An ALGO argument: an algorithm bench/promela.py has a model of."""
    # not choices=: Python 3.11's argparse checks an empty ALGO list against the choices, and refuses it
    if name not in PLAN:
        raise argparse.ArgumentTypeError(f"no Promela model for {name}: choose from {', '.join(PLAN)}")
    return name


def arrangement_ids(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text}: give distinct ids separated by commas, e.g. 1,2,3") from None


def parser() -> argparse.ArgumentParser:
    command_line = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command_line.add_argument("algorithms", nargs="*", metavar="ALGO", type=promela_model,
                              help=f"some of {', '.join(PLAN)} (default: all)")
    command_line.add_argument("--n", type=int, nargs="+", help="sizes (default: 3..6, hs 3..5)")
    command_line.add_argument("--ids", type=arrangement_ids, help="one arrangement, e.g. 1,2,3,4,5 (with one ALGO)")
    command_line.add_argument("--quick", action="store_true", help="lcr and cr at n = 3, 4; hs at n = 3")
    command_line.add_argument("--timeout", type=float, default=120.0, help="seconds per run (default 120)")
    command_line.add_argument("--memory", type=int, default=4096, help="MB per run (default 4096)")
    command_line.add_argument("--engine", help="ringleader's --engine")
    command_line.add_argument("--symmetry", choices=["reflection", "rotation", "none"], default="reflection",
                              help="which arrangements both tools check (ringleader's --symmetry; default reflection)")
    command_line.add_argument("--jobs", type=int, default=1,
                              help="ringleader's --jobs (default 1: SPIN uses one core)")
    command_line.add_argument("--checkout", default=ROOT, help="the ringleader checkout to run (default: this one)")
    command_line.add_argument("--keep",
                              help="write the Promela models and pan binaries here (default: a temporary directory)")
    return command_line


def main(argv: list[str] | None = None) -> int:
    command_line = parser()
    options = command_line.parse_args(argv)

    names = options.algorithms or list(PLAN)
    plan = QUICK if options.quick else PLAN
    ids_given = options.ids
    if ids_given and len(names) != 1:
        command_line.error("--ids needs exactly one ALGO")

    spin.ensure_installed()
    print(f"`python bench/spin_vs_ringleader.py {' '.join(sys.argv[1:] if argv is None else argv)}` on "
          f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {machine()}, {spin.version()}, "
          f"ringleader {commit(options.checkout)}{f' --engine {options.engine}' if options.engine else ''}; "
          f"budget {options.timeout:.0f} s and {options.memory} MB per run\n")
    cases = [(name, n) for name in names for n in ([len(ids_given)] if ids_given else options.n or list(plan[name]))]
    all_agree = print_table(HEADER, cases, options.keep,
                            lambda name, n, workdir: row(name, n, ids_given, options, workdir))
    if not all_agree:
        print("\nSPIN's and ringleader's full state counts differ: the Promela model is not the same model.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
