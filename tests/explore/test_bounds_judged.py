"""Bounds judged in every mode: one that takes the arrangement, and one declared exact.

tests/judges/variants/ holds correct elections whose declared figures are wrong: a message
bound written with the arrangement (``message_bound(n, setting)``) one message short, which the
native search and the twins took as "no bound" and reported as holding; and synchronous
algorithms whose rounds or messages miss, from below, figures their class declares exact, which
were checked as upper bounds only. Each must be VIOLATED on that property in every mode, or
refused with one line where the mode cannot run it (the native engine runs no rounds).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from checker.cli import main
from conftest import ROOT

VARIANTS = os.path.join(ROOT, "tests", "judges", "variants")
MODES = {
    "default": [], "no-por": ["--no-por"], "reference": ["--engine", "reference"],
    "interned": ["--engine", "interned"], "native": ["--engine", "native"], "no-symmetry": ["--symmetry", "none"],
    "no-twins": ["--no-twins"], "fingerprint": ["--fingerprint"], "id-values": ["--id-values", "1..5"],
}
# file -> (the property it violates, n, whether it runs in synchronous rounds)
CASES = {
    "cr_setting_bound.py": ("message-bound", 3, False),
    "hs_setting_bound.py": ("message-bound", 3, False),
    "timeslice_one_phase_early.py": ("round-bound", 3, True),
    "timeslice_one_phase_late.py": ("round-bound", 3, True),
    "timeslice_token_stops_short.py": ("message-bound", 3, True),
    "variable_speeds_short_delay.py": ("round-bound", 3, True),
}


def _expect_violated(filename: str, status: int, out: str, err: str, mode: str) -> None:
    violated, _, synchronous = CASES[filename]
    if synchronous and mode in ("native", "fingerprint"):  # the native engine runs no rounds: refused
        assert status == 2 and out == "" and len(err.strip().splitlines()) == 1, (mode, out, err)
        return
    assert status == 1, f"{filename} {mode}: exit {status}\n{out[:600]}{err[-600:]}"
    report = json.loads(out)
    assert report["verdict"] == "violated" and report["counterexample"]["property"] == violated, (filename, mode)


def test_every_variant_is_listed():
    assert sorted(f for f in os.listdir(VARIANTS) if f.endswith(".py")) == sorted(CASES)


@pytest.mark.parametrize("filename, mode", [(f, m) for f in CASES for m in MODES])
def test_each_variant_is_violated_in_every_mode(filename, mode, capsys):
    _, n, _ = CASES[filename]
    status = main([os.path.join(VARIANTS, filename), "--n", str(n), *MODES[mode], "--json"])
    captured = capsys.readouterr()
    _expect_violated(filename, status, captured.out, captured.err, mode)


@pytest.mark.parametrize("filename", sorted(CASES))
def test_each_variant_is_violated_with_two_workers(filename):
    _, n, _ = CASES[filename]
    done = subprocess.run([sys.executable, "-m", "checker", os.path.join(VARIANTS, filename), "--n", str(n),
                           "--jobs", "2", "--json", "--no-progress"],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    _expect_violated(filename, done.returncode, done.stdout, done.stderr, "jobs")



def test_a_bound_no_engine_can_judge_is_not_checked_and_the_run_is_not_verified(capsys):
    """Fair executions of lcr_fidgets terminate, but its graph has cycles, on which a complete
    execution has no most messages to compare with the bound: "not checked", never "holds", and
    the run is incomplete (exit 3), not VERIFIED, on its account."""
    path = os.path.join(ROOT, "tests", "explore", "variants", "lcr_fidgets.py")
    status = main([path, "--n", "2", "--json"])
    report = json.loads(capsys.readouterr().out)
    outcome = {p["name"]: p for p in report["properties"]}
    assert status == 3 and report["verdict"] == "incomplete"
    assert outcome["fair-termination"]["holds"] is True
    assert outcome["message-bound"]["holds"] is None and "cycles" in outcome["message-bound"]["not_checked"]
    assert main([path, "--n", "2"]) == 3
    out = capsys.readouterr().out
    assert ": INCOMPLETE" in out.splitlines()[0]
    assert "message-bound       not checked  (the graph has cycles" in out and "note: message-bound not checked" in out


def test_a_graph_property_no_pass_judges_is_not_checked():
    """The explorer takes a graph property to hold only when a pass over the graph judged it:
    a round bound on an asynchronous system (no rounds to count) is not checked, not "holds"."""
    from algorithms.lcr import LCR
    from checker.explore.explorer import Explorer
    from models import AsyncSystem
    from specs import ROUND_BOUND, TERMINATION

    exploration = Explorer(AsyncSystem(LCR, (1, 2, 3)), [TERMINATION, ROUND_BOUND]).run()
    assert exploration.holds == {"termination": True, "round-bound": None}
    assert "round-bound" in exploration.not_checked
