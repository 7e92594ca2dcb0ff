"""Questions about a whole state graph: is it acyclic, and how many messages can executions send.

The explorer stores the graph in compressed sparse rows: the successors of state i are
``targets[offsets[i]:offsets[i+1]]`` with the number of messages each transition sends in
``weights``. State 0 is the initial state; states are numbered in breadth-first order.
"""
from __future__ import annotations

from array import array
from collections import deque
from dataclasses import dataclass


@dataclass
class GraphFacts:
    acyclic: bool
    messages_min: int | None = None  # over complete executions: initial state to a terminal state
    messages_max: int | None = None
    max_path: list[int] | None = None  # states of an execution that sends messages_max
    lasso: tuple[list[int], list[int]] | None = None  # (stem, cycle) of state indices when cyclic


def analyse(offsets: array, targets: array, weights: array, parents: array) -> GraphFacts:
    count = len(offsets) - 1
    indegree = array("i", bytes(4 * count))
    for t in targets:
        indegree[t] += 1
    low = array("q", [0]) * count
    high = array("q", [-1]) * count
    best = array("i", [-1]) * count  # predecessor on a path that sends the most messages
    high[0] = 0
    ready = deque(i for i in range(count) if indegree[i] == 0)
    done = 0
    lowest = highest = None
    end_of_highest = -1
    while ready:
        i = ready.popleft()
        done += 1
        start, stop = offsets[i], offsets[i + 1]
        if start == stop and high[i] >= 0:
            if lowest is None or low[i] < lowest:
                lowest = low[i]
            if highest is None or high[i] > highest:
                highest, end_of_highest = high[i], i
        for e in range(start, stop):
            t = targets[e]
            if high[i] >= 0:
                up, down = high[i] + weights[e], low[i] + weights[e]
                if high[t] < 0:
                    high[t], low[t], best[t] = up, down, i
                else:
                    if up > high[t]:
                        high[t], best[t] = up, i
                    if down < low[t]:
                        low[t] = down
            indegree[t] -= 1
            if indegree[t] == 0:
                ready.append(t)
    if done < count:
        return GraphFacts(False, lasso=_lasso(offsets, targets, parents, indegree))
    path = []
    i = end_of_highest
    while i >= 0:
        path.append(i)
        i = best[i]
    path.reverse()
    return GraphFacts(True, lowest, highest, path)


def _lasso(offsets, targets, parents, indegree):
    """A shortest stem to the first state (in BFS order) that lies on a cycle, and that cycle.

    After Kahn's pass the states with indegree > 0 are those on a cycle or reachable from one;
    the cycle states among them are the ones that reach themselves.
    """
    remaining = [i for i in range(len(indegree)) if indegree[i] > 0]
    alive = set(remaining)
    for start in remaining:  # ascending index = ascending depth
        cycle = _cycle_through(start, offsets, targets, alive)
        if cycle is not None:
            stem = []
            i = start
            while i >= 0:
                stem.append(i)
                i = parents[i]
            stem.reverse()
            return stem, cycle
    raise AssertionError("Kahn's pass left states but none lies on a cycle")


def _cycle_through(start, offsets, targets, alive):
    """The states of a shortest cycle from ``start`` back to itself, or None (breadth-first)."""
    came_from = {start: -1}
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for e in range(offsets[i], offsets[i + 1]):
            t = targets[e]
            if t == start:
                cycle = [i]
                while came_from[cycle[-1]] >= 0:
                    cycle.append(came_from[cycle[-1]])
                cycle.reverse()
                return cycle + [start]
            if t in alive and t not in came_from:
                came_from[t] = i
                queue.append(t)
    return None
