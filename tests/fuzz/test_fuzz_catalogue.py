"""Every disagreement the fuzzer found, kept as a regression test (tests/fuzz/catalogue/).

Each entry is a directory bench/fuzz.py wrote (tests/fuzz/entries.py): the generated
algorithm's files and case.json, with the command and the concrete mode's verdict. Checked
again through the command line, the concrete mode must still give that verdict, and the default
mode must agree with it on everything tests/fuzz/differential.py compares. An entry of a class
of issue 31 that is not fixed yet expects its disagreement (an xfail naming the class): when the
fix lands the test fails until the entry's ``xfail`` is removed.
"""
from __future__ import annotations

import os

import pytest

from tests.fuzz.differential import Workspace, compare
from tests.fuzz.entries import read_entry

CATALOGUE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "catalogue")
ENTRIES = sorted(e for e in os.listdir(CATALOGUE) if os.path.isdir(os.path.join(CATALOGUE, e))) \
    if os.path.isdir(CATALOGUE) else []


def _comparison(entry: str, tmp_path_factory):
    case, record = read_entry(os.path.join(CATALOGUE, entry))
    with Workspace(run_seconds=30):  # the cases are tiny: a run still going after 30 s is hung
        return compare(case, str(tmp_path_factory.mktemp(case.tag)), concrete_always=True), record


def _slow(record) -> list:
    """An entry whose runs take seconds: under -m slow."""
    return [pytest.mark.slow] if record.get("slow") else []


def test_the_catalogue_is_not_empty():
    assert len(ENTRIES) >= 8


def _entries():
    for entry in ENTRIES:
        _, record = read_entry(os.path.join(CATALOGUE, entry))
        yield pytest.param(entry, id=entry, marks=_slow(record))


@pytest.mark.parametrize("entry", list(_entries()))
def test_the_entry_gives_the_recorded_verdict_in_both_modes(entry, tmp_path_factory):
    """One comparison per entry (both modes, and what the entry's class asks besides): the
    concrete mode must give the recorded verdict, and the default mode agree with it. An entry
    of a class not fixed yet expects the disagreement: the test fails, strictly, once it is gone."""
    comparison, record = _comparison(entry, tmp_path_factory)
    assert comparison.concrete_verdict == record["expected"], "\n".join(
        [record["commands"]["concrete"]] + list(map(str, comparison.findings)))  # a hang or traceback says which
    if record.get("xfail"):
        assert comparison.findings, f"{record['xfail']}, but the modes agree now: remove the entry's xfail"
        pytest.xfail(record["xfail"])
    assert not comparison.findings, "\n".join(map(str, comparison.findings))
