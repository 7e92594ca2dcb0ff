"""The graph analysis (checker/explore/graph.py `analyse`) on hand-built state graphs.

Each graph is numbered breadth-first from state 0, as the explorer numbers states, and is
built to be the case a bug would miss: a self-loop (on the initial state, on the only state
left on a cycle), a cycle through the initial state, a cheaper route to a terminal state that
Kahn's pass reaches after a dearer one (the minimum must be lowered), a dearer one reached
later (the maximum must be raised), terminal states of different costs. The native engine
answers the same questions in C (models/native/explorer.c `graph_questions`);
tests/models/test_native.py compares the two on algorithms with these shapes
(tests/judges/).
"""
import json
import os
from array import array
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.cli import main
from checker.explore.graph import analyse, lasso_within

from conftest import JUDGES, MUTANTS


def graph(count, edges):
    """CSR arrays and breadth-first parents of ``edges``: (source, target, messages) in order."""
    offsets, targets, weights = array("q", [0]), array("i"), array("I")
    for i in range(count):
        for source, target, sent in edges:
            if source == i:
                targets.append(target)
                weights.append(sent)
        offsets.append(len(targets))
    parents = array("i", [-1] * count)
    order, queue = [0], deque([0])
    while queue:
        i = queue.popleft()
        for t in targets[offsets[i]:offsets[i + 1]]:
            if t not in order:
                order.append(t)
                parents[t] = i
                queue.append(t)
    assert order == list(range(count)), "the states of a test graph are numbered breadth-first"
    return offsets, targets, weights, parents


def facts_of(count, edges):
    return analyse(*graph(count, edges))


def sent_along(path, edges):
    return sum(next(w for s, t, w in edges if (s, t) == (a, b)) for a, b in zip(path, path[1:]))


# -- acyclicity ------------------------------------------------------------------------------

def test_one_terminal_state_is_acyclic_and_sends_nothing():
    facts = facts_of(1, [])
    assert facts.acyclic and (facts.messages_min, facts.messages_max, facts.max_path) == (0, 0, [0])
    assert facts.lasso is None


def test_a_self_loop_on_the_initial_state_is_a_cycle():
    facts = facts_of(1, [(0, 0, 0)])
    assert not facts.acyclic
    assert facts.lasso == ([0], [0, 0])


def test_a_self_loop_on_the_last_state_is_a_cycle():
    """One state left by Kahn's pass: the off-by-one `done < count - 1` would call this acyclic
    (a never-terminating LCR at n = 1 is this graph)."""
    facts = facts_of(2, [(0, 1, 1), (1, 1, 1)])
    assert not facts.acyclic
    assert facts.lasso == ([0, 1], [1, 1])


def test_a_self_loop_beside_a_terminal_state_is_a_cycle():
    facts = facts_of(3, [(0, 1, 0), (0, 2, 0), (1, 1, 0)])
    assert not facts.acyclic
    assert facts.lasso == ([0, 1], [1, 1])


def test_a_cycle_through_the_initial_state():
    facts = facts_of(2, [(0, 1, 1), (1, 0, 1)])
    assert not facts.acyclic
    assert facts.lasso == ([0], [0, 1, 0])


def test_a_cycle_through_the_initial_state_with_a_way_out():
    facts = facts_of(3, [(0, 1, 0), (1, 0, 0), (1, 2, 0)])
    assert not facts.acyclic
    assert facts.lasso == ([0], [0, 1, 0])


def test_the_lasso_skips_a_state_that_is_only_reachable_from_a_cycle():
    # 1 is left by Kahn's pass (3 -> 1 is never removed) but lies on no cycle: the lasso is 2 <-> 3
    facts = facts_of(4, [(0, 1, 0), (0, 2, 0), (2, 3, 0), (3, 2, 0), (3, 1, 0)])
    assert not facts.acyclic
    assert facts.lasso == ([0, 2], [2, 3, 2])


def test_the_lasso_cycle_is_a_shortest_one_through_its_state():
    # from 1: a long way round 1 -> 2 -> 4 -> 1 and a short one 1 -> 3 -> 1
    facts = facts_of(5, [(0, 1, 0), (1, 2, 0), (1, 3, 0), (2, 4, 0), (3, 1, 0), (4, 1, 0)])
    assert facts.lasso == ([0, 1], [1, 3, 1])


def test_the_lasso_cycle_is_rebuilt_from_the_first_way_each_state_was_reached():
    # from 1: 1 -> 3 -> 1 is shortest; 3 is also reached later through 2, which must not replace 1 as its way in
    facts = facts_of(4, [(0, 1, 0), (1, 2, 0), (1, 3, 0), (2, 3, 0), (3, 1, 0)])
    assert facts.lasso == ([0, 1], [1, 3, 1])


def test_acyclic_is_a_plain_bool():
    assert facts_of(1, [(0, 0, 0)]).acyclic is False and facts_of(1, []).acyclic is True


def test_a_long_acyclic_chain_is_acyclic():
    count = 50
    facts = facts_of(count, [(i, i + 1, 1) for i in range(count - 1)])
    assert facts.acyclic and (facts.messages_min, facts.messages_max) == (count - 1, count - 1)
    assert facts.max_path == list(range(count))


# -- fewest and most messages over complete executions ---------------------------------------

def test_a_cheaper_route_found_later_lowers_the_minimum():
    # Kahn's pass takes 1 before 2: state 3 is first reached at cost 1, then at cost 0
    edges = [(0, 1, 1), (0, 2, 0), (1, 3, 0), (2, 3, 0)]
    facts = facts_of(4, edges)
    assert facts.acyclic and (facts.messages_min, facts.messages_max) == (0, 1)
    assert facts.max_path == [0, 1, 3]


def test_a_dearer_route_found_later_raises_the_maximum():
    edges = [(0, 1, 0), (0, 2, 2), (1, 3, 0), (2, 3, 0)]
    facts = facts_of(4, edges)
    assert (facts.messages_min, facts.messages_max) == (0, 2)
    assert facts.max_path == [0, 2, 3]


def test_three_routes_to_one_state_lower_and_raise_it():
    # costs 1, 0, 2 in the order Kahn's pass meets them; then one more message after they meet
    edges = [(0, 1, 1), (0, 2, 0), (0, 3, 2), (1, 4, 0), (2, 4, 0), (3, 4, 0), (4, 5, 1)]
    facts = facts_of(6, edges)
    assert (facts.messages_min, facts.messages_max) == (1, 3)
    assert facts.max_path == [0, 3, 4, 5] and sent_along(facts.max_path, edges) == 3


def test_routes_of_different_lengths_and_costs():
    # the dearer route is the shorter one: 0 -3-> 2, against 0 -1-> 1 -1-> 3 -0-> 2
    edges = [(0, 1, 1), (0, 2, 3), (1, 3, 1), (3, 2, 0), (2, 4, 1)]
    facts = facts_of(5, edges)
    assert (facts.messages_min, facts.messages_max) == (3, 4)
    assert facts.max_path == [0, 2, 4]


def test_minimum_and_maximum_range_over_every_terminal_state():
    # terminals 2 (cost 5), 3 (cost 1), 4 (cost 9): neither the first nor the last one met is extremal
    edges = [(0, 1, 0), (0, 2, 5), (1, 3, 1), (1, 4, 9)]
    facts = facts_of(5, edges)
    assert (facts.messages_min, facts.messages_max) == (1, 9)
    assert facts.max_path == [0, 1, 4]
    edges = [(0, 1, 0), (0, 2, 5), (1, 3, 9), (1, 4, 1)]
    facts = facts_of(5, edges)
    assert (facts.messages_min, facts.messages_max) == (1, 9)
    assert facts.max_path == [0, 1, 3]


def test_only_terminal_states_end_complete_executions():
    facts = facts_of(3, [(0, 1, 0), (1, 2, 3)])
    assert (facts.messages_min, facts.messages_max) == (3, 3)


def test_the_initial_state_is_the_only_start():
    # 2 is reached from 0 only through 1: its cost starts from the initial state's 0
    facts = facts_of(3, [(0, 1, 2), (0, 2, 7), (1, 2, 1)])
    assert (facts.messages_min, facts.messages_max) == (3, 7)


@st.composite
def acyclic_graphs(draw):
    """A random acyclic graph in which every state is reachable from 0, numbered breadth-first,
    with parallel edges of different costs now and then (a chain of the reduction is one edge)."""
    count = draw(st.integers(1, 9))
    cost = st.integers(0, 3)
    # a tree from 0 and then forward edges, in some topological order; then renumbered by BFS
    edges = [(draw(st.integers(0, t - 1)), t, draw(cost)) for t in range(1, count)]
    for a, b in draw(st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1)), max_size=2 * count)):
        if a < b:
            edges.append((a, b, draw(cost)))
    edges = draw(st.permutations(edges))
    number, queue = {0: 0}, deque([0])
    while queue:
        i = queue.popleft()
        for s, t, _ in edges:
            if s == i and t not in number:
                number[t] = len(number)
                queue.append(t)
    return count, [(number[s], number[t], w) for s, t, w in edges]


def follows_edges(facts, offsets, targets, weights):
    """The maximum's edges form a path from the initial state to a terminal state that sends the
    maximum, and the minimum's one that sends the minimum."""
    for edges in (facts.max_edges, facts.min_edges):
        state = 0
        for e in edges:
            assert offsets[state] <= e < offsets[state + 1]
            state = targets[e]
        assert offsets[state] == offsets[state + 1]
    assert facts.max_path == [0] + [targets[e] for e in facts.max_edges]
    return (sum(weights[e] for e in facts.max_edges), sum(weights[e] for e in facts.min_edges)) == \
        (facts.messages_max, facts.messages_min)


@settings(max_examples=100, deadline=None)
@given(acyclic_graphs())
def test_minimum_and_maximum_are_those_of_every_execution(drawn):
    """The figures are those of enumerating every path from 0 to a terminal state."""
    count, edges = drawn
    costs, stack = [], [(0, 0)]
    while stack:
        i, sent = stack.pop()
        out = [(t, w) for s, t, w in edges if s == i]
        if not out:
            costs.append(sent)
        stack.extend((t, sent + w) for t, w in out)
    offsets, targets, weights, parents = graph(count, edges)
    facts = analyse(offsets, targets, weights, parents)
    assert facts.acyclic
    assert (facts.messages_min, facts.messages_max) == (min(costs), max(costs))
    assert follows_edges(facts, offsets, targets, weights)


def test_of_two_edges_between_the_same_states_the_maximum_takes_the_dearer():
    # a reduced graph: three chains from the initial state to one terminal state, sending 1, 0, 2
    offsets, targets, weights, parents = graph(2, [(0, 1, 1), (0, 1, 0), (0, 1, 2)])
    facts = analyse(offsets, targets, weights, parents)
    assert (facts.messages_min, facts.messages_max) == (0, 2)
    assert facts.max_path == [0, 1] and facts.max_edges == [2] and facts.min_edges == [1]


# -- a cycle among some states only (@always_eventually: a loop of states where it is false) ---

@st.composite
def graphs_and_members(draw):
    """A random graph, cycles allowed, in which every state is reachable from 0, numbered
    breadth-first, and a random set of its states."""
    count = draw(st.integers(1, 8))
    edges = [(draw(st.integers(0, t - 1)), t, 0) for t in range(1, count)]  # a tree from 0
    state = st.integers(0, count - 1)
    edges += [(a, b, 0) for a, b in draw(st.lists(st.tuples(state, state), max_size=2 * count))]
    edges = draw(st.permutations(edges))
    number, queue = {0: 0}, deque([0])
    while queue:
        i = queue.popleft()
        for s, t, _ in edges:
            if s == i and t not in number:
                number[t] = len(number)
                queue.append(t)
    members = bytearray(draw(st.lists(st.booleans(), min_size=count, max_size=count)))
    return count, [(number[s], number[t], w) for s, t, w in edges], members


def on_a_cycle_of_members(state, edges, members) -> bool:
    """Whether a path of at least one edge, through members only, leads from ``state`` back to it."""
    if not members[state]:
        return False
    seen, stack = set(), [t for s, t, _ in edges if s == state and members[t]]
    while stack:
        i = stack.pop()
        if i == state:
            return True
        if i not in seen:
            seen.add(i)
            stack.extend(t for s, t, _ in edges if s == i and members[t])
    return False


@settings(max_examples=200, deadline=None)
@given(graphs_and_members())
def test_a_lasso_within_members_is_found_exactly_when_they_have_a_cycle(drawn):
    """The lasso reaches, by the breadth-first tree, the first state on a cycle of members, and
    goes round a shortest such cycle."""
    count, edges, members = drawn
    offsets, targets, _, parents = graph(count, edges)
    on_cycles = [i for i in range(count) if on_a_cycle_of_members(i, edges, members)]
    lasso = lasso_within(members, offsets, targets, parents)
    if not on_cycles:
        assert lasso is None
        return
    stem, cycle = lasso
    assert stem[0] == 0 and stem[-1] == cycle[0] == cycle[-1] == on_cycles[0]
    assert all(parents[b] == a for a, b in zip(stem, stem[1:]))
    assert all(members[i] for i in cycle) and all((a, b, 0) in edges for a, b in zip(cycle, cycle[1:]))
    shortest = min(length for length in range(1, count + 1) if _returns_in(on_cycles[0], length, edges, members))
    assert len(cycle) - 1 == shortest


def _returns_in(state, length, edges, members) -> bool:
    """Whether a path of exactly ``length`` edges through members leads from ``state`` back to it."""
    frontier = {state}
    for _ in range(length):
        frontier = {t for s, t, _ in edges if s in frontier and members[t]}
    return state in frontier


def test_a_cycle_of_members_is_reached_through_states_that_are_not():
    # 0 (not a member) -> 1 (member) <-> 2 (member); the stem is the tree's path through 0
    offsets, targets, _, parents = graph(3, [(0, 1, 0), (1, 2, 0), (2, 1, 0)])
    assert lasso_within(bytearray([0, 1, 1]), offsets, targets, parents) == ([0, 1], [1, 2, 1])
    assert lasso_within(bytearray([1, 1, 0]), offsets, targets, parents) is None  # the cycle leaves the members


# -- the same shapes from algorithms, through the command line, with every engine ------------

ENGINES = [("native", "--por"), ("native", "--no-por"), ("interned", "--por"), ("interned", "--no-por"),
           ("reference", "--no-por")]


def _check(capsys, *argv):
    status = main([str(a) for a in argv])
    return status, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("engine, por", ENGINES)
@pytest.mark.parametrize("folder, filename, steps, loop_start", [
    (JUDGES, "self_loop.py", ["decide", "idle"], 1),
    (JUDGES, "back_to_start.py", ["flip", "flip"], 0),
    # the terminate message goes round a ring of one for ever: one state on a cycle, a self-loop
    (MUTANTS, "lcr_never_terminates.py", ["send_my_id", "elected", "terminate"], 2),
], ids=["self_loop", "back_to_start", "lcr_never_terminates"])
def test_a_self_loop_and_a_cycle_through_the_start_are_never_verified(capsys, engine, por, folder, filename, steps,
                                                                       loop_start):
    status, result = _check(capsys, os.path.join(folder, filename), "--n", 1, "--json", "--engine", engine, por)
    assert status == 1 and result["verdict"] == "violated"
    assert [p["name"] for p in result["properties"] if p["holds"] is False] == ["termination"]
    trace = result["counterexample"]["trace"]
    assert [step["command"] for step in trace["steps"]] == steps and trace["loop_start"] == loop_start


@pytest.mark.parametrize("engine, por", ENGINES)
def test_a_path_dependent_message_count_is_measured_over_every_route(capsys, tmp_path, engine, por):
    status, result = _check(capsys, os.path.join(JUDGES, "two_routes.py"), "--n", 1, "--json", "--engine", engine, por)
    assert status == 0 and result["verdict"] == "verified"
    assert (result["messages"]["min"], result["messages"]["max"]) == (0, 2)
    tighter = tmp_path / "tighter.py"  # the same algorithm claiming one message: route two sends two
    tighter.write_text(open(os.path.join(JUDGES, "two_routes.py")).read()
                       + "\n\nclass Tighter(TwoRoutes, name='tighter'):\n"
                         "    @staticmethod\n    def message_bound(n):\n        return 1\n")
    status, result = _check(capsys, f"{tighter}:Tighter", "--n", 1, "--json", "--engine", engine, por)
    assert status == 1
    counterexample = result["counterexample"]
    assert counterexample["property"] == "message-bound"
    steps = counterexample["trace"]["steps"]
    assert [s["command"] for s in steps] == ["two", "again", "end_two"] and sum(len(s["sent"]) for s in steps) == 2
    exact = tmp_path / "exact.py"  # the same algorithm claiming exactly two messages: route free sends none
    exact.write_text(open(os.path.join(JUDGES, "two_routes.py")).read()
                     + "\n\nclass Exact(TwoRoutes, name='exact'):\n    message_bound_exact = True\n")
    status, result = _check(capsys, f"{exact}:Exact", "--n", 1, "--json", "--engine", engine, por)
    assert status == 1
    counterexample = result["counterexample"]
    assert counterexample["property"] == "message-bound" and "fewer than the 2" in counterexample["reason"]
    assert [s["command"] for s in counterexample["trace"]["steps"]] == ["free", "end_free"]
