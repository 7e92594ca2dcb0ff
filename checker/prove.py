"""``check ALGO --n N --prove``: z3 proves that an algorithm's invariant is inductive for ring size n.

For every arrangement of the ids at once (n Int constants, distinct, within 1..n) and with
unbounded channels (z3 sequences, models/symbolic_ring.py), three kinds of obligation:
  * initiation  -- each conjunct holds in the initial state;
  * consecution -- for each command instance (command x process x arrival port, and the
    unmatched reception of each port) and each conjunct: if the whole invariant holds and the
    guard is true, the conjunct holds after the step;
  * safety      -- the invariant implies at-most-one-leader and, where the algorithm promises
    it, that a leader has the extremal id among the candidates.
Each obligation is its own solver with its own timeout: small queries z3 answers at once,
where one query over the whole transition relation does not finish. An obligation is proved
(unsat), failed (a counterexample: checker/cti.py) or unknown (timeout, or z3 gave up).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from models import LARGEST, Algorithm, AlgorithmError
from models.symbolic_ring import RingTerms, SymbolicRing
from specs.invariants import Conjunct, ForAll, Invariant, RingState, invariant_for
from models import And, Implies, Not

PROVED, FAILED, UNKNOWN = "proved", "failed", "unknown"
INITIATION, CONSECUTION, SAFETY = "initiation", "consecution", "safety"


@dataclass
class Obligation:
    kind: str
    conjunct: str  # the conjunct, or the safety property
    process: int | None = None
    command: str | None = None
    port: str | None = None
    status: str = UNKNOWN
    seconds: float = 0.0
    reason: str = ""  # why z3 answered unknown

    @property
    def label(self) -> str:
        if self.kind != CONSECUTION:
            return f"{self.kind} of {self.conjunct}"
        at = f"p{self.process}" + (f" on {self.port}" if self.port else "")
        return f"{self.conjunct} preserved by {self.command} at {at}"

    def to_json(self) -> dict:
        return {
            "kind": self.kind, "conjunct": self.conjunct, "command": self.command, "process": self.process,
            "port": self.port, "status": self.status, "seconds": round(self.seconds, 4),
            **({"reason": self.reason} if self.reason else {}),
        }


@dataclass
class Failure:
    """A failed obligation's model: the state before (and after, for consecution) as the explorer's states."""

    obligation: Obligation
    ids: tuple[int, ...]
    before: tuple
    after: tuple | None


@dataclass
class Proof:
    algorithm: type[Algorithm]
    n: int
    invariant: type[Invariant]
    timeout: float
    obligations: list[Obligation] = field(default_factory=list)
    failure: Failure | None = None  # the first failed obligation's counterexample
    seconds: float = 0.0

    @property
    def verdict(self) -> str:
        statuses = {o.status for o in self.obligations}
        return FAILED if FAILED in statuses else UNKNOWN if UNKNOWN in statuses else PROVED


def safety_conjuncts(algorithm: type[Algorithm]) -> list[Conjunct]:
    """The safety properties of specs/election.py as state formulas the invariant must imply."""
    def at_most_one_leader(s):
        return ForAll(s.processes, lambda p: ForAll(s.processes, lambda q: Implies(
            p.position < q.position, Not(And(s.is_leader(p), s.is_leader(q))))))

    result = [Conjunct("at-most-one-leader", at_most_one_leader, "no two processes are leader")]
    if algorithm.winner is not None:
        def extremal(s):
            def beats(p, q):
                return q.id <= p.id if algorithm.winner == LARGEST else q.id >= p.id
            return ForAll(s.processes, lambda p: Implies(s.is_leader(p),
                ForAll(s.processes, lambda q: Implies(s.candidate(q), beats(p, q)))))

        result.append(Conjunct(f"leader-is-{algorithm.winner}", extremal,
                               f"a leader has the {algorithm.winner} id among the candidates"))
    return result


def _formula(value) -> z3.BoolRef:
    return value if z3.is_expr(value) else z3.BoolVal(bool(value))


class _Prover:
    def __init__(self, algorithm: type[Algorithm], n: int, invariant: type[Invariant], timeout: float):
        self.algorithm, self.n, self.invariant = algorithm, n, invariant
        self.timeout_ms = max(1, int(timeout * 1000))
        self.ring = SymbolicRing(algorithm, n)
        self.before = self.ring.fresh("s")
        self.arrangement = self.ring.arrangement(self.before)
        self.first_failure: Failure | None = None

    def view(self, terms: RingTerms) -> RingState:
        return RingState(self.algorithm, terms.ids, terms.locals, terms.channels, self.ring.messages)

    def evaluate(self, c: Conjunct, terms: RingTerms) -> z3.BoolRef:
        try:
            return _formula(c(self.view(terms)))
        except z3.Z3Exception as error:
            raise AlgorithmError(
                f"{self.invariant.__name__}.{c.name} (line {c.line}) cannot be read symbolically ({error}): "
                "use And/Or/Not/Implies and ForAll/Exists, not Python's and/or/not/if/all/any"
            ) from None

    def solve(self, obligation: Obligation, premises, goal: z3.BoolRef, before: RingTerms,
              after: RingTerms | None = None) -> Obligation:
        started = time.perf_counter()
        solver = z3.Solver()
        solver.set("timeout", self.timeout_ms)
        solver.add(self.arrangement, *premises, z3.Not(goal))
        answer = solver.check()
        obligation.seconds = time.perf_counter() - started
        if answer == z3.unsat:
            obligation.status = PROVED
        elif answer == z3.sat:
            obligation.status = FAILED
            if self.first_failure is None:
                model = _smallest_model(solver, before) or solver.model()
                ids, state_before = self.ring.decode(model, before)
                state_after = self.ring.decode(model, after)[1] if after is not None else None
                self.first_failure = Failure(obligation, ids, state_before, state_after)
        else:
            obligation.status = UNKNOWN
            obligation.reason = solver.reason_unknown()
        return obligation

    def obligations(self):
        ring, before, invariant = self.ring, self.before, self.invariant
        initial = ring.initial(before.ids)
        for c in invariant.conjuncts:
            yield self.solve(Obligation(INITIATION, c.name), [], self.evaluate(c, initial), initial)
        holds_before = [self.evaluate(c, before) for c in invariant.conjuncts]
        for transition in ring.transitions(before):
            for c, was in zip(invariant.conjuncts, holds_before):
                obligation = Obligation(CONSECUTION, c.name, transition.process, transition.command, transition.port)
                now = self.evaluate(c, transition.after)
                if now.eq(was):  # the step leaves everything the conjunct reads as it was
                    obligation.status = PROVED
                    yield obligation
                    continue
                yield self.solve(obligation, [*holds_before, transition.guard], now, before, transition.after)
        for c in safety_conjuncts(self.algorithm):
            yield self.solve(Obligation(SAFETY, c.name), holds_before, self.evaluate(c, before), before)


def _smallest_model(solver: z3.Solver, state: RingTerms, most: int = 6) -> z3.ModelRef | None:
    """A model with as few messages in flight as possible (up to ``most``): small
    counterexamples are easier to read and more often reachable."""
    total = z3.Sum(*(z3.Length(c) for c in state.channels)) if state.channels else z3.IntVal(0)
    for bound in range(most + 1):
        solver.push()
        solver.add(total <= bound)
        answer = solver.check()
        model = solver.model() if answer == z3.sat else None
        solver.pop()
        if model is not None:
            return model
    return None


def prove(algorithm: type[Algorithm], n: int, invariant: type[Invariant] | None = None,
          timeout: float = 30.0, progress=None) -> Proof:
    """Prove ``invariant`` (default: the algorithm's own, see specs.invariants.invariant_for)
    inductive for rings of n processes, and that it implies the safety properties."""
    if n < 1:
        raise AlgorithmError("--n must be at least 1")
    invariant = invariant or invariant_for(algorithm)
    if invariant is None:
        raise AlgorithmError(
            f"{algorithm.name} has no inductive invariant to prove: write one (docs/proofs.md) "
            "beside the algorithm or give it with --invariant FILE.py"
        )
    started = time.perf_counter()
    prover = _Prover(algorithm, n, invariant, timeout)
    proof = Proof(algorithm, n, invariant, timeout)
    for obligation in prover.obligations():
        proof.obligations.append(obligation)
        if progress is not None:
            progress(obligation)
    proof.failure = prover.first_failure
    proof.seconds = time.perf_counter() - started
    return proof
