"""bench/promela_network.py: dfs-election on a network in Promela, which SPIN accepts and whose full
state graph is ringleader's, state for state in number (bench/spin_vs_ringleader_network.py
compares every connected graph; here one small graph, and what a mistake would change)."""
import importlib.util
import os
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT

from algorithms import builtin
from checker import check
from models import Network


def _bench_module(name):
    """bench/ is scripts, not a package: load a module from its file."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", os.path.join(ROOT, "bench", f"{name}.py"))
    module = sys.modules[f"bench_{name}"] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


promela_network = _bench_module("promela_network")
STAR = [(0, 1), (1, 2), (1, 3)]  # centre 1


def test_one_proctype_per_process_a_channel_per_direction_and_a_send_per_port():
    text = promela_network.generate(4, STAR, (3, 1, 4, 2), capacity=2)
    assert text.count("active proctype") == 4
    assert text.count(" = [2] of {") == 2 * len(STAR)
    assert text.count("byte tried[3];") == 1 and text.count("byte tried[1];") == 3  # the centre's ports, the leaves'
    # every send checks the capacity, so a run that fills a channel is an error, not a smaller model
    assert text.count("!Search,") == text.count("assert(nfull(c") - text.count("!Accept,") - text.count(
        "!Reject,") - text.count("!Leader,")


@pytest.mark.slow  # gcc compiles pan.c for several seconds
@pytest.mark.skipif(shutil.which("spin") is None or shutil.which("gcc") is None,
                    reason="SPIN or gcc is not installed (apt-get install spin gcc; .ci/run installs them)")
def test_pan_stores_exactly_the_states_of_our_full_graph_on_a_network(tmp_path):
    spin = _bench_module("spin")
    ids = (3, 1, 4, 2)
    ours = check(builtin("dfs-election"), 4, ids=ids, por=False, jobs=1, graphs=[Network(4, STAR)])
    pan, _ = spin.compile_pan(promela_network.generate(4, STAR, ids, capacity=4), str(tmp_path), reduce=False,
                              memory_mb=512)
    theirs = spin.run_pan(pan, timeout=120, expected_states=ours.states)
    assert theirs.outcome == "ok"
    assert theirs.states == ours.states


@pytest.mark.skipif(shutil.which("spin") is None, reason="SPIN is not installed (apt-get install spin; .ci/run installs it)")
def test_spin_parses_the_model(tmp_path):
    (tmp_path / "model.pml").write_text(promela_network.generate(4, STAR, (1, 2, 3, 4), capacity=2))
    done = subprocess.run(["spin", "-a", "model.pml"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
