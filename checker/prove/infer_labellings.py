"""``check ALGO --n N --infer`` on a ring whose port labelling is the adversary's (seed 004's
unoriented ring): one invariant for every labelling.

``--prove`` proves such a ring one labelling at a time, each fixed as a ring of its own
(checker/prove/labellings.py), or derives a labelling's proof from the unswapped one's where the
algorithm's mirror symmetry is proved and the invariant reads alike
(checker/prove/labelling_symmetry.py). Where that symmetry is proved (``read_labellings``), every
labelled ring is the unswapped one with some processes' PerPort slots swapped, states and steps
alike, so the inference reads the unswapped labelling alone and leaves out the atoms of one
port's slot (``ok_left``), the only ones the swap changes. Otherwise (or with ``--symmetry
none``) it reads one labelling of each class below; in both cases, with checker/prove/infer.py's
stages:
  * candidates -- the same templates over the algorithm's locals (its PerPort ones per port
    name: which neighbour LEFT leads to is the labelling's, the local is the process's own) and
    messages; they read the labelling only through ``path_from``, which follows it;
  * filtering -- on the reachable states of one labelling of each class of the same labelled
    ring read from another process or the other way round (checker/prove/labellings.py's
    ``classes``: the templates read positions only through path_from and comparisons, so they
    have the same value on every member), a share of ``MOST_STATES`` each, each labelling
    starting from another arrangement of the ids, after seeded random runs to deep states;
  * Houdini -- one Prover per labelling read, over the same candidates; a candidate is dropped
    if the step of any of them does not preserve it (with every other candidate the
    counterexample refutes), and the cores are closed under every one's consecution
    obligations, so what is left is inductive, and implies safety and stability, in each;
  * minimising -- as in infer.py, an inductive core of the rest in every labelling read.
The file is then proved by ``--prove``'s machinery in every labelling (checker/cli/proofs.py).
"""
from __future__ import annotations

import itertools
import random
import textwrap
import time
from collections import deque

import z3

from models import AsyncSystem
from models.systems.interned import InternedSystem
from models.reading.symbolic_ring import SymbolicRing
from specs.invariants import RingState

from .fixed_n import STABILITY
from .infer import (
    invariant_source,
    MOST_STATES,
    QUERY_TIMEOUT,
    Filter,
    Inference,
    InferenceFailed,
    Weakening,
    atoms,
    beaten_candidates,
    extreme_id_candidates,
    minimised,
    minimised_into,
    shown_failure,
    weakened,
    message_candidates,
    namespace_of,
    process_candidates,
    recorded_id_candidates,
    refuse_a_safety_property_violated,
    uniform_candidates,
)
from .labellings import at_labelling, classes, tag


def reachable_states_every_labelling(rings, n: int, most: int | None = None):
    """Per labelled ring, (ids, state) for its reachable states, breadth first per arrangement,
    up to an equal share of ``most`` for each ring; the k-th ring starts from the k-th
    arrangement (in turn), so that where the shares are too small to see every arrangement,
    different labellings see different ones. Returns (states per ring, whether that was all)."""
    most = most or MOST_STATES
    share = max(1, most // len(rings))
    orders = list(itertools.permutations(range(1, n + 1)))
    per_ring, complete = [], True
    for k, ring in enumerate(rings):
        found: list = []
        for order in orders[k % len(orders):] + orders[:k % len(orders)]:
            if len(found) >= share:  # arrangements left unseen
                complete = False
                break
            # on interned states (models/systems/interned.py: local steps computed once), the
            # successors in the reference's order: the same states, in the same order
            system = InternedSystem(AsyncSystem(ring, order))
            seen = {system.initial_state}
            queue = deque(seen)
            while queue and len(found) < share:
                state = queue.popleft()
                found.append((order, system.decode(state)))
                for target, *_ in system.successor_list(state):
                    if target not in seen:
                        seen.add(target)
                        queue.append(target)
            if queue:  # stopped inside this arrangement
                complete = False
        per_ring.append(found)
    return per_ring, complete


DEEP_RUNS = 5  # seeded random runs per labelling and arrangement
DEEP_RUN_STEPS = 200  # at most, each: a run of a variant that never terminates ends somewhere


def deep_states(rings, n: int, runs: int = DEEP_RUNS):
    """Per labelled ring, (ids, state) along ``runs`` seeded random runs from every arrangement's
    initial state to a state with no step (or ``DEEP_RUN_STEPS`` steps): where leaders are
    declared and candidates withdraw, which the breadth-first share at n = 4 does not reach (a
    few states that refute many candidates: the filter reads them first)."""
    per_ring = []
    for ring in rings:
        rng = random.Random(f"{ring.name}/{n}")
        found = []
        for order in itertools.permutations(range(1, n + 1)):
            system = AsyncSystem(ring, order)
            for _ in range(runs):
                state = system.initial_state
                for _ in range(DEEP_RUN_STEPS):
                    found.append((order, state))
                    steps = list(system.steps(state))
                    if not steps:
                        break
                    state = rng.choice(steps).target
        per_ring.append(found)
    return per_ring


def surviving(ring, states, atom_list, namespace, process, recorded, messages):
    """infer.py's Filter on one labelled ring, in two passes. The process templates read ids
    and atoms only, and positions only to tell two processes apart, so their value on a state
    is their value on any permutation of its (id, atoms) pairs: they are evaluated on one state
    per sorted tuple of those pairs, the message and recorded-id templates on every state.
    Returns the three lists, less what some state refutes."""
    sieve = Filter(ring, atom_list, namespace)
    one_per_key = {}
    for ids, state in states:
        view = RingState.of_state(ring, ids, state)
        one_per_key.setdefault(tuple(sorted((p.id, sieve.mask(view, p)) for p in view.processes)), (ids, state))
    kept_process, _ = sieve.run(list(one_per_key.values()), process, [], namespace)
    kept_recorded, kept_messages = sieve.run(states, [], messages, namespace, recorded)
    alive = {c.name for c in kept_process + kept_recorded + kept_messages}
    return ([c for c in process if c.name in alive], [c for c in recorded if c.name in alive],
            [(c, body) for c, body in messages if c.name in alive])


class EveryLabelling:
    """The candidates' obligations on one Prover per labelling (infer.py's Weakening each), and
    Houdini over all of them at once: a candidate is kept only if every labelling keeps it."""

    def __init__(self, rings, n: int, candidates, namespace: dict, timeout: float):
        self.rings = rings
        self.weakenings = [Weakening(ring, n, candidates, namespace, timeout) for ring in rings]
        self.invariant = self.weakenings[0].invariant
        self.names = self.weakenings[0].names
        self.failed_at = None  # the ring whose obligation refused the candidates, if any
        # per labelling, (conjunct or property, command instance or None) -> an unsat core: valid
        # for every set of candidates that contains it, so kept from one core to the next (the
        # minimiser asks for one per conjunct it tries to drop)
        self.cores = [{} for _ in self.weakenings]

    @property
    def queries(self) -> int:
        return sum(w.queries for w in self.weakenings)

    def initial(self, alive: list[str]) -> list[str]:
        """The candidates less those true in every well-typed state (they say nothing). That the
        others hold initially is the filter's finding, not asked of z3 again here: every
        arrangement's initial state starts a deep run (``deep_states``), the initial state is
        the same in every labelling, and initiation is among the obligations of the proof of the
        file. The types are the labelling's no more, so the first labelling's ring answers."""
        w = self.weakenings[0]
        typed = w.before["well_typed"]
        return [name for name in alive
                if name == "well_typed" or not w._valid([typed], w.before[name], quick_only=True)]

    def inductive_core(self, alive: list[str]) -> tuple[list[str], str | None]:
        """infer.py's lazy Houdini, over every labelling: the unsat cores of every labelling's
        safety and stability obligations, closed under every labelling's consecution
        obligations; a member some labelling's step does not preserve, assuming every candidate
        of ``alive``, is dropped and the cores taken again. Returns (a subset inductive in every
        labelling that implies safety, None), or (the candidates left, the property they do not
        imply in the labelling ``self.rings[self.failed_at]``)."""
        alive = list(alive)
        while True:
            if "well_typed" not in alive:
                return alive, "well_typed"
            wanted = {"well_typed"}
            for k, (w, known) in enumerate(zip(self.weakenings, self.cores)):
                for name, c in w.prover.safety.items():
                    core = known.get((name, None))
                    if core is None or not set(core) <= set(alive):
                        core = known[(name, None)] = w.core(alive, w.prover.evaluate(c, w.prover.before))
                    if core is None:
                        self.failed_at = k
                        return alive, name
                    wanted |= set(core)
                stable = w._stability_cores(alive, known)
                if stable is None:
                    self.failed_at = k
                    return alive, STABILITY
                wanted |= stable
            dropped = self._close(alive, wanted, self.cores)
            if dropped is None:
                return [name for name in alive if name in wanted], None
            for name in dropped:
                alive.remove(name)

    def _close(self, alive: list[str], wanted: set, cores: list[dict]) -> str | None:
        """Close ``wanted`` under each labelling's consecution cores in turn (a core one
        labelling adds may need another's), until no labelling adds any; the first member some
        labelling's step does not preserve assuming all of ``alive``, or None."""
        while True:
            size = len(wanted)
            for w, known in zip(self.weakenings, cores):
                dropped = w._close(alive, wanted, known)
                if dropped is not None:
                    return [dropped, *self._refuted_with(w, known, alive, dropped)]
            if len(wanted) == size:
                return None

    def _refuted_with(self, w: Weakening, known: dict, alive: list[str], dropped: str) -> list[str]:
        """The other candidates of ``alive`` that the counterexample to ``dropped``'s consecution
        also refutes: z3's state satisfies every candidate and the step's guard, so each one it
        evaluates to false after the step is not preserved either (Houdini's step, for many at
        once). Without it, a ring where nobody is ever declared leader leaves a hundred "nobody
        leads" facts to drop one at a time, each picked in turn by the safety core. A value z3's
        model does not decide (a quantifier over a channel) keeps the candidate."""
        failing = [key for (name, key), core in known.items() if name == dropped and core is None]
        if not failing:
            return []
        key = failing[0]
        solver = w._solver(quick=False)
        solver.add(*(w.before[name] for name in alive), w.prover.transitions[key].guard,
                   z3.Not(w.prover.goal(self.invariant.conjunct(dropped), key)))
        w.queries += 1
        if solver.check() != z3.sat:
            return []
        model = solver.model()
        refuted = []
        for name in alive:
            if name in (dropped, "well_typed"):
                continue
            goal = w.prover.goal(self.invariant.conjunct(name), key)
            if z3.is_false(model.eval(goal, model_completion=True)):
                refuted.append(name)
        return refuted

    def minimise(self, inductive: list[str]) -> list[str]:
        """infer.py's minimiser: drop each conjunct (the longest first) without which an
        inductive subset of the rest, in every labelling, still implies safety."""
        return minimised(inductive, self.inductive_core, lambda name: self.invariant.conjunct(name).doc)

    def refutation(self, alive: list[str], missing: str):
        """infer.py's refutation, on the labelling that refused the candidates."""
        return self.weakenings[self.failed_at or 0].refutation(alive, missing)


def read_labellings(algorithm, n: int, symmetry: str = "reflection") -> tuple[list[tuple[bool, ...]], bool]:
    """The labellings the inference reads, and whether that is the unswapped one alone: so when
    the algorithm's mirror symmetry is proved at n (checker/prove/labelling_symmetry.py: every
    labelled ring is then the unswapped one with some processes' PerPort slots swapped, its
    states and steps too) and ``symmetry`` allows it; else one labelling of each class."""
    from .labelling_symmetry import mirror_symmetry

    if symmetry == "reflection" and mirror_symmetry(algorithm, n)[0]:
        return [(False,) * n], True
    return classes(n), False


def reads_one_port(atom) -> bool:
    """Whether an atom reads one port's slot of a PerPort local (``ok_left``): what a labelling's
    ring and the unswapped one, read through the mirror symmetry, do not say alike."""
    return any(f"[{port}]" in atom.source for port in ("LEFT", "RIGHT"))


def infer_every_labelling(algorithm, n: int, timeout: float = QUERY_TIMEOUT, progress=None,
                          symmetry: str = "reflection") -> Inference:
    """An invariant of ``algorithm`` (on a ring with ``port_labellings``) at ring size n that is
    inductive and implies the safety properties in every labelling of the ports;
    ``InferenceFailed`` naming the property and the labelling where no subset does. Where the
    mirror symmetry is proved (``read_labellings``), on the unswapped labelling alone, without
    the atoms that read one port's slot (``reads_one_port``): every candidate left then says the
    same of a state of any labelling as of its image on the unswapped ring, so the states and
    steps of that one ring judge it for all, and the proof of the file derives the others."""
    started = time.perf_counter()
    say = progress or (lambda text: None)
    swaps, by_symmetry = read_labellings(algorithm, n, symmetry)
    rings = [at_labelling(algorithm, swapped) for swapped in swaps]
    message_types = SymbolicRing(rings[0], n).messages.types
    atom_list = atoms(algorithm, rings[0].topology(n).ports)
    if by_symmetry:
        atom_list = [a for a in atom_list if not reads_one_port(a)]
    namespace = namespace_of(algorithm, message_types)
    # infer.py's templates but the held-id ones, which read s.inbox(p, port): which channel a
    # port leads from is the labelling's, and a conjunct is not given it
    process = process_candidates(atom_list) + uniform_candidates(atom_list) + extreme_id_candidates(atom_list)
    recorded = recorded_id_candidates(algorithm, atom_list)
    messages = message_candidates(message_types, atom_list) + beaten_candidates(algorithm, message_types)
    result = Inference(algorithm, n, candidates=len(process) + len(recorded) + len(messages), namespace=namespace)
    result.labellings = [tag(swapped) for swapped in swaps]  # the ones read: one per class, or the unswapped one
    result.by_symmetry = by_symmetry
    say(f"{result.candidates} candidates; exploring reachable states of {len(rings)} labellings")
    per_ring, result.complete = reachable_states_every_labelling(rings, n)
    per_ring = [list(dict.fromkeys(deep + broad)) for deep, broad in zip(deep_states(rings, n), per_ring)]
    result.states = sum(len(states) for states in per_ring)
    refuse_a_safety_property_violated(algorithm, n, per_ring, rings)
    say(f"filtering on {result.states} reachable states")
    for ring, states in zip(rings, per_ring):
        process, recorded, messages = surviving(ring, states, atom_list, namespace, process, recorded, messages)
    survivors = process + recorded + [c for c, _ in messages]
    result.after_filter = result.asked = len(survivors)  # every one that holds is given to z3
    say(f"{len(survivors)} candidates hold on every reachable state; weakening with z3 in {len(rings)} labellings")
    weakening = EveryLabelling(rings, n, survivors, namespace, timeout)
    inductive, missing = weakened(weakening)
    result.inductive = len(inductive)
    if missing is not None:
        result.seconds = time.perf_counter() - started
        labelling = tag(swaps[weakening.failed_at or 0])
        error = InferenceFailed(
            f"{algorithm.name} at n = {n}: no inductive subset of the {result.after_filter} candidates true on every "
            f"reachable state implies {missing} in labelling {labelling} ({len(inductive)} left after weakening); "
            "no invariant written", missing, *shown_failure(weakening, inductive, missing))
        error.ring = rings[weakening.failed_at or 0]  # the labelled ring z3's state is on
        raise error
    say(f"{len(inductive)} candidates are inductive and imply safety in every labelling; minimising")
    return minimised_into(result, weakening, inductive, survivors, started)


def labelled_invariant_source(inference: Inference, command: str) -> str:
    """infer.py's file, its docstring also saying which labellings the inference read and that
    ``--prove`` proves it in every one."""
    n, read = inference.n, inference.labellings
    text = invariant_source(inference, command)
    docstring_end = text.index('\n"""\n')
    if inference.by_symmetry:
        note = textwrap.fill(
            f"On the {inference.algorithm.topology.kind} the adversary labels the ports: the candidates were filtered "
            f"on the reachable states of labelling {read[0]} (a digit per process, 1 where its RIGHT leads "
            f"anticlockwise) and weakened in it alone, since the mirror symmetry proved for "
            f"{inference.algorithm.__name__} at n = {n} makes every other labelling's ring that one with some "
            f"processes' PerPort slots swapped, and no candidate read one port's slot; `--prove` proves the file "
            f"in each of the {2 ** n}, or derives a labelling's proof from {read[0]}'s where it reads alike "
            f"(checker/prove/labelling_symmetry.py).", width=100)
    else:
        note = textwrap.fill(
            f"On the {inference.algorithm.topology.kind} the adversary labels the ports: the candidates were filtered "
            f"on the reachable states of one labelling of each class of the same labelled ring read from another "
            f"process or the other way round ({', '.join(read)}: {len(read)} of the {2 ** n}, a digit per process, 1 "
            f"where its RIGHT leads anticlockwise), and weakened in those; `--prove` proves the file in every one of "
            f"the {2 ** n}, each a ring of its own (checker/prove/labellings.py).", width=100)
    return text[:docstring_end] + "\n\n" + note + text[docstring_end:]
