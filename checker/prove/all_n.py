"""All-n proofs: an invariant of a ring algorithm, proved inductive for rings of every size.

``check cr --prove --all-n``. The ring, ids, locals and channels are first-order (see
``checker.ring_order``); the transition relation is read from the algorithm module itself
(``checker.ring_steps``); only the invariant is written by hand (specs/all_n/).

Obligations, each with its own solver and timeout:
  * initial / conjunct   -- the initial state of any ring satisfies the conjunct;
  * step / conjunct      -- the invariant before a step implies the conjunct after it, for
                            every command and arrival port, plus the reception of a message
                            no command accepts (consumed without effect);
  * step / stability     -- the invariant before a step implies that the step changes no
                            decision already taken (the specification's stability);
  * invariant / property -- the invariant implies at most one leader and, where the
                            algorithm promises it, that the leader has the extremal id.
A failed obligation comes with z3's model: a counterexample to induction, a state of the
set system satisfying the invariant (not necessarily reachable) and the step that breaks it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from enum import IntEnum

import z3

from models import LARGEST, SMALLEST, Algorithm
from specs import election_spec
from specs.all_n import AllNInvariant, algorithms_with_an_invariant, invariant_for

from .ring_model import render_model
from .ring_order import (InitialState, Node, RingState, as_formula, finite_ring, neighbour_axioms, node_id, ring_axioms,
                         smallest_axiom)
from .enabled_witness import witnessed
from .reachable_check import BEFORE_Z3_RINGS, REACHABLE_STATES, false_on_reachable
from .faithfulness import require_faithful_readings
from .ring_steps import READ_AT, AllNUnsupported, transitions
from .status import FAILED, PROVED, UNKNOWN, Outcome, Translator, in_main, refute


@dataclass
class Obligation:
    step: str  # "initial", a command (with its port), or "invariant"
    goal: str  # a conjunct or a property
    status: str = UNKNOWN
    seconds: float = 0.0
    counterexample: str | None = None
    reason: str | None = None


@dataclass
class AllNProof(Outcome):
    algorithm: type[Algorithm]
    invariant: AllNInvariant
    obligations: list[Obligation] = field(default_factory=list)
    seconds: float = 0.0
    never_enabled: list[str] = field(default_factory=list)  # steps no invariant state enables
    nonlinear: list[str] = field(default_factory=list)  # "step: term" outside linear arithmetic
    partial: bool = False  # some obligations left out (prove_all_n's ``only``): never PROVED
    # the invariant's StepLemma's, decided: a proved one was given to its step's obligations,
    # any other was not (it is help, not an obligation: the verdict does not rest on it)
    lemmas: list[Obligation] = field(default_factory=list)
    # why the obligations after the last listed were not asked: the invariant is false on a
    # reachable state (checker/prove/reachable_check.py), so no proof of it can succeed
    stopped: str | None = None

    @property
    def proves(self) -> list[str]:
        """The specification's safety properties the obligations establish."""
        return [name for name, _ in safety_properties(self.algorithm)] + ["stability"]

    @property
    def not_proved(self) -> list[str]:
        return [p.name for p in election_spec(self.algorithm) if p.name not in self.proves]

    def statuses(self):
        return [o.status for o in self.obligations] + ([UNKNOWN] if self.partial else [])

    def failed(self) -> list[Obligation]:
        return [o for o in self.obligations if o.status == FAILED]

    def headline(self) -> str:
        return f"PROVED for every ring size: {', '.join(self.proves)}"

    def encoding(self) -> str:
        if self.invariant.fifo:
            return ("ring as btw order; ids injective into Int, one the largest; channels as their pending messages "
                    "and the order between them (FIFO: a reception takes the head and removes it; no step sends a "
                    "copy of a pending message, proved)")
        return ("ring as btw order; ids injective into Int, one the largest; channels over-approximated by sets of "
                "pending messages (sound for safety)")

    def assumptions(self) -> list[str]:
        return []

    def failure_title(self, o: Obligation) -> str:
        if o.step == REACHABLE and o.reason.endswith(", violated"):
            size = o.reason.removeprefix("a ring of ").removesuffix(", violated")
            return (f"{o.goal} is violated: the algorithm breaks it, not only the proof (the same command with "
                    f"--n {size} instead of --all-n shows the explorer's shortest violation)")
        if o.step == REACHABLE:
            return f"{o.goal} is false on a reachable state"
        return f"{o.goal} is not preserved by {o.step}" if o.step not in ("initial", "invariant") \
            else f"{o.goal} fails at {o.step}"

    def summary(self) -> str:
        a = self.algorithm
        headline = {PROVED: self.headline(),
                    FAILED: "NOT PROVED (an obligation fails)",
                    UNKNOWN: "NOT PROVED (an obligation is unknown: timeout)"}[self.verdict]
        lines = [
            f"{a.name} on {a.topology.kind}s of every size n >= 1: {headline}",
            f"  not proved  {', '.join(self.not_proved)}: the explorer checks them at each n (the same command with --n N instead of --all-n)",
            f"  invariant   {', '.join(self.invariant.names())}  ({self.invariant.source})",
            f"  encoding    {self.encoding()}",
            *self.assumptions(),
            f"  obligations {len(self.obligations)}: {sum(o.status == PROVED for o in self.obligations)} proved, "
            f"{len(self.failed())} failed, {sum(o.status == UNKNOWN for o in self.obligations)} unknown "
            f"in {self.seconds:.2f} s",
        ]
        if self.stopped:
            lines.append(f"  stopped     {self.stopped}")
        unasked = [o for o in self.obligations if o.reason and o.reason.startswith("not asked")]
        if unasked:
            lines.append(f"  time limit  {len(unasked)} of them {unasked[0].reason}: a larger --time-limit may "
                         "decide them")
        if self.lemmas:
            proved = [o for o in self.lemmas if o.status == PROVED]
            lines.append(f"  lemmas      {len(proved)} of {len(self.lemmas)} proved and given to their step's "
                         f"obligations" + "".join(f"; {o.step} / {o.goal} {o.status}, not used"
                                                  for o in self.lemmas if o.status != PROVED))
        lines += [f"  note        {item} is non-linear; kept as a z3 term (decided if the proof does not depend "
                  "on its value, else unknown)" for item in self.nonlinear]
        lines.append("")
        width_step = max(len(o.step) for o in self.obligations)
        width_goal = max(len(o.goal) for o in self.obligations)
        lines.append(f"  {'step':<{width_step}}  {'preserves / implies':<{width_goal}}  result    time")
        for o in self.obligations:
            note = f"  ({o.reason})" if o.reason else ""
            lines.append(f"  {o.step:<{width_step}}  {o.goal:<{width_goal}}  {o.status:<8}  {o.seconds:.2f} s{note}")
        for o in self.failed():
            if o.goal == "enabled":
                lines += ["", f"{o.step} is never enabled: {o.reason}"]
                continue
            lines += ["", self.failure_title(o), o.counterexample or "  (no model)"]
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {
            "algorithm": self.algorithm.name, "all_n": True, "verdict": self.verdict,
            "proves": self.proves, "not_proved": self.not_proved,
            "invariant": self.invariant.names(), "seconds": round(self.seconds, 3), "stopped": self.stopped,
            "obligations": [{"step": o.step, "goal": o.goal, "status": o.status, "seconds": round(o.seconds, 3),
                             "counterexample": o.counterexample} for o in self.obligations],
            "lemmas": [{"step": o.step, "claim": o.goal, "status": o.status, "seconds": round(o.seconds, 3)}
                       for o in self.lemmas],
        }


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


def stability(algorithm: type[Algorithm], transition) -> z3.BoolRef:
    """The specification's stability for one step: a decided process keeps its decision (and leader id).

    Only the process that steps changes, so it is the only one to look at.
    """
    p = transition.after.p
    before, after = transition.after.before.process(p), transition.after.process(p)
    kept = [as_formula(algorithm.decided(after)),
            as_formula(algorithm.is_leader(after)) == as_formula(algorithm.is_leader(before))]
    if algorithm.leader_id is not None:
        kept.append(algorithm.leader_id(after) == algorithm.leader_id(before))
    return z3.Implies(as_formula(algorithm.decided(before)), z3.And(*kept))


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


def no_duplicate(transition) -> z3.BoolRef:
    """The step sends no message to a channel already holding a copy of it (after the step's
    reception), nor two equal messages to one channel.

    Checked for every step in the exact encoding (``exact=True``): by induction over an
    execution, no channel then ever holds two copies of a message, so a channel's contents are
    exactly its pending set, and a reception that removes the message from the set is exact.
    """
    after, facts = transition.after, []
    sends = after.added
    for k, (message_type, port, node, fields) in enumerate(sends):
        held = after.before.pending_term(message_type, port, node, fields)
        if after.removed is not None and after.removed[:2] == (message_type, port):
            held = z3.And(held, z3.Not(z3.And(node == after.p, *(a == b for a, b in zip(fields, after.removed[2])))))
        facts.append(z3.Not(held))
        for other_type, other_port, other_node, other_fields in sends[k + 1:]:
            if (other_type, other_port) == (message_type, port):
                facts.append(z3.Not(z3.And(node == other_node, *(a == b for a, b in zip(fields, other_fields)))))
    return z3.And(*facts)


REACHABLE = "reachable"  # the step of a conjunct or property false on a reachable state
STOPPED = ("the invariant is false on a state an execution of a ring of {n} reaches (below): no proof of it "
           "can succeed, so no further obligation was asked")
SMALL_RINGS = range(1, 5)  # ring sizes tried when z3 answers unknown on the unbounded encoding
NOT_ASKED = "not asked: the proof's time limit of {limit:g} s ran out"
FIRST_TRY_MS = 2000  # the short try of each query of an obligation (``_solve``)
SMALL_RING_MS = 5000  # at least this per small ring: z3 decides there, a loaded machine must not make it unknown


def small_ring(n: int) -> list[z3.BoolRef]:
    """A ring of exactly n processes with ids among 1..n (z3 finds its models where the unbounded
    encoding leaves it searching; any model of it is a real ring's)."""
    nodes, facts = finite_ring(n)
    return facts + [z3.And(1 <= node_id(c), node_id(c) <= n) for c in nodes]


def _check(formulas, timeout_ms: int):
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(*formulas)
    return solver.check(), solver


def _enabled(hypotheses, timeout_ms: int, deadline: float | None = None):
    """Whether some state satisfying the invariant enables a step (else its obligations are vacuous).

    A state is looked for first on rings of 1 to 4 processes (ids 1..n), where z3 finds one fast
    (the exact encoding's invariants are large; on the unbounded encoding it took up to 2 s for
    some cr steps, and lcr's unmatched Terminate 0.6 s to over 10 s from run to run); a model found
    there is a real ring's, so sat stands. Only if none is found there is the unbounded encoding
    asked.
    """
    for n in SMALL_RINGS:
        if _within(1, deadline) <= 0:
            return z3.unknown
        if _check(hypotheses + small_ring(n), _within(max(timeout_ms, SMALL_RING_MS), deadline))[0] == z3.sat:
            return z3.sat
    return _check(hypotheses, _within(timeout_ms, deadline))[0] if _within(1, deadline) > 0 else z3.unknown


RELEVANCE_ROUNDS = 8  # conjuncts added at most, one per counterexample


def _within(ms: int, deadline: float | None) -> int:
    """A query's milliseconds, cut to what is left before ``deadline`` (``time.perf_counter()``
    seconds; None: no deadline): 0 or less once it has passed."""
    return ms if deadline is None else min(ms, int((deadline - time.perf_counter()) * 1000))


def past(deadline: float | None) -> bool:
    """Whether ``deadline`` (``time.perf_counter()`` seconds; None: none) has passed."""
    return deadline is not None and time.perf_counter() >= deadline


def _relevant_proof(frame, own, others, goal, timeout_ms: int, translator: Translator, deadline=None):
    """(proved, seconds): a search for the few conjuncts an obligation rests on, where the whole
    invariant as hypotheses leaves z3 unknown. Start from the conjunct itself (``own``, with the
    declared types); while z3 finds a counterexample, add the first of ``others`` that it
    violates (or, if none, that its model does not decide), and ask again. A proof from some of
    the hypotheses is a proof of the obligation; a counterexample is not (it may violate a
    conjunct not tried), so nothing but a proof is kept."""
    chosen, left, spent = list(own), list(others), 0.0
    for _ in range(RELEVANCE_ROUNDS):
        if _within(timeout_ms, deadline) <= 0:
            return False, spent
        status, seconds, solver = refute(frame + chosen, goal, _within(timeout_ms, deadline), translator)
        spent += seconds
        if status != FAILED:
            return status == PROVED, spent
        model = solver.model()
        values = [model.eval(translator(formula), model_completion=True) for formula in left]
        # one the model makes false, else one it cannot evaluate (a quantifier over Int, often)
        violated = next((k for k, v in enumerate(values) if z3.is_false(v)),
                        next((k for k, v in enumerate(values) if not z3.is_true(v)), None))
        if violated is None:
            return False, spent
        chosen.append(left.pop(violated))
    return False, spent


def _solve(hypotheses, goal, timeout_ms: int, small_rings: bool = False, readable: bool = True,
           translator: Translator | None = None, narrowed: list | None = None, relevance=None,
           deadline: float | None = None):
    """(status, seconds, model or None, reason): hypotheses => goal, its counterexample if it fails.

    With ``small_rings``, where z3 answers unknown (a ranking's dist, or an invariant with many
    quantifiers, can keep it from finding a model of the unbounded encoding), the obligation's
    negation is asked again on rings of 1 to 4 processes (ids 1..n; each with the timeout, and at
    least SMALL_RING_MS): a counterexample there is a real ring's, so the obligation fails; none
    found leaves it unknown, never proved. With ``readable`` False, a failed obligation's model is
    not asked for (the weakening needs only which obligations fail). ``narrowed``: a subset of
    ``hypotheses`` (the invariant's ``rests_on`` hint), asked first: it can only prove (what follows
    from fewer hypotheses follows from all), so its counterexamples are not the obligation's and
    are ignored, and the whole set is asked where it does not prove. ``relevance``: (frame,
    the conjunct with the types, the other conjuncts) for ``_relevant_proof``, tried only where the
    whole set leaves z3 unknown. The hint, the whole set and the relevance search each get a short
    try (FIRST_TRY_MS a query) before any gets the whole time: a hint written for other steps, or
    the whole set, can leave z3 searching where the next proves at once (Peterson's proof: 25
    obligations waited out the timeout, 20 on their hint and 5 on the whole set, then proved in
    0.1 s: 505 s at the default 20 s a query before the short tries, 130 s with them). No query
    runs past ``deadline`` (``time.perf_counter()`` seconds, the proof's --time-limit): what is not
    decided by then is unknown.
    """
    seconds, status, solver = 0.0, UNKNOWN, None  # every try's time is the obligation's, the hint's too
    for ms in ((FIRST_TRY_MS,) if timeout_ms > FIRST_TRY_MS else ()) + (timeout_ms,):
        if narrowed is not None and _within(ms, deadline) > 0:
            hinted, spent, _ = refute(narrowed, goal, _within(ms, deadline), translator)
            seconds += spent
            if hinted == PROVED:
                return PROVED, seconds, None, None
        if _within(ms, deadline) <= 0:
            break
        status, spent, solver = refute(hypotheses, goal, _within(ms, deadline), translator)
        seconds += spent
        if status != UNKNOWN:
            break
        if relevance is not None:
            proved, spent = _relevant_proof(*relevance, goal, ms, translator, deadline)
            seconds += spent
            if proved:
                return PROVED, seconds, None, None
    if status == PROVED:
        return PROVED, seconds, None, None
    if solver is None or (status == UNKNOWN and past(deadline)):
        return UNKNOWN, seconds, None, "not decided before the proof's time limit ran out"
    if status == UNKNOWN and small_rings:
        started = time.perf_counter()
        for n in SMALL_RINGS:
            if past(deadline):
                break
            answer, small = _check([*hypotheses, *small_ring(n), z3.Not(goal)],
                                   _within(max(timeout_ms, SMALL_RING_MS), deadline))
            if answer == z3.sat:
                return FAILED, seconds + time.perf_counter() - started, small.model(), None
        return UNKNOWN, seconds + time.perf_counter() - started, None, (
            f"{solver.reason_unknown()}; no counterexample on rings of {SMALL_RINGS[0]} to {SMALL_RINGS[-1]}")
    if status == FAILED and not readable:
        return status, seconds, None, None
    if status == FAILED:
        model = in_main(solver.model())
        solver.set("timeout", max(1, timeout_ms // 4))  # a model with small ids reads better, if one exists
        x = z3.Const("x", Node)
        solver.add(z3.ForAll([x], node_id(x) <= 9).translate(solver.ctx))
        if solver.check() == z3.sat:
            model = in_main(solver.model())
        return status, seconds, model, None
    return status, seconds, None, solver.reason_unknown() if status == UNKNOWN else None


def proof_axioms(invariant: AllNInvariant, exact: bool) -> list[z3.BoolRef]:
    """The ring's axioms every obligation of ``invariant``'s proof assumes: with a smallest id in the
    exact encoding, and prev's where the invariant reads it."""
    return ring_axioms() + ([smallest_axiom()] if exact else []) + (neighbour_axioms() if invariant.neighbours else [])


def prove_all_n(algorithm: type[Algorithm], invariant: AllNInvariant | None = None,
                timeout: float = 20.0, exact: bool = False, proof: AllNProof | None = None,
                only: set[tuple[str, str]] | None = None, counterexamples: bool = True,
                time_limit: float | None = None) -> AllNProof:
    """Prove ``invariant`` (default: the one in specs/all_n for the algorithm) inductive for every n.

    ``exact`` is the encoding termination proofs need (checker/prove/termination.py): receptions
    remove what they receive, an unmatched reception happens only where no command accepts the
    message, every step gets a ``no_duplicate`` obligation (which is what makes the exact
    removal sound), and the ring has a process with the smallest id (``smallest_axiom``). An unmatched
    reception no invariant state enables is then not a failure: it is a message every command
    accepts, so the semantics never takes it. The obligations go into ``proof`` if given.
    ``time_limit``: seconds for the whole proof; the obligations and lemmas not asked by then are
    unknown (``NOT_ASKED``), so such a proof is never PROVED.
    ``only``: the (step, goal) obligations to decide, the others left out (a test that a dropped
    conjunct breaks one named obligation need not decide the rest); its proof is never PROVED.
    ``counterexamples`` False: a failed obligation comes without its model, and one z3 leaves unknown
    is not searched for on small rings (checker/prove/all_n_weakening.py needs only which are not
    proved).
    """
    invariant = invariant or invariant_for(algorithm)
    if invariant is None:
        raise AllNUnsupported(
            f"{algorithm.name}: no all-n invariant is written for it or an algorithm it derives from "
            f"(specs/all_n/); the built-in ones with one are {', '.join(algorithms_with_an_invariant())}")
    typing = declared_types(algorithm)
    if typing is not None:
        invariant = replace(invariant, conjuncts=(typing, *invariant.conjuncts), weaker=())
    # an invariant that reads a channel's order is proved in the exact encoding, where the
    # pending set and the order are the channel's sequence (no_duplicate makes them so)
    exact = exact or invariant.fifo
    started = time.perf_counter()

    deadline = None if time_limit is None else started + time_limit
    not_asked = NOT_ASKED.format(limit=time_limit) if time_limit is not None else ""
    # the steps are the commands' readings at READ_AT; z3 must be given what Python runs
    require_faithful_readings(algorithm, (READ_AT,), "--all-n")
    ms = max(1, int(timeout * 1000))
    pre = RingState(algorithm, fifo=invariant.fifo, ghosts=invariant.ghosts)
    p = z3.Const("p", Node)
    steps = transitions(algorithm, pre, p, exact=exact)
    unknown = sorted({lemma.step for lemma in invariant.lemmas} - {t.name for t in steps})
    if unknown:
        raise AllNUnsupported(f"{invariant.source}: a lemma is written for the step {unknown[0]!r}, which "
                              f"{algorithm.name} does not have; its steps are {', '.join(t.name for t in steps)}")
    axioms = proof_axioms(invariant, exact)
    before = [conjunct(pre) for conjunct in invariant.conjuncts]
    if proof is None:
        proof = AllNProof(algorithm, invariant)
    proof.invariant = invariant
    proof.partial = only is not None
    translator = Translator()  # the proof's own z3 context (checker/prove/status.py)

    lemmas: dict = {}  # the step's lemmas proved so far: claim -> its formula
    # reachable states of small rings are read for a conjunct false on one (checker/prove/
    # reachable_check.py): rings of 1 and 2 before z3 is asked, for a variant of the algorithm the
    # invariant was written for (nothing says it holds there), and the rest once an obligation about
    # a conjunct or safety is not proved; not for a proof of some obligations, nor where only which
    # ones fail is wanted (the weakening)
    unread = [n for n in REACHABLE_STATES if counterexamples and only is None]  # ring sizes not read yet

    def reachable_failures(rings):
        """The conjuncts and safety properties false on a reachable state of rings of these sizes
        (those not read before), each a failed obligation; if any, the proof stops."""
        rings = [n for n in rings if n in unread]
        unread[:] = [n for n in unread if n not in rings]
        properties = list(safety_properties(algorithm))
        found, seconds = false_on_reachable(algorithm, invariant, pre, steps, properties, rings)
        found.sort(key=lambda item: not item.confirmed)  # a real violation first
        for k, item in enumerate(found):
            proof.obligations.append(Obligation(REACHABLE, item.goal, FAILED, seconds if k == 0 else 0.0, item.trace(),
                                                f"a ring of {len(item.ids)}" + (", violated" if item.confirmed else "")))
        if found:
            proof.stopped = STOPPED.format(n=len(found[0].ids))

    def some_of(conjunct, support) -> list:
        """The declared types, the conjunct itself and the conjuncts in ``support``, before the
        step (this invariant's only: a hint never brings back a conjunct it does not have), and
        the step's proved lemmas ``support`` names."""
        return [formula for c, formula in zip(invariant.conjuncts, before)
                if c is conjunct or c is typing or c in support] + [
                formula for claim, formula in lemmas.items() if claim in support]

    def record(step_name, goal_name, hypotheses, goal, render, frame=None, conjunct=None):
        """Decide one obligation. ``frame`` (the axioms and the step's hypotheses): an obligation of a
        step, for which fewer hypotheses may do; ``conjunct``: the goal's, if it is one."""
        if (only is not None and (step_name, goal_name) not in only) or proof.stopped:
            return
        if past(deadline):
            proof.obligations.append(Obligation(step_name, goal_name, UNKNOWN, 0.0, None, not_asked))
            return
        narrowed = relevance = None
        if frame is not None:
            goal_key = conjunct or goal_name  # stability and no_duplicate are hinted by name
            hint = invariant.rests_on.get((goal_key, step_name), invariant.rests_on.get(goal_key))
            narrowed = None if hint is None else frame + some_of(conjunct, hint)
            others = [formula for c, formula in zip(invariant.conjuncts, before) if c is not conjunct and c is not typing]
            relevance = (frame, some_of(conjunct, ()), others)
        status, seconds, model, reason = _solve(
            hypotheses, goal, ms, small_rings=exact and counterexamples, readable=counterexamples,
            translator=translator, narrowed=narrowed, relevance=relevance, deadline=deadline)
        text = render(model) if model is not None else None
        proof.obligations.append(Obligation(step_name, goal_name, status, seconds, text, reason))
        # (a failure of stability or no_duplicate is the step's, whatever the invariant says)
        if status != PROVED and unread and (conjunct is not None or frame is None) and not past(deadline):
            reachable_failures(REACHABLE_STATES)

    def prove_lemmas(transition, frame) -> list:
        """The invariant's lemmas for this step that z3 proves (into ``lemmas``), each from the
        invariant, the step's ``frame`` (the axioms and its hypotheses) and the lemmas proved before
        it (its hint first, which may name conjuncts and those lemmas): more hypotheses for the
        step's obligations."""
        lemmas.clear()
        for lemma in invariant.lemmas:
            if lemma.step != transition.name:
                continue
            if past(deadline):
                proof.lemmas.append(Obligation(transition.name, lemma.name, UNKNOWN, 0.0, None, not_asked))
                continue
            claim = lemma.claim(pre, transition)
            status, seconds, _, reason = _solve(
                frame + before + list(lemmas.values()), claim, ms, readable=False, translator=translator,
                narrowed=frame + some_of(None, lemma.rests_on), deadline=deadline)
            proof.lemmas.append(Obligation(transition.name, lemma.name, status, seconds, None, reason))
            if status == PROVED:
                lemmas[lemma.claim] = claim
        return list(lemmas.values())

    if unread and invariant.algorithm is not algorithm:
        reachable_failures(BEFORE_Z3_RINGS)
    witnesses = None  # step name -> a reachable state enabling it, found once a step needs one
    # what the invariant implies is asked first (where --time-limit runs out, it is decided) and listed last
    asked_before = len(proof.obligations)
    for name, formula in safety_properties(algorithm):
        record("invariant", name, axioms + before, formula(pre), lambda model: render_model(model, algorithm, pre))
    implied = proof.obligations[asked_before:]
    del proof.obligations[asked_before:]
    initial = InitialState(algorithm, fifo=invariant.fifo, ghosts=invariant.ghosts)
    for conjunct in invariant.conjuncts:
        record("initial", conjunct.__name__, axioms, conjunct(initial),
               lambda model: render_model(model, algorithm, initial))
    for transition in steps:
        if proof.stopped:
            break
        proof.nonlinear += dict.fromkeys(f"{transition.name}: {term}" for term in transition.nonlinear)
        if only is not None and not any(step == transition.name for step, _ in only):
            continue
        # a step no state satisfying the invariant enables would preserve everything for nothing:
        # an unfaithful guard (read as False) once passed that way, so it fails the proof. A
        # reachable state of a small ring is looked for first (checker/prove/enabled_witness.py),
        # then z3 is asked for a model (``_enabled``)
        if witnesses is None:
            wanted = {t.name for t in steps if not t.unmatched
                      and (only is None or any(step == t.name for step, _ in only))}
            witnesses = witnessed(algorithm, invariant, axioms, wanted, pre, steps, deadline)
        if transition.name in witnesses:
            enabled = z3.sat
        else:
            enabled = _enabled(axioms + before + transition.hypotheses, ms, deadline)
        if enabled != z3.sat and past(deadline):
            pass  # not asked: its obligations below are not asked either, so the proof is not PROVED
        elif enabled != z3.sat and exact and transition.unmatched:
            # unsat: every such message is accepted by some command, the step never happens; unknown:
            # its obligations are decided all the same (a reception no command takes is expected
            # never to be enabled, so there is no vacuity to report)
            if enabled == z3.unsat:
                continue
        elif enabled != z3.sat:
            proof.never_enabled.append(transition.name)
            proof.obligations.append(Obligation(
                transition.name, "enabled", FAILED if enabled == z3.unsat else UNKNOWN, 0.0, None,
                f"vacuous: no state satisfying the invariant, at any ring size, enables {transition.name}; "
                "either the invariant is too strong or the step is dead code" if enabled == z3.unsat
                else "z3 could not decide whether some state satisfying the invariant enables it"))
        frame = axioms + transition.hypotheses
        given = prove_lemmas(transition, frame)
        for conjunct in invariant.conjuncts:
            record(transition.name, conjunct.__name__, frame + before + given, conjunct(transition.after),
                   lambda model, t=transition: render_model(model, algorithm, pre, t, p),
                   frame=frame, conjunct=conjunct)
        record(transition.name, "stability", frame + before + given, stability(algorithm, transition),
               lambda model, t=transition: render_model(model, algorithm, pre, t, p), frame=frame)
        if exact and transition.after.added:
            record(transition.name, "no_duplicate", frame + before + given, no_duplicate(transition),
                   lambda model, t=transition: render_model(model, algorithm, pre, t, p), frame=frame)
    proof.obligations += implied
    proof.seconds = time.perf_counter() - started
    return proof
