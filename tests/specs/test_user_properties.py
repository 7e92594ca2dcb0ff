"""Properties of one's own (``--property``, specs/user_properties.py): judged on a ring, a network and
synchronous rounds, with the same verdicts in the default mode and the most concrete one; a violated
one has a counterexample like a built-in property's; a wrong file or predicate gets one line, exit 2."""
import json
import os
import re

import pytest

from algorithms.lcr import Token
from checker.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RING = os.path.join(ROOT, "tests", "properties", "ring.py")
NETWORK = os.path.join(ROOT, "tests", "properties", "network.py")
MOST_CONCRETE = ("--no-por", "--symmetry", "none")
# and the plain semantics, every arrangement searched (none derived from another's search)
PLAINEST = ("--engine", "reference", *MOST_CONCRETE, "--no-twins")
NEVER_TERMINATES = os.path.join(ROOT, "tests", "mutants", "lcr_never_terminates.py")


def run(capsys, *argv):
    jobs = [] if "--cluster" in argv else ["--jobs", "1"]
    status = main([str(a) for a in argv] + jobs)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def verdicts(output: str, names) -> dict:
    """Each named property's line in the summary: holds, VIOLATED or not decided."""
    lines = [line.split() for line in output.splitlines() if line.startswith("    ")]
    return {words[0]: " ".join(words[1:2]) for words in lines if words and words[0] in names}


@pytest.mark.parametrize("algorithm, file, safety, liveness, extra", [
    ("lcr", RING, "few_tokens", "everyone_decides", ()),
    ("dfs-election", NETWORK, "one_leader_message_wave", "everyone_knows_the_leader", ("--graph", "path")),
    ("flooding", NETWORK, "rounds_agree", "all_done", ()),
])
def test_a_safety_and_a_liveness_property_hold_in_every_mode(capsys, algorithm, file, safety, liveness, extra):
    argv = (algorithm, "--n", 3, "--property", f"{file}:{safety}", "--property", f"{file}:{liveness}", *extra)
    default = run(capsys, *argv)
    concrete = run(capsys, *argv, *MOST_CONCRETE)
    assert default[0] == concrete[0] == 0, default[1] + default[2]
    assert verdicts(default[1], (safety, liveness)) == verdicts(concrete[1], (safety, liveness)) == \
        {safety: "holds", liveness: "holds"}


def test_a_violated_safety_property_ends_its_counterexample_in_a_state_where_it_is_false():
    from checker.cli.own_properties import load_properties
    from checker.explore.run import check
    from algorithms import builtin

    for options in ({}, {"por": False, "symmetry": "none"}):
        result = check(builtin("lcr"), 3, jobs=1, own_properties=load_properties([f"{RING}:at_most_one_token_in_transit"]),
                       **options)
        trace = result.counterexample.trace
        assert result.counterexample.property == "at_most_one_token_in_transit"
        in_transit = [sum(isinstance(m, Token) for c in state.channels for m in c.messages) for state in trace.states]
        assert in_transit[-1] > 1 and all(count <= 1 for count in in_transit[:-1])  # a shortest path to it


def test_a_violated_eventually_property_gives_a_terminal_path_or_a_lasso(capsys):
    status, out, _ = run(capsys, "tests/mutants/lcr_no_terminate.py", "--n", 3, "--without", "election",
                         "--property", f"{RING}:everyone_decides")
    assert status == 1
    assert "Counterexample to everyone_decides: an execution terminates without everyone_decides ever holding" in out
    status, out, _ = run(capsys, "tests/mutants/lcr_never_terminates.py", "--n", 3, "--without", "termination",
                         "--property", f"{RING}:no_terminate_in_transit", *MOST_CONCRETE)
    assert status == 1
    assert "an execution runs forever without no_terminate_in_transit ever holding" in out
    assert "repeat forever" in out


def test_the_same_verdict_as_the_most_concrete_mode_on_a_violation(capsys):
    argv = ("dfs-election", "--n", 3, "--graph", "path", "--property", f"{NETWORK}:no_search_crosses_another")
    assert run(capsys, *argv)[0] == run(capsys, *argv, *MOST_CONCRETE)[0] == 1


@pytest.mark.parametrize("given, message", [
    (f"{RING}:nope", "defines no property 'nope'; it defines: few_tokens"),
    ("tests/properties/nothere.py", "no such property file: tests/properties/nothere.py"),
    (os.path.join(ROOT, "algorithms", "lcr.py"), "defines no property: decorate a function of the state"),
    (f"{RING}:returns_a_number", "property returns_a_number returned 3 (int), not True or False"),
    (f"{RING}:again_returns_a_number", "property again_returns_a_number returned 3 (int), not True or False"),
    (f"{RING}:divides_by_zero", "property divides_by_zero (tests/properties/ring.py:"),
    (f"{RING}:", "a colon with no name after it"),
])
def test_a_wrong_property_gets_one_line_and_exit_2(capsys, given, message):
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        status, out, err = run(capsys, "lcr", "--n", 3, "--property", given)
    finally:
        os.chdir(cwd)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err


@pytest.mark.parametrize("argv, message", [
    (("--check-invariant",), "--property adds to the specification of a check"),
    (("--cluster", "local:1"), "--property runs on this machine only"),
    (("--messages",), "--property goes with a check of one n or --simulate or --explore, not with --messages"),
])
def test_a_mode_that_would_not_judge_a_property_refuses_it(capsys, argv, message):
    status, out, err = run(capsys, "lcr", "--n", 3, "--property", f"{RING}:few_tokens", *argv)
    assert status == 2 and out == "" and message in err, err


def test_the_native_engine_is_refused_rather_than_trusted(capsys):
    status, _, err = run(capsys, "lcr", "--n", 3, "--engine", "native", "--property", f"{RING}:few_tokens")
    assert status == 2 and "--property is judged by the Python engine" in err


# @always_eventually ([]<>P): every execution passes through P-states again and again; a finished
# one ends in a P-state (its terminal state stutters forever)


def test_always_eventually_fails_at_a_terminal_state_where_eventually_holds(capsys):
    """Messages are in transit at some point of every lcr run, but not at its end."""
    status, out, _ = run(capsys, "lcr", "--n", 3, "--property", f"{RING}:some_message_in_transit")
    assert status == 0 and verdicts(out, ["some_message_in_transit"]) == {"some_message_in_transit": "holds"}
    name = "messages_in_transit_again_and_again"
    status, out, _ = run(capsys, "lcr", "--n", 3, "--property", f"{RING}:{name}")
    assert status == 1 and verdicts(out, [name]) == {name: "VIOLATED"}
    assert f"Counterexample to {name}: an execution terminates in a state where {name} is false" in out
    final_state = out[out.index("final state:"):]
    assert "channel" not in final_state
    # the shortest complete execution: p0's token around the ring (1 + 3 steps), then its Terminate
    assert re.findall(r"^(\d+) +p\d", out, re.MULTILINE)[-1] == "7"


def test_always_eventually_holds_where_every_run_ends_in_a_state_where_it_is_true(capsys):
    status, out, _ = run(capsys, "lcr", "--n", 3, "--property", f"{RING}:decided_in_the_end",
                         "--property", f"{RING}:quiet_again_and_again")
    assert status == 0
    assert verdicts(out, ["decided_in_the_end", "quiet_again_and_again"]) == \
        {"decided_in_the_end": "holds", "quiet_again_and_again": "holds"}


def test_always_eventually_fails_on_a_loop_of_states_where_it_is_false_with_a_lasso(capsys, tmp_path):
    """lcr-never-terminates passes its Terminate round and round: a message is always in transit
    on the loop, though none is at the initial state (so @eventually of the same would hold)."""
    argv = (NEVER_TERMINATES, "--n", 3, "--without", "termination", "--property", f"{RING}:quiet_again_and_again")
    default = run(capsys, *argv, "--trace-out", tmp_path / "lasso.json")
    plainest = run(capsys, *argv, *PLAINEST)
    assert default[0] == plainest[0] == 1
    reason = "an execution runs forever through states where quiet_again_and_again is false: the trace loops from step 7"
    for _, out, _ in (default, plainest):
        assert f"Counterexample to quiet_again_and_again: {reason}" in out
        assert "steps 7..9 repeat forever" in out  # p0's Terminate round, once everyone has the leader
    trace = json.loads((tmp_path / "lasso.json").read_text())  # ITF: the states, and the index the loop goes back to
    assert trace["#meta"]["reason"] == reason and trace["loop"] == 6 and len(trace["states"]) == 10
    status, out, _ = run(capsys, *argv, "--json")
    assert json.loads(out)["counterexample"]["trace"]["loop_start"] == 6


def test_always_eventually_holds_on_loops_that_pass_through_a_state_where_it_is_true(capsys):
    """On lcr-never-terminates every loop carries the Terminate round past everyone: all decided."""
    argv = (NEVER_TERMINATES, "--n", 3, "--without", "termination", "--property", f"{RING}:decided_in_the_end")
    for _, out, _ in (run(capsys, *argv), run(capsys, *argv, *PLAINEST)):
        assert verdicts(out, ["decided_in_the_end"]) == {"decided_in_the_end": "holds"}


@pytest.mark.parametrize("algorithm, file, holding, violated, extra", [
    ("lcr", RING, "decided_in_the_end", "messages_in_transit_again_and_again", ()),
    ("dfs-election", NETWORK, "everyone_knows_the_leader_in_the_end", "messages_in_transit_again_and_again",
     ("--graph", "path")),
    ("flooding", NETWORK, "all_done_in_the_end", "messages_in_transit_again_and_again", ()),
])
def test_always_eventually_has_the_same_verdicts_in_the_default_and_the_plainest_mode(capsys, algorithm, file, holding,
                                                                                      violated, extra):
    for name, status, verdict in ((holding, 0, "holds"), (violated, 1, "VIOLATED")):
        argv = (algorithm, "--n", 3, "--property", f"{file}:{name}", *extra)
        default, plainest = run(capsys, *argv), run(capsys, *argv, *PLAINEST)
        assert default[0] == plainest[0] == status, default[1] + default[2]
        assert verdicts(default[1], [name]) == verdicts(plainest[1], [name]) == {name: verdict}


QUIET, DONE = f"{RING}:quiet_again_and_again", f"{NETWORK}:all_done_in_the_end"


@pytest.mark.parametrize("argv, message", [
    (("lcr", "--engine", "native", "--property", QUIET),
     "--property is judged by the Python engine, not the native one; drop --engine native"),
    (("lcr", "--fingerprint", "--property", QUIET),
     "--property is judged by the Python engine, not the native one; drop --fingerprint"),
    (("lcr", "--messages", "--property", QUIET), "--property goes with a check of one n or --simulate or --explore, not with --messages"),
    (("flooding", "--graph", "path", "--synchronizer", "alpha", "--property", DONE),
     "--property does not read states through a synchronizer"),
])
def test_an_engine_or_mode_that_cannot_judge_always_eventually_refuses_it_in_one_line(capsys, argv, message):
    status, out, err = run(capsys, argv[0], "--n", 3, *argv[1:])
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err
