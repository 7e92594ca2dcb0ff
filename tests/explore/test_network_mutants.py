"""Mutants of the algorithms on networks and in synchronous rounds (tests/mutants/networks/):
each is caught by the property its docstring names, and its counterexample, read from the
JSON, replays step by step (round by round) to a state that violates it."""
import json
import os

import pytest
from conftest import MUTANTS

from checker.cli import main
from checker.cli.loader import load_algorithm
from checker.explore.arrangements import Arrangement
from checker.explore.systems import system_for
from models import Network
from specs import election_spec

NETWORK_MUTANTS = os.path.join(MUTANTS, "networks")

# file, options, the property that catches it
CATALOGUE = [
    ("flooding_stops_early.py", ["--n", "4", "--graph", "path"], "agreement"),
    ("timeslice_keeps_the_token.py", ["--n", "3"], "at-most-one-leader"),
    ("variable_speeds_one_speed.py", ["--n", "6"], "message-bound"),  # and round-bound (ALSO_VIOLATED)
    ("dfs_higher_uid_wins.py", ["--n", "3"], "leader-is-smallest"),
    ("dfs_literal_answers_higher.py", ["--n", "3", "--graph", "complete"], "stability"),
    ("random_one_bit_leads_unchecked.py", ["--n", "2"], "at-most-one-leader"),
    ("random_one_bit_ones_quit.py", ["--n", "2"], "election"),
    ("itai_rodeh_sync_any_unique_wins.py", ["--n", "3"], "at-most-one-leader"),
    ("bully_does_not_bid_again.py", ["--n", "3", "--crashes", "1", "--fairness", "strong"], "election"),
    ("bully_leader_wait_ends_when_quiet.py", ["--n", "3", "--crashes", "1"], "fair-termination"),
    ("bully_ignores_a_recovered_leader.py", ["--n", "3", "--crashes", "1", "--recoveries", "1", "--fairness", "strong",
                                             "--without", "at-most-one-leader,stability"], "election"),
]

# mutants that break a second property beside the one their counterexample shows
ALSO_VIOLATED = {"variable_speeds_one_speed.py": ["round-bound"]}


def test_every_network_mutant_is_in_the_catalogue():
    files = {f for f in os.listdir(NETWORK_MUTANTS) if f.endswith(".py")}
    assert files == {name for name, _, _ in CATALOGUE}


def _system(algorithm, counterexample, result=None):
    graph = counterexample.get("graph")
    topology = None
    if graph is not None:
        n = len(counterexample["ids"])
        topology = Network(n, [tuple(e) for e in graph["edges"]], [tuple(p) for p in graph["ports"]], graph["name"])
    numbered = topology is not None  # a replay may read port numbers freely
    result = result or {}
    return system_for(algorithm, Arrangement(tuple(counterexample["ids"]), 1, topology=topology, numbered=numbered),
                      crashes=result.get("crashes", 0), premature_timeouts=result.get("premature_timeouts", False),
                      recoveries=result.get("recoveries", 0))


def _follow_rounds(system, steps):
    """Replay a round-by-round trace by what it says each process received, did and sent."""
    state, states = system.initial_state, [system.initial_state]
    for number in sorted({s["round"] for s in steps}):
        shown = {s["position"]: s for s in steps if s["round"] == number}
        matching = []
        for step in system.steps(state):
            done = {i: part for i, part in enumerate(step.parts) if part.events}
            if done.keys() == shown.keys() and all(
                [str(m) for _, m in part.sent] == [x["message"] for x in shown[i]["sent"]]
                and [str(e.received) for e in part.events if e.received is not None]
                == [x["message"] for x in shown[i]["receptions"]]
                for i, part in done.items()
            ):
                matching.append(step)
        assert matching, f"round {number} is not executable"
        state = matching[0].target
        states.append(state)
    return states


def _follow_steps(system, steps):
    state, states = system.initial_state, [system.initial_state]
    for step in steps:
        candidates = [s for s in system.steps(state) if s.process == step["position"] and s.command == step["command"]
                      and s.port == step["port"] and (str(s.received) if s.received is not None else None) == step["received"]]
        assert candidates, f"step {step['step']} is not executable"
        state = candidates[0].target
        states.append(state)
    return states


@pytest.mark.parametrize("filename,options,expected", CATALOGUE)
def test_network_mutant_is_caught_with_a_trace_that_replays(capsys, tmp_path, filename, options, expected):
    path = os.path.join(NETWORK_MUTANTS, filename)
    status = main([path, *options, "--json", "--trace-out", str(tmp_path / "trace.txt")])
    result = json.loads(capsys.readouterr().out)
    assert status == 1 and result["verdict"] == "violated"
    assert [p["name"] for p in result["properties"] if p["holds"] is False] == [expected, *ALSO_VIOLATED.get(filename, [])]
    counterexample = result["counterexample"]
    algorithm = load_algorithm(path)
    system = _system(algorithm, counterexample, result)
    steps = counterexample["trace"]["steps"]
    synchronous = getattr(system, "synchronous", False)
    states = _follow_rounds(system, steps) if synchronous else _follow_steps(system, steps)
    prop = next(p for p in election_spec(algorithm) if p.name == expected)
    final = states[-1]
    if prop.kind == "state":
        assert prop.check(system.observe(final))
    elif prop.kind == "terminal":
        assert not system.steps(final) and prop.check(system.observe(final), system.channels(final))
    elif prop.name == "message-bound":
        assert not system.steps(final) and sum(len(s["sent"]) for s in steps) > algorithm.message_bound(system.n)
    assert (tmp_path / "trace.txt").read_text().startswith(f"Counterexample to {expected}")
