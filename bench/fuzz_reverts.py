"""With the fix of a class of false verdict reverted, does the test loop's budget find it?

    python bench/fuzz_reverts.py                          # every revert, the slow tests' budget
    python bench/fuzz_reverts.py --budget 6 class4-rounds # the fast loop's, one revert
    python bench/fuzz_reverts.py --seed 3 --out reverts.md

Each bench/reverts/NAME.patch undoes the mechanism of one fix of issue 31 (its tests stay), and
says in its header which classes it brings back (``Classes: 5, 11``), the commit that fixed them
and what the revert does. For each, a temporary git worktree of HEAD (commit what you measure)
gets the patch and runs bench/fuzz.py's --budget there with the --budget and --seed given, the
cases tests/fuzz/test_fuzz.py checks (tests/fuzz/budget.py); the table says, per revert, the first
case whose disagreement falls in each class it brings back, its stratum, and what else the
budget found. One revert at a time, a minute or two each (a hung run costs 30 s); not part of the
test suite.
"""
from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REVERTS = os.path.join(ROOT, "bench", "reverts")
# bench/fuzz.py's lines: one per case, and one per disagreement after the summary
CASE_LINE = re.compile(r"^(\S+)\s+case (\d+)\s+(.+?)\s+([\d.]+) s  (.*?)(  DISAGREE)?$")  # a verdict may be "exit 4"
FINDING_LINE = re.compile(r"^(\S+) case (\d+): (\S+)(?: \(issue 31, class (\d+)\))?; written to (\S+)$")


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reverts", nargs="*", help="names of bench/reverts/*.patch (default: every one)")
    parser.add_argument("--budget", type=int, default=30, help="cases of the budget (default 30, the slow tests'; "
                                                                "6 is the fast loop's)")
    parser.add_argument("--seed", type=int, default=0, help="the budget's seed (default 0, the tests')")
    parser.add_argument("--out", help="also write the table (Markdown) to this file")
    parser.add_argument("--found", help="keep the disagreements' directories here, one folder per revert "
                                        "(default: thrown away with the worktree)")
    return parser


def read_revert(path: str) -> dict:
    """A revert patch's header: the classes it brings back, the fix, what it does."""
    header = {}
    with open(path) as f:
        for line in f:
            if line.startswith("diff --git"):
                break
            key, _, value = line.partition(":")
            if value:
                header[key.strip().lower()] = value.strip()
    header["classes"] = [int(c) for c in header.get("classes", "").split(",") if c.strip()]
    header["name"] = os.path.basename(path)[:-len(".patch")]
    return header


def run_budget(patch: str, budget: int, seed: int, found: str | None = None) -> tuple[list, list, float]:
    """The budget's cases and disagreements in a worktree of HEAD with ``patch`` applied (their
    directories written into ``found``, if given)."""
    folder = tempfile.mkdtemp(prefix="ringleader-revert-")
    tree = os.path.join(folder, "tree")
    subprocess.run(["git", "worktree", "add", "--detach", "-q", tree, "HEAD"], cwd=ROOT, check=True)
    try:
        subprocess.run(["git", "apply", patch], cwd=tree, check=True)
        started = time.perf_counter()
        run = subprocess.run([sys.executable, "bench/fuzz.py", "--budget", str(budget), "--seed", str(seed),
                              "--out", os.path.abspath(found) if found else os.path.join(folder, "found")],
                             cwd=tree, capture_output=True, text=True)
        seconds = time.perf_counter() - started
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", tree], cwd=ROOT, check=False)
        shutil.rmtree(folder, ignore_errors=True)
    cases = [m.groups() for m in map(CASE_LINE.match, run.stdout.splitlines()) if m]
    found = [m.groups() for m in map(FINDING_LINE.match, run.stdout.splitlines()) if m]
    if not cases:
        raise SystemExit(f"{patch}: bench/fuzz.py checked no case:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}")
    return cases, found, seconds


def row(revert: dict, cases: list, found: list, seconds: float) -> str:
    """The revert's row of the table."""
    strata = {int(k): re.match(r"\[(.*?)\]", description) for _kind, k, _verdict, _s, description, _flag in cases}
    first = {}
    for _kind, k, what, issue_class, _where in found:
        first.setdefault(int(issue_class) if issue_class else None, (int(k), what))
    shown = []
    for issue_class in revert["classes"]:
        if issue_class in first:
            k, what = first[issue_class]
            stratum = strata.get(k)
            shown.append(f"class {issue_class}: case {k} ({what}; {stratum[1] if stratum else '?'})")
        else:
            shown.append(f"class {issue_class}: **not found**")
    others = sorted((c, k) for c, (k, _) in first.items() if c not in revert["classes"])
    also = ", ".join(f"{'class ' + str(c) if c else 'unclassified'} at case {k}" for c, k in others) or "-"
    return (f"| {revert['name']} | {revert.get('fix', '?')} | {revert.get('reverted', '')} | {'; '.join(shown)} | "
            f"{also} | {len(cases)} cases, {seconds:.0f} s |")


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    paths = sorted(glob.glob(os.path.join(REVERTS, "*.patch")))
    if args.reverts:
        wanted = {name.removesuffix(".patch") for name in args.reverts}
        unknown = wanted - {os.path.basename(p)[:-len(".patch")] for p in paths}
        if unknown:
            parser().error(f"no bench/reverts/{', '.join(sorted(unknown))}.patch")
        paths = [p for p in paths if os.path.basename(p)[:-len(".patch")] in wanted]
    lines = [f"The budget of seed {args.seed}, {args.budget} cases "
             f"(`python bench/fuzz.py --budget {args.budget} --seed {args.seed}`), with each fix reverted:", "",
             "| revert | fix | what the revert does | found (first case, stratum) | found besides | budget |",
             "|---|---|---|---|---|---|"]
    print("\n".join(lines), flush=True)
    missed = 0
    for path in paths:
        revert = read_revert(path)
        where = os.path.join(args.found, revert["name"]) if args.found else None
        cases, found, seconds = run_budget(path, args.budget, args.seed, where)
        line = row(revert, cases, found, seconds)
        missed += "not found" in line
        lines.append(line)
        print(line, flush=True)
    if args.out:
        with open(args.out, "w") as f:
            f.write("\n".join(lines) + "\n")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
