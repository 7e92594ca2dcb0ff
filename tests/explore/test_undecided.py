"""VERIFIED means every property holds: a run in which one was left undecided is not verified.

Found by the @always_eventually work: with termination left out (`--without termination`) an
algorithm that runs for ever was VERIFIED with every property "not decided", the message bound
among them, though its executions send messages without end. A cycle left every property
undecided, and the verdict only asked for a violation or a limit.
"""
from __future__ import annotations

import json
import os

import pytest

from checker.cli import main
from checker.explore.arrangements import Arrangement
from checker.explore.explorer import Exploration
from checker.explore.planning import Planning
from checker.explore.run import _result, specification
from checker.cli.loader import load_algorithm
from conftest import MUTANTS

NEVER_TERMINATES = os.path.join(MUTANTS, "lcr_never_terminates.py")
MODES = {
    "default": [],
    "reference": ["--engine", "reference", "--no-por", "--symmetry", "none", "--no-twins"],
    "native": ["--engine", "native"],
}


def run_json(argv, capsys) -> tuple[int, dict]:
    status = main([*argv, "--json"])
    return status, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("mode", MODES)
def test_a_cycle_without_termination_leaves_the_message_bound_unchecked_not_verified(mode, capsys):
    status, report = run_json([NEVER_TERMINATES, "--n", "3", "--without", "termination", *MODES[mode]], capsys)
    assert status == 3 and report["verdict"] == "incomplete"
    holds = {p["name"]: p["holds"] for p in report["properties"]}
    assert holds.pop("message-bound") is None
    assert set(holds.values()) == {True}  # the whole graph was searched: the others are decided


def test_the_summary_says_why_the_messages_have_no_figure(capsys):
    assert main([NEVER_TERMINATES, "--n", "3", "--without", "termination"]) == 3
    out = capsys.readouterr().out
    assert "messages      unbounded: the state graph has cycles, and termination is not checked" in out
    assert "message-bound       not checked  (the state graph has cycles" in out


@pytest.mark.parametrize("mode", MODES)
def test_without_the_bound_too_the_safety_properties_hold(mode, capsys):
    status, report = run_json([NEVER_TERMINATES, "--n", "3", "--without", "termination,message-bound",
                               *MODES[mode]], capsys)
    assert status == 0 and all(p["holds"] is True for p in report["properties"])


def test_a_property_no_exploration_decided_is_never_verified():
    """The rule itself, whatever the judge that forgot: one exploration with a property neither
    holding, violated nor marked not checked gives INCOMPLETE, naming it."""
    lcr = load_algorithm("lcr")
    properties = specification(lcr, ())
    holds = {p.name: True for p in properties}
    holds["agreement"] = None
    exploration = Exploration(ids=(1, 2, 3), states=1, holds=holds)
    planning = Planning([Arrangement((1, 2, 3), 1)], "given", "unidirectional ring", 1)
    result = _result(lcr, 3, planning, properties, [exploration], None, None, 0.0)
    assert result.verdict == "incomplete"
    assert "not decided by any exploration: agreement" in result.summary()
    holds["agreement"] = True
    assert _result(lcr, 3, planning, properties, [exploration], None, None, 0.0).verdict == "verified"
