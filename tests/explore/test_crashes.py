"""--crashes F (models/systems/crashes.py): the adversary may stop up to F processes at any point; the
specification is then about the live ones. A ring algorithm that is not built for crashes
fails with a trace that replays; without --crashes nothing changes."""
import json

import pytest

from checker import check, load_algorithm
from checker.cli import main
from checker.explore.arrangements import Arrangement
from checker.explore.systems import system_for
from models import Observation
from models.systems.crashes import CRASH, Crashed, CrashSystem
from specs import election_spec
from specs.election import changed_decision


def _run(capsys, *argv):
    status = main([str(a) for a in argv])
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("name", ["cr", "lcr", "hs"])
def test_a_ring_algorithm_fails_when_one_process_crashes_and_the_trace_replays(capsys, tmp_path, name):
    status, out, _ = _run(capsys, name, "--n", 3, "--crashes", 1, "--json", "--trace-out", tmp_path / "trace.json")
    result = json.loads(out)
    assert status == 1 and result["verdict"] == "violated" and result["crashes"] == 1
    counterexample = result["counterexample"]
    steps = counterexample["trace"]["steps"]
    assert any(s["command"] == CRASH for s in steps)
    # the trace replays in the crash system, step by step, to a state that violates the property
    algorithm = load_algorithm(name)
    system = system_for(algorithm, Arrangement(tuple(counterexample["ids"]), 1), crashes=1)
    state = system.initial_state
    for step in steps:
        (chosen,) = [s for s in system.steps(state) if s.process == step["position"] and s.command == step["command"]
                     and (str(s.received) if s.received is not None else None) == step["received"]][:1]
        state = chosen.target
    prop = next(p for p in election_spec(algorithm) if p.name == counterexample["property"])
    assert prop.kind == "terminal" and not system.steps(state)
    assert prop.check(system.observe(state), system.channels(state))
    itf = json.loads((tmp_path / "trace.json").read_text())
    assert len(itf["states"]) == len(steps) + 1


def test_the_text_output_names_the_crash(capsys):
    status, out, _ = _run(capsys, "cr", "--n", 4, "--crashes", 1)
    assert status == 1
    assert out.startswith("cr on a unidirectional ring, n = 4, up to 1 crash: VIOLATED")
    assert "election            VIOLATED  (terminated with 0 leaders among the 3 live processes (1 crashed)" in out
    assert " crash " in out


def test_without_crashes_nothing_changes(capsys):
    plain = check(load_algorithm("cr"), 4, jobs=1, progress=False).to_json()
    zero = check(load_algorithm("cr"), 4, jobs=1, progress=False, crashes=0).to_json()
    for result in (plain, zero):
        result.pop("seconds")
    assert plain == zero and plain["verdict"] == "verified" and "crashes" not in plain


def test_the_symmetry_quotient_keeps_the_verdict_with_crashes():
    cr = load_algorithm("cr")
    reduced = check(cr, 4, jobs=1, progress=False, crashes=1)
    full = check(cr, 4, jobs=1, progress=False, crashes=1, symmetry="none")
    assert reduced.verdict == full.verdict == "violated"
    assert reduced.counterexample.property == full.counterexample.property == "election"


def test_crashes_explore_every_crash_point():
    """At n = 2 with one crash: the states where nobody has crashed are exactly the crash-free
    system's, never more than one process is down, and the crashes add states of their own."""
    cr = load_algorithm("cr")
    free = system_for(cr, Arrangement((1, 2), 1))
    crashy = system_for(cr, Arrangement((1, 2), 1), crashes=1)
    seen, frontier = {crashy.initial_state}, [crashy.initial_state]
    while frontier:
        state = frontier.pop()
        for step in crashy.steps(state):
            if step.target not in seen:
                seen.add(step.target)
                frontier.append(step.target)
    live = {s for s in seen if not any(isinstance(x, Crashed) for x in s[:2])}
    # without a crash the reachable states are the crash-free system's
    reach, frontier = {free.initial_state}, [free.initial_state]
    while frontier:
        state = frontier.pop()
        for step in free.steps(state):
            if step.target not in reach:
                reach.add(step.target)
                frontier.append(step.target)
    assert live == reach
    assert all(sum(isinstance(x, Crashed) for x in s[:2]) <= 1 for s in seen)
    assert len(seen) > len(reach)


def test_a_crashed_leader_does_not_break_stability():
    leader = Observation(2, True, True, 2, True)
    assert changed_decision(leader, Observation(2, False, False, None, False, crashed=True)) is None
    assert changed_decision(leader, Observation(2, True, False, 2, True)) is not None


@pytest.mark.parametrize("argv, message", [
    (["cr", "--n", "3", "--crashes", "3"], "--crashes must be between 0 and n - 1 = 2"),
    (["timeslice", "--n", "3", "--crashes", "1"], "--crashes is for the asynchronous model"),
    (["cr", "--n", "1..3", "--crashes", "1", "--messages"], "start the range at n = 2"),
    (["cr", "--n", "3..4", "--crashes", "1", "--messages", "--sample", "5"], "drop --crashes (or --sample)"),
    (["cr", "--n", "3", "--crashes", "1", "--open-schedules"], "--crashes goes with a check of one n or --messages or --simulate"),
    (["cr", "--n", "3", "--crashes", "1", "--check-invariant"], "drop --crashes"),
])
def test_bad_crash_counts_and_models_get_one_line(capsys, argv, message):
    status, _, err = _run(capsys, *argv)
    assert status == 2 and message in err and "Traceback" not in err


def test_crash_system_drops_messages_to_a_crashed_process():
    system = CrashSystem(system_for(load_algorithm("lcr"), Arrangement((1, 2, 3), 1)), 1)
    state = system.initial_state
    crash = next(s for s in system.steps(state) if s.command == CRASH and s.process == 1)
    state = crash.target
    # p0 sends its id to p1, which has crashed: the channel into p1 stays empty
    for step in system.steps(state):
        if step.process == 0 and step.sent:
            into_p1 = [k for k, c in enumerate(system.topology.channels) if c.receiver == 1]
            assert all(step.target[system.n + k] == () for k in into_p1)
            break
    else:
        pytest.fail("p0 never sends")
