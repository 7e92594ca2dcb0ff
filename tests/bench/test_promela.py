"""bench/promela.py writes Promela that SPIN accepts (the state counts are compared by bench/spin_vs_ringleader.py)."""
import importlib.util
import os
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT

# bench/ is scripts, not a package: load the generator from its file
_spec = importlib.util.spec_from_file_location("bench_promela", os.path.join(ROOT, "bench", "promela.py"))
promela = sys.modules["bench_promela"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(promela)

CASES = [(name, arrangements) for name in promela.MODELS for arrangements in ([(2, 3, 1)], [(1, 2, 3), (1, 3, 2)])]


@pytest.mark.parametrize("name, arrangements", CASES)
def test_one_process_per_position_and_one_channel_per_link(name, arrangements):
    text = promela.generate(name, arrangements, capacity=3)
    links = 6 if promela.MODELS[name].bidirectional else 3
    assert text.count(" = [3] of {") == links
    if len(arrangements) == 1:
        assert text.count("active proctype") == 3 and "init {" not in text
    else:
        assert text.count("run P(") == 3 * len(arrangements) and "active" not in text
    # every send checks the capacity, so a run that fills a channel is an error, not a smaller model
    assert "assert(nfull(ch))" in text


def test_sizes_must_agree():
    with pytest.raises(ValueError):
        promela.generate("lcr", [(1, 2, 3), (1, 2)], capacity=3)


@pytest.mark.skipif(shutil.which("spin") is None, reason="SPIN is not installed (apt-get install spin; .ci/run installs it)")
@pytest.mark.parametrize("name, arrangements", CASES)
def test_spin_parses_the_model(name, arrangements, tmp_path):
    (tmp_path / "model.pml").write_text(promela.generate(name, arrangements, capacity=3))
    done = subprocess.run(["spin", "-a", "model.pml"], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "pan.c").exists()
