"""A step an all-n invariant allows, witnessed by a reachable state of a small ring.

Every all-n proof asks, per step, whether some state satisfying the invariant enables it (else
its obligations are vacuous: checker/prove/all_n.py). z3 answers that by finding a model, and
for a large invariant with many quantifiers over integers it finds none in seconds, even on a
ring of two (Peterson's 19 conjuncts). The explorer has such states: run the algorithm on a
small ring, with the invariant's ghosts run beside it by their own update terms (the ones the
proof uses, evaluated on the concrete step), and take a reachable state where the step is
enabled. Nothing of it is trusted: the state is pinned as a finite structure of the all-n
vocabulary (checker/prove/ring_concrete.py) and z3 shows that every structure so pinned
satisfies the encoding's axioms and every conjunct (their negations unsat: a finite structure,
decided), and that with it the step's hypotheses are satisfiable. That is a model of the
``enabled`` query, so its answer is sat.
"""
from __future__ import annotations

import itertools
import time
from collections import deque

import z3

from models import AsyncSystem
from models.systems.semantics import UNMATCHED

from .ring_concrete import _false, _structure
from .ring_order import RingState, node_id
from .ring_steps import transition_name

WITNESS_RINGS = range(1, 5)  # ring sizes searched, every arrangement of 1..n up to rotation
WITNESS_STATES = 3000  # at most this many ghost states per arrangement
WITNESS_MS = 10_000  # per question about one pinned state (a finite structure: decided fast)
WITNESS_TRIES = 3  # states checked per step: the first ones a wrong invariant is false on are enough to give up


def _value(term) -> int:
    value = z3.simplify(term)
    if not z3.is_int_value(value):
        raise ValueError(f"a ghost update did not evaluate to an integer on a concrete step: {value}")
    return value.as_long()


def _as_z3(value, sort):
    if sort == z3.BoolSort():
        return z3.BoolVal(bool(value))
    return z3.IntVal(int(value))


class GhostRun:
    """The algorithm on one arrangement with the invariant's ghosts beside it: each state is
    (explorer state, ghost locals per process, ghost stamps per channel with each channel's
    messages, head first)."""

    def __init__(self, algorithm, ghosts, ids, pre: RingState, steps):
        self.system = AsyncSystem(algorithm, ids)
        self.ghost_names = list(ghosts.locals) if ghosts is not None else []
        self.ghost_initial = tuple(ghosts.locals.values()) if ghosts is not None else ()
        self.pre = pre
        self.by_name = {t.name: t for t in steps}
        self.stamped = any(pre.stamp_names(t) for t, _ in pre.channels)
        p = steps[0].after.p if steps else None  # every transition is of the same process constant
        self.local_terms = [(pre.local(p, k), pre.locals[k].range()) for k in range(len(pre.locals))]
        self.n = len(ids)

    def initial(self):
        n, channels = self.n, len(self.system.topology.channels)
        return (self.system.initial_state, tuple(self.ghost_initial for _ in range(n)),
                tuple(() for _ in range(channels)))

    def transition_name(self, step) -> str:
        """The name the proof's transitions give this explorer step."""
        command = f"unmatched {type(step.received).__name__}" if step.command == UNMATCHED else step.command
        return transition_name(command, step.port, self.pre.in_ports)

    def successors(self, ghost_state):
        state, ghost_locals, stamps = ghost_state
        names = self.ghost_names
        topology = self.system.topology
        for step in self.system.steps(state):
            if not names and not self.stamped:  # no ghosts: nothing to compute
                yield step, (step.target, ghost_locals, stamps)
                continue
            a = step.process
            transition = self.by_name[self.transition_name(step)]
            pairs = [(term, _as_z3(v, sort)) for (term, sort), v in zip(self.local_terms, state[a])]
            pairs.append((node_id(transition.after.p), z3.IntVal(self.system.ids[a])))
            pairs += [(self.pre.ghost_local(transition.after.p, name), z3.IntVal(v))
                      for name, v in zip(names, ghost_locals[a])]
            new_stamps = list(stamps)
            if step.received is not None:
                inbox = next(k for k, c in enumerate(topology.channels) if c.receiver == a and c.in_port == step.port)
                head, new_stamps[inbox] = stamps[inbox][0], stamps[inbox][1:]
                values = [*step.received[1:], *head]
                pairs += [(c, _as_z3(v, c.sort())) for c, v in zip(transition.message, values)]
            after = transition.after
            new_locals = list(ghost_locals)
            if after.new_ghosts is not None:
                new_locals[a] = tuple(_value(z3.substitute(after.new_ghosts[name], *pairs)) for name in names)
            if [type(m) for _, m in step.sent] != [t for t, *_ in after.added]:
                continue  # a send the reading makes conditional: not followed (a witness is checked anyway)
            for (out_port, _), (message_type, _, _, fields) in zip(step.sent, after.added):
                out = next(k for k, c in enumerate(topology.channels) if c.sender == a and c.out_port == out_port)
                count = len(self.pre.stamp_names(message_type))
                stamp = tuple(_value(z3.substitute(f, *pairs)) for f in fields[len(fields) - count:]) if count else ()
                new_stamps[out] = new_stamps[out] + (stamp,)
            yield step, (step.target, tuple(new_locals), tuple(new_stamps))


def _pinned(run: GhostRun, ghost_state, ring: RingState):
    """The facts pinning the vocabulary to this ghost state, and its nodes."""
    state, ghost_locals, stamps = ghost_state
    facts, nodes = _structure(run.system, state, ring, stamps if run.stamped else None, with_nodes=True)
    facts += [ring.ghost_local(nodes[a], name) == value
              for a in range(run.n) for name, value in zip(run.ghost_names, ghost_locals[a])]
    return facts, nodes


def witnessed(algorithm, invariant, axioms, wanted: set[str], pre: RingState, steps,
              deadline: float | None = None) -> dict[str, str]:
    """For each step name in ``wanted``, a one-line description of a reachable state of a ring of
    at most 4 that satisfies ``axioms`` and ``invariant`` (its conjuncts as given, over ``pre``)
    and enables the step, where one is found before ``deadline`` (``time.perf_counter()``
    seconds; None: none); checked by z3 as the module docstring says."""
    found: dict[str, str] = {}
    tried: dict[str, int] = {}  # a state that is not a witness (the invariant false there) costs z3 time
    by_name = {t.name: t for t in steps}
    for n in WITNESS_RINGS:
        for rest in itertools.permutations(range(2, n + 1)):
            if wanted <= set(found):
                return found
            ids = (1, *rest)
            run = GhostRun(algorithm, invariant.ghosts, ids, pre, steps)
            seen = {run.initial()}
            queue = deque(seen)
            while queue and not wanted <= set(found):
                if deadline is not None and time.perf_counter() >= deadline:
                    return found
                ghost_state = queue.popleft()
                for step, target in run.successors(ghost_state):
                    name = run.transition_name(step)
                    if name in wanted and name not in found and tried.get(name, 0) < WITNESS_TRIES:
                        tried[name] = tried.get(name, 0) + 1
                        if _witness(run, ghost_state, step, by_name[name], invariant, axioms, pre):
                            found[name] = f"ids {','.join(map(str, ids))}, process {ids[step.process]}"
                    if target not in seen and len(seen) < WITNESS_STATES:
                        seen.add(target)
                        queue.append(target)
    return found


def _witness(run, ghost_state, step, transition, invariant, axioms, pre) -> bool:
    """Whether this state, pinned, is a model of the axioms, the invariant and the step's
    hypotheses; anything z3 does not decide is not a witness."""
    facts, nodes = _pinned(run, ghost_state, pre)
    solver = z3.Solver()
    solver.set("timeout", WITNESS_MS)
    solver.add(*facts)
    for formula in [*axioms, *(c(pre) for c in invariant.conjuncts)]:
        solver.push()
        solver.add(z3.Not(formula))
        entailed = solver.check() == z3.unsat
        solver.pop()
        if not entailed:
            return False
    solver.add(transition.after.p == nodes[step.process], *transition.hypotheses)
    return solver.check() == z3.sat


def reachable_ghost_states(algorithm, invariant, ids, pre: RingState, steps, limit: int = WITNESS_STATES):
    """The run and up to ``limit`` ghost states reachable on one arrangement, breadth first."""
    run = GhostRun(algorithm, invariant.ghosts, ids, pre, steps)
    found = {run.initial(): None}  # a dict keeps the order states were found in
    queue = deque(found)
    while queue and len(found) < limit:
        for _, target in run.successors(queue.popleft()):
            if target not in found and len(found) < limit:
                found[target] = None
                queue.append(target)
    return run, list(found)


def false_on_ghost_state(run: GhostRun, ghost_state, invariant, pre: RingState) -> list[str]:
    """The conjuncts of ``invariant`` (its ghosts included) false on this reachable ghost state:
    ring_concrete's ``false_conjuncts`` for an invariant that reads ghosts."""
    facts, _ = _pinned(run, ghost_state, pre)
    conjuncts = invariant.conjuncts
    return [conjuncts[k].__name__ for k in _false(facts, [c(pre) for c in conjuncts], lambda k: conjuncts[k].__name__)]
