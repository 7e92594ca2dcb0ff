"""Hunt for false verdicts: random small algorithms, each checked in the default mode and in the
most concrete one (tests/fuzz/differential.py), for N minutes.

    python bench/fuzz.py --minutes 10                  # every system kind, in turn
    python bench/fuzz.py --minutes 5 --kinds synchronizer,faults
    python bench/fuzz.py --seed 4711 --cases 1 --kinds network   # one case again, from its seed
    python bench/fuzz.py --budget 30 --seed 0         # the slow tests' budget (6: the fast loop's)

Prints, per system kind, the cases checked, cases per second and the default mode's verdicts,
then every disagreement with the class of issue 31 it falls into. Each disagreement is written
to OUT/<kind>-<tag>/ (default bench/out/fuzz/; the tag is s<seed>, or b<seed>c<k> for case k of
a budget): the algorithm's files, case.json (the command, the options, the finding) and
finding.txt (both modes' commands and outputs); such a directory copied to tests/fuzz/catalogue/
becomes a regression test (tests/fuzz/test_fuzz_catalogue.py).

A case is made from its seed alone (tests/fuzz/generator.py's ``case_of_seed``), so a campaign
is reproducible from its first seed. With --budget N the cases are instead the first N of the
test loop's stratified budget of --seed (tests/fuzz/budget.py), those tests/fuzz/test_fuzz.py
checks. Runs are in this process, one worker, nothing kept between them; the C engine is
compiled at -O0 unless --optimised (see Workspace).
"""
from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
import time
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.fuzz.budget import HUNG_SECONDS, budget_case
from tests.fuzz.differential import Workspace, compare
from tests.fuzz.entries import write_entry
from tests.fuzz.generator import KINDS, case_of_seed


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to hunt (default 1)")
    parser.add_argument("--cases", type=int, help="stop after this many cases instead")
    parser.add_argument("--seed", type=int, help="the first case's seed (default: from the clock; 0 with --budget)")
    parser.add_argument("--budget", type=int, metavar="N",
                        help="check the first N cases of the test loop's budget of --seed instead (30: the slow tests')")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"system kinds, in turn (default all: {','.join(KINDS)})")
    parser.add_argument("--out", default=os.path.join(ROOT, "bench", "out", "fuzz"),
                        help="where disagreements are written (default bench/out/fuzz)")
    parser.add_argument("--optimised", action="store_true", help="compile the C engine at -O3, as check does")
    parser.add_argument("--quiet", action="store_true", help="no line per case")
    return parser


def _arguments(argv=None):
    arguments = parser()
    args = arguments.parse_args(argv)
    args.kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in args.kinds if k not in KINDS]
    if unknown:
        arguments.error(f"unknown kind {', '.join(unknown)}; choose among {', '.join(KINDS)}")
    if args.budget is not None and (args.budget < 1 or args.seed is not None and args.seed < 0):
        arguments.error("--budget takes a number of cases from 1, and a --seed from 0")
    return args


def main(argv=None) -> int:
    args = _arguments(argv)
    first = args.seed if args.seed is not None else 0 if args.budget else random.randrange(10**6)
    seconds, counts, verdicts = defaultdict(float), Counter(), defaultdict(Counter)
    found = []
    if args.budget:
        print(f"fuzz: the budget of seed {first}, {args.budget} cases", flush=True)
    else:
        print(f"fuzz: first seed {first}, kinds {', '.join(args.kinds)}", flush=True)
    with Workspace(optimised=args.optimised, run_seconds=HUNG_SECONDS if args.budget else None) as workspace:
        for label, case in _cases(args, first):
            kind = case.kind
            comparison = compare(case, workspace.case_directory(case))
            seconds[kind] += comparison.seconds
            counts[kind] += 1
            verdicts[kind][comparison.verdict] += 1
            if not args.quiet:
                flag = "  DISAGREE" if comparison.findings else ""
                what = f"[{case.stratum}] {case.description}"[:110] if case.stratum else case.description[:80]
                print(f"{kind:15} {label:13} {comparison.verdict:10} {comparison.seconds:5.2f} s  {what}{flag}",
                      flush=True)
            for finding in comparison.findings:
                where = write_entry(os.path.join(args.out, f"{kind}-{case.tag}"), comparison, finding)
                found.append((kind, label, finding, where))
    _report(counts, seconds, verdicts, found)
    return 1 if found else 0


def _cases(args, first: int):
    """(label, case) in turn: the budget's cases, or the campaign's until --cases or --minutes is
    up (each seed's case of the next kind)."""
    if args.budget:
        for k in range(args.budget):
            yield f"case {k}", budget_case(k, first)
        return
    deadline = time.monotonic() + args.minutes * 60
    for k in itertools.count():
        if args.cases is not None and k >= args.cases or args.cases is None and time.monotonic() > deadline:
            return
        yield f"seed {first + k}", case_of_seed(first + k, args.kinds[k % len(args.kinds)])


def _report(counts, seconds, verdicts, found) -> None:
    total = sum(counts.values())
    print(f"\n{total} cases in {sum(seconds.values()):.0f} s of checking")
    print(f"{'kind':15} {'cases':>6} {'cases/s':>8}  verdicts (default mode)")
    for kind in counts:
        rate = counts[kind] / seconds[kind] if seconds[kind] else 0.0
        shown = ", ".join(f"{v} {c}" for v, c in verdicts[kind].most_common())
        print(f"{kind:15} {counts[kind]:>6} {rate:>8.2f}  {shown}")
    print(f"\n{len(found)} disagreement(s)")
    by_class = Counter(f.issue_class for _, _, f, _ in found)
    for issue_class, count in sorted(by_class.items(), key=lambda x: (x[0] is None, x[0] or 0)):
        print(f"  {'class ' + str(issue_class) if issue_class else 'unclassified'}: {count}")
    for kind, label, finding, where in found:
        print(f"\n{kind} {label}: {finding.what}"
              f"{f' (issue 31, class {finding.issue_class})' if finding.issue_class else ''}; written to {where}")
        print("  " + finding.detail.splitlines()[0])


if __name__ == "__main__":
    sys.exit(main())
