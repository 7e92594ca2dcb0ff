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
                high[t], low[t], best[t] = up, down, e
            else:
                if up > high[t]:
                    high[t], best[t] = up, e
                if down < low[t]:
                    low[t] = down
            indegree[t] -= 1
            if indegree[t] == 0:
                ready.append(t)
    if done < count:
        return GraphFacts(False, lasso=_lasso(offsets, targets, parents, indegree))
    dearest = max(terminals, key=high.__getitem__)  # a finite acyclic graph has a terminal state
    edges = []
    i = dearest
    while best[i] >= 0:
        edges.append(best[i])
        i = bisect_right(offsets, best[i]) - 1  # the state whose row holds that edge
    edges.reverse()
    return GraphFacts(True, min(low[i] for i in terminals), high[dearest], [0] + [targets[e] for e in edges], edges)


def _lasso(offsets, targets, parents, indegree):
    """A shortest stem to the first state (in BFS order) that lies on a cycle, and that cycle.

    After Kahn's pass the states with indegree > 0 are those on a cycle or reachable from one
    (so is everything they reach); the cycle states among them are the ones that reach
    themselves. Only they are tried, in ascending order: trying the others too would find
    the same lasso, later.
    """
    for start in (i for i in range(len(indegree)) if indegree[i] > 0):  # ascending index = ascending depth
        cycle = _cycle_through(start, offsets, targets)
        if cycle is not None:
            stem = []
            i = start
            while i >= 0:
                stem.append(i)
                i = parents[i]
            stem.reverse()
            return stem, cycle
    raise AssertionError("Kahn's pass left states but none lies on a cycle")  # pragma: no mutate


def _cycle_through(start, offsets, targets):
    """The states of a shortest cycle from ``start`` back to itself, or None (breadth-first)."""
    came_from = {start: start}
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for e in range(offsets[i], offsets[i + 1]):
            t = targets[e]
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
