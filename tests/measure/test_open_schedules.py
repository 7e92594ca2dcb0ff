"""Open schedules and the Attiya-Welch pasting step (checker/measure/open_schedules.py, checker/measure/blocked.py)."""
import json
from fractions import Fraction

import pytest

from algorithms import builtin
from checker import attiya_welch_bound, open_schedules
from checker.measure.blocked import BlockedEdges, ReplayFailed, edge_channels, follow
from checker.cli import main
from checker.measure.open_schedules import paste_halves
from models import AsyncSystem

# the most messages of an open schedule, measured (every arrangement, every blocked edge)
MEASURED = {"lcr": {2: 3, 4: 10}, "cr": {2: 3, 4: 10}, "cr-all": {2: 3, 4: 10}, "hs": {2: 5, 4: 17}}


def test_attiya_welch_recurrence():
    assert [attiya_welch_bound(n) for n in (2, 4, 8, 16)] == [1, Fraction(5, 2), Fraction(13, 2), Fraction(33, 2)]
    assert attiya_welch_bound(3) is None and attiya_welch_bound(6) is None and attiya_welch_bound(1) is None


@pytest.mark.parametrize("name", sorted(MEASURED))
@pytest.mark.parametrize("n", [2, 4])
def test_every_builtin_has_an_open_schedule_of_at_least_m_n(name, n):
    report = open_schedules(builtin(name), n)
    assert report.messages_max == MEASURED[name][n] >= attiya_welch_bound(n)
    assert report.stopped is None and len(report.cases) == report.cases_planned
    # the witness is an open schedule: it sends that many messages and ends quiescent, with
    # messages left only on the blocked edge
    assert sum(len(step.sent) for step in report.witness.steps) == report.messages_max
    blocked = {f"{report.edge}->{(report.edge + 1) % n}", f"{(report.edge + 1) % n}->{report.edge}"}
    assert all(name.split(" ")[0] in blocked for name, _ in report.witness.final_channels)
    if n == 4:
        assert report.pasting.holds and report.pasting.pasted_quiescent
        assert report.pasting.replayed_messages >= 2 * attiya_welch_bound(2) + Fraction(1, 2)


@pytest.mark.parametrize("name,n", [("lcr", 4), ("cr", 4), ("hs", 3)])
def test_reduction_and_symmetry_keep_every_open_schedule_maximum(name, n):
    reduced = open_schedules(builtin(name), n, paste=False)
    full = open_schedules(builtin(name), n, paste=False, por=False, symmetry="none")
    every = {(c.ids, c.edge): (c.messages_min, c.messages_max) for c in full.cases}
    assert len(every) == len(full.cases) == n * len(set(c.ids for c in full.cases))
    assert all(every[(c.ids, c.edge)] == (c.messages_min, c.messages_max) for c in reduced.cases)
    assert max(m for _, m in every.values()) == reduced.messages_max


def test_an_edge_is_both_directions_of_one_link_even_on_two_processes():
    hs = builtin("hs").topology(2)
    first, second = edge_channels(hs, 0), edge_channels(hs, 1)
    assert len(first) == len(second) == 2 and not first & second
    assert len(edge_channels(builtin("lcr").topology(3), 2)) == 1


def test_a_schedule_that_uses_a_blocked_edge_does_not_replay():
    lcr = builtin("lcr")
    system = BlockedEdges(AsyncSystem(lcr, (1, 2)), (0,))
    state, ordinals, sent = follow(system, [(0, "send_my_id", None)])
    assert sent == 1 and len(ordinals) == 1
    with pytest.raises(ReplayFailed, match="step 2: pass_on of p1 on PREV is not enabled"):
        follow(system, [(0, "send_my_id", None), (1, "pass_on", "PREV")])


@pytest.mark.parametrize("name,messages", [("lcr", 36), ("hs", 48)])
def test_pasting_two_open_schedules_of_four_into_a_ring_of_eight(name, messages):
    pasting = paste_halves(builtin(name), 8)
    assert pasting.halves[1] == tuple(i + 4 for i in pasting.halves[0])
    assert pasting.half_messages == (MEASURED[name][4],) * 2
    assert pasting.pasted_quiescent and pasting.replayed_quiescent
    assert pasting.replayed_messages == messages >= pasting.bound == Fraction(13, 2)
    assert pasting.replayed_messages == sum(pasting.half_messages) + pasting.best.further_messages
    assert sum(len(step.sent) for step in pasting.trace.steps) == messages


def test_cli_open_schedules_with_trace_and_json(tmp_path, capsys):
    target = tmp_path / "open.json"
    status = main(["hs", "--n", "4", "--open-schedules", "--trace-out", str(target)])
    out = capsys.readouterr().out
    assert status == 0
    assert "most messages in an open schedule  17" in out and "5/2 = 2.5   holds" in out
    assert "replayed on the ring of 4" in out
    witness = json.loads(target.read_text())  # ITF: each state's #meta names the step that led to it
    assert sum(len(state["#meta"]["action"]["sent"]) for state in witness["states"][1:]) == 17
    assert json.loads((tmp_path / "open-pasted.json").read_text())["#meta"]["ids"]
    status = main(["cr", "--n", "2..4", "--open-schedules", "--json"])
    reports = json.loads(capsys.readouterr().out)
    assert status == 0 and [(r["n"], r["messages_max"]) for r in reports] == [(2, 3), (3, 6), (4, 10)]
    assert reports[2]["pasting"]["holds"] is True and reports[1]["pasting"] is None


def test_cli_open_schedules_out_of_time_is_incomplete(capsys):
    status = main(["hs", "--n", "8", "--open-schedules", "--time-limit", "0.001"])
    out = capsys.readouterr().out
    assert status == 3 and "INCOMPLETE" in out and "holds" in out  # the pasting step still runs


def test_no_pasting_for_an_algorithm_that_knows_n():
    class KnowsN(builtin("lcr"), name="lcr-knows-n"):
        knows_n = True

    report = open_schedules(KnowsN, 4)
    assert report.pasting is None and "uniform algorithms" in report.paste_skipped
    assert report.messages_max == MEASURED["lcr"][4]
