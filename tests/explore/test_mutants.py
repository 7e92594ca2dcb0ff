"""Deliberately broken algorithms must all be caught, with the right property and a trace that works.

Each mutant in tests/mutants/ is a user file (loaded the way `check ./file.py` loads it) whose
docstring says what is broken and which property must catch it. For each one:
  * the CLI exits 1 and names that property;
  * the printed trace, followed step by step (process, command, port, message) from the
    initial state, is executable and ends in a state that violates the property;
  * for state, transition and terminal properties the trace is a shortest one, checked
    against an independent breadth-first search written here.
"""
import json
import os
from collections import deque

import pytest

from checker import check
from checker.cli import main
from checker.cli.loader import load_algorithm
from models import AsyncSystem
from specs import election_spec

from conftest import MUTANTS

# file, n, property that must be violated
CATALOGUE = [
    ("hs_never_swallows.py", 2, "at-most-one-leader"),
    ("hs_ttl_not_decremented.py", 3, "election"),
    ("hs_resign_unguarded.py", 3, "stability"),
    ("hs_smallest_wins.py", 3, "leader-is-largest"),
    ("cr_forwards_smaller.py", 3, "at-most-one-leader"),
    ("cr_announces_twice.py", 3, "message-bound"),
    ("lcr_no_terminate.py", 3, "election"),
    ("lcr_never_terminates.py", 3, "termination"),
    ("lcr_wrong_announcement.py", 3, "agreement"),
    ("franklin_drops_early_token.py", 3, "election"),
    ("franklin_smallest_wins.py", 3, "leader-is-largest"),
    ("peterson_leader_by_id.py", 3, "election"),
    ("lelann_forgets_largest.py", 3, "at-most-one-leader"),
    ("hs_lecture_largest_passes.py", 3, "leader-is-smallest"),
    ("hs_unoriented_responses_turn_back.py", 3, "termination"),
    ("hs_unoriented_comparisons_flipped.py", 3, "leader-is-largest"),
    ("lcr_guesses_leader.py", 3, "stability"),
    ("itai_rodeh_hop_not_counted.py", 2, "almost-sure-termination"),
]

# mutants that break one property and nothing else: with that property left out they verify,
# so a judge that reads it too leniently (stability ignoring the leader id) lets them through
ONLY = [("lcr_guesses_leader.py", 4, "stability")]


def test_every_mutant_file_is_in_the_catalogue():
    files = {f for f in os.listdir(MUTANTS) if f.endswith(".py")}
    assert files == {name for name, _, _ in CATALOGUE}


def _run(capsys, *argv):
    status = main(list(argv))
    return status, capsys.readouterr()


def _follow(system, steps):
    """Execute a trace's steps by what they say, not by stored ordinals; return the states visited."""
    state = system.initial_state
    states = [state]
    for step in steps:
        after = dict(system.locals_of(state, step["position"]))
        after.update({name: change["to"] for name, change in step["changes"].items()})
        candidates = [  # a command that draws has one step per outcome: the locals it changed tell which
            s for s in system.steps(state)
            if s.process == step["position"] and s.command == step["command"] and s.port == step["port"]
            and (str(s.received) if s.received is not None else None) == step["received"]
            and system.locals_of(s.target, s.process) == after
            and [f"{m}" for _, m in s.sent] == [x["message"] for x in step["sent"]]
        ]
        assert candidates, f"step {step['step']} is not executable: {step}"
        assert [f"{m}" for _, m in candidates[0].sent] == [s["message"] for s in step["sent"]]
        state = candidates[0].target
        states.append(state)
    return states


def _property(system, name):
    return next(p for p in election_spec(system.algorithm) if p.name == name)


def _violates(system, prop, states, trace):
    final = states[-1]
    if prop.kind == "state":
        return prop.check(system.observe(final)) is not None
    if prop.kind == "transition":
        mover = trace["steps"][-1]["position"]
        return prop.check(system.observe_process(states[-2], mover), system.observe_process(final, mover)) is not None
    if prop.kind == "terminal":
        assert not system.steps(final), "a terminal-state counterexample must end in a terminal state"
        return prop.check(system.observe(final), system.channels(final)) is not None
    if prop.name in ("termination", "almost-sure-termination"):
        return final == states[trace["loop_start"]] and len(states) - 1 > trace["loop_start"]
    if prop.name == "message-bound":
        sent = sum(len(s["sent"]) for s in trace["steps"])
        return not system.steps(final) and sent > system.algorithm.message_bound(system.n)
    raise AssertionError(prop.name)


def _shortest_violation_depth(system, prop):
    """Independent BFS: the least number of steps to a violation of a state/transition/terminal property."""
    start = system.initial_state
    depth = {start: 0}
    queue = deque([start])
    best = None
    while queue:
        state = queue.popleft()
        d = depth[state]
        if best is not None and d >= best:
            break
        if prop.kind == "state" and prop.check(system.observe(state)):
            return d
        steps = system.steps(state)
        if prop.kind == "terminal" and not steps and prop.check(system.observe(state), system.channels(state)):
            return d
        for step in steps:
            if prop.kind == "transition" and prop.check(
                system.observe_process(state, step.process), system.observe_process(step.target, step.process)
            ):
                best = d + 1 if best is None else min(best, d + 1)
            if step.target not in depth:
                depth[step.target] = d + 1
                queue.append(step.target)
    return best


@pytest.mark.parametrize("filename,n,expected", CATALOGUE)
def test_mutant_is_caught_with_a_working_shortest_trace(capsys, tmp_path, filename, n, expected):
    path = os.path.join(MUTANTS, filename)
    trace_file = tmp_path / "trace.json"
    status, out = _run(capsys, path, "--n", str(n), "--json", "--trace-out", str(trace_file))
    assert status == 1
    result = json.loads(out.out)
    assert result["verdict"] == "violated"
    violated = [p["name"] for p in result["properties"] if p["holds"] is False]
    assert violated == [expected]
    counterexample = result["counterexample"]
    assert counterexample["property"] == expected
    trace = counterexample["trace"]
    itf = json.loads(trace_file.read_text())  # the trace file is ITF (tests/render/test_render.py checks it)
    assert len(itf["states"]) == len(trace["steps"]) + 1 and itf["#meta"]["property"] == expected

    system = AsyncSystem(load_algorithm(path), tuple(counterexample["ids"]), counterexample.get("swapped"))
    states = _follow(system, trace["steps"])
    prop = _property(system, expected)
    assert _violates(system, prop, states, trace)
    if prop.kind in ("state", "transition", "terminal"):
        assert len(trace["steps"]) == _shortest_violation_depth(system, prop)


@pytest.mark.parametrize("filename,n,expected", CATALOGUE)
def test_mutant_text_output_names_the_property_and_prints_the_table(capsys, filename, n, expected):
    status, out = _run(capsys, os.path.join(MUTANTS, filename), "--n", str(n))
    assert status == 1
    assert f"Counterexample to {expected}:" in out.out
    assert "step" in out.out and "command" in out.out
    assert "VIOLATED" in out.out


@pytest.mark.parametrize("filename,n,only", ONLY)
def test_mutant_breaks_that_property_and_no_other(filename, n, only):
    algorithm = load_algorithm(os.path.join(MUTANTS, filename))
    others = [p for p in election_spec(algorithm) if p.name != only]
    assert check(algorithm, n, properties=others, engine="interned").verdict == "verified"
    assert check(algorithm, n, engine="interned").verdict == "violated"
