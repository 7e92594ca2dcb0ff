"""What a proof checks before it is believed: that z3 is given the algorithm Python runs.

A proof is about formulas, and those formulas are built by running the algorithm's commands,
its decision functions and the invariant's conjuncts on z3 terms. Where Python and z3 read a
construct differently, z3 proves something about another algorithm (issue 11: a tuple
comparison in a guard made a two-leader variant PROVED for every n). So, before a proof's
obligations are believed:

  * readings (``require_faithful_readings``): every command instance and decision function,
    at each ring size the proof reads them, agrees with Python on the contexts
    checker/trust/readings.py tries (reachable, z3 witnesses, seeded samples). Otherwise the
    proof is refused (``ProofRefused``, exit 2) with that reading's line: the command, its
    line and the values where z3 and Python differ;
  * conjuncts are read inside models.reading.faithful's scope (a construct z3 reads differently is
    refused there, naming the conjunct and the line) and must be truth values
    (specs/invariants.py);
  * agreement on states (``check_states``, fixed n): on states the semantics reaches at the n
    proved (breadth first, and along seeded random runs, which reach the deep states where
    leaders are) and on seeded arbitrary states, the proof's own formulas, with the state
    pinned, have Python's values: every conjunct and safety property, every command
    instance's guard, and after each step the semantics takes, the whole state and every
    conjunct. A disagreement refuses the proof;
  * vacuity (``runs_of``): a command instance that no state satisfying the invariant enables
    proves its obligations for nothing. checker/prove/fixed_n.py and all_n.py make that a
    failed obligation, unless (fixed n only) exploring every arrangement completely shows the
    instance never runs at that n (a ring too small for it: cr's resign at n = 1).
The all-n proof evaluates its conjuncts on reachable states itself (checker/prove/all_n.py,
on the finite structures of checker/prove/ring_concrete.py).
"""
from __future__ import annotations

import itertools
import random
from collections import deque
from enum import IntEnum

import z3

from models import UNMATCHED, AlgorithmError, AsyncSystem, Id
from models.systems.interned import InternedSystem
from specs.invariants import RingState

from ..render.trace import channel_contents
from ..trust.remembered import reading_report

REACHABLE_STATES = 16  # shallow states (breadth first) per proof
DEEP_STATES = 16  # states along seeded random runs
ARBITRARY_STATES = 8  # seeded states nobody needs to reach: a proof ranges over those too
ARRANGEMENTS = 3  # arrangements the states are drawn from
EXPLORED_FOR_DEAD = 200_000  # states explored to show that a vacuous instance never runs
DEEP_RUNS = 3  # seeded random runs per arrangement, before the breadth-first search for instances
SHALLOW_STATES = 5_000  # states searched breadth first before those runs
STATE_TIMEOUT_MS = 30_000
# An arbitrary state is extra evidence, not a reachable one: one z3 finds hard (many messages
# with large fields, at n = 6 up to 18 s) is left out rather than slow every proof.
ARBITRARY_TIMEOUT_MS = 250


class ProofRefused(AlgorithmError):
    """The proof would rest on a reading that is not what Python runs (one line, exit 2)."""


def require_faithful_readings(algorithm, sizes, mode: str) -> None:
    """Refuse unless every symbolic reading at these ring sizes agrees with Python."""
    for n in sizes:
        report = reading_report(algorithm, n)
        if not report.faithful:
            at = f" (read at n = {n})" if len(sizes) > 1 else ""
            raise ProofRefused(
                f"{mode} refused: z3 would be given another algorithm than the one Python runs{at}: "
                f"{report.problems[0]}")


# -- states ----------------------------------------------------------------------------------


def system_for(algorithm, ids, topology=None) -> AsyncSystem:
    """The concrete semantics of ``algorithm`` with these ids: on its ring of n, or on the
    network ``topology`` (every port number readable: the proof is for that labelling)."""
    if topology is None or not topology.numbered_ports:
        return AsyncSystem(algorithm, ids)
    from models.systems.network_semantics import NetworkSystem

    return NetworkSystem(algorithm, ids, topology, numbered=True)


LABELLING_STATES = 20_000  # states searched, ports hidden, for a read of a port number (networks)


def port_number_read(algorithm, n: int, topology) -> tuple[str | None, int]:
    """On a network: (what the algorithm did that read a port number, or None; states searched).

    A proof on a network reads the graph's one port labelling. One labelling stands for every
    other only if no command reads a port number (models/topology/ports.py), which the symbolic
    reading cannot see (its ports are numbers). So the semantics with the ports hidden is run
    breadth first from every arrangement, LABELLING_STATES states in all: a read is reported
    with what it was; none read in those states is evidence, not proof, and said so.
    """
    from models.systems.network_semantics import NetworkSystem
    from models.topology.ports import PortNumbersRead

    orders = list(itertools.permutations(range(1, n + 1)))
    budget = max(1, LABELLING_STATES // len(orders))
    searched = 0
    for ids in orders:
        system = NetworkSystem(algorithm, ids, topology)
        seen = {system.initial_state}
        queue = deque(seen)
        try:
            while queue and len(seen) < budget:
                for step in system.steps(queue.popleft()):
                    if step.target not in seen:
                        seen.add(step.target)
                        queue.append(step.target)
        except PortNumbersRead as read:
            return f"ids {','.join(map(str, ids))}: {read}", searched + len(seen)
        searched += len(seen)
    return None, searched


def _random(algorithm, n: int) -> random.Random:
    return random.Random(f"{algorithm.__module__}.{algorithm.__qualname__}/{n}")


def _orders(n: int, rng: random.Random, count: int) -> list[tuple[int, ...]]:
    """``count`` arrangements up to rotation, 1..n first, the others drawn at random."""
    others = [(1, *rest) for rest in itertools.permutations(range(2, n + 1))]
    first, rest = others[0], others[1:]
    return [first, *rng.sample(rest, min(count - 1, len(rest)))]


def _spread(items: list, count: int) -> list:
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(k * step)] for k in range(count)]


def reachable_sample(algorithm, n: int, topology=None) -> list[tuple[tuple[int, ...], tuple]]:
    """(ids, state) reachable at n: shallow ones breadth first and deep ones along seeded random
    runs to a terminal state, from a few arrangements, spread evenly."""
    rng = _random(algorithm, n)
    shallow, deep = {}, {}
    for ids in _orders(n, rng, ARRANGEMENTS):
        system = system_for(algorithm, ids, topology)
        seen = {system.initial_state: None}
        queue = deque(seen)
        while queue and len(seen) < 4 * REACHABLE_STATES:
            for step in system.steps(queue.popleft()):
                if step.target not in seen:
                    seen[step.target] = None
                    queue.append(step.target)
        shallow.update(((ids, state), None) for state in seen)
        for _ in range(2):
            state = system.initial_state
            for _ in range(20 * n * n):
                steps = system.steps(state)
                if not steps:
                    break
                state = rng.choice(steps).target
                deep[(ids, state)] = None
    return _spread(list(shallow), REACHABLE_STATES) + _spread([s for s in deep if s not in shallow], DEEP_STATES)


def arbitrary_sample(algorithm, n: int, message_types, topology=None) -> list[tuple[tuple[int, ...], tuple]]:
    """Seeded states nobody needs to reach: locals within their declared domains, up to two
    messages per channel with fields in 0..n+1."""
    rng = _random(algorithm, n)
    system = system_for(algorithm, tuple(range(1, n + 1)), topology)
    types = [variable.type for _, _, variable in system.layout.slots]
    message_types = sorted(message_types, key=lambda t: t.__name__)
    found = []
    for _ in range(ARBITRARY_STATES):
        ids = tuple(rng.sample(range(1, n + 1), n))
        local_values = tuple(tuple(_value(t, n, rng) for t in types) for _ in range(n))
        channels = []
        for _ in range(system.channel_count):
            messages = []
            for _ in range(rng.randint(0, 2) if message_types else 0):
                t = rng.choice(message_types)
                messages.append(t.from_values(tuple(_value(ft, n, rng, n + 1) for ft in t.field_types)))
            channels.append(tuple(messages))
        found.append((ids, local_values + tuple(channels)))
    return found


def _value(value_type, n: int, rng: random.Random, top: int | None = None):
    if value_type is bool:
        return rng.random() < 0.5
    if value_type is Id:
        return rng.randint(0, n)
    if isinstance(value_type, type) and issubclass(value_type, IntEnum):
        return rng.choice(list(value_type))
    return rng.randint(0, 2 * n + 1 if top is None else top)


def describe_state(system: AsyncSystem, state) -> str:
    """A state on one line: ids, each process's locals, the non-empty channels."""
    parts = [f"p{i} (id {system.ids[i]}): " + ", ".join(f"{k}={v}" for k, v in system.locals_of(state, i).items())
             for i in range(system.n)]
    parts += [f"channel {name}: {', '.join(messages)}" for name, messages in channel_contents(system, state)]
    return "; ".join(parts)


# -- agreement of a fixed-n proof's formulas with Python --------------------------------------


def check_states(prover, mode: str = "--prove") -> int:
    """Refuse unless the proof's formulas have Python's values on the sampled states; the number
    of states compared."""
    algorithm, n, ring = prover.algorithm, prover.n, prover.ring
    conjuncts = list(prover.invariant.conjuncts)
    before = [(f"conjunct {c.name}", c, formula) for c, formula in zip(conjuncts, prover.holds_before)]
    before += [(f"safety property {c.name}", c, prover.evaluate(c, prover.before)) for c in prover.safety.values()]
    topology = ring.topology if ring.network else None
    samples = [("reachable", s) for s in reachable_sample(algorithm, n, topology)]
    samples += [("arbitrary", s) for s in arbitrary_sample(algorithm, n, ring.messages.types, topology)]
    systems: dict = {}
    compared = 0
    for kind, (ids, state) in samples:
        system = systems.get(ids) or systems.setdefault(ids, system_for(algorithm, ids, topology))
        parts = _parts(prover, system, state, before, conjuncts, arbitrary=kind == "arbitrary")
        if parts is None:
            continue
        solver = z3.Solver()
        solver.set("timeout", ARBITRARY_TIMEOUT_MS if kind == "arbitrary" else STATE_TIMEOUT_MS)
        solver.add(ring.equals(prover.before, ids, state))
        answer = solver.check(z3.And(*(formula == z3.BoolVal(value) for _, formula, value in parts)))
        if answer == z3.unknown and kind == "arbitrary":
            continue
        compared += 1
        if answer == z3.sat:
            continue  # the state is pinned: every part has Python's value in the one model there is
        for what, formula, value in parts:
            # each part on a solver of its own: one that answered "unknown" on all the parts at
            # once (many quantifiers over a channel's positions) may answer it again on each
            solver = z3.Solver()
            solver.set("timeout", STATE_TIMEOUT_MS)
            solver.add(ring.equals(prover.before, ids, state))
            if solver.check(formula == z3.BoolVal(value)) != z3.sat:
                answer = solver.check(formula)
                z3_says = _truth(True) if answer == z3.sat else _truth(False) if answer == z3.unsat else "nothing"

                raise ProofRefused(
                    f"{mode} refused: z3 reads {what} differently from Python at a {kind} state of n = {n} "
                    f"({describe_state(system, state)}): Python says {_truth(value)}, z3 says {z3_says}; "
                    "the proof would be about another algorithm")
    return compared


def _parts(prover, system: AsyncSystem, state, before, conjuncts, arbitrary: bool):
    """(what, formula, Python's value) for one pinned state, or None for an arbitrary state that
    Python itself cannot evaluate."""
    algorithm, ids = prover.algorithm, system.ids
    try:
        topology = prover.ring.topology if prover.ring.network else None
        ring = RingState.of_state(algorithm, ids, state, topology)
        parts = [(what, formula, c(ring)) for what, c, formula in before]
        steps = {(s.process, s.command, s.port): s for s in system.steps(state)}
        for key, transition in prover.transitions.items():
            process, command, port = key
            at = f"{command} at p{process}" + (f" on {port}" if port else "")
            step = steps.get(key)
            parts.append((f"the guard of {at}", transition.guard, step is not None))
            if step is None:
                continue
            parts.append((f"the state after {at} (is it the semantics' next state?)",
                          prover.ring.holds(transition.after, state, step.target), True))
            after = RingState.of_state(algorithm, ids, step.target, topology)
            parts += [(f"conjunct {c.name} after {at}", prover.goal(c, key), c(after)) for c in conjuncts]
    except AlgorithmError:
        if arbitrary:
            return None  # Python's own reading fails on this state: no evidence either way
        raise
    return parts


def _truth(value: bool) -> str:
    return "true" if value else "false"


# -- vacuity -------------------------------------------------------------------------------


def runs_of(algorithm, n: int, instances, most_states: int = EXPLORED_FOR_DEAD, topology=None):
    """Which of ``instances`` ((process, command, port)) the semantics takes in a reachable state
    of some arrangement at n: ({instance: (ids, state before)}, whether every arrangement was
    explored completely). Stops once every instance has run. The search runs on
    models/systems/interned.py's states (each process's local steps computed once per locals
    and head message, the successors listed in the reference's order, so the same states are
    found as on the reference's); a state found is given in the reference's form."""
    wanted = set(instances)
    found: dict = {}
    orders = list(itertools.permutations(range(1, n + 1)))
    systems = {}
    for order in orders:
        reference = system_for(algorithm, order, topology)
        systems[order] = (InternedSystem(reference),
                          [(x.process, x.command.name if x.command else UNMATCHED, x.port) for x in reference.instances])

    def breadth_first(most: int) -> bool | None:
        """Search the arrangements in order: True once every instance has run, False past
        ``most`` states, None when every arrangement was explored completely."""
        explored = 0
        for order in orders:
            system, names = systems[order]
            seen = {system.initial_state}
            queue = deque(seen)
            while queue:
                state = queue.popleft()
                for target, _, _, _, instance in system.successor_list(state):
                    key = names[instance]
                    if key in wanted and key not in found:
                        found[key] = (order, system.decode(state))
                        if len(found) == len(wanted):
                            return True
                    if target not in seen:
                        seen.add(target)
                        queue.append(target)
                explored += 1
                if explored > most:
                    return False
        return None

    # a shallow state first: a vacuity query pinned to it is decided at once, where one pinned to
    # a deep state (many messages in flight, an invariant over FIFO order) may cost z3 seconds
    if breadth_first(SHALLOW_STATES) is not False:
        return found, True
    # then seeded random runs, to the deep states (a leader declared, a later stage) that the
    # breadth-first search of the first arrangements reaches only after many states, if at all
    # within its bound: a state found there makes the vacuity query a pinned one
    rng = _random(algorithm, n)
    for order in orders:
        system, names = systems[order]
        for _ in range(DEEP_RUNS):
            state = system.initial_state
            for _ in range(20 * n * n):
                successors = system.successor_list(state)
                if not successors:
                    break
                for _, _, _, _, instance in successors:
                    key = names[instance]
                    if key in wanted and key not in found:
                        found[key] = (order, system.decode(state))
                state = rng.choice(successors)[0]
    if len(found) == len(wanted):
        return found, True
    return found, breadth_first(most_states) is not False
