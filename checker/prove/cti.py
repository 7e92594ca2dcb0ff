"""A failed proof obligation, shown as a counterexample to induction, and whether it is reachable.

z3's model of a failed consecution obligation is a state that satisfies the whole invariant
and a command whose step falsifies a conjunct. That state need not be reachable: the user's
question is then "is my invariant too weak, or is my algorithm wrong?". So the model is
decoded into the explorer's own state, the step is replayed by the concrete semantics
(models.systems.semantics, which also checks that the symbolic and concrete readings agree), and the
explorer searches that arrangement's full state graph (no partial-order reduction) for the
state, giving a shortest trace to it when it is reachable.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from specs import Property
from specs.election import changed_decision
from specs.invariants import Invariant, RingState, invariant_properties, symmetry_for

from ..explore.networks import GIVEN_LABELLING
from ..explore.run import check
from ..render.trace import (
    Trace,
    TraceStep,
    channel_contents,
    state_lines,
    steps_table,
    trace_step,
)
from .faithfulness import system_for as _system
from .fixed_n import CONSECUTION, INITIATION, STABILITY, Obligation, Proof

REACHABLE, UNREACHABLE, UNDECIDED = "reachable", "unreachable", "not decided"


@dataclass
class Reachability:
    status: str  # REACHABLE, UNREACHABLE or UNDECIDED
    states: int  # states the explorer stored
    trace: Trace | None = None  # a shortest trace to the state, when reachable


@dataclass
class CounterexampleToInduction:
    obligation: Obligation
    algorithm: type
    invariant: type[Invariant]
    ids: tuple[int, ...]
    before: tuple  # the explorer's state that satisfies the invariant
    after: tuple | None  # and the state the step leads to (consecution only)
    step: TraceStep | None  # the step that breaks the conjunct (consecution only)
    false_after: list[str]  # conjuncts false after the step, evaluated concretely
    false_before: list[str]  # conjuncts false before it: empty unless z3 and the evaluator disagree
    reachability: Reachability | None = None
    invariant_on_reachable: object = None  # the explorer's Result, when it looked for a reachable state breaking a conjunct
    graph: object = None  # the network proved on (models/topology/network.py), or None on a ring

    def to_json(self) -> dict:
        system = _system(self.algorithm, self.ids, self.graph)
        return {
            "obligation": self.obligation.to_json(),
            "ids": list(self.ids),
            "necessarily_reachable": False,
            "state": _state_json(system, self.before),
            "step": None if self.step is None else {
                "position": self.step.position, "id": self.step.id, "command": self.step.command,
                "port": self.step.port, "received": self.step.received,
                "sent": [{"port": port, "message": message} for port, message in self.step.sent],
                "changes": {name: {"from": old, "to": new} for name, (old, new) in self.step.changes.items()},
            },
            "false_after": self.false_after,
            "invariant_on_reachable_states": None if self.invariant_on_reachable is None else (
                "holds" if self.invariant_on_reachable.verdict == "verified" else "not decided"),
            "reachability": None if self.reachability is None else {
                "status": self.reachability.status, "states_explored": self.reachability.states,
                "trace": self.reachability.trace.to_json() if self.reachability.trace else None,
            },
        }

    def to_text(self) -> str:
        return render(self)


def _state_json(system, state) -> dict:
    return {
        "locals": [system.locals_of(state, i) for i in range(system.n)],
        "channels": [{"channel": name, "messages": messages} for name, messages in channel_contents(system, state)],
    }


def counterexample(proof: Proof, max_states: int | None = 200_000) -> CounterexampleToInduction:
    """A counterexample for the proof's first failed obligation, replayed concretely, and whether
    the explorer reaches it.

    For a failed consecution, the explorer first looks, breadth-first over every arrangement of
    size n, for a reachable state in which a conjunct is false. If it finds one, the step into
    it is a failed obligation too, and that obligation's counterexample pinned to the reachable
    state before the step (z3 must agree it is one) is reported: the algorithm, or a conjunct,
    is wrong. If every reachable state satisfies every conjunct, z3's counterexample cannot be
    reachable (its step would lead from a reachable state to one that breaks a conjunct): the
    invariant is true but too weak. Otherwise (initiation, safety, or the search stopped at
    ``max_states``) the explorer searches z3's counterexample's own arrangement for its state.
    """
    algorithm, invariant, failure = proof.algorithm, proof.invariant, proof.failure
    graph = proof.prover.graph
    explored = None
    if failure.obligation.kind == CONSECUTION:
        symmetry = symmetry_for(invariant, algorithm=algorithm) if graph is None else "none"
        properties = invariant_properties(invariant, algorithm, rotated=symmetry != "none", topology=graph)
        explored = check(algorithm, proof.n, properties=properties, por=False, jobs=1, progress=False,
                         max_states=max_states, symmetry=symmetry, **_on(graph))
        if explored.counterexample is not None and explored.counterexample.trace.steps:
            return _pinned(proof, explored.counterexample, max_states)
    ids, before, after = failure.example()
    cti = replayed(algorithm, invariant, failure.obligation, ids, before, after, graph)
    cti.invariant_on_reachable = explored
    if explored is not None and explored.verdict == "verified":
        cti.reachability = Reachability(UNREACHABLE, explored.states)
    else:
        cti.reachability = reachable(algorithm, ids, before, max_states, graph)
    return cti


def _pinned(proof: Proof, violation, max_states) -> CounterexampleToInduction:
    """The counterexample of the obligation whose step leads into the explorer's violation,
    with the reachable state before that step."""
    algorithm, invariant, graph = proof.algorithm, proof.invariant, proof.prover.graph
    system = _system(algorithm, violation.ids, graph)
    state = system.initial_state
    for shown in violation.trace.steps:  # follow the trace by what it says
        (last,) = [s for s in system.steps(state) if (s.process, s.command, s.port) == (shown.position, shown.command, shown.port)]
        before, state = state, last.target
    key = (CONSECUTION, violation.property.removeprefix("invariant."), last.process, last.command, last.port)
    obligation = next(o for o in proof.obligations if (o.kind, o.conjunct, o.process, o.command, o.port) == key)
    pinned = proof.prover.pinned(obligation, violation.ids, before)
    if pinned is None:
        raise AssertionError(f"z3 says the reachable state before {obligation.label} is no counterexample: a bug in ringleader")
    ids, before, after = pinned.example()
    cti = replayed(algorithm, invariant, obligation, ids, before, after, graph)
    cti.reachability = reachable(algorithm, ids, before, max_states, graph)
    return cti


def replayed(algorithm, invariant, obligation: Obligation, ids, before, after, graph=None) -> CounterexampleToInduction:
    """A counterexample with its step taken by the concrete semantics (on ``graph``, a network,
    if given), which must agree with z3's."""
    system = _system(algorithm, ids, graph)
    step, false_after = None, []
    if obligation.kind in (CONSECUTION, STABILITY):
        matches = [s for s in system.steps(before)
                   if (s.process, s.command, s.port) == (obligation.process, obligation.command, obligation.port)]
        if len(matches) != 1 or matches[0].target != after:
            raise AssertionError(
                f"the symbolic and the concrete step of {obligation.label} disagree on ids {ids}: a bug in ringleader"
            )
        step = trace_step(system, before, matches[0], 1)
        if obligation.kind == STABILITY:
            changed = decision_changed(system, before, after, obligation.process)
            false_after = [STABILITY] if changed else []
        else:
            false_after = invariant.failing(RingState.of_state(algorithm, ids, after, graph))
    false_before = invariant.failing(RingState.of_state(algorithm, ids, before, graph))
    if obligation.kind == INITIATION:
        false_after, false_before = false_before, []
    return CounterexampleToInduction(obligation, algorithm, invariant, ids, before, after, step, false_after,
                                     false_before, graph=graph)


def decision_changed(system, before, after, process: int) -> str | None:
    """specs/election.py's stability on the step of ``process`` from ``before`` to ``after``:
    how its decision changed, or None if it did not."""
    return changed_decision(system.observe_process(before, process), system.observe_process(after, process))


def _on(graph) -> dict:
    """The explorer's options that run it on ``graph`` (a network) as the proof reads it: its
    own labelling only, port numbers readable (an invariant may read them; planning then uses
    no symmetry); none on a ring."""
    return {} if graph is None else {"graphs": graph, "numbered": GIVEN_LABELLING}


def reachable(algorithm, ids, state, max_states: int | None = 2_000_000, graph=None) -> Reachability:
    """Search the full state graph of one arrangement for ``state``; a shortest trace if found."""
    target = Property("reaches-the-state", "state", "the search reaches the counterexample's state",
                      lambda _observations, whole: "reached" if whole == state else None, reads_state=True)
    result = check(algorithm, len(ids), ids=tuple(ids), properties=[target], por=False, jobs=1,
                   progress=False, max_states=max_states, **_on(graph))
    if result.counterexample is not None:
        return Reachability(REACHABLE, result.states, result.counterexample.trace)
    return Reachability(UNREACHABLE if result.verdict == "verified" else UNDECIDED, result.states)


def render(cti: CounterexampleToInduction) -> str:
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=160, no_color=True, highlight=False, soft_wrap=False)

    def say(text=""):
        console.print(text, markup=False)

    obligation = cti.obligation
    system = _system(cti.algorithm, cti.ids, cti.graph)
    ids = ", ".join(map(str, cti.ids))
    locals_ = [system.locals_of(cti.before, i) for i in range(system.n)]
    channels = channel_contents(system, cti.before)
    if obligation.kind in (CONSECUTION, STABILITY):
        consecution = obligation.kind == CONSECUTION
        say("Counterexample to induction: " + (f"{obligation.conjunct} is not preserved by {obligation.command}"
                                              if consecution else f"{obligation.command} at p{obligation.process} "
                                              "changes a decision"))
        say("A state that satisfies the invariant -- NOT NECESSARILY REACHABLE -- and a step that breaks "
            + ("it." if consecution else "stability."))
        say(f"ids {ids} (position 0 first{', clockwise' if cti.graph is None else ''})")
        say("state (every conjunct holds):")
        say(state_lines(cti.ids, locals_, channels) or "  (all channels empty)")
        console.print(steps_table([cti.step]))
        if consecution:
            say(f"after the step, false: {', '.join(_described(cti, name) for name in cti.false_after)}")
            after = channel_contents(system, cti.after)
            after_locals = [system.locals_of(cti.after, i) for i in range(system.n)]
            say("state after the step:")
            say(state_lines(cti.ids, after_locals, after))
        else:
            changed = decision_changed(system, cti.before, cti.after, obligation.process)
            say(f"after the step: {changed or 'no decision changed'}")
    elif obligation.kind == INITIATION:
        say(f"The initial state does not satisfy {obligation.conjunct} (ids {ids}): "
            f"false: {', '.join(_described(cti, name) for name in cti.false_after)}")
    else:
        say(f"The invariant does not imply {obligation.conjunct}: a state that satisfies every conjunct "
            "-- NOT NECESSARILY REACHABLE -- where it is false.")
        say(f"ids {ids} (position 0 first{', clockwise' if cti.graph is None else ''})")
        say(state_lines(cti.ids, locals_, channels) or "  (all channels empty)")
    if obligation.kind != "safety" and obligation.conjunct not in cti.false_after:
        say(f"note: evaluated on the state after the step, {obligation.conjunct} holds: z3's model and the "
            "concrete evaluation disagree (a bug in ringleader, please report it)")
    if cti.false_before:
        say(f"note: evaluated on this state, the invariant's {', '.join(cti.false_before)} is false: "
            "z3's model and the concrete evaluation disagree (a bug in ringleader, please report it)")
    say(_verdict(cti))
    reach = cti.reachability
    if reach is not None and reach.trace is not None and reach.trace.steps:
        say("a shortest execution reaching that state:")
        console.print(steps_table(reach.trace.steps))
    return out.getvalue()


def _described(cti, name: str) -> str:
    conjuncts = {c.name: c for c in cti.invariant.conjuncts}
    return f"{name} ({conjuncts[name].doc})" if name in conjuncts and conjuncts[name].doc else name


def _verdict(cti: CounterexampleToInduction) -> str:
    reach = cti.reachability
    ids = ",".join(map(str, cti.ids))
    if cti.obligation.kind == INITIATION:
        return "reachable: it is the initial state, so the conjunct is simply false."
    if reach is None:
        return "reachability not searched."
    if reach.status == REACHABLE and cti.step is None:
        return (f"REACHABLE: the explorer reaches this state for ids {ids} in {len(reach.trace.steps)} step(s) "
                f"(trace below), so {cti.obligation.conjunct} really fails: the algorithm is wrong.")
    if reach.status == REACHABLE:
        return (f"REACHABLE: the explorer reaches this state for ids {ids} in {len(reach.trace.steps)} step(s) "
                f"(trace below), so the step really happens: the algorithm, or the conjunct, is wrong.")
    explored = cti.invariant_on_reachable
    if reach.status == UNREACHABLE and explored is not None and explored.verdict == "verified":
        return (f"not reachable: every conjunct holds on all {explored.states:,} reachable states of every "
                f"arrangement of n = {len(cti.ids)} (the explorer: {explored.arrangements_checked} arrangements "
                f"standing for {explored.arrangements_represented}, no partial-order reduction), and a step from a reachable state cannot lead to one where a conjunct "
                f"is false. The invariant is true but too weak to be inductive: strengthen it with a conjunct "
                f"that excludes this state.")
    if reach.status == UNREACHABLE:
        return (f"not reachable: the explorer visited all {reach.states:,} reachable states for ids {ids} "
                f"(no partial-order reduction) and this is not one of them.")
    return f"reachability not decided: the search of ids {ids} stopped at {reach.states:,} states."
