"""One arrangement through a synchronizer searched in C over memoised local steps, judged in Python.

models/native/tables.c explores the interned system of models/systems/synchronized_interned.py:
every step it takes is a table entry that the system's Python computed (the reference
semantics, once per local context), so its graph is the Python engine's. The properties are judged as the
search goes, by the same ``Property.check`` functions the Python explorer calls, and the search
stops at the first violation:

  * state properties: on each distinct vector of the processes' node classes (a class is what
    they read of a node: the algorithm's locals, the marks of (Synch) and of the simulation),
    each judged on a state with a node of each class and empty channels; so only the
    election's properties, which read observations, and (Synch) and the simulation, which read
    those marks, are judged this way (``judged_here``);
  * transition properties: on each step of a process from one node to another, the first time
    the search takes it, on the observations before and after;
  * terminal properties: on each terminal state;
  * termination: whether the graph is acyclic (Kahn's pass in C, with the message minimum and
    maximum of a complete execution); or, where every step takes its process from a node of rank
    r to one of rank r + 1 (ranks the search sets and checks), a search that keeps two levels
    at a time and needs no pass: such a graph has no cycle (``by_levels``; tables.c says why).

It gives a verdict only when every property holds. Anything else returns None, and the caller
runs the arrangement in the Python engine, which finds the same violation with its shortest
trace.
"""
from __future__ import annotations

import os
import time

from models.native import tables
from specs import Property
from specs.synch import SIMULATION, SYNCH

from .explorer import Exploration, MemoryLimitReached, StateLimitReached


def judged_here(properties: list[Property]) -> bool:
    """Can this module judge every one of ``properties`` (see the module)?"""
    return all(p.kind in ("state", "transition", "terminal") or (p.kind == "graph" and p.name == "termination")
               for p in properties) and not any(p.reads_system or p.temporal for p in properties) \
        and all(p in (SYNCH, SIMULATION) for p in properties if p.reads_state)


def by_levels() -> bool:
    """Does the search keep two breadth-first levels where the graph is graded (the default), not
    every state and edge? ``RINGLEADER_LEVELS=0`` keeps them all (the same figures, more memory)."""
    return os.environ.get("RINGLEADER_LEVELS") != "0"


def search_in_c(system, properties: list[Property], max_states: int | None,
                max_memory: int | None) -> Exploration | None:
    """The exploration of ``system`` (an InternedSynchronizedSystem) if every property holds, else None."""
    started = time.perf_counter()
    judge = _Judge(system, properties)
    facts = tables.search(system, judge, max_states, max_memory, by_levels=by_levels())
    if facts.status == tables.NOT_GRADED:  # the ranks disagree: keep every state and edge after all
        facts = tables.search(system, judge, max_states, max_memory)
    if facts.status == tables.STATE_LIMIT:
        raise StateLimitReached(facts.states)
    if facts.status == tables.MEMORY_LIMIT:
        raise MemoryLimitReached(facts.states)
    if facts.status != tables.OK or not facts.acyclic:
        return None
    return Exploration(system.ids, states=facts.states, transitions=facts.transitions, depth=facts.depth,
                       terminal_states=facts.terminal_states, messages_min=facts.messages_min,
                       messages_max=facts.messages_max, seconds=time.perf_counter() - started,
                       holds={p.name: True for p in properties})


class _Judge:
    """The properties, as models/native/tables.py asks them (see the module)."""

    def __init__(self, system, properties: list[Property]):
        self.system = system
        self.states = [p for p in properties if p.kind == "state"]
        self.changes = [p for p in properties if p.kind == "transition"]
        self.terminals = [p for p in properties if p.kind == "terminal"]
        self.empty = (0,) * system.channel_count

    def vector(self, classes: tuple) -> bool:
        system = self.system
        state = tuple(system.class_member(i, number) for i, number in enumerate(classes)) + self.empty
        observations, whole = system.observe(state), system.decode(state)
        return any(p.check(observations, whole) if p.reads_state else p.check(observations) for p in self.states)

    def terminal(self, state: tuple) -> bool:
        observations, channels = self.system.observe(state), self.system.channels(state)
        return any(p.check(observations, channels) for p in self.terminals)

    def step(self, i: int, node: int, after: int) -> bool:
        if node == after:
            return False
        before, then = self.system.observe_node(i, node), self.system.observe_node(i, after)
        return any(p.check(before, then) for p in self.changes)
