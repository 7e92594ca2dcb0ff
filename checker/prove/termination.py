"""Termination and election for rings of every size: ``check lcr --all-n --termination``.

The argument (docs/proofs-all-n.md, "Termination and election"):

  * an invariant ``Inv``, the algorithm's all-n safety invariant with the ranking's supporting
    conjuncts, proved inductive by ``prove_all_n(..., exact=True)``: receptions remove the
    message, and every step's ``no_duplicate`` obligation shows no channel ever holds two
    copies of a message, so a channel's contents are its pending set;
  * a ranking written in specs/all_n/ (``specs.all_n.Ranking``): the sum of a potential per
    process and per message in flight. z3 checks, for every command, port and unmatched
    reception, with ``Inv`` before the step:
      - ``ranking >= 0``: every process's and every pending message's potential is >= 0;
      - ``ranking frame``: the step changes no other process's potential, nor that of any
        message already in flight;
      - ``ranking decreases``: the stepping process's change, minus the received message's
        potential, plus the sent messages' ones, is negative.
    The sum is not first-order; it is never given to z3. The step changes it by exactly what
    the last obligation computes, given the frame; so it decreases by at least 1 on every
    step and stays >= 0: no execution is infinite, whatever the scheduler (no fairness);
  * ``election at termination``: a state where no step is enabled (nothing pending, no
    spontaneous command enabled anywhere: the semantics consumes any head message, so a
    channel is empty there) has exactly one leader and every process decided on it (on its
    ``leader_id``). Checked on the initial state and on the state after every step from a
    state satisfying ``Inv``: every state an execution stops in is one of those. A finite
    execution stops only where no step is enabled, so every execution ends elected.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import z3

from models import ASYNCHRONOUS, Algorithm
from specs.all_n import Ranking, algorithms_with_a_ranking, invariant_for, ranking_for

from .all_n import NOT_ASKED, AllNProof, Obligation, _solve, past, prove_all_n
from .ring_model import render_model
from .ring_order import InitialState, Node, RingState, as_formula, distance_axioms, node_id, ring_axioms, smallest_axiom
from .ring_steps import AllNUnsupported, transitions
from .status import UNKNOWN, Translator

# What the termination proof adds to the safety properties the invariant implies.
LIVENESS = ["termination", "election", "agreement"]


@dataclass
class TerminationProof(AllNProof):
    ranking: Ranking | None = None

    @property
    def proves(self) -> list[str]:
        return super().proves + [p for p in LIVENESS if p != "agreement" or self.algorithm.leader_id is not None]

    def headline(self) -> str:
        return f"PROVED for every ring size: {', '.join(self.proves)}"

    def encoding(self) -> str:
        return ("ring as btw order with dist and size; ids injective into Int, one the largest, one the smallest; "
                "channels as sets of pending messages, a reception removing what it takes (exact: no channel "
                "holds two copies, the no_duplicate obligations); a step per command instance, unmatched "
                "receptions only of messages no command accepts")

    def assumptions(self) -> list[str]:
        return [
            "  fairness    none: every execution is finite, so no scheduler can starve a step forever",
            "  assumes     the semantics of docs/design.md: reliable FIFO channels (no loss, no duplication), "
            "one command instance per step, an execution stops only where no step is enabled",
            f"  ranking     {self.ranking.source}: the sum over processes and messages in flight "
            "(each copy) of their potentials",
        ]

    def failure_title(self, o: Obligation) -> str:
        if o.goal == "ranking decreases":
            return f"the ranking does not decrease at {o.step} (so an execution may go on forever)"
        if o.goal == "ranking frame":
            return f"{o.step} changes the potential of a process or message it does not touch"
        if o.goal.endswith("potential >= 0"):
            return f"{o.goal} fails in a state satisfying the invariant"
        if o.goal.endswith("at termination"):
            after = "in the initial state" if o.step == "initial" else f"after {o.step}"
            return (f"election at termination fails {after}: no step is enabled there, and not "
                    f"'{o.goal.removesuffix(' at termination')}'")
        return super().failure_title(o)

    def to_json(self) -> dict:
        return {**super().to_json(), "termination": True, "ranking": self.ranking.source}


def termination_supported(algorithm: type[Algorithm]) -> Ranking:
    """The algorithm's ranking, or AllNUnsupported (exit 2) saying why there is none to prove."""
    if algorithm.has_timeouts or algorithm.randomized or algorithm.timing != ASYNCHRONOUS:
        raise AllNUnsupported(f"{algorithm.name}: --termination is for asynchronous algorithms without timeouts "
                              "or draws (their termination needs fairness or probability)")
    ranking = ranking_for(algorithm)
    if ranking is None or invariant_for(algorithm) is None:
        raise AllNUnsupported(
            f"{algorithm.name}: no ranking is written for it or an algorithm it derives from (specs/all_n/); "
            f"the built-in ones with one are {', '.join(algorithms_with_a_ranking())}")
    return ranking


def _require_received_types(algorithm, state: RingState, steps) -> None:
    """Every message type a step sends is one some command receives: the encoding has a pending
    relation only for those, and a message nothing receives would be in no potential's sum."""
    for step in steps:
        for message_type, port, _, _ in step.after.added:
            if (message_type, port) not in state.channels:
                raise AllNUnsupported(
                    f"{algorithm.name}: {step.name} sends {message_type.__name__} messages that no command receives "
                    f"on {port}; --termination needs every message sent to be one a command receives")


def _message(message_type, fields):
    return message_type.from_values(tuple(fields))


def _potential(ranking: Ranking, message_type):
    if message_type not in ranking.messages:
        raise AllNUnsupported(f"{ranking.source} gives no potential to {message_type.__name__} messages")
    return ranking.messages[message_type]


def _int(term) -> z3.ArithRef:
    """A potential as an Int term (a plain int is one); anything else is a mistake in the ranking."""
    if z3.is_expr(term) and term.sort() == z3.IntSort():
        return term
    if isinstance(term, int) and not z3.is_expr(term):
        return z3.IntVal(int(term))
    raise AllNUnsupported(f"a potential must be an integer (an Int term of the vocabulary), got {term}")


def change(ranking: Ranking, transition) -> z3.ArithRef:
    """What the step adds to the ranking: p's new potential minus its old, minus the received
    message's, plus each sent message's (in the state after the step)."""
    after = transition.after
    before, p = after.before, after.p
    total = _int(ranking.process(after, p)) - _int(ranking.process(before, p))
    if after.removed is not None:
        message_type, port, fields = after.removed
        total = total - _int(_potential(ranking, message_type)(before, p, _message(message_type, fields), port))
    for message_type, port, node, fields in after.added:
        total = total + _int(_potential(ranking, message_type)(after, node, _message(message_type, fields), port))
    return total


def frame(ranking: Ranking, transition) -> z3.BoolRef:
    """Every other process, and every message pending before the step, keeps its potential."""
    after = transition.after
    before, p = after.before, after.p
    y = z3.Const("other_process", Node)
    kept = [z3.Implies(y != p, _int(ranking.process(after, y)) == _int(ranking.process(before, y)))]
    for (message_type, port), _ in before.channels.items():
        x = z3.Const(f"waiting_at_{message_type.__name__}_{port}", Node)
        fields = [z3.Const(f"pending_{message_type.__name__}.{f}", sort)
                  for f, sort in zip(message_type.fields, _sorts(before, message_type, port))]
        potential = _potential(ranking, message_type)
        m = _message(message_type, fields)
        kept.append(z3.Implies(before.pending_term(message_type, port, x, tuple(fields)),
                               _int(potential(after, x, m, port)) == _int(potential(before, x, m, port))))
    return z3.And(*kept)


def _sorts(state: RingState, message_type, port):
    relation = state.channels[message_type, port]
    return [relation.domain(k) for k in range(1, relation.arity())]


def bounded_below(ranking: Ranking, state: RingState):
    """(goal name, formula): every potential the ranking sums is >= 0 (in a state satisfying Inv)."""
    x = z3.Const("x", Node)
    yield "process potential >= 0", _int(ranking.process(state, x)) >= 0
    for (message_type, port), _ in state.channels.items():
        fields = [z3.Const(f"{message_type.__name__}.{f}", sort)
                  for f, sort in zip(message_type.fields, _sorts(state, message_type, port))]
        potential = _potential(ranking, message_type)(state, x, _message(message_type, fields), port)
        suffix = "" if len(state.in_ports) == 1 else f"@{port}"
        yield (f"{message_type.__name__}{suffix} potential >= 0",
               z3.Implies(state.pending_term(message_type, port, x, tuple(fields)), _int(potential) >= 0))


def guard_at(step, state: RingState, x) -> z3.BoolRef:
    """A spontaneous command's guard (read for process p of the state before) for process x of ``state``."""
    before, p = step.after.before, step.after.p
    pairs = [(before.local(p, k), state.local(x, k)) for k in range(len(before.locals))] + [(node_id(p), node_id(x))]
    return z3.substitute(step.guard, *pairs)


def terminal(state: RingState, steps) -> z3.BoolRef:
    """No step is enabled: nothing pending anywhere, no spontaneous command's guard true anywhere."""
    facts = []
    for message_type, port in state.channels:
        x = z3.Const("x", Node)
        fields = [z3.Const(f"{message_type.__name__}.{f}", sort)
                  for f, sort in zip(message_type.fields, _sorts(state, message_type, port))]
        facts.append(z3.ForAll([x, *fields], z3.Not(state.pending_term(message_type, port, x, tuple(fields)))))
    for step in steps:
        if step.spontaneous:
            x = z3.Const("x", Node)
            facts.append(z3.ForAll([x], z3.Not(guard_at(step, state, x))))
    return z3.And(*facts)


def election(algorithm: type[Algorithm], state: RingState):
    """(goal name, formula): what a terminal state must satisfy, one obligation each (a single
    query with the existential inside made z3 time out now and then on cr).

    A leader; every process decided, on the leader's id if the algorithm records one; and at
    most one leader.
    """
    leader, other, y = z3.Const("the_leader", Node), z3.Const("other_leader", Node), z3.Const("y", Node)
    yield "a leader at termination", z3.Exists([leader], state.is_leader(leader))
    decided = [as_formula(algorithm.decided(state.process(y)))]
    if algorithm.leader_id is not None:
        decided.append(z3.Implies(state.is_leader(leader), algorithm.leader_id(state.process(y)) == node_id(leader)))
    yield "all decided on it at termination", z3.ForAll([leader, y], z3.And(*decided))
    yield "one leader at termination", z3.ForAll([leader, other], z3.Implies(
        z3.And(state.is_leader(leader), state.is_leader(other)), leader == other))


_TERMINAL_NOTE = "  after the step no step is enabled (nothing pending, no spontaneous command enabled)"


def _ranking_lines(model, ranking: Ranking, transition) -> str:
    """The potentials the step changes, evaluated in the counterexample."""
    after = transition.after
    value = lambda term: model.eval(_int(term), model_completion=True)  # noqa: E731
    parts = [f"stepping process {value(ranking.process(after.before, after.p))} -> "
             f"{value(ranking.process(after, after.p))}"]
    if after.removed is not None:
        message_type, port, fields = after.removed
        m = _message(message_type, fields)
        parts.append(f"received {message_type.__name__} -{value(_potential(ranking, message_type)(after.before, after.p, m, port))}")
    for message_type, port, node, fields in after.added:
        m = _message(message_type, fields)
        parts.append(f"sent {message_type.__name__} +{value(_potential(ranking, message_type)(after, node, m, port))}")
    return f"  ranking     {'; '.join(parts)}: change {value(change(ranking, transition))} (must be < 0)"


def prove_termination(algorithm: type[Algorithm], timeout: float = 20.0,
                      time_limit: float | None = None) -> TerminationProof:
    """Prove every execution finite and ending in an election, for rings of every size (within
    ``time_limit`` seconds in all: what is not asked by then is unknown)."""
    ranking = termination_supported(algorithm)
    invariant = ranking.invariant(invariant_for(algorithm))
    if invariant.fifo:  # the ranking's own obligations below read a state without the order
        raise AllNUnsupported(f"{algorithm.name}: its all-n invariant reads a channel's order (fifo), which the "
                              "termination proof's ranking obligations do not encode yet")
    if invariant.ghosts is not None:  # a concrete state has no ghosts to weigh, nor does the ranking read them
        raise AllNUnsupported(f"{algorithm.name}: its all-n invariant keeps ghost variables, which the "
                              "termination proof does not encode yet")
    started = time.perf_counter()
    pre = RingState(algorithm)
    p = z3.Const("p", Node)
    steps = transitions(algorithm, pre, p, exact=True)
    _require_received_types(algorithm, pre, steps)
    proof = TerminationProof(algorithm, invariant, ranking=ranking)
    prove_all_n(algorithm, invariant, timeout, exact=True, proof=proof, time_limit=time_limit)
    # stopped (the invariant false on a reachable state): the ranking's own obligations are still asked,
    # which say where the ranking fails, from the states the invariant allows
    ms = max(1, int(timeout * 1000))
    axioms = ring_axioms() + [smallest_axiom()] + distance_axioms()
    before = [conjunct(pre) for conjunct in proof.invariant.conjuncts]

    translator = Translator()  # the ranking's obligations in a z3 context of their own (checker/prove/status.py)

    deadline = None if time_limit is None else started + time_limit

    def record(step_name, goal_name, hypotheses, goal, render):
        if past(deadline):
            proof.obligations.append(Obligation(step_name, goal_name, UNKNOWN, 0.0, None,
                                                NOT_ASKED.format(limit=time_limit)))
            return
        status, seconds, model, reason = _solve(hypotheses, goal, ms, small_rings=True, translator=translator,
                                                deadline=deadline)
        text = render(model) if model is not None else None
        proof.obligations.append(Obligation(step_name, goal_name, status, seconds, text, reason))

    for goal_name, goal in bounded_below(ranking, pre):
        record("ranking", goal_name, axioms + before, goal, lambda model: render_model(model, algorithm, pre))
    for transition in steps:
        def render(model, t=transition):
            return render_model(model, algorithm, pre, t, p) + "\n" + _ranking_lines(model, ranking, t)
        record(transition.name, "ranking frame", axioms + before + transition.hypotheses, frame(ranking, transition),
               render)
        record(transition.name, "ranking decreases", axioms + before + transition.hypotheses,
               change(ranking, transition) < 0, render)
    # election at termination, on every state a step (or nothing) can end in
    initial = InitialState(algorithm)
    for goal_name, goal in election(algorithm, initial):
        record("initial", goal_name, axioms + [terminal(initial, steps)], goal,
               lambda model: render_model(model, algorithm, initial))
    for transition in steps:
        for goal_name, goal in election(algorithm, transition.after):
            record(transition.name, goal_name, axioms + before + transition.hypotheses + [terminal(transition.after, steps)],
                   goal, lambda model, t=transition: render_model(model, algorithm, pre, t, p) + "\n" + _TERMINAL_NOTE)
    proof.seconds = time.perf_counter() - started
    return proof
