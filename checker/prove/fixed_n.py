"""``check ALGO --n N --prove``: z3 proves that an algorithm's invariant is inductive for ring size n.

For every arrangement of the ids at once (n Int constants, distinct, within 1..n) and with
unbounded channels (z3 sequences, models/reading/symbolic_ring.py), three kinds of obligation:
  * initiation  -- each conjunct holds in the initial state;
  * consecution -- for each command instance (command x process x arrival port, and the
    unmatched reception of each port) and each conjunct: if the whole invariant holds and the
    guard is true, the conjunct holds after the step;
  * safety      -- the invariant implies at-most-one-leader and, where the algorithm promises
    it, that a leader has the extremal id among the candidates;
  * stability   -- for each command instance: if the invariant holds and the guard is true,
    a process that has decided keeps its decision (decided, leader or not, the leader id it
    records), as specs/election.py's stability asks of every step;
  * vacuity     -- for each command instance, some state satisfying the invariant enables it:
    an instance nothing enables would have its consecution obligations proved for nothing,
    which is how an unfaithful reading (a guard z3 reads as False) once passed for a proof.
    The witness is looked for first in a reachable state where the semantics takes the
    instance (pinned, z3 decides it at once), then among all states. Unless exploring every
    arrangement at n completely shows that it never runs (a ring too small for it), such an
    instance fails the proof.
Before any of them, checker/prove/faithfulness.py checks that z3 reads what Python runs: the
commands' and decision functions' readings, and the proof's own formulas on sampled states;
a disagreement refuses the proof (exit 2) rather than prove something about another algorithm.
Each obligation is its own query, with its own timeout: small queries z3 answers at once,
where one query over the whole transition relation does not finish. A quick solver that
instantiates quantifiers only by pattern matching goes first; z3's default configuration
(which can also confirm counterexamples) gets the obligations it does not prove. An obligation is proved
(unsat), failed (a counterexample: checker/cti.py) or unknown (timeout, or z3 gave up).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from models import LARGEST, UNMATCHED, Algorithm, AlgorithmError, And, Implies, Not
from models.dsl.algorithm import message_bound_at
from models.reading.faithful import faithful_operators
from models.reading.symbolic_ring import RingTerms, SymbolicRing
from specs import election_spec
from specs.invariants import Conjunct, ForAll, Invariant, RingState, require_invariant

from .faithfulness import check_states, port_number_read, require_faithful_readings, runs_of

PROVED, FAILED, UNKNOWN = "proved", "failed", "unknown"
INITIATION, CONSECUTION, SAFETY, VACUITY, STABILITY = "initiation", "consecution", "safety", "vacuity", "stability"
ROTATION = "rotation"  # a conjunct holds on the ring rotated by one place (what the rotation reduction rests on)
BY_ROTATION = "by rotation: process 0's obligations for this step hold, and so does the invariant on every rotation"


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
    def at(self) -> str:
        return f"{self.command} at p{self.process}" + (f" on {self.port}" if self.port else "")

    @property
    def label(self) -> str:
        if self.kind == VACUITY:
            return f"some state satisfying the invariant enables {self.at}"
        if self.kind == STABILITY:
            return f"decisions kept by {self.at}"
        if self.kind == ROTATION:
            return f"{self.conjunct} holds on the ring rotated by one place"
        if self.kind != CONSECUTION:
            return f"{self.kind} of {self.conjunct}"
        return f"{self.conjunct} preserved by {self.at}"

    @property
    def dead(self) -> bool:
        """A vacuity obligation met because the instance never runs at this n (explored)."""
        return self.kind == VACUITY and self.status == PROVED and self.reason.startswith("dead")

    def to_json(self) -> dict:
        return {
            "kind": self.kind, "conjunct": self.conjunct, "command": self.command, "process": self.process,
            "port": self.port, "status": self.status, "seconds": round(self.seconds, 4),
            **({"reason": self.reason} if self.reason else {}),
        }


@dataclass
class Failure:
    """A failed obligation with the solver that refuted it, to draw counterexamples from."""

    obligation: Obligation
    ring: SymbolicRing
    solver: z3.Solver
    before: RingTerms
    after: RingTerms | None

    def example(self, most_messages: int = 6) -> tuple[tuple[int, ...], tuple, tuple | None]:
        """A counterexample as (ids, state before, state after or None) in the explorer's form:
        one with the fewest messages in flight and, among those, as many locals as possible at
        their initial values -- small states, easy to read and most often reachable."""
        solver, ring = self.solver, self.ring
        lengths = [z3.Length(c.base) for c in self.before.channels if c.base is not None]
        total = z3.Sum(*lengths) if lengths else z3.IntVal(0)
        for bound in [*range(most_messages + 1), None]:
            solver.push()
            if bound is not None:
                solver.add(total <= bound)
            if solver.check() == z3.sat:
                model = _least_progressed(solver, ring, self.before)
                solver.pop()
                ids, before = ring.decode(model, self.before)
                after = ring.decode(model, self.after)[1] if self.after is not None else None
                return ids, before, after
            solver.pop()
        raise AssertionError(f"z3 finds no counterexample again for {self.obligation.label}")


def _least_progressed(solver: z3.Solver, ring: SymbolicRing, state: RingTerms) -> z3.ModelRef:
    """A model of the solver's constraints with, greedily, each local at its initial value if it can be."""
    initial = ring.initial(state.ids).locals[0]
    scopes = 0
    for terms in state.locals:
        for term, value in zip(terms, initial):
            solver.push()
            scopes += 1
            solver.add(term == value)
            if solver.check() != z3.sat:
                solver.pop()
                scopes -= 1
    solver.check()
    model = solver.model()
    for _ in range(scopes):
        solver.pop()
    return model


@dataclass
class Proof:
    algorithm: type[Algorithm]
    n: int
    invariant: type[Invariant]
    timeout: float
    prover: "Prover"
    obligations: list[Obligation] = field(default_factory=list)
    failure: Failure | None = None  # the first failed obligation's counterexample
    seconds: float = 0.0
    states_compared: int = 0  # states on which the proof's formulas were compared with Python
    # on a network: what read a port number with the ports hidden (None: nothing, in
    # ``labelling_states`` states searched), which decides whether the graph's one labelling stands for all
    port_number_read: str | None = None
    labelling_states: int = 0

    @property
    def verdict(self) -> str:
        statuses = {o.status for o in self.obligations}
        return FAILED if FAILED in statuses else UNKNOWN if UNKNOWN in statuses else PROVED

    @property
    def vacuous(self) -> list[Obligation]:
        return [o for o in self.obligations if o.kind == VACUITY and o.status == FAILED]

    @property
    def dead(self) -> list[Obligation]:
        return [o for o in self.obligations if o.dead]

    @property
    def properties(self) -> list[str]:
        """The safety properties this proof is about (specs/election.py's names)."""
        return [*self.prover.safety, STABILITY]

    @property
    def not_covered(self) -> list[str]:
        """The specification's properties this proof says nothing about (the explorer checks them)."""
        return [p.name for p in election_spec(self.algorithm) if p.name not in self.properties]


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


class Prover:
    """The obligations of one invariant for one algorithm and ring size, and their queries."""

    def __init__(self, algorithm: type[Algorithm], n: int, invariant: type[Invariant], timeout: float,
                 topology=None, rotation: bool = True):
        self.algorithm, self.n, self.invariant = algorithm, n, invariant
        self.timeout_ms = max(1, int(timeout * 1000))
        self.ring = SymbolicRing(algorithm, n, topology)
        self.graph = self.ring.topology if self.ring.network else None  # a network's graph, or None on a ring
        self.before = self.ring.fresh("s")
        self.initial = self.ring.initial(self.before.ids)
        self.arrangement = self.ring.arrangement(self.before)
        self.transitions = {(t.process, t.command, t.port): t for t in self.ring.transitions(self.before)}
        self.conjuncts = {c.name: c for c in invariant.conjuncts}
        self.safety = {c.name: c for c in safety_conjuncts(algorithm)}
        self.holds_before = [self.evaluate(c, self.before) for c in invariant.conjuncts]
        self.first_failure: Failure | None = None
        self._goals: dict = {}
        # the rotation reduction: the state moved one place on, when the ring maps onto itself
        self.rotated = self.ring.rotated(self.before) if rotation and n > 1 else None
        self.rotation_note = "" if self.rotated is not None else (
            "off (--symmetry none)" if not rotation else "not used: a ring of one" if n == 1
            else f"not used: rotating this {self.ring.topology.kind} by one place does not map its channels onto its "
            "channels (its processes' ports are labelled differently)")

    def evaluate(self, c: Conjunct, terms: RingTerms) -> z3.BoolRef:
        """The conjunct (or safety property) on ``terms``, read in models.reading.faithful's scope: a
        construct z3 reads differently from Python is refused there, naming the conjunct and
        the line, and the value must be a truth value (specs.invariants.Conjunct)."""
        view = RingState(self.algorithm, terms.ids, terms.locals, terms.channels, self.ring.messages, self.graph)
        if c.name in self.safety and self.safety[c.name] is c:
            where = f"the safety property {c.name}, read through {self.algorithm.__name__}'s decision functions,"
        else:
            where = f"{self.invariant.__name__}.{c.name} (line {c.line})"
        with faithful_operators(where):
            return _formula(c(view))

    def goal(self, c: Conjunct, key) -> z3.BoolRef:
        """The conjunct after the step of command instance ``key`` (process, command, port)."""
        goal = self._goals.get((c.name, key))
        if goal is None:
            goal = self._goals[(c.name, key)] = self.evaluate(c, self.transitions[key].after)
        return goal

    def kept_decision(self, key) -> z3.BoolRef:
        """specs/election.py's stability for the step of command instance ``key``: the process
        that steps (the only one whose locals change), if decided before, is decided after, as
        leader or not as before, recording the same leader id."""
        process, algorithm = key[0], self.algorithm
        transition = self.transitions[key]
        views = [RingState(algorithm, t.ids, t.locals, t.channels, self.ring.messages, self.graph).processes[process]
                 for t in (self.before, transition.after)]
        with faithful_operators(f"{algorithm.__name__}'s decision functions, read for stability,"):
            before, after = views
            kept = [_formula(algorithm.decided(after)),
                    _formula(algorithm.is_leader(after)) == _formula(algorithm.is_leader(before))]
            if algorithm.leader_id is not None:
                kept.append(algorithm.leader_id(after) == algorithm.leader_id(before))
            return z3.Implies(_formula(algorithm.decided(before)), z3.And(*kept))

    def query(self, obligation: Obligation):
        """(premises, goal, state before, state after or None): the obligation holds iff the
        premises (with the arrangement) entail the goal."""
        if obligation.kind == INITIATION:
            return [], self.evaluate(self.conjuncts[obligation.conjunct], self.initial), self.initial, None
        if obligation.kind == SAFETY:
            return self.holds_before, self.evaluate(self.safety[obligation.conjunct], self.before), self.before, None
        if obligation.kind == ROTATION:
            return self.holds_before, self.evaluate(self.conjuncts[obligation.conjunct], self.rotated), self.before, None
        key = (obligation.process, obligation.command, obligation.port)
        transition = self.transitions[key]
        if obligation.kind == VACUITY:  # refuted by a state satisfying the invariant that enables it
            return self.holds_before, z3.Not(transition.guard), self.before, None
        if obligation.kind == STABILITY:
            return [*self.holds_before, transition.guard], self.kept_decision(key), self.before, transition.after
        goal = self.goal(self.conjuncts[obligation.conjunct], key)
        return [*self.holds_before, transition.guard], goal, self.before, transition.after

    def solver(self, obligation: Obligation, quick: bool = False) -> tuple[z3.Solver, RingTerms, RingTerms | None]:
        """A solver whose models are the obligation's counterexamples. A ``quick`` one only
        instantiates quantifiers by pattern matching: about twice as fast when the obligation
        holds, but it cannot confirm a counterexample (it answers unknown instead)."""
        premises, goal, before, after = self.query(obligation)
        solver = z3.Solver()
        if quick:
            solver.set("auto_config", False)
            solver.set("smt.mbqi", False)
        solver.set("timeout", self.timeout_ms)
        solver.add(self.arrangement, *premises, z3.Not(goal))
        return solver, before, after

    def solve(self, obligation: Obligation, record: bool = True) -> Obligation:
        """Proved if the quick solver or, failing that, z3's default one finds no counterexample
        (``record``: a failed one's counterexample is the proof's first failure, if none yet)."""
        started = time.perf_counter()
        solver, before, after = self.solver(obligation, quick=True)
        answer = solver.check()
        if answer != z3.unsat:
            solver, before, after = self.solver(obligation)
            answer = solver.check()
        obligation.seconds = time.perf_counter() - started
        if answer == z3.unsat:
            obligation.status = PROVED
        elif answer == z3.sat:
            obligation.status = FAILED
            if record and self.first_failure is None:
                self.first_failure = Failure(obligation, self.ring, solver, before, after)
        else:
            obligation.status = UNKNOWN
            obligation.reason = solver.reason_unknown()
        return obligation

    def pinned(self, obligation: Obligation, ids, state) -> Failure | None:
        """The obligation's counterexamples whose state before is exactly ``state`` (of the
        explorer's, with these ids), or None if z3 finds that state is not one."""
        solver, before, after = self.solver(obligation)
        solver.add(self.ring.equals(before, ids, state))
        return Failure(obligation, self.ring, solver, before, after) if solver.check() == z3.sat else None

    def enabled(self, obligation: Obligation, run=None) -> Obligation:
        """Vacuity: proved when z3 finds a state satisfying the invariant that enables the
        instance: first among the states pinned to ``run``, a reachable state where the
        semantics takes it (ids, state), which z3 decides at once where a search of every state
        may not (an invariant that reads FIFO order quantifies over two positions of a channel);
        then among all states."""
        started = time.perf_counter()
        if run is not None:
            solver, _, _ = self.solver(obligation)
            solver.add(self.ring.equals(self.before, *run))
            if solver.check() == z3.sat:
                obligation.seconds = time.perf_counter() - started
                obligation.status = PROVED
                return obligation
        solver, _, _ = self.solver(obligation)
        answer = solver.check()
        obligation.seconds = time.perf_counter() - started
        obligation.status = PROVED if answer == z3.sat else FAILED if answer == z3.unsat else UNKNOWN
        if obligation.status == UNKNOWN:
            obligation.reason = solver.reason_unknown()
        return obligation

    def vacuity(self) -> list[Obligation]:
        """One obligation per command instance (unmatched receptions aside: that every message
        finds a command is no flaw). An instance nothing enables fails, unless it never runs in
        any reachable state of any arrangement at this n (then it is dead here, and said so)."""
        instances = [(process, command, port) for process, command, port in self.transitions if command != UNMATCHED]
        runs, complete = runs_of(self.algorithm, self.n, instances, topology=self.graph)
        obligations = [self.enabled(Obligation(VACUITY, "enabled", *instance), runs.get(instance))
                       for instance in instances]
        vacuous = [o for o in obligations if o.status == FAILED]
        if vacuous:
            for o in vacuous:
                run = runs.get((o.process, o.command, o.port))
                if run is not None:
                    o.reason = (f"vacuous: no state satisfying the invariant enables {o.at}, yet it runs in a "
                                f"reachable state (ids {','.join(map(str, run[0]))}): the invariant is too strong, "
                                f"or z3 reads {o.command} differently from Python")
                elif complete:
                    o.status = PROVED
                    o.reason = (f"dead at n = {self.n}: no state satisfying the invariant enables {o.at}, and "
                                "exploring every arrangement shows it never runs")
                else:
                    o.reason = (f"vacuous: no state satisfying the invariant enables {o.at}; either the invariant "
                                f"is too strong or {o.command} is dead code")
        return obligations

    def rotation_holds(self) -> list[Obligation]:
        """The obligations of the rotation reduction, each conjunct on the state rotated by one
        place, if z3 proves them all; else none, and ``rotation_note`` says which did not hold
        (then every process's steps are proved, as without the reduction)."""
        if self.rotated is None:
            return []
        obligations = []
        for c in self.invariant.conjuncts:
            obligation = self.solve(Obligation(ROTATION, c.name), record=False)
            if obligation.status != PROVED:
                self.rotation_note = (f"not used: z3 answered {obligation.status} for {c.name} on the ring rotated "
                                      "by one place, so every process's steps are proved")
                return []
            obligations.append(obligation)
        self.rotation_note = ("used: the invariant holds on every rotation of a state that satisfies it (proved), "
                              "so process 0's steps stand for every process's")
        return obligations

    def obligations(self):
        """Every obligation, in order. With the rotation reduction: a step of process i > 0 is
        the step of process 0 on the state rotated back by i places, which satisfies the
        invariant too; so where process 0's obligations for a command instance all hold, the
        other processes' are met (BY_ROTATION), and elsewhere each is proved on its own."""
        for c in self.invariant.conjuncts:
            yield self.solve(Obligation(INITIATION, c.name))
        rotation = self.rotation_holds()
        yield from rotation
        yield from self.vacuity()
        held: dict = {}  # (command, port) -> whether process 0's consecutions all hold
        for process, command, port in self.transitions:
            if rotation and process != 0 and held.get((command, port)):
                for c in self.invariant.conjuncts:
                    yield Obligation(CONSECUTION, c.name, process, command, port, PROVED, reason=BY_ROTATION)
                continue
            statuses = []
            for c, was in zip(self.invariant.conjuncts, self.holds_before):
                obligation = Obligation(CONSECUTION, c.name, process, command, port)
                if self.query(obligation)[1].eq(was):
                    # the step leaves everything the conjunct reads as it was
                    obligation.status = PROVED
                else:
                    obligation = self.solve(obligation)
                statuses.append(obligation.status)
                yield obligation
            if process == 0:
                held[(command, port)] = all(status == PROVED for status in statuses)
        for name in self.safety:
            yield self.solve(Obligation(SAFETY, name))
        kept: dict = {}  # (command, port) -> whether process 0's step keeps decisions
        for process, command, port in self.transitions:
            if rotation and process != 0 and kept.get((command, port)):
                yield Obligation(STABILITY, STABILITY, process, command, port, PROVED, reason=BY_ROTATION)
                continue
            obligation = self.solve(Obligation(STABILITY, STABILITY, process, command, port))
            if process == 0:
                kept[(command, port)] = obligation.status == PROVED
            yield obligation


def require_network_proof(algorithm: type[Algorithm], n: int, graph) -> None:
    """Refuse, in one line, a network proof this encoding does not model: no graph, the wrong
    size, synchronous rounds, timeouts (crash detection)."""
    from models import SYNCHRONOUS

    if graph is None:
        raise AlgorithmError(f"{algorithm.name} runs on a general network: give the graph to prove it on (--graph)")
    if graph.n != n:
        raise AlgorithmError(f"the graph {graph.name} has {graph.n} vertices, not --n {n}")
    if algorithm.timing == SYNCHRONOUS:
        raise AlgorithmError(f"--prove on a network reads the asynchronous semantics; {algorithm.name} runs in "
                             "synchronous rounds")
    if algorithm.has_timeouts:
        raise AlgorithmError(f"--prove on a network does not read timeouts; {algorithm.name} has some")


def prove(algorithm: type[Algorithm], n: int, invariant: type[Invariant] | None = None,
          timeout: float = 30.0, progress=None, graph=None, rotation: bool = True) -> Proof:
    """Prove ``invariant`` (default: the algorithm's own, see specs.invariants.invariant_for)
    inductive for rings of n processes, or on the network ``graph`` (models/topology/network.py,
    n vertices, its port labelling), and that it implies the safety properties. ``rotation``
    False proves every process's steps even where process 0's stand for them (Prover.obligations)."""
    if n < 1:
        raise AlgorithmError("--n must be at least 1")
    invariant = invariant or require_invariant(algorithm)
    if algorithm.topology.numbered_ports:
        require_network_proof(algorithm, n, graph)
    elif graph is not None:
        raise AlgorithmError(f"{algorithm.name} runs on a {algorithm.topology.kind}, not on a network: drop --graph")
    elif algorithm.topology.port_labellings:
        raise AlgorithmError(
            f"{algorithm.name} runs on a {algorithm.topology.kind}, whose port labellings the symbolic ring "
            "does not read (it would prove one labelling of 2^n); prove each labelling as a ring of its own "
            "(checker/prove/labellings.py, as check --prove does)")
    message_bound_at(algorithm, n)  # a declaration error is an error here too
    started = time.perf_counter()
    require_faithful_readings(algorithm, (n,), "--prove")
    prover = Prover(algorithm, n, invariant, timeout, graph, rotation)
    proof = Proof(algorithm, n, invariant, timeout, prover)
    proof.states_compared = check_states(prover)
    if prover.graph is not None:
        proof.port_number_read, proof.labelling_states = port_number_read(algorithm, n, prover.graph)
    for obligation in prover.obligations():
        proof.obligations.append(obligation)
        if progress is not None:
            progress(obligation)
    proof.failure = prover.first_failure
    proof.seconds = time.perf_counter() - started
    return proof
