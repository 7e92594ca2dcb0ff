"""Termination under fairness: does some fair execution run forever? If so, a lasso that shows one.

With timeouts and crashes a state graph may have cycles that no real schedule follows: a
process whose timeout could fire waits forever while another loops. Fairness rules them out,
for each command of each process (each command instance, as TLA+'s WF and SF are per action;
docs/faults.md, "Timeouts and fairness"):

  * **weak**: a command that is enabled in every state from some point on is eventually taken;
  * **strong**: a command that is enabled infinitely often is eventually taken.

An infinite execution ends in a strongly connected set of states (an SCC) that it visits
forever. For weak fairness an SCC C holds a fair cycle iff every command that is enabled in
every state of C is taken somewhere in C (then a cycle through all of C's states and one edge
of each such command is fair); a cycle inside a smaller part of C has every such command
always enabled and never taken, so C is the only candidate. For strong fairness (Streett's
condition), a command enabled somewhere in C but taken nowhere in C cannot be enabled on a
fair cycle: the states where it is enabled are removed and the SCCs of what is left are
examined again, until a fair one is found or nothing is left.

The graph is the explorer's (compressed rows: the edges of state i are ``offsets[i]`` to
``offsets[i + 1]``); ``movers[e]`` is the command instance edge e takes, or -1 for a step of
the adversary (a crash), which is no process's and needs no fairness.
"""
from __future__ import annotations

from array import array
from collections import deque
from dataclasses import dataclass

from .graph import edges_from_initial

WEAK, STRONG = "weak", "strong"


@dataclass
class FairLoop:
    """A fair infinite execution: ``stem`` (edges from the initial state) then ``loop`` (edges
    of a cycle, repeated forever); ``states`` is the size of the set it cycles in."""

    stem: list[int]
    loop: list[int]
    states: int


def fair_loop(offsets: array, targets: array, movers: array, parents: array, fairness: str) -> FairLoop | None:
    """A fair execution that never terminates, or None if every fair execution terminates."""
    count = len(offsets) - 1
    candidates = _sccs(range(count), offsets, targets, set(range(count)))
    while candidates:
        component = candidates.pop()
        enabled_somewhere, enabled_everywhere, moving = _processes(component, offsets, targets, movers)
        if fairness == WEAK:
            if enabled_everywhere <= moving:
                return _lasso(component, offsets, targets, movers, parents)
            continue
        starved = enabled_somewhere - moving
        if not starved:
            return _lasso(component, offsets, targets, movers, parents)
        kept = {s for s in component if not (_enabled(s, offsets, movers) & starved)}
        candidates += _sccs(kept, offsets, targets, kept)
    return None


def _enabled(state: int, offsets, movers) -> set[int]:
    return {movers[e] for e in range(offsets[state], offsets[state + 1]) if movers[e] >= 0}


def _processes(component: set[int], offsets, targets, movers):
    somewhere, everywhere, moving = set(), None, set()
    for s in component:
        enabled = _enabled(s, offsets, movers)
        somewhere |= enabled
        everywhere = enabled if everywhere is None else everywhere & enabled
        for e in range(offsets[s], offsets[s + 1]):
            if targets[e] in component and movers[e] >= 0:
                moving.add(movers[e])
    return somewhere, everywhere or set(), moving


def _sccs(nodes, offsets, targets, allowed: set[int]) -> list[set[int]]:
    """The strongly connected components of the graph restricted to ``allowed`` that hold a
    cycle (more than one state, or a state with an edge to itself); Tarjan's, iteratively."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, offsets[root])]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, e = work[-1]
            if e < offsets[node + 1]:
                work[-1] = (node, e + 1)
                t = targets[e]
                if t not in allowed:
                    continue
                if t not in index:
                    index[t] = low[t] = counter
                    counter += 1
                    stack.append(t)
                    on_stack.add(t)
                    work.append((t, offsets[t]))
                elif t in on_stack:
                    low[node] = min(low[node], index[t])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    s = stack.pop()
                    on_stack.discard(s)
                    component.add(s)
                    if s == node:
                        break
                if len(component) > 1 or any(targets[e] == node for e in range(offsets[node], offsets[node + 1])):
                    found.append(component)
    return found


def _lasso(component: set[int], offsets, targets, movers, parents) -> FairLoop:
    """The path to the component's first state (by the search's parents), then a cycle inside
    it through every state and one edge of every command taken there: fair for both
    fairness notions once the component has passed its test."""
    entry = min(component)  # the first found: its parents lead to it from the initial state
    stem = edges_from_initial(entry, offsets, targets, parents)
    # the edges to take: one of each command taken in the component, then a visit to
    # every other state of it
    wanted = {}
    for s in sorted(component):
        for e in range(offsets[s], offsets[s + 1]):
            if targets[e] in component and movers[e] >= 0 and movers[e] not in wanted:
                wanted[movers[e]] = e
    loop, here = [], entry
    for e in wanted.values():
        source = _source(e, offsets)
        loop += _path(here, source, component, offsets, targets) + [e]
        here = targets[e]
    for s in sorted(component):
        if s not in {targets[e] for e in loop} and s != entry:
            loop += _path(here, s, component, offsets, targets)
            here = s
    loop += _path(here, entry, component, offsets, targets)
    if not loop:  # a single state with an edge to itself
        loop = [next(e for e in range(offsets[entry], offsets[entry + 1]) if targets[e] == entry)]
    return FairLoop(stem, loop, len(component))


def _source(edge: int, offsets) -> int:
    low, high = 0, len(offsets) - 1
    while high - low > 1:  # offsets is sorted: the state whose rows hold the edge
        middle = (low + high) // 2
        if offsets[middle] <= edge:
            low = middle
        else:
            high = middle
    return low


def _path(start: int, goal: int, component: set[int], offsets, targets) -> list[int]:
    """The edges of a shortest path from ``start`` to ``goal`` inside the component."""
    if start == goal:
        return []
    came = {start: None}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for e in range(offsets[s], offsets[s + 1]):
            t = targets[e]
            if t in component and t not in came:
                came[t] = e
                if t == goal:
                    path = []
                    while came[t] is not None:
                        path.append(came[t])
                        t = _source(came[t], offsets)
                    return path[::-1]
                queue.append(t)
    raise AssertionError("a strongly connected component is connected")
