"""Questions about a whole state graph: is it acyclic, and how many messages can executions send.

The explorer stores the graph in compressed sparse rows: the successors of state i are
``targets[offsets[i]:offsets[i+1]]`` with the number of messages each transition sends in
``weights``. State 0 is the initial state; states are numbered in breadth-first order.
"""
from __future__ import annotations

from array import array
from bisect import bisect_right
from collections import deque
from dataclasses import dataclass


@dataclass
class GraphFacts:
    acyclic: bool
    messages_min: int | None = None  # over complete executions: initial state to a terminal state
    messages_max: int | None = None
    max_path: list[int] | None = None  # states of an execution that sends messages_max
    # its edges: with chains two states may be joined by several edges that send different counts
    max_edges: list[int] | None = None
    min_edges: list[int] | None = None  # the edges of an execution that sends messages_min
    lasso: tuple[list[int], list[int]] | None = None  # (stem, cycle) of state indices when cyclic


def analyse(offsets: array, targets: array, weights: array, parents: array) -> GraphFacts:
    """One pass of Kahn's algorithm: the graph is acyclic if it removes every state.

    Every state is reachable from state 0, so the pass takes a state only after all its
    predecessors, and the fewest and most messages sent from the initial state to it are then
    final: each edge lowers the one and raises the other at its target.
    """
    count = len(offsets) - 1
    indegree = array("i", bytes(4 * count))
    for t in targets:
        indegree[t] += 1
    low = array("q", [0]) * count
    high = array("q", [-1]) * count  # -1: not reached yet
    best = array("q", [-1]) * count  # the last edge of a path from the initial state that sends the most
    cheapest = array("q", [-1]) * count  # and of one that sends the fewest
    high[0] = 0
    ready = deque(i for i in range(count) if indegree[i] == 0)
    done = 0
    terminals = []
    while ready:
        i = ready.popleft()
        done += 1
        start, stop = offsets[i], offsets[i + 1]
        if start == stop:
            terminals.append(i)
        for e in range(start, stop):
            t = targets[e]
            up, down = high[i] + weights[e], low[i] + weights[e]
            if high[t] < 0:
                high[t], low[t], best[t], cheapest[t] = up, down, e, e
            else:
                if up > high[t]:
                    high[t], best[t] = up, e
                if down < low[t]:
                    low[t], cheapest[t] = down, e
            indegree[t] -= 1
            if indegree[t] == 0:
                ready.append(t)
    if done < count:
        return GraphFacts(False, lasso=_lasso(offsets, targets, parents, indegree))
    dearest = max(terminals, key=high.__getitem__)  # a finite acyclic graph has a terminal state
    least = min(terminals, key=low.__getitem__)
    edges = _edges_back(dearest, best, offsets)
    return GraphFacts(True, low[least], high[dearest], [0] + [targets[e] for e in edges], edges,
                      _edges_back(least, cheapest, offsets))


def _edges_back(state: int, last_edge, offsets) -> list[int]:
    """The path from the initial state to ``state`` whose last edge into each state is ``last_edge``."""
    edges = []
    while last_edge[state] >= 0:
        edges.append(last_edge[state])
        state = bisect_right(offsets, last_edge[state]) - 1  # the state whose row holds that edge
    edges.reverse()
    return edges


def lasso_within(members: bytearray, offsets, targets, parents) -> tuple[list[int], list[int]] | None:
    """(stem, cycle) as ``analyse`` gives a lasso, of a cycle whose every state is a member
    (``members[i]`` true), or None if the members have no cycle among them.

    Kahn's pass over the members and the edges between them, as in ``analyse``: what it leaves
    lies on such a cycle or is reached from one through members."""
    count = len(offsets) - 1
    indegree = array("i", bytes(4 * count))  # from members only; a state not a member stays at 0
    for i in range(count):
        if members[i]:
            for e in range(offsets[i], offsets[i + 1]):
                if members[targets[e]]:
                    indegree[targets[e]] += 1
    ready = deque(i for i in range(count) if members[i] and indegree[i] == 0)
    while ready:
        i = ready.popleft()
        for e in range(offsets[i], offsets[i + 1]):
            t = targets[e]
            if members[t]:
                indegree[t] -= 1
                if indegree[t] == 0:
                    ready.append(t)
    if not any(indegree):
        return None
    return _lasso(offsets, targets, parents, indegree, members)


def _lasso(offsets, targets, parents, indegree, members=None):
    """A shortest stem to the first state (in BFS order) that lies on a cycle (of members only,
    if ``members`` is given), and a shortest such cycle.

    After Kahn's pass the states with indegree > 0 are those on a cycle or reachable from one
    (so is everything they reach); the cycle states among them are the ones that reach
    themselves. Only they are tried, in ascending order: trying the others too would find
    the same lasso, later.
    """
    for start in (i for i in range(len(indegree)) if indegree[i] > 0):  # ascending index = ascending depth
        cycle = _cycle_through(start, offsets, targets, members)
        if cycle is not None:
            stem = []
            i = start
            while i >= 0:
                stem.append(i)
                i = parents[i]
            stem.reverse()
            return stem, cycle
    raise AssertionError("Kahn's pass left states but none lies on a cycle")  # pragma: no mutate


def _cycle_through(start, offsets, targets, members=None):
    """The states of a shortest cycle from ``start`` back to itself (through members only, if
    ``members`` is given), or None (breadth-first)."""
    came_from = {start: start}
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for e in range(offsets[i], offsets[i + 1]):
            t = targets[e]
            if members is not None and not members[t]:
                continue
            if t == start:
                cycle = [i]
                while cycle[-1] != start:
                    cycle.append(came_from[cycle[-1]])
                cycle.reverse()
                return cycle + [start]
            if t not in came_from:
                came_from[t] = i
                queue.append(t)
    return None


def edges_from_initial(state: int, offsets, targets, parents) -> list[int]:
    """The edges of the search's path to ``state`` (by ``parents``), from the initial state."""
    path = []
    while state > 0:
        parent = parents[state]
        path.append(next(e for e in range(offsets[parent], offsets[parent + 1]) if targets[e] == state))
        state = parent
    path.reverse()
    return path


@dataclass
class Endless:
    """Where a scheduler can keep an execution from ever terminating, whatever the coins.

    ``stem`` and ``loop`` are edge indices: ``stem`` leads from the initial state to a state of
    ``trapped``, ``loop`` follows the scheduler's choice (one outcome of each) until it repeats.
    """

    trapped: int  # how many states the scheduler can keep the execution among
    stem: list[int]
    loop: list[int]


def almost_sure_termination(offsets: array, targets: array, actions: array, parents: array) -> Endless | None:
    """None if every scheduler makes every execution terminate with probability 1; else a witness.

    The graph is a Markov decision process's: the edges of a state with the same ``actions``
    value are one scheduler choice (a command instance) whose outcomes the coins pick. Terminal
    states have no edges. A scheduler can avoid termination with positive probability if and
    only if it can reach a set of non-terminal states where each has a choice whose every
    outcome stays in the set (then it stays there forever, with probability 1); the largest
    such set is a greatest fixpoint, computed here by removing states without such a choice.
    Every explored state is reachable, so the set is empty exactly when termination is almost
    sure. Only the support of each choice matters, not the probabilities.
    """
    count = len(offsets) - 1
    action_of = array("i", [0]) * len(targets)  # edge -> its choice (a run of equal action values in a row)
    owner = array("i")  # choice -> its state
    for i in range(count):
        previous = None
        for e in range(offsets[i], offsets[i + 1]):
            if actions[e] != previous:
                previous = actions[e]
                owner.append(i)
            action_of[e] = len(owner) - 1
    escaping = array("i", [0]) * len(owner)  # choice -> outcomes outside the set
    staying = array("i", [0]) * count  # state -> its choices with every outcome in the set
    for i in owner:
        staying[i] += 1
    inside = bytearray(1 if offsets[i + 1] > offsets[i] else 0 for i in range(count))
    into_start, into = _edges_into(count, targets)
    removed = [t for t in range(count) if not inside[t]]
    while removed:
        t = removed.pop()
        for e in into[into_start[t]:into_start[t + 1]]:
            a = action_of[e]
            escaping[a] += 1
            if escaping[a] == 1:
                i = owner[a]
                staying[i] -= 1
                if staying[i] == 0 and inside[i]:
                    inside[i] = 0
                    removed.append(i)
    if not any(inside):
        return None
    first = _bottom_of_trap(offsets, targets, inside, escaping, action_of)
    stem = edges_from_initial(first, offsets, targets, parents)
    keep = {}  # trapped state -> an edge of a choice that stays
    walk, position = [], {}
    i = first
    while i not in position:
        position[i] = len(walk)
        if i not in keep:
            keep[i] = next(e for e in range(offsets[i], offsets[i + 1]) if escaping[action_of[e]] == 0)
        walk.append(keep[i])
        i = targets[keep[i]]
    start = position[i]
    return Endless(sum(inside), stem + walk[:start], walk[start:])


def _edges_into(count: int, targets: array) -> tuple[array, array]:
    """The edges into each state, as compressed rows (``into[into_start[t]:into_start[t + 1]]``):
    in arrays, since a list of Python ints per state took 36 bytes an edge, most of the peak
    memory of a check with coins (itai-rodeh-sync at N = 6, K = 4: 2.8 million edges)."""
    into_start = array("q", [0]) * (count + 1)
    for t in targets:
        into_start[t + 1] += 1
    for t in range(count):
        into_start[t + 1] += into_start[t]
    into = array("i", [0]) * len(targets)
    free = array("q", into_start)
    for e, t in enumerate(targets):
        into[free[t]] = e
        free[t] += 1
    return into_start, into


def _bottom_of_trap(offsets, targets, inside, escaping, action_of) -> int:
    """The first state (in breadth-first order) of a bottom component of the trap: states the
    scheduler's staying choices cannot leave whatever the coins, so that a trace shown from
    there loops where no coin could ever help, not merely where the coins happened to repeat."""
    import networkx as nx

    staying = nx.DiGraph()
    for i in range(len(offsets) - 1):
        if inside[i]:
            staying.add_node(i)
            staying.add_edges_from((i, targets[e]) for e in range(offsets[i], offsets[i + 1])
                                   if escaping[action_of[e]] == 0)
    return min(min(component) for component in nx.attracting_components(staying))
