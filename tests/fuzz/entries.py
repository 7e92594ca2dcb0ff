"""Disagreements kept as directories: the case's files and case.json, read back as a Case.

bench/fuzz.py writes one for every disagreement it finds; copied into tests/fuzz/catalogue/,
it is a regression test (tests/fuzz/test_fuzz_catalogue.py): the concrete mode must give the
verdict recorded as ``expected``, and the two modes must agree. An entry whose class of issue
31 is not fixed yet says so in ``xfail`` (the test is then a strict xfail, which turns into a
failure the day the fix lands: drop the ``xfail`` then).
"""
from __future__ import annotations

import json
import os

from .differential import CONCRETE
from .generator import Case

CASE_FILE = "case.json"
EDITED = ".edited"  # the edited source of a file, for the checkpoint check (Case.edit)


def write_entry(directory: str, comparison, finding=None) -> str:
    """Write ``comparison``'s case and ``finding`` (None: the modes agree) into ``directory``;
    the directory."""
    case = comparison.case
    os.makedirs(directory, exist_ok=True)
    case.write(directory)
    if case.edit is not None:
        with open(os.path.join(directory, case.edit[0] + EDITED), "w") as f:
            f.write(case.edit[1])
    record = {
        "kind": case.kind, "tag": case.tag, "n": case.n, "algorithm_file": case.algorithm_file,
        "files": sorted(case.files), "options": case.options, "features": sorted(case.features),
        "description": case.description, "randomized": case.randomized, "on_ring": case.on_ring,
        "expectations": case.expectations, "exact": list(case.exact),
        "edit": case.edit[0] if case.edit else None, "seed": case.seed,
        "finding": {"what": finding.what, "issue_class": finding.issue_class} if finding else None,
        "expected": comparison.concrete_verdict,
        "xfail": _xfail(finding),
        # as run from the entry's directory
        "commands": {"default": " ".join(["check", *case.arguments(case.algorithm_file)]),
                     "concrete": " ".join(["check", *case.arguments(case.algorithm_file), *CONCRETE])},
    }
    with open(os.path.join(directory, CASE_FILE), "w") as f:
        json.dump(record, f, indent=2)
        f.write("\n")
    with open(os.path.join(directory, "finding.txt"), "w") as f:
        f.write(f"{finding}\n" if finding else "no disagreement on the code it was checked with\n")
    return directory


def _xfail(finding) -> str | None:
    """The reason of the entry's strict xfail: the class its finding falls in, while it is open."""
    if finding is None:
        return None
    if finding.issue_class is None:
        return f"a {finding.what} disagreement of no known class: not fixed yet"
    if finding.issue_class <= 8:
        return f"issue 31, class {finding.issue_class}: not fixed yet"
    return f"class {finding.issue_class} (found by the fuzzer, beyond issue 31's list): not fixed yet"


def read_entry(directory: str) -> tuple[Case, dict]:
    """The case an entry keeps, and its record (case.json)."""
    with open(os.path.join(directory, CASE_FILE)) as f:
        record = json.load(f)
    files = {}
    for name in record["files"]:
        with open(os.path.join(directory, name)) as f:
            files[name] = f.read()
    edit = None
    if record.get("edit"):
        with open(os.path.join(directory, record["edit"] + EDITED)) as f:
            edit = (record["edit"], f.read())
    case = Case(record["kind"], record["tag"], files, record["algorithm_file"], record["n"], list(record["options"]),
                frozenset(record["features"]), record["description"], randomized=record["randomized"],
                on_ring=record["on_ring"], expectations=record["expectations"], exact=tuple(record["exact"]),
                edit=edit, seed=record.get("seed"))
    return case, record
