"""Theorems about every algorithm at once, proved by z3: ``check theorem NAME``.

anonymous-ring -- seed 000_f26e5a13e7d0ddb1.txt: "Impossibility result: there is no
synchronous, non-uniform algorithm if the processors are anonymous." The algorithm is left
uninterpreted: a state sort, a message sort, the initial state, the messages a process sends
clockwise and anticlockwise from its state, and its next state from its state and the two
messages it receives. Any deterministic algorithm is one interpretation of these symbols, and
a non-uniform one (knowing n) is one too, since in a given ring n is a constant. The ring is
a process sort with clockwise and anticlockwise neighbour functions, any size. Induction over
rounds: (base) all processes start in the same state; (step) if all are in the same state
before a round, they are after it; so no round ever ends with exactly one leader (there are
at least two processes). The control: if processes start with distinct ids, the base case
fails, and z3 shows two processes in different initial states.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import z3

from .status import FAILED, PROVED, UNKNOWN, Outcome, in_main, refute

__all__ = ["THEOREMS", "PROVED", "FAILED", "UNKNOWN", "prove_anonymous_ring"]


@dataclass
class Step:
    name: str
    claim: str
    status: str = UNKNOWN
    seconds: float = 0.0
    counterexample: str | None = None


@dataclass
class TheoremProof(Outcome):
    name: str
    statement: str
    model: list[str]
    steps: list[Step] = field(default_factory=list)

    def statuses(self):
        return [s.status for s in self.steps]

    def summary(self) -> str:
        lines = [f"theorem {self.name}: {self.verdict.upper()}", f"  {self.statement}", "  model"]
        lines += [f"    {line}" for line in self.model]
        width = max(len(s.name) for s in self.steps)
        lines.append("  obligations")
        for s in self.steps:
            lines.append(f"    {s.name:<{width}}  {s.status:<7}  {s.seconds:.2f} s  {s.claim}")
        for s in self.steps:
            if s.counterexample:
                lines += [f"  {s.name} fails:", s.counterexample]
        return "\n".join(lines)


def _check(step: Step, hypotheses, goal, render=None, timeout_ms: int = 10_000) -> Step:
    step.status, step.seconds, solver = refute(hypotheses, goal, timeout_ms)
    if step.status == FAILED and render is not None:
        step.counterexample = render(in_main(solver.model()))
    return step


class AnonymousRing:
    """The symbols of an arbitrary synchronous algorithm on a ring of arbitrary size."""

    def __init__(self, distinct_ids: bool = False):
        self.distinct_ids = distinct_ids
        self.Process, self.State, self.Message = (z3.DeclareSort(s) for s in ("Process", "State", "Message"))
        P, S, M = self.Process, self.State, self.Message
        self.clockwise = z3.Function("clockwise", P, P)  # the neighbour a clockwise message goes to
        self.anticlockwise = z3.Function("anticlockwise", P, P)
        self.send_cw = z3.Function("send_cw", S, M)  # what a process sends clockwise from its state
        self.send_ccw = z3.Function("send_ccw", S, M)
        self.step = z3.Function("step", S, M, M, S)  # state, message from anticlockwise, from clockwise
        self.leader = z3.Function("leader", S, z3.BoolSort())
        self.uid = z3.Function("uid", P, z3.IntSort())  # used only by the control with distinct ids
        self.initial = z3.Function("initial", z3.IntSort(), S) if distinct_ids else z3.Const("initial", S)

    def initial_state(self, i):
        return self.initial(self.uid(i)) if self.distinct_ids else self.initial

    def after_round(self, state):
        """The state function after one synchronous round, from the one before (a Python function)."""
        return lambda i: self.step(state(i), self.send_cw(state(self.anticlockwise(i))),
                                   self.send_ccw(state(self.clockwise(i))))

    def symmetric(self, state) -> z3.BoolRef:
        i, j = z3.Consts("i j", self.Process)
        return z3.ForAll([i, j], state(i) == state(j))

    def assumptions(self) -> list:
        if not self.distinct_ids:
            return []
        i, j = z3.Consts("i j", self.Process)
        return [z3.ForAll([i, j], z3.Implies(self.uid(i) == self.uid(j), i == j))]

    def render_two_states(self, state):
        def render(model):
            processes = model.get_universe(self.Process) or []
            shown = [f"    process {k} ({self._uid(model, p)}) starts in {model.eval(state(p), model_completion=True)}"
                     for k, p in enumerate(processes[:3])]
            return "\n".join(["    two processes in different states (an interpretation z3 found):", *shown])
        return render

    def _uid(self, model, p):
        return f"id {model.eval(self.uid(p), model_completion=True)}" if self.distinct_ids else "anonymous"


def prove_anonymous_ring(distinct_ids: bool = False, rounds: int = 3, n: int = 4) -> TheoremProof:
    """The induction over rounds for every ring size, plus an unrolled check of ``rounds`` rounds at ``n``."""
    ring = AnonymousRing(distinct_ids)
    label = "with distinct ids (the control: must NOT prove)" if distinct_ids else ""
    proof = TheoremProof(
        "anonymous-ring" + (" --with-ids" if distinct_ids else ""),
        "seed 000: in a synchronous ring of anonymous processes, any deterministic algorithm (non-uniform "
        "too) keeps all processes in identical states after every round, so no unique leader is ever "
        f"elected. {label}".strip(),
        [
            "sorts Process, State, Message (uninterpreted: any ring size, any algorithm)",
            "clockwise, anticlockwise: Process -> Process (the neighbours)",
            "initial: State" + (" of the process's id (distinct ids)" if distinct_ids else " (the same for all: anonymous)"),
            "send_cw, send_ccw: State -> Message; step: State x Message x Message -> State; leader: State -> Bool",
            "a round: state'(i) = step(state(i), send_cw(state(anticlockwise(i))), send_ccw(state(clockwise(i))))",
        ],
    )
    initial = ring.initial_state
    proof.steps.append(_check(
        Step("base", "after round 0 (the initial states) all processes are in the same state"),
        ring.assumptions(), ring.symmetric(initial), ring.render_two_states(initial)))
    before = z3.Function("before", ring.Process, ring.State)
    proof.steps.append(_check(
        Step("step", "if all processes are in the same state before a round, they are after it"),
        ring.assumptions() + [ring.symmetric(before)], ring.symmetric(ring.after_round(before))))
    a, b, i, j = z3.Consts("a b i j", ring.Process)
    exactly_one = z3.Exists([i], z3.And(ring.leader(before(i)),
                                       z3.ForAll([j], z3.Implies(j != i, z3.Not(ring.leader(before(j)))))))
    proof.steps.append(_check(
        Step("no unique leader", "in a ring of two or more processes in the same state, not exactly one is leader"),
        [ring.symmetric(before), a != b], z3.Not(exactly_one)))
    proof.steps.append(_unrolled(ring, n, rounds))
    return proof


def _unrolled(ring: AnonymousRing, n: int, rounds: int) -> Step:
    """Not induction: a ring of exactly n processes, ``rounds`` rounds executed symbolically."""
    processes = [z3.Const(f"q{k}", ring.Process) for k in range(n)]
    x = z3.Const("x", ring.Process)
    ring_of_n = [z3.Distinct(*processes), z3.ForAll([x], z3.Or(*(x == q for q in processes)))] if n > 1 else []
    ring_of_n += [ring.clockwise(processes[k]) == processes[(k + 1) % n] for k in range(n)]
    ring_of_n += [ring.anticlockwise(processes[k]) == processes[(k - 1) % n] for k in range(n)]
    states = [ring.initial_state(q) for q in processes]
    for _ in range(rounds):
        states = [ring.step(states[k], ring.send_cw(states[(k - 1) % n]), ring.send_ccw(states[(k + 1) % n]))
                  for k in range(n)]
    goal = z3.And(*(states[0] == s for s in states[1:])) if n > 1 else z3.BoolVal(True)
    return _check(Step(f"unrolled n={n}", f"a ring of exactly {n}: identical states after {rounds} rounds, "
                       "by executing them (no induction)"), ring.assumptions() + ring_of_n, goal)


THEOREMS = {
    "anonymous-ring": ("seed 000_f26e5a13e7d0ddb1.txt: no synchronous (even non-uniform) algorithm elects a "
                       "leader in an anonymous ring", prove_anonymous_ring),
}
