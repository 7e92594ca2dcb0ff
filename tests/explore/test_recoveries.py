"""--recoveries R (models/systems/crashes.py): a crashed process restarts from its initial state, R times
in all. Bully's recovered highest process bids again and takes over: for a moment two processes
believe they lead (a trace that replays), the old leader's followers change their decision,
and once the faults stop the specification's eventual part holds under strong fairness."""
import json

import pytest
from conftest import follow_steps

from checker import check, load_algorithm
from checker.cli import main
from checker.explore.arrangements import Arrangement
from checker.explore.systems import system_for
from models import Network
from models.systems.crashes import CRASH, RECOVER, Crashed
from specs import election_spec


def _run(capsys, *argv):
    status = main([str(a) for a in argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_a_recovered_higher_process_leads_beside_the_one_elected_meanwhile(capsys):
    status, out, _ = _run(capsys, "bully-always-replies", "--n", 3, "--crashes", 1, "--recoveries", 1,
                          "--fairness", "strong", "--json")
    result = json.loads(out)
    assert status == 1 and result["recoveries"] == 1
    counterexample = result["counterexample"]
    assert counterexample["property"] == "at-most-one-leader"
    steps = counterexample["trace"]["steps"]
    commands = [s["command"] for s in steps]
    assert CRASH in commands and RECOVER in commands
    recovered = steps[commands.index(RECOVER)]["position"]
    assert steps[commands.index(CRASH)]["position"] == recovered
    algorithm = load_algorithm("bully-always-replies")
    system = system_for(algorithm, Arrangement(tuple(counterexample["ids"]), 1, topology=Network(3), numbered=True),
                        crashes=1, recoveries=1)
    states = follow_steps(system, steps)
    # the recovery restarts the process from its own initial locals, its incoming channels empty
    after = states[commands.index(RECOVER) + 1]
    assert after[recovered] == system.initial_state[recovered] and not isinstance(after[recovered], Crashed)
    assert after[-1] == (1, 1)  # one crash and one recovery so far
    leaders = [o.id for o in system.observe(states[-1]) if o.is_leader]
    assert len(leaders) == 2 and max(leaders) == counterexample["ids"][recovered]


def test_once_the_faults_stop_every_live_process_agrees_on_the_largest(capsys):
    status, out, _ = _run(capsys, "bully-always-replies", "--n", 3, "--crashes", 1, "--recoveries", 1,
                          "--fairness", "strong", "--without", "at-most-one-leader,stability")
    assert status == 0, out
    assert "up to 1 crash, 1 recovery, strong fairness: VERIFIED" in out
    assert "not checked (--without): at-most-one-leader, stability" in out
    assert "at-most-one-leader" not in out.split("properties")[1].split("note:")[0]


def test_without_at_most_one_leader_stability_still_catches_the_takeover():
    bully = load_algorithm("bully-always-replies")
    result = check(bully, 3, jobs=1, progress=False, crashes=1, recoveries=1, fairness="strong",
                   without=("at-most-one-leader",))
    assert result.verdict == "violated" and result.counterexample.property == "stability"


def test_recoveries_add_states_and_zero_recoveries_change_nothing():
    bully = load_algorithm("bully-always-replies")
    plain = check(bully, 3, jobs=1, progress=False, crashes=1, fairness="strong")
    zero = check(bully, 3, jobs=1, progress=False, crashes=1, fairness="strong", recoveries=0)
    more = check(bully, 3, jobs=1, progress=False, crashes=1, fairness="strong", recoveries=1,
                 without=("at-most-one-leader", "stability"))
    assert plain.states == zero.states and plain.verdict == zero.verdict == "verified"
    assert more.states > plain.states and more.verdict == "verified"


def test_a_crash_after_a_recovery_counts_against_the_crashes():
    """With F = 1 and R = 1, one process may crash once, recover, and never crash again."""
    system = system_for(load_algorithm("lcr"), Arrangement((1, 2, 3), 1), crashes=1, recoveries=1)
    state = next(s for s in system.steps(system.initial_state) if s.command == CRASH and s.process == 0).target
    state = next(s for s in system.steps(state) if s.command == RECOVER).target
    assert state[:3] == system.initial_state[:3]
    assert not [s for s in system.steps(state) if s.command in (CRASH, RECOVER)]


@pytest.mark.parametrize("argv, message", [
    (["cr", "--n", "3", "--recoveries", "1"], "give it with --crashes F"),
    (["bully", "--n", "3", "--without", "leadership"], "bully's specification has no such property"),
    (["cr", "--n", "3", "--without", "at-most-one-leader", "--prove"], "--without goes with a check of one n"),
    (["cr", "--n", "3", "--without", "at-most-one-leader", "--check-invariant"], "drop --without"),
    (["cr", "--n", "3", "--recoveries", "1", "--crashes", "1", "--open-schedules"], "--crashes goes with"),
])
def test_bad_recovery_options_get_one_line(capsys, argv, message):
    status, _, err = _run(capsys, *argv)
    assert status == 2 and message in err and "Traceback" not in err


def test_every_property_named_by_without_is_one_the_specification_has():
    names = {p.name for p in election_spec(load_algorithm("bully"))}
    assert {"at-most-one-leader", "stability", "election", "fair-termination"} <= names


def test_the_message_table_counts_messages_under_crashes(capsys):
    status, out, _ = _run(capsys, "bully-always-replies", "--messages", "--n", "2..3", "--crashes", 1, "--json")
    table = json.loads(out)
    assert status == 0 and table["faults"] == "up to 1 crash, weak fairness"
    # one crash can only add messages to the crash-free worst case (4 and 11: (n - 1)(3n/2 + 1))
    assert [(r["n"], r["max"]) for r in table["rows"]] == [(2, 7), (3, 27)]
    status, out, _ = _run(capsys, "bully-always-replies", "--messages", "--n", "2..3", "--json")
    assert [(r["n"], r["min"], r["max"]) for r in json.loads(out)["rows"]] == [(2, 4, 4), (3, 11, 11)]


def test_recoveries_stop_at_r_even_with_crashes_left():
    """With F = 2 and R = 1: crash, recover, crash again; the second crashed process stays down
    (a limit off by one would let it restart too)."""
    system = system_for(load_algorithm("lcr"), Arrangement((1, 2, 3), 1), crashes=2, recoveries=1)

    def take(state, command, process=None):
        return next(s for s in system.steps(state) if s.command == command
                    and (process is None or s.process == process)).target

    state = take(take(system.initial_state, CRASH, 0), RECOVER)
    state = take(state, CRASH, 1)
    assert state[-1] == (2, 1)
    assert not [s for s in system.steps(state) if s.command == RECOVER]
    assert not [s for s in system.steps(take(take(take(system.initial_state, CRASH, 0), CRASH, 1), RECOVER))
                if s.command in (CRASH, RECOVER)]
