"""Partial-order reduction under crash failures: one designated set of faulty processes at a time.

With up to F crashes, a crash of one process disables the crashes of all others once the budget
is spent, so any stubborn set holding a crash would hold every crash and, through them, every
step. ``CrashSystem.designating(D)`` lets only the F processes of D crash, each at most once: no
budget is needed, and a crash conflicts only with its own process's steps. A run with at most
F crashes has its crashes among some D of F processes (F < n), and a run of the D-system is a
run of the system, so the union over every D of their runs is the system's runs: the same
states, terminal states, observations along each run, messages per complete execution and
cycles (with the same commands enabled along them: fairness is not about crashes). Each
D-system is explored reduced (checker/explore/reduction.py), and what they found is put
together: a property fails if it fails in one, the message figures are the least and the
greatest of all, and the numbers of states and transitions add up (a state reached with two
designations is counted in both). The arrangements' symmetry is untouched: each arrangement's
verdicts are those of its full graph.

A violation's transitions are numbered as the D-system lists them; the D-system lists what the
system does less the crashes of the other processes, so each is renumbered to the system's
list, and traces replay on the system. When fair-termination is asked and a D-system's
reduced graph has a cycle, the system is searched whole, without reduction.
"""
from __future__ import annotations

from itertools import combinations

from .reduction import StubbornSets


def explore_designated(explorer):
    """``explorer``'s search (an Explorer's, of a CrashSystem), reduced one designated faulty set
    at a time: one Exploration (this module's explorer.py imports it, so it names neither)."""
    system, limit = explorer.system, explorer.max_states
    found = []
    try:
        for faulty in combinations(range(system.n), system.crashes):
            explorer.system = system.designating(faulty)
            explorer.reduction = StubbornSets(explorer.system, explorer.properties)
            exploration = explorer.search_reduced()
            if not exploration.reduced:  # fairness on a cyclic graph: the whole system, unreduced
                explorer.system = system
                return explorer.search_whole()
            for violation in exploration.violations:
                violation.ordinals = renumbered(system, explorer.system, violation.ordinals)
            found.append(exploration)
            if limit is not None:  # --max-states counts the states of every designation
                explorer.max_states = max(limit - sum(e.states for e in found), 0)
            if exploration.violations and explorer.stop_at_first:
                break
    finally:
        explorer.system, explorer.max_states = system, limit
    return merged(found, explorer.properties)


def renumbered(system, designated, ordinals: list[int]) -> list[int]:
    """The path ``ordinals`` of ``designated`` (system.designating(...)), numbered as ``system``
    lists its transitions: a state's transitions are told apart by their command instance."""
    state, found = system.initial_state, []
    for k in ordinals:
        target, *_, instance = designated.successor_list(state)[k]
        found.append(next(j for j, step in enumerate(system.successor_list(state)) if step[4] == instance))
        state = target
    return found


def merged(found: list, properties):
    """What the searches of every designated set found (Explorations), as one arrangement's."""
    first = found[0]
    total = type(first)(first.ids, reduced=True)
    for e in found:
        total.states += e.states
        total.transitions += e.transitions
        total.terminal_states += e.terminal_states
        total.unmatched += e.unmatched
        total.seconds += e.seconds
        total.depth = max(total.depth, e.depth)
        total.cyclic = total.cyclic or e.cyclic
        total.violations += [v for v in e.violations if all(v.property != w.property for w in total.violations)]
        for name, reason in e.not_checked.items():
            total.not_checked.setdefault(name, reason)
    if all(e.messages_min is not None for e in found):
        total.messages_min = min(e.messages_min for e in found)
        total.messages_max = max(e.messages_max for e in found)
    for prop in properties:
        verdicts = [e.holds.get(prop.name) for e in found]
        total.holds[prop.name] = False if False in verdicts else None if None in verdicts else True
    return total
