"""An early end never hangs: bench/early_end.py's runs, in subprocesses with a timeout.

A violated run of tests/mutants/hs_unoriented_comparisons_flipped.py at n = 3 without
reductions finds its violation while both workers still hold arrangements; before
checker/explore/pool.py, killing them behind a ProcessPoolExecutor's back left its shutdown
waiting for ever in about one run of eight. The fast loop runs it 6 times; the slow tests run
it 12 times each plainly, with Ctrl-C and with a worker killed at a random moment
(bench/early_end.py runs campaigns of any size). Each
run must end within its timeout, as VIOLATED, or INCOMPLETE naming the fault, with no
traceback and no process left behind.
"""
from __future__ import annotations

import pytest
from test_bench_spin import _bench_module

campaign = _bench_module("early_end").campaign

TIMEOUT = 60  # seconds a run may take: about 1 s on a quiet machine; only there to turn a hang into a failure
CHUNKS = 4  # the slow campaigns in this many tests each, so that pytest-xdist spreads them over the cores


def _no_failures(runs: int, fault: str, seed: int):
    failed, endings = campaign(runs, fault, seed, TIMEOUT, say=lambda line: None)
    assert not failed, "\n".join(failed)
    return endings


@pytest.mark.slow  # 7 s of wall time (six runs of two workers); test_many_runs_end_whatever_happens_to_them is its campaign
def test_a_violated_run_with_busy_workers_ends_every_time():
    endings = _no_failures(6, "none", seed=0)
    assert endings == {"violated": 6}


# runs of each kind in the slow tests: 200 runs cost about 4 minutes of CPU (1.2 s each, two
# worker processes), and .ci/run has 10 minutes for everything; the campaigns of 1,000 and 200
# runs are bench/early_end.py's (docs/engines.md has their figures)
SLOW_RUNS = {"none": 8, "ctrl-c": 8, "kill-worker": 8}


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("fault", sorted(SLOW_RUNS))
def test_many_runs_end_whatever_happens_to_them(fault, chunk):
    runs = SLOW_RUNS[fault] // CHUNKS
    endings = _no_failures(runs, fault, seed=chunk)
    if fault == "none":
        assert endings == {"violated": runs}
