"""bench/all_n_step_hints.py: a hint it prints proves its obligation; bad arguments get one line."""
from __future__ import annotations

from dataclasses import replace

import pytest

from algorithms.peterson import Peterson
from bench.all_n_step_hints import main
from checker.prove.all_n import PROVED, prove_all_n
from specs.all_n.peterson import ORIGINS, seen_below_sent, stream_between


def test_the_hint_printed_is_a_core_that_proves(capsys):
    assert main(["peterson", "specs.all_n.peterson:ORIGINS", "turn_black/seen_below_sent", "--light", "stream_between"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('turn_black/seen_below_sent: (seen_below_sent, "turn_black"): (stream_between,),')
    # as printed, given to the checker, the hint alone proves the obligation
    hinted = replace(ORIGINS, rests_on={(seen_below_sent, "turn_black"): (stream_between,)})
    proof = prove_all_n(Peterson, hinted, timeout=5, only={("turn_black", "seen_below_sent")}, counterexamples=False)
    assert [o.status for o in proof.obligations] == [PROVED]


@pytest.mark.parametrize("argv, says", [
    (["nope", "specs.all_n.peterson:ORIGINS", "a/b"], "unknown algorithm 'nope'"),
    (["peterson", "specs.all_n.peterson:NOPE", "a/b"], "has no attribute 'NOPE' (give module:NAME"),
    (["peterson", "specs.all_n.peterson:ORIGINS", "a/b"], "a/b: no such obligation; steps: start,"),
    (["peterson", "specs.all_n.peterson:ORIGINS", "start/leader_alone", "--timeout", "0"], "--timeout must be positive"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, argv, says):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
