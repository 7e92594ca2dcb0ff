"""Rumur (a reimplementation of CMurphi) on the Murphi models of bench/murphi.py: compile and run.

Rumur turns a model into a C verifier, which gcc compiles and which then searches the whole
state graph (no partial-order reduction; symmetry reduction only over scalarsets, which the
models do not use). The verifier runs on one thread (``--threads 1``), as ringleader's
``--jobs 1`` and SPIN do in bench/spin_vs_ringleader.py.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # bench/ is scripts, not a package
from spin import run_timed

# as Rumur's README compiles a verifier
CFLAGS = ("-std=c11", "-O3", "-march=native")


def version() -> str:
    out = subprocess.run(["rumur", "--version"], capture_output=True, text=True, check=True).stdout
    return out.strip()


@dataclass
class RumurResult:
    states: int | None
    transitions: int | None  # "rules fired"
    seconds: float
    peak_mb: float
    outcome: str  # "ok", "timeout", "channel full", "error: ..."


def compile_verifier(model_text: str, directory: str) -> tuple[str, float]:
    """rumur and gcc; returns (path of the verifier, seconds taken)."""
    started = time.perf_counter()
    with open(os.path.join(directory, "model.m"), "w") as f:
        f.write(model_text)
    subprocess.run(["rumur", "--deadlock-detection", "off", "--threads", "1", "--pack-state", "off", "--quiet",
                    "--output", "verifier.c", "model.m"], cwd=directory, check=True, capture_output=True)
    subprocess.run(["gcc", *CFLAGS, "-o", "verifier", "verifier.c", "-lpthread"], cwd=directory, check=True,
                   capture_output=True)
    return os.path.join(directory, "verifier"), time.perf_counter() - started


def run_verifier(verifier: str, timeout: float) -> RumurResult:
    timed = run_timed([verifier], timeout, cwd=os.path.dirname(verifier))
    text = timed.output
    if timed.timed_out:
        return RumurResult(None, None, timed.seconds, timed.peak_mb, "timeout")
    explored = re.search(r"(\d+) states, (\d+) rules fired", text)
    states, fired = (int(explored.group(1)), int(explored.group(2))) if explored else (None, None)
    if "channel full" in text:  # the room assertion of every send
        outcome = "channel full"
    elif explored is None or "No error found" not in text:
        failure = re.search(r"(Assertion failed: .*|[Ee]rror: .*)", text)
        outcome = "error: " + (failure.group(1) if failure else (text.strip().splitlines() or ["no output"])[-1])
    else:
        outcome = "ok"
    return RumurResult(states, fired, timed.seconds, timed.peak_mb, outcome)
