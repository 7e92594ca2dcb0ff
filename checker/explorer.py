"""Breadth-first exploration of one arrangement's state graph, checking the properties as it goes.

States are numbered in the order they are found; each remembers its parent and which of the
parent's transitions (its ordinal, in the semantics' fixed order) led to it, so a trace is
rebuilt by replaying ordinals from the initial state. Because the search is breadth-first,
the first violation found of a state, transition or terminal property has a shortest trace.
The graph itself is kept (compressed rows of successor indices and message counts) for the
questions that need all of it: termination (no cycle) and the exact message min/max.
"""
from __future__ import annotations

import time
from array import array
from dataclasses import dataclass, field

from models import AsyncSystem
from specs import Property

from .graph import GraphFacts, analyse
from .memory import resident_bytes
from .reduction import PersistentSets


class StateLimitReached(Exception):
    pass


class MemoryLimitReached(Exception):
    pass


@dataclass
class Violation:
    property: str  # the property's name
    reason: str
    ordinals: list[int]  # transitions to replay from the initial state
    loop_start: int | None = None  # for a lasso: the step index where the cycle begins


@dataclass
class Exploration:
    """What one arrangement's search found."""

    ids: tuple[int, ...]
    states: int = 0
    transitions: int = 0
    depth: int = 0
    terminal_states: int = 0
    unmatched: int = 0
    messages_min: int | None = None
    messages_max: int | None = None
    seconds: float = 0.0
    violations: list[Violation] = field(default_factory=list)
    holds: dict[str, bool | None] = field(default_factory=dict)  # None: not decided
    represents: int = 1  # arrangements this one stands for


class Explorer:
    def __init__(self, system: AsyncSystem, properties: list[Property], max_states: int | None = None,
                 progress=None, por: bool = False, stop_at_first: bool = True, record_terminals: bool = False,
                 max_memory: int | None = None):
        self.system = system
        self.max_memory = max_memory
        self.stop_at_first = stop_at_first
        self.terminals: list | None = [] if record_terminals else None
        self.por = por
        self.reduction = PersistentSets(system, properties) if por else None
        self.properties = properties
        self.max_states = max_states
        self.progress = progress
        self.state_props = [p for p in properties if p.kind == "state"]
        self.transition_props = [p for p in properties if p.kind == "transition"]
        self.terminal_props = [p for p in properties if p.kind == "terminal"]
        self.graph_props = {p.name: p for p in properties if p.kind == "graph"}
        self._state_verdicts: dict = {}

    def _path_to(self, index: int) -> list[int]:
        ordinals = []
        while index > 0:
            ordinals.append(self.ordinal[index])
            index = self.parent[index]
        ordinals.reverse()
        return ordinals

    def _record(self, result: Exploration, prop_name: str, reason: str, ordinals) -> bool:
        """Keep the first violation of each property; True if the search should stop now."""
        if all(v.property != prop_name for v in result.violations):
            result.violations.append(Violation(prop_name, reason, list(ordinals)))
        return self.stop_at_first

    def run(self) -> Exploration:
        started = time.perf_counter()
        system = self.system
        result = Exploration(system.ids)
        initial = system.initial_state
        index = {initial: 0}
        queue = [initial]
        self.parent = parent = array("i", [-1])
        self.ordinal = ordinal = array("H", [0])
        depth = array("H", [0])
        offsets = array("q", [0])
        targets = array("i")
        weights = array("H")
        self.edge_ordinal = edge_ordinal = array("H")  # each edge's position in the full transition list
        reduction = self.reduction
        observe = system.observe
        observe_one = system.observe_process
        stop = False
        violation = self._check_state(initial, observe)
        if violation:
            stop = self._record(result, violation[0].name, violation[1], [])
        i = 0
        while not stop and i < len(queue):
            state = queue[i]
            steps = system.successor_list(state)
            if not steps:
                result.terminal_states += 1
                if self.terminals is not None:
                    self.terminals.append(state)
                violation = self._check_terminal(state, observe)
                if violation and self._record(result, violation[0].name, violation[1], self._path_to(i)):
                    stop = True
                    break
            chosen = reduction.choose(state, i, steps, index) if reduction is not None and len(steps) > 1 else range(len(steps))
            for k in chosen:
                target, sent, mover, unmatched = steps[k]
                result.unmatched += unmatched
                j = index.get(target)
                if j is None:
                    j = len(queue)
                    if self.max_states is not None and j >= self.max_states:
                        raise StateLimitReached(j)
                    index[target] = j
                    queue.append(target)
                    parent.append(i)
                    ordinal.append(k)
                    depth.append(depth[i] + 1)
                    if self.state_props:
                        violation = self._check_state(target, observe)
                        if violation and self._record(result, violation[0].name, violation[1], self._path_to(j)):
                            stop = True
                            break
                if self.transition_props and state[mover] != target[mover]:
                    before, after = observe_one(state, mover), observe_one(target, mover)
                    for prop in self.transition_props:
                        reason = prop.check(before, after)
                        if reason and self._record(result, prop.name, reason, self._path_to(i) + [k]):
                            stop = True
                            break
                    if stop:
                        break
                targets.append(j)
                weights.append(sent)
                edge_ordinal.append(k)
            offsets.append(len(targets))
            i += 1
            if i % 4096 == 0:
                if self.progress is not None:
                    self.progress(len(queue), len(targets))
                if self.max_memory is not None and (resident_bytes() or 0) > self.max_memory:
                    raise MemoryLimitReached(len(queue))
        result.states = len(queue)
        result.transitions = len(targets)
        result.depth = max(depth) if depth else 0
        if not stop:
            self._graph_questions(result, offsets, targets, weights)
        violated = {v.property for v in result.violations}
        for prop in self.properties:
            if prop.name in violated:
                result.holds[prop.name] = False
            elif stop or (prop.name == "message-bound" and "termination" in violated):
                result.holds[prop.name] = None  # not decided: the search stopped at a violation
            else:
                result.holds[prop.name] = True
        result.seconds = time.perf_counter() - started
        return result

    def _check_state(self, state, observe):
        # state properties read only the processes' decisions, so the verdict depends on the
        # locals alone: far fewer combinations than states
        key = state[: self.system.n]
        verdict = self._state_verdicts.get(key, self)
        if verdict is self:
            verdict = None
            observations = observe(state)
            for prop in self.state_props:
                reason = prop.check(observations)
                if reason:
                    verdict = (prop, reason)
                    break
            self._state_verdicts[key] = verdict
        return verdict

    def _check_terminal(self, state, observe):
        observations, channels = observe(state), self.system.channels(state)
        for prop in self.terminal_props:
            reason = prop.check(observations, channels)
            if reason:
                return prop, reason
        return None

    def _graph_questions(self, result: Exploration, offsets, targets, weights):
        facts: GraphFacts = analyse(offsets, targets, weights, self.parent)
        if not facts.acyclic:
            stem, cycle = facts.lasso
            ordinals = self._ordinals_along(stem, offsets, targets) + self._ordinals_along(cycle, offsets, targets)
            termination = self.graph_props.get("termination")
            if termination is not None:
                result.violations.append(Violation(
                    termination.name, f"an execution runs forever: a cycle of {len(cycle) - 1} transition(s) is reachable",
                    ordinals, loop_start=len(stem) - 1,
                ))
            return
        result.messages_min, result.messages_max = facts.messages_min, facts.messages_max
        bound_property = self.graph_props.get("message-bound")
        if bound_property is not None:
            bound = self.system.algorithm.message_bound(self.system.n)
            if bound is not None and facts.messages_max is not None and facts.messages_max > bound:
                result.violations.append(Violation(
                    bound_property.name, f"an execution sends {facts.messages_max} messages, more than the bound {bound}",
                    self._ordinals_along(facts.max_path, offsets, targets),
                ))

    def _ordinals_along(self, path: list[int], offsets, targets) -> list[int]:
        ordinals = []
        for a, b in zip(path, path[1:]):
            for e in range(offsets[a], offsets[a + 1]):
                if targets[e] == b:
                    ordinals.append(self.edge_ordinal[e])
                    break
        return ordinals
