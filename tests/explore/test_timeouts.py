"""Timeouts (@timeout), crashes and fairness on seed 002's Bully: the text's program elects two
leaders without any crash (a trace checked by hand in docs/faults.md), Garcia-Molina's
version verifies with crashes under strong fairness, premature timeouts elect two leaders,
and a weakly fair lasso is shown and replays."""
import json
import os
import shutil
from array import array

import pytest

from conftest import MUTANTS, follow_steps

from checker import check, load_algorithm
from checker.cli import main
from checker.explore.arrangements import Arrangement
from checker.explore.fairness import STRONG, WEAK, fair_loop
from hypothesis import given, settings
from hypothesis import strategies as st
from checker.explore.systems import system_for
from models.topology.network import Network


def _run(capsys, *argv):
    status = main([str(a) for a in argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_the_text_program_elects_two_leaders_without_any_crash(capsys):
    status, out, _ = _run(capsys, "bully", "--n", 2, "--json")
    result = json.loads(out)
    assert status == 1 and result["counterexample"]["property"] == "at-most-one-leader"
    steps = result["counterexample"]["trace"]["steps"]
    # both bid; the election of id 1 reaches id 2 while it waits for replies, and only an idle
    # process replies; nothing else can happen, so both time out and elect themselves
    assert [(s["position"], s["command"]) for s in steps] == [
        (0, "bid"), (1, "bid"), (0, "not_addressed"), (1, "(unmatched)"), (0, "no_reply"), (1, "(unmatched)"),
        (1, "no_reply")]


def test_garcia_molinas_version_verifies_without_crashes_and_with_them_under_strong_fairness():
    bully = load_algorithm("bully-always-replies")
    assert check(bully, 3, jobs=1, progress=False).verdict == "verified"
    for crashes in (1, 2):
        result = check(bully, 3, jobs=1, progress=False, crashes=crashes, fairness="strong")
        assert result.verdict == "verified" and result.fairness == "strong"


QUIET_LEADER_WAIT = os.path.join(MUTANTS, "networks", "bully_leader_wait_ends_when_quiet.py")


def test_under_weak_fairness_a_lasso_is_shown_and_replays(capsys, tmp_path):
    """The mutant that times the wait for the leader by quiescence loops under weak fairness."""
    status, out, _ = _run(capsys, QUIET_LEADER_WAIT, "--n", 3, "--crashes", 1, "--json")
    result = json.loads(out)
    counterexample = result["counterexample"]
    assert status == 1 and counterexample["property"] == "fair-termination"
    trace = counterexample["trace"]
    start = trace["loop_start"]
    steps = trace["steps"]
    assert start is not None and 0 <= start < len(steps)
    # replay: the state after the loop is the state where it started
    system = system_for(load_algorithm(QUIET_LEADER_WAIT),
                        Arrangement(tuple(counterexample["ids"]), 1, topology=Network(3), numbered=True), crashes=1)
    states = follow_steps(system, steps)
    assert states[-1] == states[start]
    _the_loop_is_in_every_trace_format(capsys, tmp_path, ("txt", "md", "json", "html", "dot"))
    itf = json.loads((tmp_path / "lasso.json").read_text())
    assert itf["loop"] == start
    # strong fairness takes the would-be leader's timeout, enabled infinitely often, and it ends
    assert main([QUIET_LEADER_WAIT, "--n", "3", "--crashes", "1", "--fairness", "strong"]) == 0
    capsys.readouterr()


def _the_loop_is_in_every_trace_format(capsys, tmp_path, extensions) -> None:
    for extension in extensions:
        path = tmp_path / f"lasso.{extension}"
        assert main([QUIET_LEADER_WAIT, "--n", "3", "--crashes", "1", "--trace-out", str(path)]) == 1
        text = path.read_text()
        assert "loop" in text.lower(), extension
    capsys.readouterr()


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz's dot program is not installed (it draws the .svg)")
def test_the_lasso_is_in_the_svg_picture_too(capsys, tmp_path):
    _the_loop_is_in_every_trace_format(capsys, tmp_path, ("svg",))


def test_the_wait_for_the_leader_ends_only_when_the_would_be_leader_crashed(capsys):
    """bully-always-replies times Step 4 by the crash of the process that replied: its graph has
    no cycle, weak fairness is enough, and the messages of every complete execution are counted."""
    result = check(load_algorithm("bully-always-replies"), 3, jobs=1, progress=False, crashes=1)
    assert result.verdict == "verified" and result.messages_max is not None and result.messages_max > 11


def test_premature_timeouts_elect_two_leaders(capsys):
    status, out, _ = _run(capsys, "bully-always-replies", "--n", 3, "--premature-timeouts")
    assert status == 1
    assert out.startswith("bully-always-replies on the complete graph, n = 3, premature timeouts, weak fairness: VIOLATED")
    assert "at-most-one-leader  VIOLATED  (2 leaders" in out


def test_a_timeout_fires_only_when_nothing_else_can_happen():
    system = system_for(load_algorithm("bully-always-replies"), Arrangement((1, 2), 1, topology=Network(2)))
    state = system.initial_state
    commands = []
    while True:
        steps = system.steps(state)
        if not steps:
            break
        timeouts = [s for s in steps if s.command in ("no_reply", "no_leader", "leader_silent")]
        assert not timeouts or len(timeouts) == len(steps)  # never beside another step
        commands.append(steps[0].command)
        state = steps[0].target
    assert "no_reply" in commands


@pytest.mark.parametrize("argv, message", [
    (["cr", "--n", "3", "--premature-timeouts"], "cr has no timeout"),
    (["cr", "--n", "3", "--fairness", "strong"], "cr has no timeout"),
    (["bully", "--n", "3", "--fairness", "fair"], "invalid choice"),
])
def test_timeout_options_on_the_wrong_algorithm_get_one_line(capsys, argv, message):
    status, _, err = _run(capsys, *argv)
    assert status == 2 and message in err and "Traceback" not in err


def _graph(rows):
    """rows[s] = [(target, instance), ...]: compressed rows, movers, and BFS parents."""
    offsets, targets, movers, parents = array("q", [0]), array("i"), array("i"), array("i", [-1] * len(rows))
    parents[0] = -1
    seen = {0}
    for s, edges in enumerate(rows):
        for t, instance in edges:
            targets.append(t)
            movers.append(instance)
            if t not in seen:
                seen.add(t)
                parents[t] = s
        offsets.append(len(targets))
    return offsets, targets, movers, parents


def test_weak_and_strong_fairness_on_a_hand_made_graph():
    # 0 <-> 1 by command 0 (there and back); in state 1 command 1 could leave to terminal state 2
    offsets, targets, movers, parents = _graph([[(1, 0)], [(0, 0), (2, 1)], []])
    weak = fair_loop(offsets, targets, movers, parents, WEAK)
    assert weak is not None and weak.states == 2  # command 1 is not enabled in state 0: weakly fair to skip it
    assert fair_loop(offsets, targets, movers, parents, STRONG) is None  # enabled infinitely often: must be taken
    # if command 1 is enabled in both states, even weak fairness must take it
    offsets, targets, movers, parents = _graph([[(1, 0), (2, 1)], [(0, 0), (2, 1)], []])
    assert fair_loop(offsets, targets, movers, parents, WEAK) is None
    # the adversary's edges (-1) ask for no fairness
    offsets, targets, movers, parents = _graph([[(1, 0), (2, -1)], [(0, 0), (2, -1)], []])
    assert fair_loop(offsets, targets, movers, parents, WEAK) is not None


def test_a_single_state_with_an_edge_to_itself_is_a_cycle():
    # 0 -> 1, and state 1 loops on itself by command 0, the only one enabled there: fair for both notions
    offsets, targets, movers, parents = _graph([[(1, 0)], [(1, 0)]])
    for fairness in (WEAK, STRONG):
        loop = fair_loop(offsets, targets, movers, parents, fairness)
        assert loop is not None and loop.states == 1 and loop.loop == [1] and loop.stem == [0]


def test_strong_fairness_looks_again_inside_a_component_it_cannot_use_whole():
    # {0, 1, 2} is one component, but command 2 (2 -> 3, terminal) is enabled in it and never
    # taken inside: not strongly fair. Without state 2, {0, 1} cycles by commands 1 and 0,
    # each taken there: a strongly fair execution that never ends.
    offsets, targets, movers, parents = _graph([[(1, 1)], [(0, 0), (2, 1)], [(1, 0), (3, 2)], []])
    loop = fair_loop(offsets, targets, movers, parents, STRONG)
    assert loop is not None and loop.states == 2
    assert fair_loop(offsets, targets, movers, parents, WEAK) is not None  # command 2 is not always enabled


def test_a_timeout_algorithm_that_idles_on_one_state_does_not_terminate_fairly(capsys):
    """tests/judges/self_loop.py with a timeout that never fires: the decided state idles on
    itself, the only step there, so a fair execution runs forever."""
    path = os.path.join(os.path.dirname(__file__), "variants", "self_loop_with_timeout.py")
    status, out, _ = _run(capsys, path, "--n", 1, "--json")
    result = json.loads(out)
    assert status == 1 and result["counterexample"]["property"] == "fair-termination"
    trace = result["counterexample"]["trace"]
    assert [s["command"] for s in trace["steps"]] == ["decide", "idle"] and trace["loop_start"] == 1


@st.composite
def _fairness_graphs(draw):
    """Up to 6 states, each reachable from 0 (a path 0 -> 1 -> ... first), edges by commands 0..2
    or the adversary (-1)."""
    count = draw(st.integers(1, 6))
    rows = [[] for _ in range(count)]
    for s in range(1, count):
        rows[s - 1].append((s, draw(st.integers(-1, 2))))
    for s, t, mover in draw(st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1),
                                               st.integers(-1, 2)), max_size=10)):
        rows[s].append((t, mover))
    return rows


def _fair_set_exists(rows, fairness) -> bool:
    """Is there a set of states that one execution can cycle through forever, fairly? Every
    subset is tried: strongly connected by its inner edges, and every command that the fairness
    notion asks for (enabled everywhere in it: weak; somewhere: strong) taken inside it."""
    count = len(rows)
    for mask in range(1, 2 ** count):
        inside = {s for s in range(count) if mask >> s & 1}
        inner = [(s, t, m) for s in inside for t, m in rows[s] if t in inside]
        reach = {s: set() for s in inside}  # states reached from s by one inner edge or more
        for _ in inside:
            for s, t, _m in inner:
                reach[s] |= reach[t] | {t}
        if not all(reach[s] >= inside for s in inside):  # each state reaches every one, itself included
            continue
        enabled = [{m for _, m in rows[s] if m >= 0} for s in inside]
        asked = set.intersection(*enabled) if fairness == WEAK else set.union(*enabled)
        if asked <= {m for _, _, m in inner if m >= 0}:
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(_fairness_graphs(), st.sampled_from([WEAK, STRONG]))
def test_a_fair_loop_is_found_exactly_when_one_exists_and_is_fair(rows, fairness):
    offsets, targets, movers, parents = _graph(rows)
    loop = fair_loop(offsets, targets, movers, parents, fairness)
    assert (loop is not None) == _fair_set_exists(rows, fairness)
    if loop is None:
        return

    def source(e):
        return next(s for s in range(len(rows)) if offsets[s] <= e < offsets[s + 1])

    state = 0
    for e in loop.stem:  # the stem is a path from the initial state ...
        assert source(e) == state
        state = targets[e]
    visited = []
    for e in loop.loop:  # ... to where the loop starts, and the loop comes back to it
        assert source(e) == state
        visited.append(state)
        state = targets[e]
    assert state == visited[0] and len(set(visited)) == loop.states
    enabled = [{m for _, m in rows[s] if m >= 0} for s in set(visited)]
    asked = set.intersection(*enabled) if fairness == WEAK else set.union(*enabled)
    assert asked <= {movers[e] for e in loop.loop}  # every command fairness asks for is taken on the loop
