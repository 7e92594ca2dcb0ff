"""One arrangement searched by the native engine, judged against the specification in Python.

The C search (models/native/engine.py) explores the state graph and hands back the distinct
things the properties are evaluated on: every vector of the processes' observations a state
has (state properties read only the processes' decisions; where the decision functions did
not compile to C, the vectors of locals, observed here), every change of a moving process
(transition properties), every terminal state with its channels (terminal properties), and whether the
graph is acyclic with its message minimum and maximum (graph properties). Each property is
evaluated here, by the same ``Property.check`` functions the Python explorer calls.

With partial-order reduction the C search explores the same reduced graph as the Python
explorer (the same stubborn sets, in the same order, and the same chains), so what is said in
checker/reduction.py of what the reduction preserves holds here too. Under one crash it is
reduced as the Python explorer reduces it (checker/explore/designated.py): one search per
process designated as the one that may crash, their findings merged as there.

The C code is generated from the symbolic reading of the algorithm, which is not trusted: before
anything the search found is used (a verdict, or a limit it reached), every local context it
evaluated is re-executed in Python (models/native/audit.py). If one disagrees, the engine is
marked with the ``Disagreement`` (``NativeEngine.disagreement``), None is returned, and the
caller runs this arrangement, and every later one, in the Python engine.

The native search gives a verdict only when every property holds. A violation of a state,
transition or terminal property is followed by a C search of the full graph, from which
checker/explore/native_trace.py gives what the Python explorer would: its first violation on the
full graph, its shortest trace and its figures (``_shortest``). Anything else (a cycle, a
violated termination or message bound, an arithmetic fault in the C code, or where that search
cannot tell) returns None, and the caller runs the arrangement in the Python engine, which finds
the violation with its shortest trace (and decides a cyclic reduced graph with its cycle
proviso). The search does not run to its end once it has met a violation of a state or
transition property: a judge it calls now and then stops it (checker/explore/early_stop.py), so
that an infinite graph with a violation ends as it does in the Python explorer, at the violation. A search stopped at a limit is judged on
the states it expanded (checker/explore/stopped_search.py): a violation there is returned with
its trace, since the Python engine would stop at the limit too.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from models import AsyncSystem
from models.native.engine import (
    CYCLE,
    MEMORY_LIMIT,
    NO_MEMORY,
    OBSERVED_FIELDS,
    OK,
    STATE_LIMIT,
    VIOLATED,
    NativeEngine,
    NativeUnavailable,
)
from models.native.audit import audit
from specs import Property, bound_of
from specs.bounds import is_exact

from .designated import merged
from .early_stop import judge_for
from .explorer import Exploration, MemoryLimitReached, StateLimitReached
from .memory import resident_bytes
from .native_trace import TraceJudge, first_violation, wanted
from .reduction import watched_fields
from .stopped_search import judge_stopped


def _in_observed_order(read: set[str]) -> tuple[str, ...]:
    """The observation fields ``read`` (from properties' ``observes``, which
    tests/specs/test_election.py checks of each built-in one), in rl_observe's order; all of
    them if one is not among them."""
    if not read <= set(OBSERVED_FIELDS):
        return OBSERVED_FIELDS
    return tuple(name for name in OBSERVED_FIELDS if name in read)


def _memory_left(engine: NativeEngine, max_memory: int | None) -> int | None:
    """What a C search may take of ``max_memory``, which is on the worker's memory: what the
    process does not hold yet, less the arrays the last search left aside (which the next one
    reuses and counts itself). None: no limit; at most 0: nothing left."""
    if max_memory is None:
        return None
    return max_memory - max((resident_bytes() or 0) - engine.kept_bytes(), 0)


def _what_is_read(reference: AsyncSystem, properties: list[Property]) -> dict:
    """The arguments of ``NativeEngine.explore`` that say what the properties read and which
    system it is (every search of this module, reduced or for a trace, asks the same)."""
    kinds = {p.kind for p in properties}
    return dict(want_locals="state" in kinds, want_changes="transition" in kinds, topology=reference.topology,
                vector_fields=_read_by_state_properties(properties), whole_terminals=False,
                terminal_reads=tuple({_read_by(p) for p in properties if p.kind == "terminal"}),
                crashes=reference.crashes, recoveries=reference.recoveries,
                premature_timeouts=reference.local.premature_timeouts)


def _read_by_state_properties(properties: list[Property]) -> tuple[str, ...]:
    return _in_observed_order({name for p in properties if p.kind == "state" for name in p.observes})


_reads: dict = {}


def _read_by(prop: Property) -> tuple[tuple[str, ...], bool]:
    """What a terminal property reads of a terminal state: fields, and whether the channels."""
    key = (prop.observes, prop.reads_channels)
    read = _reads.get(key)
    if read is None:
        read = _reads[key] = (_in_observed_order(set(prop.observes)), prop.reads_channels)
    return read


@dataclass
class Judged:
    """What a native search's properties were judged on: the observation vectors, the changes,
    per terminal property the terminal states it read, and the most messages of an execution."""

    vectors: list
    changes: list
    terminals: dict
    messages_min: int | None
    messages_max: int | None


def all_hold(properties: list[Property], judged: Judged, system) -> bool:
    """Does every property hold of what a search of ``system``'s arrangement found (``judged``)?
    False also for a property this function cannot judge from that: the Python explorer then
    judges it (a property is never taken to hold because nothing here looked at it)."""
    for prop in properties:
        if prop.kind == "state":
            if any(map(prop.check, judged.vectors)):
                return False
        elif prop.kind == "transition":
            for _, before, after in judged.changes:
                if prop.check(before, after):
                    return False
        elif prop.kind == "terminal":
            for observations, channels in judged.terminals[prop.name]:
                if prop.check(observations, channels):
                    return False
        elif prop.name == "message-bound":
            bound = bound_of(system, "message_bound")  # the arrangement's, if it takes the arrangement
            if bound is None or judged.messages_max is None or judged.messages_max > bound:
                return False
            if is_exact(system.algorithm, "message_bound") and judged.messages_min < bound:
                return False
        elif prop.name not in ("termination", "fair-termination"):  # both hold: the graph is acyclic
            return False
    return True


PROBE_CHAIN_STEPS = 64  # a probe's steps on chains, per state it may store


def search_natively(engine: NativeEngine, reference: AsyncSystem, properties: list[Property],
                    max_states: int | None = None, max_memory: int | None = None, por: bool = True,
                    chains: bool = True, fingerprint: bool = False,
                    prefix_of: int | None = None, keep: list | None = None) -> Exploration | tuple | None:
    """The arrangement's exploration if every property holds and the audit passes, else None.

    With ``por`` the graph is the one checker/explorer.py's reduction explores (``chains`` as
    there), provided the engine can reduce and the properties observe only what it can see
    of a process; otherwise the full graph. Stopped at a limit, it returns the violation that the
    states it expanded show (``stopped``), or raises StateLimitReached / MemoryLimitReached like
    the Python explorer. With ``prefix_of``, a search that stores more states than that stops
    there and returns the figures of that prefix of its breadth-first search, (states,
    transitions, depth): equal for two arrangements whose graphs are the same up to the ids,
    so the workers can run them one after the other (checker/explore/workers.py). With
    ``keep``, a verified search appends what the properties were judged on (``Judged``).
    """
    if any(p.reads_state for p in properties):
        return None  # a property of whole states (an invariant's conjunct): the Python explorer evaluates it
    watched = watched_fields(properties)
    por = por and all(name in OBSERVED_FIELDS for name in watched)
    if not (por and reference.crashes and reference.supports_por and engine.reduces_like_python):
        exploration = _search_once(engine, reference, properties, max_states, max_memory, por, chains, fingerprint,
                                   prefix_of, keep)
        return _shortest(engine, reference, properties, max_states, max_memory) if exploration is VIOLATION_MET \
            else exploration
    # one crash, reduced as the Python explorer reduces it: each process in turn the one that may
    # crash (checker/explore/designated.py); the limits are on the states of all of them
    found, probing = [], prefix_of is not None and (max_states is None or max_states > prefix_of)
    for faulty in range(reference.n):
        stored = sum(e.states for e in found)
        limit = prefix_of if probing else max_states
        if limit is not None and limit - stored <= 0:
            if probing:
                return _prefix(found, ())
            raise StateLimitReached(stored)
        try:
            exploration = _search_once(engine, reference, properties, None if limit is None else limit - stored,
                                       max_memory, por, chains, fingerprint, None if not probing else prefix_of - stored,
                                       keep, designated=faulty)
        except StateLimitReached as stop:
            raise StateLimitReached(stored + stop.args[0]) from None
        except MemoryLimitReached as stop:
            raise MemoryLimitReached(stored + stop.args[0]) from None
        if exploration is VIOLATION_MET:  # a probe leaves it to the arrangement's search (run.py)
            return None if probing else _shortest(engine, reference, properties, max_states, max_memory)
        if exploration is None:
            return None  # a violation, a cycle, a fault: the Python explorer runs the arrangement
        if isinstance(exploration, tuple):
            return _prefix(found, exploration)
        if exploration.stopped:  # a violation in the states a search stopped at a limit saw: real
            return exploration
        found.append(exploration)
    total = merged(found, properties)
    total.engine = "native"
    return total


def _prefix(found: list, last: tuple) -> tuple:
    """A probe's (states, transitions, depth) over the designations searched so far (``found``)
    and the prefix ``last`` of the one it stopped in."""
    states, transitions, depth = last or (0, 0, 0)
    return (states + sum(e.states for e in found), transitions + sum(e.transitions for e in found),
            max([depth] + [e.depth for e in found]))


# _search_once met a violation of a state or transition property and stopped there (VIOLATED)
VIOLATION_MET = object()


def _shortest(engine: NativeEngine, reference: AsyncSystem, properties: list[Property], max_states: int | None,
              max_memory: int | None) -> Exploration | None:
    """The arrangement's exploration as the Python explorer gives it on the full graph, stopped
    at its first violation, found by a C search of the full graph (checker/explore/native_trace.py);
    None where that does not apply or cannot tell: the Python explorer then runs the arrangement.
    In a ``fingerprint`` run too: the search for a trace stores whole states, as the Python
    explorer would (and the result's chance of an omission leaves it out: ``whole_states``)."""
    if not wanted():
        return None
    started = time.perf_counter()
    max_memory = _memory_left(engine, max_memory)
    if max_memory is not None and max_memory <= 0:
        return None
    try:
        facts = engine.explore(reference.ids, max_states, max_memory, por=False, chains=False,
                               judge=TraceJudge(engine, reference, properties), trace=True,
                               **_what_is_read(reference, properties))
    except NativeUnavailable:
        return None
    if facts.status not in (OK, VIOLATED):
        return None  # a limit, a fault: the Python explorer runs the arrangement
    engine.disagreement = audit(facts.contexts, reference.local)
    if engine.disagreement is not None:
        return None
    return first_violation(engine, reference, properties, max_states, started)


def _search_once(engine: NativeEngine, reference: AsyncSystem, properties: list[Property],
                 max_states: int | None, max_memory: int | None, por: bool, chains: bool, fingerprint: bool,
                 prefix_of: int | None, keep: list | None, designated: int | None = None) -> Exploration | tuple | None:
    """search_natively's search of one arrangement (with one crash, of one ``designated`` process
    that may crash)."""
    started = time.perf_counter()
    max_memory = _memory_left(engine, max_memory)
    if max_memory is not None and max_memory <= 0:
        raise MemoryLimitReached(0)
    probing = prefix_of is not None and (max_states is None or max_states > prefix_of)
    # with crash failures (models/systems/crashes.py) the processes' steps are the local system's
    local = reference.local
    try:
        # steps on chains (states passed, not stored) are bounded as the states are: by the user's
        # limit, and in a probe by many times its states (a chain can be long where all is well)
        chain_steps = PROBE_CHAIN_STEPS * prefix_of if probing else max_states
        # the search stops at a violation (VIOLATED): the caller then finds its shortest trace (_shortest)
        judge = judge_for(engine, reference, properties)
        facts = engine.explore(reference.ids, prefix_of if probing else max_states, max_memory,
                               max_chain_steps=chain_steps, por=por, chains=chains,
                               watched=watched_fields(properties), fingerprint=fingerprint,
                               designated=designated, judge=judge, **_what_is_read(reference, properties))
    except NativeUnavailable:
        return None  # ports the C code was not compiled for: the Python explorer runs it
    # what follows rests on the C graph (a stop at a violation too: a disagreement is noted, and
    # the engine not used again, as when the search ends)
    if facts.status in (OK, STATE_LIMIT, MEMORY_LIMIT, NO_MEMORY, VIOLATED):
        engine.disagreement = audit(facts.contexts, local)
        if engine.disagreement is not None:
            return None
    if facts.status == STATE_LIMIT and probing:
        return facts.states, facts.transitions, facts.depth
    if facts.status in (STATE_LIMIT, MEMORY_LIMIT, NO_MEMORY):
        return stopped(engine, reference, properties, facts, fingerprint, started)
    if facts.status == VIOLATED and not probing:
        return VIOLATION_MET  # the caller finds the shortest trace (_shortest)
    if facts.status == CYCLE and not probing and judge is not None and judge():
        # a chain came back to itself (the reduced graph needs the cycle proviso), and the states
        # and steps met before, real ones, violate a property the judge had not been asked about yet
        return VIOLATION_MET
    if facts.status != OK:
        return None  # a probe's violation, an arithmetic fault, or a chain that came back to itself
    observations: dict = {}

    def observe(i: int, values: tuple):
        # a process's locals take few values: observe each once, not once per vector or state
        key = (i, values)
        seen = observations.get(key)
        if seen is None:
            seen = observations[key] = reference.observe_locals(i, values)
        return seen

    n = reference.n
    # vectors and changes come observed when the C code could observe; otherwise as locals
    vectors = facts.local_vectors if facts.observed else \
        [tuple(observe(i, values) for i, values in enumerate(vector)) for vector in facts.local_vectors]
    changes = facts.changes if facts.observed else \
        [(i, observe(i, before), observe(i, after)) for i, before, after in facts.changes]
    if facts.observed:  # per property: each distinct terminal state in what it reads, observed in C
        def terminals_for(prop: Property) -> list[tuple]:
            return facts.terminal_observations[_read_by(prop)]
    else:
        every = [(tuple(observe(i, state[i]) for i in range(n)), state[n:]) for state in facts.terminal_states] \
            if any(p.kind == "terminal" for p in properties) else []

        def terminals_for(prop: Property) -> list[tuple]:
            return every
    judged = Judged(vectors, changes, {p.name: terminals_for(p) for p in properties if p.kind == "terminal"},
                    facts.messages_min, facts.messages_max)
    # a state, transition or terminal property violated (on a cyclic reduced graph too: its states,
    # steps and terminal states are the full graph's): the caller finds the shortest trace
    # (_shortest); the others (termination, the message bounds) and a cyclic reduced graph that
    # shows none, which needs the cycle proviso: the Python explorer
    met = not all_hold([p for p in properties if p.kind in ("state", "transition", "terminal")], judged, reference)
    if met and not probing:
        return VIOLATION_MET
    if not facts.acyclic or not all_hold(properties, judged, reference):
        return None
    if keep is not None:
        keep.append(judged)
    return Exploration(
        ids=reference.ids, states=facts.states, transitions=facts.transitions, depth=facts.depth,
        terminal_states=facts.terminal_count, unmatched=facts.unmatched,
        messages_min=facts.messages_min, messages_max=facts.messages_max,
        seconds=time.perf_counter() - started, holds={p.name: True for p in properties}, engine="native", reduced=facts.reduced,
    )


def stopped(engine: NativeEngine, reference: AsyncSystem, properties: list[Property], facts, fingerprint: bool,
            started: float) -> Exploration:
    """A search stopped at a limit: the exploration with the first violation the states it saw
    show (checker/explore/stopped_search.py), or StateLimitReached / MemoryLimitReached, whose
    third argument says which properties held on those states."""
    stop = StateLimitReached if facts.status == STATE_LIMIT else MemoryLimitReached
    if fingerprint or facts.status == NO_MEMORY:
        raise stop(facts.states, facts.depth)  # no stored states to rebuild a trace from, or no memory for it
    verdict = judge_stopped(engine, reference, properties, facts.reduced)
    if verdict.violation is None:
        held = ", ".join(verdict.judged)
        if not held or not verdict.complete:
            raise stop(facts.states, facts.depth)
        raise stop(facts.states, facts.depth, f"{held} held on every state the search expanded (terminal "
                                              "properties, termination and the message bounds need the whole graph)")
    violation = verdict.violation
    how = ("a shortest trace: the full graph's states were expanded in order of depth" if verdict.shortest else
           "the first the reduced search met, not necessarily a shortest trace")
    limit = "--max-states" if facts.status == STATE_LIMIT else "the memory limit"
    note = (f"arrangement {','.join(map(str, reference.ids))}: the search stopped at {limit} after {facts.states:,} "
            f"states (the deepest expanded at depth {facts.depth:,}), and one of the states it expanded violates "
            f"{violation.property}, {how}; judged on those states: {', '.join(verdict.judged)}")
    return Exploration(
        ids=reference.ids, states=facts.states, transitions=facts.transitions, depth=facts.depth,
        seconds=time.perf_counter() - started, violations=[violation],
        holds={p.name: False if p.name == violation.property else None for p in properties},
        engine="native", reduced=facts.reduced, stopped=note,
    )
