"""Every ring mutant against the provers: does a mutant that breaks safety escape a proof?

    python bench/mutant_proofs.py                 # every ring mutant in tests/mutants, n = 4
    python bench/mutant_proofs.py --n 3 lcr_guesses_leader hs_smallest_wins

Issue 33 asks that on every mutant that breaks a safety property, ``--infer`` and ``--all-n``
do not exit 0, and that on one that breaks only liveness, safety is still proved. For each
mutant this runs, each as its own ``python -m checker`` process:

  * the explorer at n with only the safety properties a proof claims (at-most-one-leader,
    stability, and leader-is-largest/smallest where promised; the others left out with
    ``--without``, so that a liveness violation does not stop the search first): which
    safety properties the mutant breaks;
  * ``--all-n`` and ``--n N --infer``: their exit status and first line (``--infer`` writes
    nothing here: a file's mutant is proved in memory).

Prints a markdown table and, last, whether every row is as the issue asks: a safety mutant
never exits 0, a liveness-only one exits 0 (proved) or 2 (no proof of that kind exists for
its algorithm, said in one line). Exits 0 if so, 1 otherwise.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MUTANTS = os.path.join(ROOT, "tests", "mutants")
SAFETY = ("at-most-one-leader", "stability", "leader-is-largest", "leader-is-smallest")


def ring_mutants() -> list[str]:
    """The mutants of ring algorithms (networks and synchronizers have folders of their own)."""
    return sorted(os.path.basename(path)[:-3] for path in glob.glob(os.path.join(MUTANTS, "*.py")))


def _check(*arguments, timeout: float) -> tuple[int, str, float]:
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "checker", *map(str, arguments)], cwd=ROOT,
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return -1, f"not finished in {timeout:.0f} s", timeout
    return done.returncode, done.stdout, time.perf_counter() - started


def broken_safety(path: str, n: int, timeout: float) -> list[str] | None:
    """The safety properties the explorer finds broken at n (None: not a ring election the explorer checks)."""
    status, out, _ = _check(path, "--n", n, "--json", timeout=timeout)
    if status not in (0, 1):
        return None
    names = [p["name"] for p in json.loads(out)["properties"]]
    others = [name for name in names if name not in SAFETY]
    arguments = [path, "--n", n, "--json"] + (["--without", ",".join(others)] if others else [])
    status, out, _ = _check(*arguments, timeout=timeout)
    return [p["name"] for p in json.loads(out)["properties"] if p["holds"] is False]


def _first_line(out: str) -> str:
    return next((line for line in out.splitlines() if line.strip()), "").strip()


def row(name: str, n: int, timeout: float) -> dict:
    path = os.path.join("tests", "mutants", f"{name}.py")
    broken = broken_safety(path, n, timeout)
    all_n = _check(path, "--all-n", timeout=timeout)
    infer = _check(path, "--n", n, "--infer", timeout=timeout)
    return {"mutant": name, "breaks": broken, "all_n": all_n, "infer": infer}


def as_asked(r: dict) -> bool:
    """A safety mutant: neither exits 0. A liveness-only one: each proves (0) or has no proof of its kind (2)."""
    if r["breaks"] is None:
        return True  # not a ring election: nothing asked
    statuses = (r["all_n"][0], r["infer"][0])
    if r["breaks"]:
        return all(status not in (0, -1) for status in statuses)
    return all(status in (0, 2) for status in statuses)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mutants", nargs="*", help="mutant names (files in tests/mutants without .py); all by default")
    p.add_argument("--n", type=int, default=4)
    p.add_argument("--timeout", type=float, default=600.0, help="seconds per command")
    return p


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    rows = []
    print(f"| mutant | safety broken at n = {args.n} | --all-n | --n {args.n} --infer |")
    print("|---|---|---|---|")
    for name in args.mutants or ring_mutants():
        r = row(name, args.n, args.timeout)
        rows.append(r)
        broken = "not a ring election" if r["breaks"] is None else ", ".join(r["breaks"]) or "none (liveness only)"
        cells = [f"exit {status}, {seconds:.1f} s: {_first_line(out)[:110]}" for status, out, seconds in
                 (r["all_n"], r["infer"])]
        mark = "" if as_asked(r) else " **NOT AS ASKED**"
        print(f"| {name} | {broken} | {cells[0]} | {cells[1]}{mark} |", flush=True)
    ok = all(map(as_asked, rows))
    print(f"\n{len(rows)} mutants: {'every one as asked' if ok else 'some NOT as asked'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
