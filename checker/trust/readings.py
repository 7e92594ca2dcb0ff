"""Does each symbolic reading of the loaded algorithm say what its Python says? Checked, not assumed.

``models.reading.symbolic`` reads a command instance (command, arrival port) at a ring size n as z3
terms: its guard, the new value of every local, the fields of every message it sends; and the
decision functions (decided, is_leader, leader_id, candidate) the same way. Footprints (so
partial-order reduction), the C engine and the proofs are built from those terms, and
``models.reading.faithful`` refuses the Python constructs whose z3 meaning is known to differ. What
it cannot see (``is``, ``isinstance``, ``str`` of a term, an operator on a value the
refusals do not reach) is caught here: ``reading_report(algorithm, n)`` evaluates every
reading on plain contexts and compares it with the concrete semantics (the same guard and
body run on plain values, as models/systems/semantics.py runs them), on

  * every local context reachable at small n (2 and 3, every id arrangement up to rotation,
    every port labelling on the unoriented ring; a budget of states keeps a large graph cheap),
    read from the memo of ``models.systems.interned.InternedSystem``, whose keys are those contexts;
  * z3 witnesses: for each guard (and each boolean decision function) a context where it
    holds and one where it fails, within the domains (id in 1..n, locals in their declared
    domains, other integers and message fields in 0..2n+1);
  * a few hundred seeded samples per reading from the same domains.

Each reading is then faithful, disagrees (the first context found, as one line: the values,
z3's answer and Python's), or is unreadable (the refusal of models.reading.faithful). A report is per
(algorithm, n), because p.n is concrete in the reading, and is memoised per process.

On a network a process reads its degree (``p.degree``, ``p.send_all``) and has ports 0..d-1,
so a command instance is read, and checked, at every degree a process can have among n
vertices (1..n-1): its reachable contexts come from every connected graph on 2 and 3 vertices
(every id arrangement, the ports numbered as given), their per-port locals extended to n's
ports with their initial values; the samples and witnesses range a Port local over NO_PORT and
the process's ports. Ports are read with their numbers visible: a run that hides them is
checked against the concrete semantics context by context (models/native/audit.py).
"""
from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass, field  # noqa: F401
from enum import IntEnum

import z3

from models import AlgorithmError, AsyncSystem
from models.dsl.algorithm import Algorithm, Command, Layout
from models.reading.compiled_terms import UNDEFINED, CompiledTerms
from models.systems.interned import InternedSystem
from models.dsl.messages import Message
from models.systems.process import view_class
from models.reading.symbolic import (
    DECISIONS,
    SymbolicProcess,
    decision_line,
    network_reading_view,
    read_decisions,
    reading,
)
from models.topology.ports import NONE_STORED, Port, given_port
from models.dsl.values import Id, domain_of, render

from .report import (  # noqa: F401  (the report's names, also reached from here)
    BOOLEAN_DECISIONS,
    DISAGREES,
    EVIDENCE,
    FAITHFUL,
    REACHABLE,
    SAMPLE,
    SAMPLES,
    SMALL_SIZES,
    STATE_BUDGET,
    UNREADABLE,
    WITNESS,
    ReadingReport,
    ReadingVerdict,
)


def check_readings(algorithm: type[Algorithm], n: int, evidence: tuple[str, ...]) -> ReadingReport:
    """The report checker/trust/remembered.py's reading_report gives, computed afresh."""
    return _Checker(algorithm, n, evidence).report()


# -- contexts -------------------------------------------------------------------------------
# a context is (id, locals, message or None, port or None), locals in layout order

_reachable: dict = {}


def reachable_contexts(algorithm: type[Algorithm], size: int) -> tuple[set, set]:
    """(spontaneous contexts (id, locals), receive contexts (id, locals, port, message)) met while
    exploring the state graphs of every arrangement at ``size`` up to rotation, within the budget."""
    key = (algorithm, size)
    if key not in _reachable:
        _reachable[key] = _explore(algorithm, size)
    return _reachable[key]


def _on_network(algorithm) -> bool:
    return algorithm.topology.numbered_ports


def _small_networks(size: int) -> list:
    """Every connected graph on ``size`` <= 3 vertices (built here: networkx's atlas is an import
    the remembered verdict may not depend on, models/reading/derived_cache.py)."""
    from models.topology.network import Network

    if size == 1:
        return [Network(1, [])]
    if size == 2:
        return [Network(2, [(0, 1)], name="path")]
    return [Network(3, [(0, 1), (1, 2)], name="path"), Network(3, name="complete graph")]


def _arrangements(algorithm, size):
    if _on_network(algorithm):
        return [(ids, network) for network in _small_networks(size) for ids in itertools.permutations(range(1, size + 1))]
    orders = [(1, *rest) for rest in itertools.permutations(range(2, size + 1))]
    if not algorithm.topology.port_labellings:
        return [(ids, None) for ids in orders]
    labellings = list(itertools.product((False, True), repeat=size))
    # alternate labellings first, so a budget that stops early has seen several of them
    return [(ids, swapped) for swapped in labellings for ids in orders]


def _explore(algorithm, size) -> tuple[set, set]:
    spontaneous, receive = set(), set()
    plan = _arrangements(algorithm, size)
    cap = max(STATE_BUDGET // len(plan), 500)
    spent = 0
    for ids, swapped in plan:
        if spent >= STATE_BUDGET:
            break
        try:
            local = _small_system(algorithm, ids, swapped)
        except AlgorithmError:
            continue  # an algorithm that cannot run on this graph: the run says so itself
        if algorithm.has_timeouts:  # the interned engine leaves timeouts out: the states they reach too
            spent += _contexts_with_timeouts(local, min(cap, STATE_BUDGET - spent), spontaneous, receive)
            continue
        try:
            system = InternedSystem(local)
            spent += _depth_first(system, min(cap, STATE_BUDGET - spent))
        except AlgorithmError:
            pass  # the run reports the algorithm's own error; what was met so far still counts
        locals_of = system._locals
        # a network's port choices (any_port) are taken in the process's own context too
        spontaneous.update((ids[i], locals_of[number]) for i, number in (*system._spontaneous, *system._choices))
        receive.update((ids[i], locals_of[number], port, message)
                       for i, number, port, message in system._receives)
    return spontaneous, receive


def _small_system(algorithm, ids, arrangement) -> AsyncSystem:
    """The system of a small arrangement: a ring's labelling (``arrangement``: swapped or None),
    or a network (``arrangement``: the graph, its ports numbered as given, numbers readable)."""
    if _on_network(algorithm):
        from models.systems.network_semantics import NetworkSystem

        return NetworkSystem(algorithm, ids, arrangement, numbered=True)
    return AsyncSystem(algorithm, ids, arrangement)


def _relaid(contexts: tuple[set, set], algorithm, size: int, n: int) -> tuple[set, set]:
    """Contexts met on a network of ``size`` with their locals laid out for n: a per-port local
    has a slot per port of the larger network, and the ports a small process lacks keep their
    initial value (as they do at n, where a process of low degree lacks them too)."""
    from models.topology.network import Network

    small, large = Layout.of(algorithm, Network(size).ports), Layout.of(algorithm, Network(n).ports)
    if small.slots == large.slots:
        return contexts
    at = {(name, port): k for k, (name, port, _) in enumerate(small.slots)}
    plan = [(at.get((name, port)), variable.initial) for name, port, variable in large.slots]

    def relaid(values):
        return tuple(initial if k is None else values[k] for k, initial in plan)

    spontaneous, receive = contexts
    return ({(pid, relaid(values)) for pid, values in spontaneous},
            {(pid, relaid(values), port, message) for pid, values, port, message in receive})


def _contexts_with_timeouts(system: AsyncSystem, cap: int, spontaneous: set, receive: set) -> int:
    """Explore ``system`` (timeouts included) depth first up to ``cap`` states, adding the
    context of every process in every state met (a spontaneous command or a timeout may run
    there) and of every message at the head of a channel (a receive may); the states explored."""
    seen = {system.initial_state}
    pending = [system.initial_state]
    while pending:
        state = pending.pop()
        for i in range(system.n):
            spontaneous.add((system.ids[i], state[i]))
            for port, k in system._in_ports[i]:
                if state[k]:
                    receive.add((system.ids[i], state[i], port, state[k][0]))
        if len(seen) >= cap:
            continue
        try:
            steps = system.steps(state)
        except AlgorithmError:
            continue  # the run reports the algorithm's own error; what was met so far still counts
        for step in steps:
            if step.target not in seen:
                seen.add(step.target)
                pending.append(step.target)
    return len(seen)


def _depth_first(system: InternedSystem, cap: int) -> int:
    """Explore depth first (a partial exploration still reaches deep contexts) up to ``cap`` states."""
    seen = {system.initial_state}
    pending = [system.initial_state]
    while pending and len(seen) < cap:
        for target, *_ in system.successor_list(pending.pop()):
            if target not in seen:
                seen.add(target)
                pending.append(target)
    return len(seen)


class _Domains:
    """The values a local, the id or a message field is drawn from for witnesses and samples; on
    a network a Port local holds NO_PORT or one of the process's ``degree`` ports."""

    def __init__(self, n: int, degree: int | None = None):
        self.n = n
        self.degree = degree
        self.top = 2 * n + 1  # other integers and message fields: 0..2n+1

    def values(self, value_type) -> tuple:
        if value_type is bool:
            return (False, True)
        if value_type is Port:
            return tuple(range(NONE_STORED, self.degree or 0))
        if value_type is Id:
            return tuple(range(self.n + 1))
        if isinstance(value_type, type) and issubclass(value_type, IntEnum):
            return tuple(int(member) for member in value_type)
        return tuple(range(self.top + 1))

    def constraint(self, value_type, x):
        if value_type is bool:
            return z3.BoolVal(True)
        if value_type is Port:
            return z3.And(NONE_STORED <= x, x < (self.degree or 0))
        if value_type is Id or (isinstance(value_type, type) and issubclass(value_type, IntEnum)):
            return domain_of(value_type, x, self.n)
        return z3.And(0 <= x, x <= self.top)


# -- the check ------------------------------------------------------------------------------


class _Checker:
    def __init__(self, algorithm: type[Algorithm], n: int, evidence: tuple[str, ...]):
        self.algorithm, self.n, self.evidence = algorithm, n, evidence
        topology = algorithm.topology(n)
        self.layout = Layout.of(algorithm, topology.ports)
        self.types = [variable.type for _, _, variable in self.layout.slots]
        self.network = _on_network(algorithm)
        self.in_ports, self.out_ports = topology.in_ports(0), topology.out_ports(0)
        # on a network every reading is per degree: a process of degree d has ports 0..d-1
        self.degrees = (tuple(range(1, n)) or (0,)) if self.network else (None,)
        if not self.network:
            self.view = view_class(algorithm, self.layout)
        else:
            try:
                self.view = network_reading_view(algorithm, self.layout)
            except AlgorithmError:
                self.view = None  # no reading can be made either: each is unreadable, saying why
        self.domains = _Domains(n)
        self.random = random.Random(f"{algorithm.__module__}.{algorithm.__qualname__}/{n}")
        self._solver = None
        self.offered = {kind: 0 for kind in evidence}

    def report(self) -> ReadingReport:
        started = time.perf_counter()
        spontaneous, receive = set(), set()
        if REACHABLE in self.evidence and self.view is not None:
            for size in sorted({min(s, self.n) for s in SMALL_SIZES}):
                found = reachable_contexts(self.algorithm, size)
                if self.network:
                    found = _relaid(found, self.algorithm, size, self.n)
                spontaneous |= found[0]
                receive |= found[1]
        self.offered[REACHABLE] = len(spontaneous) + len(receive) if REACHABLE in self.evidence else 0
        instances = []
        for command, port, degree in self._instances():
            if command.kind != "receive":
                reachable = [(*values, pid) for pid, values in spontaneous]
            else:
                reachable = [(*values, pid, *message[1:]) for pid, values, at, message in receive
                             if at == port and type(message) is command.message]
            if degree is not None:  # a Port local outside the process's ports is no context of it
                reachable = [values for values in reachable if self._ports_within(values, degree)]
            instances.append(self._check_instance(command, port, degree, sorted(reachable, key=_order)))
        own = sorted(((*values, pid) for pid, values in spontaneous), key=_order)
        decisions = self._check_decisions(own)
        return ReadingReport(self.algorithm, self.n, tuple(instances), tuple(decisions),
                             dict(self.offered), time.perf_counter() - started)

    def _instances(self):
        """(command, port, degree) for every command instance: a ring's (degree None), or a
        network's at every degree, with its ports 0..degree-1."""
        for degree in self.degrees:
            ports = self.in_ports if degree is None else tuple(range(degree))
            for command in self.algorithm.commands:
                if command.kind in ("spontaneous", "timeout") and not command.any_port:  # the process alone
                    yield command, None, degree
            for command in self.algorithm.commands:
                if command.any_port:  # taken on one of its ports, each an instance
                    for port in ports:
                        yield command, port, degree
            for port in ports:
                for command in self.algorithm.commands:
                    if command.kind == "receive" and command.enabled_on(port):
                        yield command, port, degree

    def _ports_within(self, values, degree: int) -> bool:
        return all(t is not Port or NONE_STORED <= v < degree for t, v in zip(self.types, values))

    def _out_ports(self, degree: int | None) -> tuple:
        return self.out_ports if degree is None else tuple(range(degree))

    def _port_argument(self, port):
        return given_port(port, True) if self.network else port

    # -- evidence ---------------------------------------------------------------------------
    def _contexts(self, reachable, variables, types, formulas, seen: set, domains: _Domains):
        """(evidence kind, context values) in order: reachable, samples from ``domains``, then a
        z3 witness for each formula being true and being false unless ``seen`` (filled by the
        caller with (formula index, value) as it evaluates) shows the contexts so far had that
        value."""
        if REACHABLE in self.evidence:
            for values in reachable:
                # a value no term can hold (a float a step stored) is the disagreement of that
                # step, found there; the context itself cannot be given to the reading
                if all(isinstance(v, int) for v in values):
                    yield REACHABLE, values
        if SAMPLE in self.evidence:
            self.offered[SAMPLE] += SAMPLES
            columns = [self.random.choices(domains.values(t), k=SAMPLES) for t in types]
            for values in zip(*columns):
                yield SAMPLE, values
        if WITNESS in self.evidence:
            for k, formula in enumerate(formulas):
                for value, goal in ((True, formula), (False, z3.Not(formula))):
                    if (k, value) in seen:
                        continue
                    values = self._witness(goal, variables, types, domains)
                    if values is not None:
                        self.offered[WITNESS] += 1
                        yield WITNESS, values

    def _witness(self, goal, variables, types, domains: _Domains):
        solver = self._solver
        if solver is None:
            solver = self._solver = z3.Solver()
            solver.set("timeout", 500)  # a witness only fills a gap the other evidence left
        solver.push()
        try:
            solver.add(*(domains.constraint(t, x) for x, t in zip(variables, types)), goal)
            if solver.check() != z3.sat:
                return None
            model = solver.model()
            return tuple(_plain(model.eval(x, model_completion=True)) for x in variables)
        finally:
            solver.pop()

    # -- command instances ------------------------------------------------------------------
    def _check_instance(self, command: Command, port, degree: int | None, reachable) -> ReadingVerdict:
        try:
            return self._compare_instance(command, port, degree, reachable)
        except Exception as error:  # noqa: BLE001 -- never a traceback: the reading is then not used
            return ReadingVerdict(
                self._reading_name(command, port, degree), command.name, port,
                UNREADABLE, f"{self.algorithm.__name__}.{command.name} (line {command.line}): its reading could "
                f"not be checked ({type(error).__name__}: {error})", degree=degree)

    def _reading_name(self, command: Command, port, degree: int | None) -> str:
        name = f"{self.algorithm.__name__}.{command.name}"
        if degree is None:
            return name + (f" on {port}" if port else "")
        return name + (f" on port {port}" if port is not None else "") + f" at degree {degree}"

    def _compare_instance(self, command: Command, port, degree: int | None, reachable) -> ReadingVerdict:
        algorithm = self.algorithm
        name = self._reading_name(command, port, degree)
        try:
            step = reading(algorithm, command, self.n, port, degree)
        except AlgorithmError as refusal:
            return ReadingVerdict(name, command.name, port, UNREADABLE, str(refusal), degree=degree)
        process = step.process
        fields = tuple(step.message[1:]) if step.message is not None else ()
        variables = (*process.locals, process.id, *fields)
        message_types = command.message.field_types if command.message is not None else ()
        types = (*self.types, Id, *message_types)
        guard = CompiledTerms(variables, [step.guard])
        awaited = () if step.awaited is None else (step.awaited,)
        # a send's port, where it is a term (a network's port held in a local), before its fields
        sent = [v for out_port, _, values in step.sends for v in ((() if _plain_port(out_port) else (out_port,))
                                                                   + tuple(values))]
        outcome = CompiledTerms(variables, [*step.locals, *sent, *awaited])
        width = len(self.types)
        compared, seen = 0, set()
        domains = self.domains if degree is None else _Domains(self.n, degree)
        for kind, values in self._contexts(reachable, variables, types, [step.guard], seen, domains):
            locals_, pid = values[:width], values[width]
            message = command.message.from_values(values[width + 1:]) if command.message is not None else None
            compared += 1
            difference = self._compare_step(command, step, guard, outcome, values, message, port, degree, seen)
            if difference is not None:
                where = f"{algorithm.__name__}.{command.name} (line {_line(command, difference)})"
                shown = self._show(pid, locals_, message, port, degree)
                return ReadingVerdict(name, command.name, port, DISAGREES, f"{where}: at {shown}: {difference}",
                                      kind, compared, degree=degree)
        return ReadingVerdict(name, command.name, port, FAITHFUL, contexts=compared, degree=degree)

    def _compare_step(self, command, step, guard, outcome, values, message, port, degree, seen: set) -> str | None:
        """None when both readings agree on this context (locals, id, message fields), else what
        differs; adds (0, the guard's value) to ``seen``."""
        width = len(self.types)
        python = self._concrete(command, values[:width], values[width], message, port, degree)
        (z3_guard,) = guard(values)
        seen.add((0, z3_guard))
        if isinstance(python, _Raised):
            if z3_guard is UNDEFINED or (z3_guard and UNDEFINED in outcome(values)):
                return None
            return f"z3 says the guard is {_truth(z3_guard)}, Python raises {python}"
        holds, new_locals, sent, awaited = python
        if z3_guard is UNDEFINED:
            return f"z3 leaves the guard undefined, Python says {_truth(holds)}"
        if z3_guard != holds:
            return f"z3 says the guard is {_truth(z3_guard)}, Python says {_truth(holds)}"
        if not holds:
            return None
        results = outcome(values)
        for k, (z3_value, value) in enumerate(zip(results[:width], new_locals)):
            if not isinstance(value, int) or z3_value is UNDEFINED or z3_value != value:
                slot, value_type = self.layout.slot_name(k), self.types[k]
                return (f"after the step z3 says {slot}={_render(value_type, z3_value)}, "
                        f"Python says {slot}={_render(value_type, value)}")
        z3_sends, offset = [], width
        for out_port, message_type, fields in step.sends:
            if not _plain_port(out_port):
                out_port, offset = results[offset], offset + 1
            z3_sends.append((out_port, message_type, results[offset:offset + len(fields)]))
            offset += len(fields)
        python_sends = [(out_port, type(sent), tuple(sent[1:])) for out_port, sent in sent]
        if not _same_sends(z3_sends, python_sends):
            return f"z3 sends {_show_sends(z3_sends)}, Python sends {_show_sends(python_sends)}"
        if step.awaited is not None:
            z3_awaited = results[offset]
            if isinstance(awaited, _Raised) or not isinstance(awaited, int) or z3_awaited != awaited:
                python = f"raises {awaited}" if isinstance(awaited, _Raised) else f"says {_render(Id, awaited)}"
                return f"z3 says it waits for {_render(Id, z3_awaited)}, Python {python}"
        return None

    def _concrete(self, command: Command, locals_, pid, message, port, degree=None):
        """(guard, new locals, sends, the id a timeout waits for) as models/systems/semantics.py computes
        them, or _Raised."""
        algorithm, out_ports = self.algorithm, self._out_ports(degree)
        arguments = () if port is None else (self._port_argument(port),) if message is None else (
            message, self._port_argument(port))
        try:
            if command.guard is not None:
                holds = command.guard(self.view(tuple(locals_), pid, self.n, out_ports, algorithm), *arguments)
                if not holds:
                    return False, None, None, None
            awaited = None
            if command.waits_for is not None:
                awaited = _waits_for(command, self.view(tuple(locals_), pid, self.n, out_ports, algorithm))
            process = self.view(list(locals_), pid, self.n, out_ports, algorithm)
            command.body(process, *arguments)
        except Exception as error:  # noqa: BLE001 -- the user's code, on values it may never meet
            return _Raised(error)
        if any(not isinstance(sent, Message) for _, sent in process._sent):
            return _Raised(TypeError("it sends something that is not a Message"))
        return True, tuple(process._values), tuple(process._sent), awaited

    # -- decision functions -----------------------------------------------------------------
    def _check_decisions(self, reachable) -> list[ReadingVerdict]:
        try:
            return self._compare_decisions(reachable)
        except Exception as error:  # noqa: BLE001 -- never a traceback: the readings are then not used
            name = self.algorithm.__name__
            return [ReadingVerdict(f"{name}.{d}", None, None, UNREADABLE,
                                   f"{name}.{d}: its reading could not be checked ({type(error).__name__}: {error})")
                    for d in DECISIONS if getattr(self.algorithm, d) is not None]

    def _compare_decisions(self, reachable) -> list[ReadingVerdict]:
        """One verdict per decision function; on a network it is read at every degree, and the
        first degree where it is not faithful gives the verdict."""
        verdicts = {}
        for degree in self.degrees:
            own = reachable if degree is None else [values for values in reachable if self._ports_within(values, degree)]
            for verdict in self._compare_decisions_at(own, degree):
                if verdict.reading not in verdicts or verdicts[verdict.reading].faithful:
                    verdicts[verdict.reading] = verdict
        return list(verdicts.values())

    def _compare_decisions_at(self, reachable, degree: int | None) -> list[ReadingVerdict]:
        algorithm = self.algorithm
        present = [name for name in DECISIONS if getattr(algorithm, name) is not None]
        try:
            process = SymbolicProcess(algorithm, self.n, degree=degree)
            terms = read_decisions(algorithm, self.n, process)
        except AlgorithmError as refusal:
            return [ReadingVerdict(f"{algorithm.__name__}.{name}", None, None, UNREADABLE, str(refusal))
                    for name in present]
        variables = (*process.locals, process.id)
        types = (*self.types, Id)
        compiled = CompiledTerms(variables, [terms[name] for name in present])
        formulas = [terms[name] for name in present if name in BOOLEAN_DECISIONS]
        failed: dict[str, tuple] = {}
        compared, seen = 0, set()
        boolean = [k for k, name in enumerate(present) if name in BOOLEAN_DECISIONS]
        domains = self.domains if degree is None else _Domains(self.n, degree)
        for kind, values in self._contexts(reachable, variables, types, formulas, seen, domains):
            compared += 1
            z3_values = compiled(values)
            seen.update((j, z3_values[k]) for j, k in enumerate(boolean))
            python_values = self._observe(present, values[:-1], values[-1], degree)
            for name, z3_value, value in zip(present, z3_values, python_values):
                if name not in failed and not _same_decision(name, z3_value, value):
                    failed[name] = (kind, values, z3_value, value)
            if len(failed) == len(present):
                break
        verdicts = []
        for name in present:
            reading = f"{algorithm.__name__}.{name}"
            if name not in failed:
                verdicts.append(ReadingVerdict(reading, None, None, FAITHFUL, contexts=compared))
                continue
            kind, values, z3_value, value = failed[name]
            shown = self._show(values[-1], values[:-1], None, None, degree)
            show = _truth if name in BOOLEAN_DECISIONS else str
            python = value if isinstance(value, _Raised) else show(value)
            detail = (f"{reading} (line {decision_line(algorithm, name)}): at {shown}: "
                      f"z3 says {show(z3_value)}, Python {'raises' if isinstance(value, _Raised) else 'says'} {python}")
            verdicts.append(ReadingVerdict(reading, None, None, DISAGREES, detail, kind, compared))
        return verdicts

    def _observe(self, present, locals_, pid, degree=None) -> list:
        p = self.view(tuple(locals_), pid, self.n, self._out_ports(degree), self.algorithm)
        observed = []
        for name in present:
            try:
                value = getattr(self.algorithm, name)(p)
                observed.append(value if name == "leader_id" else bool(value))
            except Exception as error:  # noqa: BLE001 -- the user's code
                observed.append(_Raised(error))
        return observed

    # -- showing ----------------------------------------------------------------------------
    def _show(self, pid, locals_, message, port, degree=None) -> str:
        parts = [f"id={pid}"] + ([] if degree is None else [f"degree={degree}"]) + [
            f"{self.layout.slot_name(k)}={_render(self.types[k], value)}" for k, value in enumerate(locals_)
        ]
        if message is not None:
            parts.append(f"m={message!r} on {port if degree is None else f'port {port}'}")
        elif port is not None and degree is not None:
            parts.append(f"on port {port}")
        return ", ".join(parts)


def _order(values) -> tuple:
    """A context's place in a fixed order (sets of contexts iterate in an order that depends on
    string hashing, so the first disagreement found would vary from run to run)."""
    return tuple((0, int(v)) if isinstance(v, int) else (1, repr(v)) for v in values)


def _waits_for(command: Command, view):
    """What ``command.waits_for`` says at ``view``, or _Raised (the run meets the error itself,
    where the guard holds, as a command's; here it is a disagreement unless z3's term is
    undefined there too)."""
    try:
        return command.waits_for(view)
    except Exception as error:  # noqa: BLE001 -- the user's code
        return _Raised(error)


class _Raised:
    def __init__(self, error: Exception):
        self.error = error

    def __repr__(self) -> str:
        return f"{type(self.error).__name__}: {self.error}"


def _plain_port(port) -> bool:
    """A send's port known before the step (a ring's name, a network's number), not a term."""
    return isinstance(port, (str, int))


def _plain(term):
    if z3.is_true(term):
        return True
    if z3.is_false(term):
        return False
    return term.as_long()


def _truth(value) -> str:
    return "undefined" if value is UNDEFINED else "true" if value else "false"


def _render(value_type, value) -> str:
    if value is UNDEFINED:
        return "undefined"
    try:
        return render(value_type, value)
    except (ValueError, TypeError):
        return repr(value)


def _line(command: Command, difference: str) -> int:
    """The guard's line for a guard that differs, else the body's."""
    if "the guard" in difference and command.guard is not None:
        code = getattr(command.guard, "__code__", None)
        if code is not None:
            return code.co_firstlineno
    return command.line


def _same_decision(name: str, z3_value, value) -> bool:
    if isinstance(value, _Raised):
        return z3_value is UNDEFINED
    if z3_value is UNDEFINED:
        return False
    if name == "leader_id":
        return isinstance(value, int) and z3_value == value
    return z3_value == value


def _same_sends(z3_sends, python_sends) -> bool:
    if len(z3_sends) != len(python_sends):
        return False
    for (port, message_type, values), (python_port, python_type, python_values) in zip(z3_sends, python_sends):
        if port != python_port or message_type is not python_type or len(values) != len(python_values):
            return False
        if any(z is UNDEFINED or z != v or not isinstance(v, int) for z, v in zip(values, python_values)):
            return False
    return True


def _show_sends(sends) -> str:
    if not sends:
        return "nothing"
    return ", ".join(
        f"{message_type.__name__}({', '.join(_render(int, v) for v in values)}) on {port}"
        for port, message_type, values in sends
    )
