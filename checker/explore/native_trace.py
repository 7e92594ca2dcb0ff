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
from .explorer import Exploration, Violation, violated_terminal
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
    last: int | None = None  # the step the trace ends with, after the path to ``at``
    on_step: bool = False  # the violation is step ``last`` itself: counted, its target not stored
    terminal: bool = False  # the violation is at terminal state ``at``


def first_violation(engine, reference, properties: list[Property], max_states: int | None,
                    started: float) -> Exploration | None:
    """The exploration the Python explorer gives of ``reference``'s arrangement on its full
    graph, stopped at its first violation, from ``engine``'s last search (a search for a trace
    of that graph, stopped by a TraceJudge or finished); None where this module cannot tell."""
    kinds = [("state", lambda: engine.witnesses(changes=False), _state_event),
             ("transition", lambda: engine.witnesses(changes=True), _step_event),
             ("terminal", engine.terminal_witnesses, _terminal_event)]
    events = []
    for kind, witnesses, event_at in kinds:
        judged = [p for p in properties if p.kind == kind]
        event = _first_event(engine, reference, judged, witnesses, event_at) if judged else None
        if event is False:
            return None  # a kind of witness was not all kept: its first violation may be missing
        if event is not None:
            events.append(event)
    if not events:
        return None
    event = min(events, key=lambda e: e.key)
    # what the Python explorer has counted there: the steps of ``at`` before ``last``, and ``last``
    taken = 0 if event.last is None else event.last + (not event.on_step)
    figures = engine.trace_figures(event.at, taken)
    if figures is None:
        return None
    transitions, states, unmatched, terminals, depth = figures
    steps = reference.successor_list(engine.stored_state(event.at))
    unmatched += sum(step[3] for step in steps[:taken])
    if event.on_step:
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
        engine="native", reduced=False, whole_states=True,
    )


def _first_event(engine, reference, judged: list[Property], witnesses, event_at) -> _Event | None | bool:
    """The event of the first of ``witnesses()`` (one kind of them, in the order met) at which
    ``event_at`` finds one of the ``judged`` properties violated; None if there is none, False if
    the witnesses were not all kept or the event cannot be placed."""
    found, complete = witnesses()
    if not complete:
        return False
    for number, state in found:
        event = event_at(engine, reference, judged, number, state)
        if event is not None:
            return event
    return None


def _state_event(engine, reference, state_props: list[Property], number: int, state) -> _Event | None | bool:
    """A stored state that violates a state property, as the Python explorer meets it: while
    expanding its parent, at the step that found it."""
    observations = reference.observe(state)
    hit = next(((p, reason) for p in state_props for reason in [p.check(observations)] if reason), None)
    if hit is None:
        return None
    if number == 0:  # the initial state, judged before anything else
        return _Event((-1, 0, 0), hit[0].name, hit[1], 0)
    parent = engine.trace_parent(number)
    k = None if parent is None else _step_to(reference, engine.stored_state(parent), state)
    if k is None:
        return False
    return _Event((parent, k, 1), hit[0].name, hit[1], parent, last=k)


def _step_event(engine, reference, step_props: list[Property], number: int, state) -> _Event | None:
    """A step from stored state ``number`` that violates a transition property (its first)."""
    hit = violated_step(reference, step_props, state)
    if hit is None:
        return None
    prop, reason, k = hit
    return _Event((number, k, 0), prop.name, reason, number, last=k, on_step=True)


def _terminal_event(engine, reference, terminal_props: list[Property], number: int, state) -> _Event | None:
    """Terminal state ``number`` violating a terminal property."""
    hit = _violated_terminal(reference, terminal_props, state)
    if hit is None:
        return None
    return _Event((number, -1, 0), hit[0].name, hit[1], number, terminal=True)


def _violated_terminal(reference, terminal_props: list[Property], state) -> tuple[Property, str] | None:
    """The first terminal property ``state`` violates, with its reason, as the Python explorer judges it."""
    return violated_terminal(terminal_props, reference.observe(state), reference.channels(state))


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
