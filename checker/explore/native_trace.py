"""The Python explorer's first violation of an arrangement, found from a C search of the full graph.

When the native search meets a violation (checker/explore/early_stop.py's judge stops it), the
user is owed what ``--engine interned`` reports: the Python explorer's first violation in the
breadth-first order of the full graph (a violation met on a reduced graph is searched again
without reduction, so that its trace is a shortest one: docs/design.md), with its trace, and
that explorer's figures where it stopped. The Python explorer found them by searching the full
graph itself, which on a large graph takes minutes and gigabytes (tests/mutants/hs_never_swallows.py
at n = 4: 250 s and 2.7 GB). Here the C code searches the full graph instead, with ``trace``
(models/native/explorer.c's rl_trace), and this module finds the same violation, trace and
figures from what that search kept. The C side decides nothing: every property is judged here
by its own ``check`` on the reference semantics' states, the trace's steps are found by the
reference semantics (and replayed from the initial state as every counterexample is), and the
local contexts the search used are audited as after any search.

Why it is the Python explorer's first violation. The C search of the full graph numbers the
states as the Python explorer does (breadth first, each state's steps in the reference
semantics' order: tests/explore/test_native_trace.py compares them state for state), and it
records, in the order met, the first state of each distinct observation vector (kept to the
fields the state properties read), the first state a step from which makes each distinct change
of its process's observation, and the first terminal state of each distinct kind (each process's
observation and the channels): the witnesses. A property reads only what tells two witnesses
apart (its ``observes``, tested of every built-in one), so the first violation of each kind is at
the first witness of that kind that violates a property. Of those, the Python explorer meets
first the one with the least ``_Event.key``: it judges a terminal state when it expands it, a step
when it takes it, and a state when it stores it, that is while expanding its parent, just after
the step that found it. A state is recorded when it is expanded, so once a violation is met the
search expands (without taking their steps) the states it had stored, before it stops: the
vector of every state stored by then is among the witnesses, and with it every state the Python
explorer judged before the violation. The figures (states, transitions, unmatched receptions,
depth) are counted at that point from the C search's graph: its edges are the Python explorer's
transitions, in the same order.

Where this cannot say the same (a witness record that overflowed, a search stopped at a limit,
the violation past ``--max-states``, no violation found), None is returned and the Python
explorer runs the arrangement, as before. ``RINGLEADER_NATIVE_TRACE=0`` switches this off.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass

from specs import Property

from .early_stop import Judge
from .explorer import Exploration, Violation
from .stopped_search import violated_step


def wanted() -> bool:
    """Is the native search's counterexample found this way (not switched off)?"""
    return os.environ.get("RINGLEADER_NATIVE_TRACE") != "0"


class TraceJudge(Judge):
    """early_stop's judge, which also stops a search for a trace at a terminal state that
    violates a terminal property (the Python explorer's first violation may be one)."""

    def __init__(self, engine, reference, properties: list[Property]):
        super().__init__(engine, reference, properties)
        self.terminal_properties = [p for p in properties if p.kind == "terminal"]
        self.terminals_read = 0  # the bytes of terminal witnesses judged so far

    def __call__(self) -> bool:
        if super().__call__():
            return True
        if self.terminal_properties:
            states, self.terminals_read = self.engine.new_terminal_witnesses(self.terminals_read)
            return any(_violated_terminal(self.reference, self.terminal_properties, state) for state in states)
        return False


@dataclass
class _Event:
    """Where the Python explorer meets a violation: ``key`` orders the events as it meets them
    (the state it is expanding, the step it is at, then 0 for the step's own check and 1 for the
    check of the new state it leads to; a terminal state is judged before any step)."""

    key: tuple[int, int, int]
    property: str
    reason: str
    at: int  # the state being expanded
    taken: int  # its steps the Python explorer has counted by then
    last: int | None  # the step the trace ends with, after the path to ``at``
    terminal: bool  # the violation is at terminal state ``at``


def first_violation(engine, reference, properties: list[Property], max_states: int | None,
                    started: float) -> Exploration | None:
    """The exploration the Python explorer gives of ``reference``'s arrangement on its full
    graph, stopped at its first violation, from ``engine``'s last search (a search for a trace
    of that graph, stopped by a TraceJudge or finished); None where this module cannot tell."""
    events = [event for event in (_state_event(engine, reference, properties), _step_event(engine, reference, properties),
                                  _terminal_event(engine, reference, properties)) if event is not None]
    if any(event is False for event in events):
        return None  # a kind of witness was not all kept: its first violation may be missing
    if not events:
        return None
    event = min(events, key=lambda e: e.key)
    figures = engine.trace_figures(event.at, event.taken)
    if figures is None:
        return None
    transitions, states, unmatched, terminals, depth = figures
    steps = reference.successor_list(engine.stored_state(event.at))
    unmatched += sum(step[3] for step in steps[:event.taken])
    if event.last is not None and event.key[2] == 0:  # the violating step is counted, its target not stored
        transitions += 1
        unmatched += steps[event.last][3]
    terminals += event.terminal
    if max_states is not None and states > max_states:
        return None  # the Python explorer stops at the limit first
    ordinals = _ordinals_to(engine, reference, event.at)
    if ordinals is None:
        return None
    if event.last is not None:
        ordinals.append(event.last)
    return Exploration(
        ids=reference.ids, states=states, transitions=transitions, depth=depth, terminal_states=terminals,
        unmatched=unmatched, seconds=time.perf_counter() - started,
        violations=[Violation(event.property, event.reason, ordinals)],
        holds={p.name: False if p.name == event.property else None for p in properties},
        engine="native", reduced=False,
    )


def _state_event(engine, reference, properties: list[Property]) -> _Event | None | bool:
    """The first stored state that violates a state property, as the Python explorer meets it
    (while expanding its parent); None if none does, False if the witnesses were not all kept."""
    state_props = [p for p in properties if p.kind == "state"]
    if not state_props:
        return None
    witnesses, complete = engine.witnesses(changes=False)
    if not complete:
        return False
    for number, state in witnesses:
        observations = reference.observe(state)
        hit = next(((p, reason) for p in state_props for reason in [p.check(observations)] if reason), None)
        if hit is None:
            continue
        if number == 0:  # the initial state, judged before anything else
            return _Event((-1, 0, 0), hit[0].name, hit[1], 0, 0, None, False)
        parent = engine.trace_parent(number)
        if parent is None:
            return False
        k = _step_to(reference, engine.stored_state(parent), state)
        if k is None:
            return False
        return _Event((parent, k, 1), hit[0].name, hit[1], parent, k + 1, k, False)
    return None


def _step_event(engine, reference, properties: list[Property]) -> _Event | None | bool:
    """The first step that violates a transition property."""
    step_props = [p for p in properties if p.kind == "transition"]
    if not step_props:
        return None
    witnesses, complete = engine.witnesses(changes=True)
    if not complete:
        return False
    for number, state in witnesses:
        hit = violated_step(reference, step_props, state)
        if hit is not None:
            prop, reason, k = hit
            return _Event((number, k, 0), prop.name, reason, number, k, k, False)
    return None


def _terminal_event(engine, reference, properties: list[Property]) -> _Event | None | bool:
    """The first terminal state that violates a terminal property."""
    terminal_props = [p for p in properties if p.kind == "terminal"]
    if not terminal_props:
        return None
    witnesses, complete = engine.terminal_witnesses()
    if not complete:
        return False
    for number, state in witnesses:
        hit = _violated_terminal(reference, terminal_props, state)
        if hit is not None:
            return _Event((number, -1, 0), hit[0].name, hit[1], number, 0, None, True)
    return None


def _violated_terminal(reference, terminal_props: list[Property], state) -> tuple[Property, str] | None:
    """The first terminal property ``state`` violates, with its reason (the explorer's _check_terminal)."""
    observations, channels = reference.observe(state), reference.channels(state)
    for prop in terminal_props:
        reason = prop.check(observations, channels)
        if reason:
            return prop, reason
    return None


def _step_to(reference, here, there) -> int | None:
    """The first of ``here``'s steps that leads to ``there`` (the one the Python explorer found it by)."""
    return next((k for k, step in enumerate(reference.successor_list(here)) if step[0] == there), None)


def _ordinals_to(engine, reference, number: int) -> list[int] | None:
    """The reference semantics' ordinals from the initial state to stored state ``number``, along
    the steps that found each state (the Python explorer's path to it)."""
    path = [number]
    while path[-1] != 0:
        parent = engine.trace_parent(path[-1])
        if parent is None:
            return None
        path.append(parent)
    states = [engine.stored_state(k) for k in reversed(path)]
    if states[0] != reference.initial_state:
        return None
    ordinals = []
    for here, there in zip(states, states[1:]):
        k = _step_to(reference, here, there)
        if k is None:
            return None
        ordinals.append(k)
    return ordinals
