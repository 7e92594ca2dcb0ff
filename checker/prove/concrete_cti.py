"""Counterexamples to induction on concrete rings: is each conjunct of an all-n invariant needed?

An invariant without one of its conjuncts C is not inductive when some state satisfies the other
conjuncts and takes a step after which one of them, D, is false (or breaks a safety property
itself). Such a state is rarely reachable (the whole invariant holds there), and z3 left to find
one in the unbounded encoding of a large invariant answers unknown for minutes
(bench/all_n_conjuncts_needed.py's first stage). This looks for one near the reachable states
instead: each reachable state of a small ring, with its ghosts, is changed in one place (a
process's local, a ghost local, a message's payload or stamp, a message dropped from the tail of
its channel, or, with ``insert``, a message seen in some reachable state put at the head or the
tail of a channel); where exactly one conjunct C is then false, the changed state satisfies the
invariant without C, and its steps, run by the algorithm's own Python semantics with the ghosts'
updates, are checked for a conjunct other than C false after, a decision changed (stability), a
copy of a message in flight sent (no_duplicate, in the FIFO encoding), or a safety property false
before. Each one found is then confirmed by z3 as a model of the proof's own obligation: the
changed state pinned, the step's hypotheses and the negated goal satisfiable in the encoding
(``confirmed``), so what is reported is a counterexample to that obligation of
``prove_all_n(..., invariant.without(C))``, not a claim about Python. (A safety property false on
the changed state is read there by z3 too, on the pinned finite ring, which satisfies the
encoding's axioms as every real ring does.)
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import Enum

import z3

from .all_n import declared_types, no_duplicate, proof_axioms, safety_properties, stability
from .enabled_witness import GhostRun, _pinned, reachable_ghost_states
from .ring_concrete import _false
from .ring_order import Node, RingState
from .ring_steps import transitions

CHECK_MS = 10_000  # z3 on a pinned finite state decides at once; this is for a starved machine


@dataclass(frozen=True)
class Counterexample:
    dropped: str  # the conjunct without which the invariant is not inductive
    obligation: str  # "STEP / GOAL" or "invariant / SAFETY", as the proof's table names it
    state: str  # the changed state, one line

    def line(self) -> str:
        return f"without {self.dropped}: NEEDED: {self.obligation} fails ({self.state})"


def _other_values(value, n: int) -> list:
    """The values a local or field holding ``value`` is changed to: an id-sized int's 0..n, an
    enum's other members, and for NIL (member 0, also what an int local holds before it is set)
    the ids 1..n as well."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, Enum):
        return [v for v in type(value) if v != value] + ([] if value.value != 0 else list(range(1, n + 1)))
    if isinstance(value, int):
        return [v for v in range(0, n + 1) if v != value]
    return []


def messages_in(run: GhostRun, reached) -> list:
    """(message, its stamp) of every message in a channel of some state of ``reached``."""
    n, pool = run.n, {}
    for state, _, stamps in reached:
        for c in range(len(run.system.topology.channels)):
            for i, message in enumerate(state[n + c]):
                pool[message, stamps[c][i] if stamps and stamps[c] else ()] = None
    return list(pool)


def changed_states(run: GhostRun, ghost_state, pool=()):
    """(what was changed, the state): every state one change away from ``ghost_state``; with
    ``pool`` ((message, stamp) pairs, ``messages_in``), each also put at the head or the tail
    of each channel."""
    state, ghost_locals, stamps = ghost_state
    n = run.n
    for a in range(n):
        for k, value in enumerate(state[a]):
            for other in _other_values(value, n):
                locals_ = state[a][:k] + (other,) + state[a][k + 1:]
                name = run.local_terms[k][0].decl().name()
                yield f"process {run.system.ids[a]}'s {name} {value} -> {other}", (
                    (*state[:a], locals_, *state[a + 1:]), ghost_locals, stamps)
        for k, name in enumerate(run.ghost_names):
            for other in (ghost_locals[a][k] - 1, ghost_locals[a][k] + 1):
                ghosts = ghost_locals[a][:k] + (other,) + ghost_locals[a][k + 1:]
                yield f"process {run.system.ids[a]}'s ghost {name} -> {other}", (
                    state, (*ghost_locals[:a], ghosts, *ghost_locals[a + 1:]), stamps)
    for c in range(len(run.system.topology.channels)):
        contents = state[n + c]
        for i, message in enumerate(contents):
            for f, value in enumerate(message[1:]):
                for other in _other_values(value, n):
                    changed = type(message).from_values(message[1:f + 1] + (other,) + message[f + 2:])
                    channel = contents[:i] + (changed,) + contents[i + 1:]
                    yield f"channel {c}'s {message} -> {changed}", (
                        (*state[:n + c], channel, *state[n + c + 1:]), ghost_locals, stamps)
            for s, value in enumerate(stamps[c][i] if stamps and stamps[c] else ()):
                for other in (value - 1, value + 1):
                    stamp = stamps[c][i][:s] + (other,) + stamps[c][i][s + 1:]
                    channel_stamps = stamps[c][:i] + (stamp,) + stamps[c][i + 1:]
                    yield f"channel {c}'s {message} stamp {run.pre.stamp_names(type(message))[s]} -> {other}", (
                        state, ghost_locals, (*stamps[:c], channel_stamps, *stamps[c + 1:]))
        if contents:
            shorter = (*state[:n + c], contents[:-1], *state[n + c + 1:])
            fewer = (*stamps[:c], stamps[c][:-1], *stamps[c + 1:]) if stamps and stamps[c] else stamps
            yield f"channel {c}'s last {contents[-1]} dropped", (shorter, ghost_locals, fewer)
        for message, stamp in pool:
            for at_head in (True, False):
                channel = (message, *contents) if at_head else (*contents, message)
                longer = (*state[:n + c], channel, *state[n + c + 1:])
                more = stamps
                if run.stamped:
                    kept = stamps[c] if stamps else ()
                    more = (*stamps[:c], (stamp, *kept) if at_head else (*kept, stamp), *stamps[c + 1:])
                yield f"{message} {stamp} put at the {'head' if at_head else 'tail'} of channel {c}", (
                    longer, ghost_locals, more)


class Evaluator:
    """The invariant's conjuncts and the safety properties, evaluated by z3 on pinned states."""

    def __init__(self, algorithm, invariant):
        self.algorithm, self.invariant = algorithm, invariant
        self.pre = RingState(algorithm, fifo=invariant.fifo, ghosts=invariant.ghosts)
        self.steps = transitions(algorithm, self.pre, z3.Const("p", Node), exact=invariant.fifo)
        self.by_name = {t.name: t for t in self.steps}
        typing = declared_types(algorithm)  # a hypothesis of every obligation, as in prove_all_n; never dropped
        self.conjuncts = ((typing,) if typing is not None else ()) + tuple(invariant.conjuncts)
        self.names = [c.__name__ for c in self.conjuncts]
        self.before = [c(self.pre) for c in self.conjuncts]
        self.safety = [(name, formula(self.pre)) for name, formula in safety_properties(algorithm)]
        self.axioms = proof_axioms(invariant, exact=invariant.fifo)

    def false(self, run, ghost_state, formulas, stop_after: int | None = None) -> list[int]:
        """The indices of ``formulas`` false on this state (ring_concrete's reading of a pinned state)."""
        facts, _ = _pinned(run, ghost_state, self.pre)
        return _false(facts, formulas, lambda k: f"formula {k}", stop_after)

    def confirmed(self, run, ghost_state, step, transition, dropped: str, goals) -> str | None:
        """The first of ``goals`` ((name, formula) after the step) whose obligation's negation z3
        finds satisfiable with this state pinned: the axioms, the invariant without ``dropped``,
        the step's hypotheses at its process, not the goal; None if none is."""
        facts, nodes = _pinned(run, ghost_state, self.pre)
        kept = [f for name, f in zip(self.names, self.before) if name != dropped]
        given = [*facts, *self.axioms, *kept, transition.after.p == nodes[step.process], *transition.hypotheses]
        for name, goal in goals:
            # a solver of its own for each: with the goals pushed on one solver, the search for
            # Peterson's asleep_untouched found nothing in 5.7 minutes of CPU; fresh solvers, in 144 s
            solver = z3.Solver()
            solver.set("timeout", CHECK_MS)
            solver.add(*given, z3.Not(goal))
            if solver.check() == z3.sat:
                return name
        return None


def search(algorithm, invariant, sizes=(3,), wanted: set[str] | None = None, progress=None,
           insert: bool = False) -> dict[str, Counterexample]:
    """A confirmed counterexample to induction for each conjunct (of ``wanted``, default all) that
    one is found for, on rings of ``sizes`` (every arrangement of ids 1..n up to rotation); with
    ``insert``, the changes include a message seen in some reachable state put in a channel."""
    evaluator = Evaluator(algorithm, invariant)
    names = evaluator.names
    left = set(wanted if wanted is not None else invariant.names())
    found: dict[str, Counterexample] = {}
    for n in sizes:
        for rest in itertools.permutations(range(2, n + 1)):
            if not left:
                return found
            run, reached = reachable_ghost_states(algorithm, invariant, (1, *rest), evaluator.pre, evaluator.steps)
            known = set(reached)
            pool = messages_in(run, reached) if insert else ()
            for ghost_state in reached:
                for change, changed in changed_states(run, ghost_state, pool):
                    if not left:
                        return found
                    if changed in known:
                        continue
                    known.add(changed)
                    false = evaluator.false(run, changed, evaluator.before, stop_after=2)
                    if len(false) != 1 or names[false[0]] not in left:
                        continue
                    dropped = names[false[0]]
                    example = _breaks(evaluator, run, changed, dropped)
                    if example is not None:
                        found[dropped] = Counterexample(dropped, example, f"ids {(1, *rest)}, {change}")
                        left.discard(dropped)
                        if progress is not None:
                            progress(found[dropped])
    return found


def _breaks(evaluator: Evaluator, run, changed, dropped: str) -> str | None:
    """The obligation of the invariant without ``dropped`` that this state (which satisfies it)
    breaks, confirmed by z3, or None."""
    names = evaluator.names
    for k in evaluator.false(run, changed, [f for _, f in evaluator.safety], stop_after=1):
        return f"invariant / {evaluator.safety[k][0]}"
    for step, target in run.successors(changed):
        transition = evaluator.by_name[run.transition_name(step)]
        goals = [(names[k], evaluator.conjuncts[k](transition.after))
                 for k in evaluator.false(run, target, evaluator.before) if names[k] != dropped]
        # stability and no_duplicate read the step itself: z3 decides them on the pinned state at once
        goals += [("stability", stability(evaluator.algorithm, transition))]
        if evaluator.invariant.fifo and transition.after.added:
            goals += [("no_duplicate", no_duplicate(transition))]
        goal_name = evaluator.confirmed(run, changed, step, transition, dropped, goals)
        if goal_name is not None:
            return f"{transition.name} / {goal_name}"
    return None
