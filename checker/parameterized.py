"""All-n proofs: an invariant of a ring algorithm, proved inductive for rings of every size.

``check cr --prove --all-n``. The ring, ids, locals and channels are first-order (see
``checker.ring_order``); the transition relation is read from the algorithm module itself:
each command (per arrival port) is executed on z3 terms by ``models.symbolic``, its guard
becomes a hypothesis, its new locals the locals of the process that steps, and each send
"add this message to the pending set of the neighbour the port leads to". Nothing per
algorithm is written here; only the invariant is written by hand (specs/all_n/).

Obligations, each with its own solver and timeout:
  * initial / conjunct   -- the initial state of any ring satisfies the conjunct;
  * step / conjunct      -- the invariant before a step implies the conjunct after it, for
                            every command and arrival port, plus the reception of a message
                            no command accepts (consumed without effect);
  * invariant / property -- the invariant implies at most one leader and, where the
                            algorithm promises it, that the leader has the extremal id.
A failed obligation comes with z3's model: a counterexample to induction, a state of the
set system satisfying the invariant (not necessarily reachable) and the step that breaks it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import IntEnum

import z3

from models import LARGEST, SMALLEST, Algorithm, AlgorithmError, BidirectionalRing, UnidirectionalRing
from models.symbolic import SymbolicProcess, execute, symbolic_message
from specs.all_n import AllNInvariant, invariant_for

from .ring_model import render_model
from .ring_order import AfterStep, InitialState, Node, RingState, is_next, message_types, node_id, ring_axioms

PROVED, FAILED, UNKNOWN = "proved", "failed", "unknown"


class AllNUnsupported(AlgorithmError):
    """The algorithm cannot be put in the all-n encoding (a one-line reason, exit status 2)."""


@dataclass
class Transition:
    """One command instance of an arbitrary process ``p``, as hypotheses and the state after."""

    name: str
    hypotheses: list
    after: AfterStep
    message: tuple = ()  # the received message's field constants
    nonlinear: tuple = ()  # terms outside linear arithmetic, kept as they are (see notes())


@dataclass
class Obligation:
    step: str  # "initial", a command (with its port), or "invariant"
    goal: str  # a conjunct or a property
    status: str = UNKNOWN
    seconds: float = 0.0
    counterexample: str | None = None
    reason: str | None = None


@dataclass
class AllNProof:
    algorithm: type[Algorithm]
    invariant: AllNInvariant
    obligations: list[Obligation] = field(default_factory=list)
    seconds: float = 0.0
    never_enabled: list[str] = field(default_factory=list)  # steps no invariant state enables
    nonlinear: list[str] = field(default_factory=list)  # "step: term" outside linear arithmetic

    @property
    def verdict(self) -> str:
        statuses = {o.status for o in self.obligations}
        return FAILED if FAILED in statuses else UNKNOWN if UNKNOWN in statuses else PROVED

    @property
    def exit_status(self) -> int:
        return {PROVED: 0, FAILED: 1, UNKNOWN: 3}[self.verdict]

    def failed(self) -> list[Obligation]:
        return [o for o in self.obligations if o.status == FAILED]

    def summary(self) -> str:
        a = self.algorithm
        headline = {PROVED: "PROVED for every ring size", FAILED: "NOT PROVED (an obligation fails)",
                    UNKNOWN: "NOT PROVED (an obligation is unknown: timeout)"}[self.verdict]
        lines = [
            f"{a.name} on {a.topology.kind}s of every size n >= 1: {headline}",
            f"  invariant   {', '.join(self.invariant.names())}  ({self.invariant.source})",
            "  encoding    ring as btw order; ids injective into Int; channels over-approximated by sets of "
            "pending messages (sound for safety)",
            f"  obligations {len(self.obligations)}: {sum(o.status == PROVED for o in self.obligations)} proved, "
            f"{len(self.failed())} failed, {sum(o.status == UNKNOWN for o in self.obligations)} unknown "
            f"in {self.seconds:.2f} s",
        ]
        lines += [f"  note        {item} is non-linear; kept as a z3 term (decided if the proof does not depend "
                  "on its value, else unknown)" for item in self.nonlinear]
        lines += [f"  warning     no state satisfying the invariant enables {name}: its obligations hold vacuously"
                  for name in self.never_enabled]
        lines.append("")
        width_step = max(len(o.step) for o in self.obligations)
        width_goal = max(len(o.goal) for o in self.obligations)
        lines.append(f"  {'step':<{width_step}}  {'preserves / implies':<{width_goal}}  result    time")
        for o in self.obligations:
            note = f"  ({o.reason})" if o.reason else ""
            lines.append(f"  {o.step:<{width_step}}  {o.goal:<{width_goal}}  {o.status:<8}  {o.seconds:.2f} s{note}")
        for o in self.failed():
            lines += ["", f"{o.goal} is not preserved by {o.step}" if o.step not in ("initial", "invariant")
                      else f"{o.goal} fails at {o.step}", o.counterexample or "  (no model)"]
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {
            "algorithm": self.algorithm.name, "all_n": True, "verdict": self.verdict,
            "invariant": self.invariant.names(), "seconds": round(self.seconds, 3),
            "obligations": [{"step": o.step, "goal": o.goal, "status": o.status, "seconds": round(o.seconds, 3),
                             "counterexample": o.counterexample} for o in self.obligations],
        }


def _routes(algorithm: type[Algorithm]) -> dict[str, tuple[str, str]]:
    """out port -> ("next" or "previous", the port the message arrives on there)."""
    if not issubclass(algorithm.topology, (UnidirectionalRing, BidirectionalRing)):
        raise AllNUnsupported(f"{algorithm.name}: all-n proofs are for rings; its topology is {algorithm.topology.kind}")
    topology = algorithm.topology(3)
    routes = {}
    for port in topology.out_ports(0):
        channel = topology.channels[topology.out_channel(0, port)]
        routes[port] = ({1: "next", 2: "previous"}[channel.receiver], channel.in_port)
    return routes


def transitions(algorithm: type[Algorithm], pre: RingState, p) -> list[Transition]:
    """Every command instance of process ``p`` (plus unmatched receptions), read from the commands."""
    if algorithm.knows_n:
        raise AllNUnsupported(
            f"{algorithm.name} reads the ring size p.n (it is non-uniform); the all-n encoding leaves n "
            "unbounded, so prove it for one n with --prove --n N")
    routes = _routes(algorithm)
    neighbours = {"next": z3.Const("next_of_p", Node), "previous": z3.Const("previous_of_p", Node)}
    facts = {"next": is_next(p, neighbours["next"]), "previous": is_next(neighbours["previous"], p)}
    process = SymbolicProcess(algorithm, 3, name="p")
    into_p = [(x, pre.local(p, k)) for k, x in enumerate(process.locals)] + [(process.id, node_id(p))]
    found = []

    def add(name, guard, new_locals, sends, received):
        hypotheses, added = [guard], []
        for out_port, message_type, fields in sends:
            where, in_port = routes[out_port]
            hypotheses.append(facts[where])
            added.append((message_type, in_port, neighbours[where], fields))
        consumed = None
        if received is not None:
            message_type, port, fields = received
            hypotheses.append(pre.pending_term(message_type, port, p, fields))
            consumed = z3.Bool(f"consumed_{len(found)}")
        terms = [guard, *new_locals, *(f for *_, fields in sends for f in fields)]
        found.append(Transition(name, hypotheses, AfterStep(pre, p, new_locals, added, received, consumed),
                                received[2] if received else (), tuple(t for t in terms if _nonlinear(t))))

    for command in algorithm.commands:
        ports = [None] if command.kind == "spontaneous" else [q for q in pre.in_ports if command.enabled_on(q)]
        for port in ports:
            step = execute(algorithm, command, 3, port, process=process)
            def into(term):
                return z3.substitute(term, *into_p)
            received = None if port is None else (command.message, port, tuple(step.message[1:]))
            sends = [(out_port, t, tuple(into(f) for f in fields)) for out_port, t, fields in step.sends]
            name = command.name if port is None or len(pre.in_ports) == 1 else f"{command.name}@{port}"
            add(name, into(step.guard), [into(x) for x in step.locals], sends, received)
    for message_type in message_types(algorithm):
        for port in pre.in_ports:
            message = symbolic_message(message_type, "m")
            name = f"unmatched {message_type.__name__}" + ("" if len(pre.in_ports) == 1 else f"@{port}")
            add(name, z3.BoolVal(True), [pre.local(p, k) for k in range(len(pre.locals))], [],
                (message_type, port, tuple(message[1:])))
    return found


_NONLINEAR_OPS = (z3.Z3_OP_POWER, z3.Z3_OP_DIV, z3.Z3_OP_IDIV, z3.Z3_OP_MOD, z3.Z3_OP_REM)


def _nonlinear(term) -> bool:
    """Does the term compute outside linear integer arithmetic (2 ** k, x * y, division)?"""
    pending = [term]
    while pending:
        t = pending.pop()
        if z3.is_app(t):
            kind = t.decl().kind()
            if kind in _NONLINEAR_OPS or (kind == z3.Z3_OP_MUL and sum(not z3.is_int_value(c) for c in t.children()) > 1):
                return True
            pending.extend(t.children())
    return False


def safety_properties(algorithm: type[Algorithm]):
    """(name, formula builder) for the safety the invariant must imply, from the algorithm's decisions."""
    yield "at-most-one-leader", lambda ring: ring.forall(
        lambda x, y: z3.Implies(z3.And(ring.is_leader(x), ring.is_leader(y)), x == y))
    if algorithm.winner in (LARGEST, SMALLEST):
        def extremal(ring):
            def better_or_equal(x, y):
                return ring.id(y) <= ring.id(x) if algorithm.winner == LARGEST else ring.id(x) <= ring.id(y)
            return ring.forall(lambda x, y: z3.Implies(z3.And(ring.is_leader(x), ring.candidate(y)),
                                                       better_or_equal(x, y)))
        yield f"leader-is-{algorithm.winner}", extremal


def declared_types(algorithm: type[Algorithm]):
    """A generated conjunct: every enumerated local (Color, Decision, ...) holds one of its members.

    True by the declarations, proved like any conjunct; it keeps counterexamples readable
    (no color 12) and lets hand-written conjuncts rely on it. None if there is nothing to say.
    """
    layout = RingState(algorithm).layout
    enumerated = [(k, variable.type) for k, (_, _, variable) in enumerate(layout.slots)
                  if isinstance(variable.type, type) and issubclass(variable.type, IntEnum)]
    if not enumerated:
        return None

    def types(ring):
        return ring.forall(lambda x: z3.And(*(
            z3.Or(*(ring.local(x, k) == int(member) for member in value_type)) for k, value_type in enumerated)))

    return types


def _enabled(hypotheses, timeout_ms: int):
    """Whether some state satisfying the invariant enables a step (else its obligations are vacuous)."""
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(*hypotheses)
    return solver.check()


def _solve(hypotheses, goal, timeout_ms: int):
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(*hypotheses)
    solver.add(z3.Not(goal))
    started = time.perf_counter()
    answer = solver.check()
    seconds = time.perf_counter() - started
    if answer == z3.unsat:
        return PROVED, seconds, None, None
    if answer == z3.sat:
        model = solver.model()
        solver.set("timeout", max(1, timeout_ms // 4))  # a model with small ids reads better, if one exists
        x = z3.Const("x", Node)
        solver.add(z3.ForAll([x], node_id(x) <= 9))
        if solver.check() == z3.sat:
            model = solver.model()
        return FAILED, time.perf_counter() - started, model, None
    return UNKNOWN, seconds, None, solver.reason_unknown()


def prove_all_n(algorithm: type[Algorithm], invariant: AllNInvariant | None = None,
                timeout: float = 20.0) -> AllNProof:
    """Prove ``invariant`` (default: the one in specs/all_n for the algorithm) inductive for every n."""
    invariant = invariant or invariant_for(algorithm)
    if invariant is None:
        raise AllNUnsupported(
            f"{algorithm.name}: no all-n invariant is written for it or an algorithm it derives from "
            "(specs/all_n/); the built-in ones are lcr, cr and hs")
    typing = declared_types(algorithm)
    if typing is not None:
        invariant = AllNInvariant(invariant.algorithm, (typing, *invariant.conjuncts), invariant.source)
    started = time.perf_counter()
    ms = max(1, int(timeout * 1000))
    pre = RingState(algorithm)
    p = z3.Const("p", Node)
    steps = transitions(algorithm, pre, p)
    axioms = ring_axioms()
    before = [conjunct(pre) for conjunct in invariant.conjuncts]
    proof = AllNProof(algorithm, invariant)

    def record(step_name, goal_name, hypotheses, goal, render):
        status, seconds, model, reason = _solve(hypotheses, goal, ms)
        text = render(model) if model is not None else None
        proof.obligations.append(Obligation(step_name, goal_name, status, seconds, text, reason))

    initial = InitialState(algorithm)
    for conjunct in invariant.conjuncts:
        record("initial", conjunct.__name__, axioms, conjunct(initial),
               lambda model: render_model(model, algorithm, initial))
    for transition in steps:
        proof.nonlinear += dict.fromkeys(f"{transition.name}: {term}" for term in transition.nonlinear)
        if _enabled(axioms + before + transition.hypotheses, ms) == z3.unsat:
            proof.never_enabled.append(transition.name)
        for conjunct in invariant.conjuncts:
            record(transition.name, conjunct.__name__, axioms + before + transition.hypotheses,
                   conjunct(transition.after),
                   lambda model, t=transition: render_model(model, algorithm, pre, t, p))
    for name, formula in safety_properties(algorithm):
        record("invariant", name, axioms + before, formula(pre), lambda model: render_model(model, algorithm, pre))
    proof.seconds = time.perf_counter() - started
    return proof


def cli(argv: list[str]) -> int:
    """``check ALGO --prove --all-n [--timeout S] [--json]`` (``--all-n`` alone implies ``--prove``)."""
    import argparse
    import json

    from .loader import load_algorithm

    class Parser(argparse.ArgumentParser):
        def error(self, message):
            raise AlgorithmError(f"{message} (with --all-n: check ALGO --prove --all-n [--timeout S] [--json])")

    parser = Parser(prog="check ALGO --all-n", add_help=False)
    parser.add_argument("algorithm", nargs="?")
    parser.add_argument("--all-n", action="store_true")
    parser.add_argument("--prove", action="store_true")
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--n")
    args = parser.parse_args(argv)
    if args.n is not None:
        raise AlgorithmError(f"--all-n proves for every ring size; drop --n {args.n} "
                             f"(or prove for one size with --prove --n {args.n})")
    if not args.algorithm:
        raise AlgorithmError("name an algorithm, e.g. `check cr --prove --all-n`")
    if args.timeout <= 0:
        raise AlgorithmError("--timeout must be a positive number of seconds")
    proof = prove_all_n(load_algorithm(args.algorithm), timeout=args.timeout)
    print(json.dumps(proof.to_json(), indent=2) if args.json else proof.summary())
    return proof.exit_status
