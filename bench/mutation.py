"""Mutation testing of the judges: mutmut over specs/ and the judges [tool.mutmut] in pyproject.toml names.

    python bench/mutation.py                  # the files and tests [tool.mutmut] names
    python bench/mutation.py tests/explore/test_mutants.py tests/models/test_semantics.py
                                              # the same mutants against other test files
    python bench/mutation.py --mutate checker/explore/fairness.py
                                              # only the mutants of these files (a subset)

Copies the project to bench/out/mutation/ (mutmut writes its mutants/ folder beside the code
it mutates, so the checkout stays clean), runs `mutmut run` there, and prints the score: each
mutant is killed (a test failed), survived, or equivalent (it survived, and EQUIVALENT below
says why no test can kill it: the mutated code computes the same thing on every input the
judges are given). A survivor that is not in EQUIVALENT is a missing test; its diff is
printed. The score is kept in docs/trust.md ("How the judges are tested").
Needs `pip install mutmut` (3.x). mutmut runs pytest in one process (`-n 0` in
[tool.mutmut]'s pytest_add_cli_args): under pytest-xdist it sees no test result, and reports
every mutant "not checked", which this script counts as a failure, not as a score.
"""
from __future__ import annotations

import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, "bench", "out", "mutation")
COPIED = ("models", "algorithms", "specs", "checker", "tests", "pyproject.toml")

# Survivors that no test can kill, by the text of the mutated line (after the mutation), with why.
EQUIVALENT: dict[str, str] = {
    # checker/explore/graph.py, analyse
    'indegree = array("I", bytes(4 * count))': "an indegree is never negative: signed or unsigned, the same numbers",
    'low = array("Q", [0]) * count': "a message count is never negative: signed or unsigned, the same numbers",
    'high = array("q", [-2]) * count  # -1: not reached yet':
        "any negative number marks a state not reached: a message count is never negative",
    'best = array("q", [-2]) * count  # the last edge of a path from the initial state that sends the most':
        "any negative number ends the walk back: an edge index is never negative",
    'cheapest = array("q", [-2]) * count  # and of one that sends the fewest':
        "any negative number ends the walk back: an edge index is never negative",
    "if up >= high[t]:": "on a tie the last edge of another path that sends the same maximum is kept: "
                         "the maximum is the same, and so is what its trace sends",
    "if down <= low[t]:": "on a tie the last edge of another path that sends the same minimum is kept: "
                          "the minimum is the same, and so is what its trace sends",
    # checker/explore/graph.py, _lasso
    "for start in (i for i in range(len(indegree)) if indegree[i] >= 0):  # ascending index = ascending depth":
        "also tries the states Kahn's pass removed: none lies on a cycle, so the same lasso is found, later",
}


def _prepare(tests: list[str], mutate: list[str]) -> None:
    shutil.rmtree(SCRATCH, ignore_errors=True)
    os.makedirs(SCRATCH)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in COPIED:
        source = os.path.join(ROOT, name)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(SCRATCH, name), ignore=ignore)
        else:
            shutil.copy2(source, SCRATCH)
    path = os.path.join(SCRATCH, "pyproject.toml")
    with open(path) as configuration:
        text = configuration.read()
    for key, values in (("pytest_add_cli_args_test_selection", tests), ("only_mutate", mutate)):
        if values:  # another selection: rewrite the copied configuration
            text = re.sub(key + r" = \[[^\]]*\]", f"{key} = [" + ", ".join(f'"{v}"' for v in values) + "]", text)
    with open(path, "w") as configuration:
        configuration.write(text)


def _mutmut(*args: str) -> str:
    done = subprocess.run(["mutmut", *args], cwd=SCRATCH, capture_output=True, text=True, check=False,
                          env={**os.environ, "RINGLEADER_JOBS": "1"})
    return done.stdout + done.stderr


def _mutated_line(diff: str) -> str:
    added = [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    return added[0] if added else ""


def parser() -> argparse.ArgumentParser:
    command_line = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command_line.add_argument("tests", metavar="TEST", nargs="*",
                              help="the test files to run against each mutant "
                                   "(default: those [tool.mutmut] in pyproject.toml names)")
    command_line.add_argument("--score-only", action="store_true",
                              help="score the last run in bench/out/mutation/ again (after EQUIVALENT changed) "
                                   "without running mutmut")
    command_line.add_argument("--mutate", metavar="FILE", action="append", default=[],
                              help="mutate only this file (a glob such as checker/quantify/*; repeat for more; "
                                   "default: [tool.mutmut]'s only_mutate)")
    return command_line


def main(argv: list[str]) -> int:
    arguments = parser().parse_args(argv)
    tests, mutate = arguments.tests, arguments.mutate
    if arguments.score_only:
        with open(os.path.join(SCRATCH, "run.log")) as logged:
            log = logged.read()
    else:
        _prepare(tests, mutate)
        log = _mutmut("run", "--max-children", "2")
        with open(os.path.join(SCRATCH, "run.log"), "w") as out:
            out.write(log)
    statuses = {}
    for line in _mutmut("results", "--all", "true").splitlines():
        match = re.match(r"\s*(\S+__mutmut_\d+): (.+)$", line)
        if match:
            statuses[match.group(1)] = match.group(2).strip()
    if not statuses:
        print(log[-3000:])
        print("mutmut reported no mutants (the log is in bench/out/mutation/run.log)")
        return 1
    unchecked = sum(1 for s in statuses.values() if s == "not checked")
    if unchecked:
        print(log[-3000:])
        print(f"mutmut checked none of {unchecked} mutants: its pytest runs saw no test result "
              "(the log is in bench/out/mutation/run.log)")
        return 1
    killed = sum(1 for s in statuses.values() if s == "killed")
    # a mutant that makes a judge loop for ever is caught: the tests never pass
    timeouts = sum(1 for s in statuses.values() if s == "timeout")
    equivalent, survivors = [], []
    for name, status in sorted(statuses.items()):
        if status in ("killed", "timeout"):
            continue
        diff = _mutmut("show", name)
        reason = EQUIVALENT.get(_mutated_line(diff))
        if status == "survived" and reason:
            equivalent.append((name, reason))
        else:
            survivors.append((name, status, diff))
    for name, status, diff in survivors:
        print(f"--- {name}: {status}")
        print(diff.strip())
    for name, reason in equivalent:
        print(f"equivalent {name}: {reason}")
    against = " ".join(tests) if tests else "the [tool.mutmut] test selection"
    mutated = " ".join(mutate) if mutate else "the [tool.mutmut] files"
    print(f"\n{datetime.date.today()}: {len(statuses)} mutants of {mutated} against {against}: {killed} killed, "
          f"{timeouts} timed out (caught), {len(survivors)} survived, {len(equivalent)} equivalent")
    return 0 if not survivors else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
