"""bench/system_kinds.py measures a run in its own process: its states, time and memory."""
from __future__ import annotations

import json

from test_bench_spin import _bench_module

system_kinds = _bench_module("system_kinds")


def test_a_row_is_run_and_measured():
    measured = system_kinds.measure(system_kinds.Row("lcr --n 3", before=""), timeout=120)
    assert measured.status == 0 and measured.states == "45 verified"
    assert measured.wall > 0 and measured.cpu > 0 and measured.peak_mb > 10


def test_a_run_over_its_time_is_stopped_and_said_so():
    measured = system_kinds.measure(system_kinds.Row("hs --n 6 --jobs 1", before=""), timeout=1)
    assert measured.status is None and measured.states == ""


def test_the_states_of_a_quantitative_run_are_summed_over_its_models():
    answer = {"results": [{"states": 4}, {"states": 7}, {"states": 1200}]}
    assert system_kinds.states_of(json.dumps(answer)) == "1,211 (over 3 models)"
    assert system_kinds.states_of(json.dumps({"results": [{"states": 1200}]})) == "1,200"
