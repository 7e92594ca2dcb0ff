"""Every disagreement the fuzzer found, kept as a regression test (tests/fuzz/catalogue/).

Each entry is a directory bench/fuzz.py wrote (tests/fuzz/entries.py): the generated
algorithm's files and case.json, with the command and the concrete mode's verdict. Checked
again through the command line, the concrete mode must still give that verdict, and the default
mode must agree with it on everything tests/fuzz/differential.py compares. An entry of a class
of issue 31 that is not fixed yet is a strict xfail naming the class: when the fix lands the
test passes, strict makes that a failure, and the entry's ``xfail`` is then removed.
"""
from __future__ import annotations

import os

import pytest

from tests.fuzz.differential import Workspace, compare
from tests.fuzz.entries import read_entry

CATALOGUE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "catalogue")
ENTRIES = sorted(e for e in os.listdir(CATALOGUE) if os.path.isdir(os.path.join(CATALOGUE, e))) \
    if os.path.isdir(CATALOGUE) else []


_compared: dict = {}  # entry -> (comparison, record): each entry is checked once for both tests


def _comparison(entry: str, tmp_path_factory):
    if entry not in _compared:
        case, record = read_entry(os.path.join(CATALOGUE, entry))
        with Workspace(run_seconds=30):  # the cases are tiny: a run still going after 30 s is hung
            _compared[entry] = compare(case, str(tmp_path_factory.mktemp(case.tag)), concrete_always=True), record
    return _compared[entry]


def _cases():
    for entry in ENTRIES:
        _, record = read_entry(os.path.join(CATALOGUE, entry))
        marks = [pytest.mark.xfail(strict=True, reason=record["xfail"])] if record.get("xfail") else []
        yield pytest.param(entry, id=entry, marks=marks + _slow(record))


def _slow(record) -> list:
    """An entry that hangs takes the whole wait to show it: under -m slow."""
    return [pytest.mark.slow] if record.get("slow") else []


def test_the_catalogue_is_not_empty():
    assert len(ENTRIES) >= 8


def _entries():
    for entry in ENTRIES:
        _, record = read_entry(os.path.join(CATALOGUE, entry))
        yield pytest.param(entry, id=entry, marks=_slow(record))


@pytest.mark.parametrize("entry", _entries())
def test_the_concrete_mode_gives_the_recorded_verdict(entry, tmp_path_factory):
    comparison, record = _comparison(entry, tmp_path_factory)
    assert comparison.concrete_verdict == record["expected"], record["commands"]["concrete"]


@pytest.mark.parametrize("entry", _cases())
def test_both_modes_agree(entry, tmp_path_factory):
    comparison, _ = _comparison(entry, tmp_path_factory)
    assert not comparison.findings, "\n".join(map(str, comparison.findings))
