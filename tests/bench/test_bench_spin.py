"""bench/spin.py: the time budget kills a run, pan's report is read right (with stand-in pans),
and a real pan stores exactly the states of our full graph."""
import importlib.util
import os
import shutil
import stat
import sys

import pytest
from conftest import ROOT

from algorithms import builtin
from checker import check


def _bench_module(name):
    """bench/ is scripts, not a package: load a module from its file."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", os.path.join(ROOT, "bench", f"{name}.py"))
    module = sys.modules[f"bench_{name}"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


spin, promela = _bench_module("spin"), _bench_module("promela")

REPORT = """\
State-vector 280 byte, depth reached 29, errors: {errors}
     4688 states, stored
     9606 states, matched
{extra}
"""


def fake_pan(tmp_path, text: str) -> str:
    path = tmp_path / "pan"
    path.write_text("#!/bin/sh\ncat <<'EOF'\n" + text + "EOF\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def test_a_run_over_budget_is_killed_and_says_so():
    timed = spin.run_timed([sys.executable, "-c", "import time; time.sleep(30)"], timeout=0.5)
    assert timed.timed_out and timed.seconds < 10


def test_a_run_within_budget_gives_its_output():
    timed = spin.run_timed([sys.executable, "-c", "print('hello')"], timeout=30)
    assert not timed.timed_out and timed.output.strip() == "hello" and timed.status == 0


@pytest.mark.parametrize("errors, extra, outcome, states", [
    (0, "", "ok", 4688),
    (1, "pan:1: assertion violated  !(q_full(now.c3)) (at depth 9)", "channel full", 4688),
    (0, "error: max search depth too small", "depth", 4688),
    (0, "pan: out of memory", "out of memory", 4688),
    (0, "pan: reached -DMEMLIM bound", "out of memory", 4688),
])
def test_pan_report(tmp_path, errors, extra, outcome, states):
    result = spin.run_pan(fake_pan(tmp_path, REPORT.format(errors=errors, extra=extra)), timeout=30)
    assert (result.outcome, result.states) == (outcome, states)


def test_hash_table_sized_from_the_expected_count():
    assert spin.hash_bits(None) == 26
    assert spin.hash_bits(100) == 18
    assert 2 ** spin.hash_bits(5_000_000) >= 2 * 5_000_000


@pytest.mark.slow  # gcc compiles pan.c for several seconds
@pytest.mark.skipif(shutil.which("spin") is None or shutil.which("gcc") is None,
                    reason="SPIN or gcc is not installed (apt-get install spin gcc; .ci/run installs them)")
def test_pan_stores_exactly_the_states_of_our_full_graph(tmp_path):
    """An independent tool on the same model: hs on ids 1,2,3 (channels of 4 messages suffice, see
    bench/spin_vs_ringleader.py), SPIN's own partial-order reduction off, against --no-por."""
    ids = (1, 2, 3)
    ours = check(builtin("hs"), 3, ids=ids, por=False, jobs=1)
    pan, _ = spin.compile_pan(promela.generate("hs", [ids], capacity=4), str(tmp_path), reduce=False, memory_mb=512)
    theirs = spin.run_pan(pan, timeout=120, expected_states=ours.states)
    assert theirs.outcome == "ok"
    assert theirs.states == ours.states == 4_688
