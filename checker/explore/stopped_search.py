"""What a native search stopped at a limit saw: its violations, with a trace the reference replays.

A breadth-first search that stops at ``--max-states`` or at the memory limit has not seen the
whole graph, so it proves nothing, but every state it expanded is reachable: a state property
(at-most-one-leader, agreement...) false at one of them, or a transition property (stability)
false on a step it took, is a real violation. The C search (models/native/explorer.c, its
witnesses) keeps, for each distinct observation vector and each distinct change it met, the
first state where it met it, in the order met, and the stored state it was expanding then. Here
the properties are judged on those states, by the Python semantics, and the trace to the first
violation is rebuilt: the stored states along the edges that found them (breadth first), the
steps between two of them found by the reference semantics (a one-transition chain of the
reduced graph is followed with the Python engine's stubborn sets, which the C search mirrors),
and replayed from the initial state by checker/run.py as every counterexample is.

Judged here: the state and transition properties. Not judged: terminal properties,
termination, the message bounds and the graph's other questions, which the explorer answers
only of the whole graph (a stopped search keeps no terminal state).

On the full graph (no partial-order reduction) the states are expanded in order of depth, so the
first violation met has a shortest trace; on the reduced graph it is the reduced search's first,
a real execution but not necessarily a shortest one (chains pass several steps as one edge).
"""
from __future__ import annotations

from dataclasses import dataclass

from specs import Property

from .explorer import Violation
from .reduction import StubbornSets

CHAIN_STEPS = 1 << 16  # the most steps one edge of the reduced graph is followed for


@dataclass
class StoppedVerdict:
    """What the properties judged on a stopped search's states gave."""

    violation: Violation | None
    judged: list[str]  # the properties judged on the states seen
    complete: bool  # every distinct vector and change seen was judged (none left out for memory)
    shortest: bool  # the violation's trace is a shortest one


def judge_stopped(engine, reference, properties: list[Property], reduced: bool) -> StoppedVerdict:
    """Judge the state and transition properties on what ``engine``'s last search (of
    ``reference``'s arrangement, ``reduced`` or not) met before it stopped."""
    state_props = [p for p in properties if p.kind == "state"]
    step_props = [p for p in properties if p.kind == "transition"]
    judged = [p.name for p in state_props + step_props]
    found = []  # per kind, its first violation: (property, reason, stored origin, state met, ordinal of the step or None)
    complete = True
    if state_props:
        witnesses, kept = engine.witnesses(changes=False)
        complete &= kept
        for origin, state in witnesses:
            observed = reference.observe(state)
            reason = next(((p, r) for p in state_props for r in [p.check(observed)] if r), None)
            if reason:
                found.append((reason[0], reason[1], origin, state, None))
                break
    if step_props:
        witnesses, kept = engine.witnesses(changes=True)
        complete &= kept
        for origin, state in witnesses:
            hit = violated_step(reference, step_props, state)
            if hit:
                found.append((hit[0], hit[1], origin, state, hit[2]))
                break
    traces = []
    for prop, reason, origin, state, step in found:
        ordinals = _ordinals_to(engine, reference, properties, origin, state, reduced)
        if ordinals is None:
            continue
        if step is not None:
            ordinals = ordinals + [step]
        traces.append((len(ordinals), step is not None, Violation(prop.name, reason, ordinals)))
    if not traces:
        return StoppedVerdict(None, judged, complete, False)
    traces.sort(key=lambda t: (t[0], t[1]))  # the shorter trace; of two alike, the state's
    return StoppedVerdict(traces[0][2], judged, complete, not reduced)


def violated_step(reference, step_props: list[Property], state):
    """(property, reason, ordinal) of the first step from ``state`` that violates a transition
    property, or None."""
    for k, (target, _sent, mover, _unmatched, _instance) in enumerate(reference.successor_list(state)):
        if state[mover] == target[mover]:
            continue
        before, after = reference.observe_process(state, mover), reference.observe_process(target, mover)
        for prop in step_props:
            reason = prop.check(before, after)
            if reason:
                return prop, reason, k
    return None


def _ordinals_to(engine, reference, properties, origin: int, state, reduced: bool) -> list[int] | None:
    """The reference semantics' ordinals from the initial state to ``state``, met while the
    search expanded stored state ``origin`` (that state itself, or one of a chain from it); None
    if the steps between two states could not be found (then no violation is claimed)."""
    path = engine.stored_path(origin)
    if not path or path[0] != reference.initial_state:
        return None
    if path[-1] != state:
        path.append(state)
    stubborn = StubbornSets(reference, properties) if reduced else None
    ordinals: list[int] = []
    for here, there in zip(path, path[1:]):
        steps = _steps_between(reference, stubborn, here, there)
        if steps is None:
            return None
        ordinals += steps
    return ordinals


def _steps_between(reference, stubborn: StubbornSets | None, here, there) -> list[int] | None:
    """The ordinals from ``here`` to ``there``, one edge of the search: one step, or on the reduced
    graph a step and the chain after it (each state with a stubborn set of one transition)."""
    successors = reference.successor_list(here)
    for k, step in enumerate(successors):
        if step[0] == there:
            return [k]
    if stubborn is None:
        return None
    for k, step in enumerate(successors):
        walked, state = [k], step[0]
        for _ in range(CHAIN_STEPS):
            steps = reference.successor_list(state)
            chosen = stubborn.choose(state, -1, steps, {}) if len(steps) > 1 else range(len(steps))
            if len(chosen) != 1:
                break
            walked.append(chosen[0])
            state = steps[chosen[0]][0]
            if state == there:
                return walked
    return None
