"""Seed 000's lower-bound argument (Attiya and Welch) made concrete: open schedules.

"Open execution corresponds to taking a ring, blocking one of its channels, but allowing all
other events to proceed as normal." Every ring of size n has an open schedule that sends at
least M(n) messages, M(2) = 1 and M(n) = 2 M(n/2) + (n/2 - 1)/2 (seed 000_f26e5a13e7d0ddb1.txt,
"Lower bound").

``open_schedules(algorithm, n)`` explores, for every arrangement (up to the rotations and
reflections ``check`` uses, which map open schedules to open schedules) and every edge, the
executions in which nothing is delivered across that edge until the system is quiescent
(checker/blocked.py), and reports the most messages such a schedule sends, where, and a
witness trace.

For n a power of two it also plays the proof's step (``paste``): two open schedules of rings
of size n/2, with disjoint ids, are joined into one ring of size n: each half is cut open at
its blocked edge and the two lines are joined end to end by two new edges ep and eq, both
blocked. No process can tell the difference, so the two schedules, one after the other, are a
schedule of the big ring; it is checked by replaying it there. Then one of ep, eq is unblocked
and the system runs on until it is quiescent again; the proof says one of the two choices
sends at least (n/2 - 1)/2 further messages, so the big ring has an open schedule with at
least 2 M(n/2) + (n/2 - 1)/2 messages. The whole pasted schedule is replayed on the size-n
ring with the other edge blocked, and the count is the replay's.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction

from models import Algorithm, AlgorithmError, AsyncSystem
from models.systems.interned import InternedSystem
from specs.election import MESSAGE_BOUND

from ..explore.arrangements import arrangements, symmetry_of
from ..explore.explorer import Explorer, StateLimitReached
from ..render.trace import Trace, replay
from .blocked import BlockedEdges, ReplayFailed, WitnessOfMaximum, follow, instances_of
from .budget import OutOfTime, TimeBudget


def attiya_welch_bound(n: int) -> Fraction | None:
    """M(n) for n a power of two (M(2) = 1, M(n) = 2 M(n/2) + (n/2 - 1)/2); None otherwise."""
    if n < 2 or n & (n - 1):
        return None
    if n == 2:
        return Fraction(1)
    return 2 * attiya_welch_bound(n // 2) + Fraction(n // 2 - 1, 2)


@dataclass
class OpenCase:
    """One arrangement with one edge blocked."""

    ids: tuple[int, ...]
    edge: int  # between position edge and edge + 1
    represents: int  # arrangements this one stands for
    messages_max: int
    messages_min: int
    states: int

    def to_json(self) -> dict:
        return {"ids": list(self.ids), "edge": self.edge, "represents": self.represents,
                "messages": {"min": self.messages_min, "max": self.messages_max}, "states": self.states}


@dataclass
class Extension:
    """The pasted schedule continued with one of the two new edges unblocked."""

    unblocked: int
    still_blocked: int
    further_messages: int  # the most the continuation sends


@dataclass
class Pasting:
    n: int
    halves: tuple[tuple[int, ...], tuple[int, ...]]  # ids of the two rings of size n/2
    half_edge: int  # the blocked edge of each half
    half_messages: tuple[int, int]  # what each half's open schedule sends
    ids: tuple[int, ...]  # the ring of size n
    joined_edges: tuple[int, int]  # ep, eq in the big ring
    pasted_quiescent: bool  # nothing else is enabled after the two schedules
    extensions: list[Extension]
    best: Extension
    replayed_messages: int  # messages of the whole schedule, counted by the replay
    replayed_steps: int
    replayed_quiescent: bool
    bound: Fraction  # 2 M(n/2) + (n/2 - 1)/2
    trace: Trace | None = None

    @property
    def holds(self) -> bool:
        return self.replayed_quiescent and self.replayed_messages >= self.bound

    def to_json(self) -> dict:
        return {
            "n": self.n, "halves": [list(h) for h in self.halves], "half_edge": self.half_edge,
            "half_messages": list(self.half_messages), "ids": list(self.ids), "joined_edges": list(self.joined_edges),
            "pasted_quiescent": self.pasted_quiescent,
            "extensions": [{"unblocked": e.unblocked, "still_blocked": e.still_blocked,
                            "further_messages": e.further_messages} for e in self.extensions],
            "replay": {"steps": self.replayed_steps, "messages": self.replayed_messages,
                       "quiescent": self.replayed_quiescent},
            "bound": float(self.bound), "bound_exact": str(self.bound), "holds": self.holds,
            "trace": self.trace.to_json() if self.trace else None,
        }


@dataclass
class OpenScheduleReport:
    algorithm: str
    n: int
    bound: Fraction | None  # M(n)
    messages_max: int | None  # None: the time ran out before one pair was explored
    ids: tuple[int, ...] | None  # an arrangement and edge attaining the maximum
    edge: int | None
    witness: Trace | None
    cases: list[OpenCase] = field(default_factory=list)
    pasting: Pasting | None = None
    seconds: float = 0.0
    cases_planned: int = 0
    stopped: str | None = None  # why not every (arrangement, edge) pair was explored
    witness_path: list = field(default_factory=list, repr=False)  # the witness as (process, command, port)
    paste_skipped: str | None = None  # why the pasting step was not made, for n a power of two
    notes: list[str] = field(default_factory=list)  # e.g. a declared symmetry that could not be used

    def to_json(self) -> dict:
        return {
            "algorithm": self.algorithm, "n": self.n,
            "bound": None if self.bound is None else float(self.bound),
            "bound_exact": None if self.bound is None else str(self.bound),
            "messages_max": self.messages_max, "ids": self.ids and list(self.ids), "edge": self.edge,
            "complete": self.stopped is None, "stopped": self.stopped, "cases_planned": self.cases_planned,
            "cases": [c.to_json() for c in self.cases], "witness": self.witness and self.witness.to_json(),
            "pasting": self.pasting.to_json() if self.pasting else None, "paste_skipped": self.paste_skipped,
            "notes": self.notes, "seconds": round(self.seconds, 3),
        }

    def __str__(self) -> str:
        return self.summary()

    def summary(self) -> str:
        bound = "-" if self.bound is None else f"{self.bound} = {float(self.bound):g}"
        if self.messages_max is None:
            most, verdict = "none explored", ""
        else:
            most = (f"{'at least ' if self.stopped else ''}{self.messages_max}   (ids {_ids(self.ids)}, "
                    f"edge p{self.edge}-p{(self.edge + 1) % self.n} blocked)")
            verdict = "" if self.bound is None else "   holds" if self.messages_max >= self.bound else "   NOT REACHED"
        lines = [
            f"{self.algorithm}, open schedules, n = {self.n}: {len(self.cases)} (arrangement, blocked edge) pairs "
            f"explored to quiescence",
            f"  most messages in an open schedule  {most}",
            f"  Attiya-Welch M(n)                  {bound}{verdict}",
            f"  time                               {self.seconds:.2f} s",
        ]
        if self.stopped:
            lines.append(f"  INCOMPLETE: {self.stopped}")
            if self.pasting is not None and self.pasting.replayed_quiescent:
                lines.append(f"  (the pasted open schedule below sends {self.pasting.replayed_messages}: a lower bound "
                             f"on the maximum too)")
        lines += [f"  note: {note}" for note in self.notes]
        if self.paste_skipped:
            lines.append(f"  pasting step not made: {self.paste_skipped}")
        if self.pasting:
            p = self.pasting
            lines += [
                f"  pasting two rings of {p.n // 2}: ids {_ids(p.halves[0])} and {_ids(p.halves[1])}, each open at edge "
                f"p{p.half_edge}-p{(p.half_edge + 1) % (p.n // 2)} ({p.half_messages[0]} and {p.half_messages[1]} messages)",
                f"    joined ring ids {_ids(p.ids)}; new edges ep = p{p.joined_edges[0]}-p{(p.joined_edges[0] + 1) % p.n}, "
                f"eq = p{p.joined_edges[1]}-p{(p.joined_edges[1] + 1) % p.n}; quiescent after both schedules: "
                f"{'yes' if p.pasted_quiescent else 'NO'}",
            ]
            for e in p.extensions:
                lines.append(f"    unblock p{e.unblocked}-p{(e.unblocked + 1) % p.n}: up to {e.further_messages} "
                             f"further messages")
            lines.append(
                f"    replayed on the ring of {p.n} with p{p.best.still_blocked}-p{(p.best.still_blocked + 1) % p.n} "
                f"blocked: {p.replayed_steps} steps, {p.replayed_messages} messages, quiescent "
                f"{'yes' if p.replayed_quiescent else 'NO'}; 2 M({p.n // 2}) + ({p.n // 2} - 1)/2 = {float(p.bound):g}: "
                + ("holds" if p.holds else "NOT REACHED")
            )
        return "\n".join(lines)


def _ids(ids) -> str:
    return ",".join(map(str, ids))


def _explore_open(algorithm, ids, edges, start_path=None, max_states=None, por=True):
    """(exploration, blocked interned engine) for ``ids`` with ``edges`` blocked, from the
    state ``start_path`` leads to (the initial state if None)."""
    engine = InternedSystem(AsyncSystem(algorithm, ids))
    start = None
    if start_path is not None:
        start = follow(BlockedEdges(engine, edges), start_path)[0]
    system = BlockedEdges(engine, edges, start=start, algorithm=WitnessOfMaximum(algorithm))
    exploration = Explorer(system, [MESSAGE_BOUND], max_states, por=por).run()
    if exploration.messages_max is None:
        raise AlgorithmError(f"{algorithm.name} with ids {_ids(ids)} and edges {edges} blocked has an "
                             f"infinite execution: open schedules need a terminating algorithm")
    return exploration, system


def _witness_path(exploration, system) -> list:
    ordinals = exploration.violations[0].ordinals if exploration.violations else []
    return instances_of(system, ordinals)


def _trace(algorithm, ids, edges, path) -> Trace:
    system = BlockedEdges(AsyncSystem(algorithm, ids), edges)
    _, ordinals, _ = follow(system, path)
    trace, _ = replay(system, ordinals)
    return trace


def open_schedules(algorithm: type[Algorithm], n: int, paste: bool = True, max_states: int | None = None,
                   symmetry: str = "reflection", por: bool = True, time_limit: float | None = None) -> OpenScheduleReport:
    """The most messages of an open schedule of ``algorithm`` on n processes (module docstring).

    With ``time_limit`` (seconds) the pairs explored when it runs out are reported, marked
    ``stopped``; the pasting step, if asked for, is still made.
    """
    if n < 2:
        raise AlgorithmError("open schedules need a ring of at least 2 processes")
    topology = algorithm.topology(n)
    if topology.port_labellings:
        # blocked.py blocks an edge by its clockwise port, which a labelled ring does not have,
        # and one labelling would have to stand for all
        raise AlgorithmError(f"open schedules are not available on the {topology.kind}; use --messages")
    started = time.perf_counter()
    used_symmetry, symmetry_note = symmetry_of(algorithm, topology, symmetry)
    plan = [(a, edge) for a in arrangements(n, used_symmetry) for edge in range(n)]
    cases, best, stopped = [], None, None
    try:
        with TimeBudget(time_limit) as budget:
            for arrangement, edge in plan:
                if budget.spent():
                    raise OutOfTime()
                exploration, system = _explore_open(algorithm, arrangement.ids, (edge,), max_states=max_states, por=por)
                cases.append(OpenCase(arrangement.ids, edge, arrangement.represents, exploration.messages_max,
                                      exploration.messages_min, exploration.states))
                if best is None or exploration.messages_max > best[0].messages_max:
                    best = (cases[-1], _witness_path(exploration, system))
    except OutOfTime:
        stopped = f"the time limit of {time_limit:g} s ran out after {len(cases)} of {len(plan)} pairs"
    except StateLimitReached:
        stopped = f"--max-states {max_states:,} was reached in one exploration after {len(cases)} of {len(plan)} pairs"
    report = OpenScheduleReport(algorithm.name, n, attiya_welch_bound(n), None, None, None, None, cases,
                                cases_planned=len(plan), stopped=stopped, notes=[symmetry_note] if symmetry_note else [])
    if best is not None:
        case, report.witness_path = best
        report.messages_max, report.ids, report.edge = case.messages_max, case.ids, case.edge
        report.witness = _trace(algorithm, case.ids, (case.edge,), report.witness_path)
    if paste and n >= 4 and attiya_welch_bound(n) is not None:
        if algorithm.knows_n:
            report.paste_skipped = "the argument is for uniform algorithms; this one reads n, so halves are not alike"
        else:
            try:
                report.pasting = paste_halves(algorithm, n, max_states=max_states)
            except StateLimitReached:
                report.paste_skipped = f"the pasting step reached --max-states {max_states:,}"
    report.seconds = time.perf_counter() - started
    return report


def paste_halves(algorithm: type[Algorithm], n: int, half: OpenScheduleReport | None = None,
                 max_states: int | None = None) -> Pasting:
    """The proof's step for a ring of n (a power of two): see the module docstring."""
    h = n // 2
    half = half or open_schedules(algorithm, h, paste=False, max_states=max_states)
    if half.ids is None:
        raise StateLimitReached(0)
    ids_a, edge = half.ids, half.edge
    ids_b = tuple(i + h for i in ids_a)  # the same pattern with the upper ids: disjoint from ids_a
    path_a = half.witness_path
    exploration_b, system_b = _explore_open(algorithm, ids_b, (edge,), max_states=max_states)
    path_b = _witness_path(exploration_b, system_b)
    # cut each half open at its blocked edge: the line runs clockwise from edge + 1 round to edge
    line = [(edge + 1 + j) % h for j in range(h)]
    position = {p: j for j, p in enumerate(line)}
    ids = tuple(ids_a[p] for p in line) + tuple(ids_b[p] for p in line)
    ep, eq = h - 1, n - 1  # a's end to b's start, b's end round to a's start
    pasted = [(position[p], c, port) for p, c, port in path_a] + [(h + position[p], c, port) for p, c, port in path_b]
    both = BlockedEdges(InternedSystem(AsyncSystem(algorithm, ids)), (ep, eq))
    try:
        state, _, _ = follow(both, pasted)
    except ReplayFailed as failure:
        raise AlgorithmError(f"the pasted schedule does not replay on ids {_ids(ids)}: {failure}") from None
    pasted_quiescent = not both.successor_list(state)
    extensions, continuations = [], {}
    for unblocked, still in ((eq, ep), (ep, eq)):
        exploration, system = _explore_open(algorithm, ids, (still,), start_path=pasted, max_states=max_states)
        extensions.append(Extension(unblocked, still, exploration.messages_max))
        continuations[unblocked] = _witness_path(exploration, system)
    best = max(extensions, key=lambda e: e.further_messages)
    whole = pasted + continuations[best.unblocked]
    final_system = BlockedEdges(AsyncSystem(algorithm, ids), (best.still_blocked,))
    final_state, ordinals, replayed = follow(final_system, whole)
    trace, _ = replay(final_system, ordinals)
    bound = 2 * attiya_welch_bound(h) + Fraction(h - 1, 2)
    return Pasting(
        n=n, halves=(ids_a, ids_b), half_edge=edge,
        half_messages=(half.messages_max, exploration_b.messages_max), ids=ids, joined_edges=(ep, eq),
        pasted_quiescent=pasted_quiescent, extensions=extensions, best=best, replayed_messages=replayed,
        replayed_steps=len(whole), replayed_quiescent=not final_system.successor_list(final_state),
        bound=bound, trace=trace,
    )
