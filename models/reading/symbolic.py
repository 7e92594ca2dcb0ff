"""The symbolic (z3) interpretation of one DSL command.

The command text the explorer runs on plain values runs here on z3 terms. The process view
is the concrete one (``models.systems.process.view_class``) with z3 constants in its slots instead of
values, and ``And/Or/Not/Implies/ite`` build z3 terms when given them, so nothing is
translated: the guard comes back as a formula and the body's assignments and sends as terms
over the process's locals before the step, its id and the received message's fields. That is
one command's transition relation, for a proof to use. The ring size n stays concrete, and
so does the arrival port (a receive command is instantiated per port, as in the explorer).

Python and z3 do not agree on every operator (a tuple comparison on terms is decided by
structure, ``/`` on Int terms is integer division, ...): the command runs inside
``models.reading.faithful.faithful_operators``, where each construct either means what it means on
plain values or raises AlgorithmError naming the command, the line and the fix. What remains
(``is``, ``isinstance``, ``str`` of a term) is caught by comparing the reading with the
concrete semantics (checker/trust/readings.py) before anything relies on it.

This module and models.reading.symbolic_ring (the whole ring, for proofs) are the only ones that import
z3 eagerly; ``import models`` never loads them.
"""
from __future__ import annotations

from dataclasses import dataclass

import z3

from ..dsl.algorithm import Algorithm, Command, Layout
from ..errors import AlgorithmError
from .faithful import faithful_operators
from ..dsl.messages import Message
from ..topology.ports import given_port
from ..systems.process import ProcessView, view_class
from ..dsl.values import domain_of


def network_reading_view(algorithm: type[Algorithm], layout: Layout) -> type[ProcessView]:
    """The view class of a process on a network as the symbolic reading runs it: Port values
    with their numbers readable (a run that hides them is checked by the concrete semantics,
    which raises where a number is read: models/native/audit.py re-executes every context), and
    no diameter, which depends on the graph (an algorithm that reads it is not read)."""
    from ..systems.network_process import NetworkProcessView

    if getattr(algorithm, "knows_diameter", False):
        raise AlgorithmError(f"{algorithm.__name__} reads the network's diameter, which the symbolic reading "
                             "of one process does not know")
    return view_class(algorithm, layout, NetworkProcessView, _numbered=True, _diameter=None)


def sort_of(value_type: type) -> z3.SortRef:
    """bool -> Bool; int, Id and IntEnum types (Decision, Color, ...) -> Int."""
    return z3.BoolSort() if value_type is bool else z3.IntSort()


def as_term(value, value_type: type, what) -> z3.ExprRef:
    """A value a command produced (a z3 term or a plain value) as a term of value_type's sort."""
    sort = sort_of(value_type)
    if z3.is_expr(value):
        if value.sort() != sort:
            raise AlgorithmError(f"{what} is {value} of sort {value.sort()}, expected {sort}")
        return value
    if value_type is bool and isinstance(value, bool):
        return z3.BoolVal(value)
    if value_type is not bool and isinstance(value, int):
        return z3.IntVal(int(value))
    raise AlgorithmError(f"{what} is {value!r}, not a {value_type.__name__}")


def _condition(value) -> z3.BoolRef:
    """A guard's result as a formula, with Python's truthiness for a plain or Int result."""
    if z3.is_expr(value):
        return value if z3.is_bool(value) else value != 0
    return z3.BoolVal(bool(value))


class SymbolicProcess:
    """One process of a ring of n with fresh z3 constants for its locals (before a step) and id;
    on a network (``degree`` given), one process of that degree among n, its ports 0..degree-1."""

    def __init__(self, algorithm: type[Algorithm], n: int, name: str = "p", degree: int | None = None):
        topology = algorithm.topology(n)
        self.algorithm, self.n, self.degree = algorithm, n, degree
        self.layout = Layout.of(algorithm, topology.ports)
        if degree is None:  # a ring's ports are the same at every process
            self.in_ports, self.out_ports = topology.in_ports(0), topology.out_ports(0)
            self._view = view_class(algorithm, self.layout)
        else:
            self.in_ports = self.out_ports = tuple(range(degree))
            self._view = network_reading_view(algorithm, self.layout)
        self.locals = tuple(
            z3.Const(f"{name}.{self.layout.slot_name(k)}", sort_of(variable.type))
            for k, (_, _, variable) in enumerate(self.layout.slots)
        )
        self.id = z3.Int(f"{name}.id")

    def port_argument(self, port):
        """The arrival port (or the port of an ``any_port`` command) as a command sees it: a
        ring's ports are their names, a network's are Port values, read with their numbers."""
        return port if self.degree is None else given_port(port, True)

    def view(self) -> ProcessView:
        """The concrete view class, holding terms: ``p.asleep``, ``p.replied[CW]``, ``p.send``..."""
        return self._view(list(self.locals), self.id, self.n, self.out_ports, self.algorithm)

    def domain(self) -> z3.BoolRef:
        """1 <= id <= n and every local within its type's domain."""
        return z3.And(1 <= self.id, self.id <= self.n, *(
            domain_of(variable.type, x, self.n) for x, (_, _, variable) in zip(self.locals, self.layout.slots)
        ))

    def bind(self, values, pid: int) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
        """Substitution pairs giving the locals the plain ``values`` (layout order) and the id ``pid``."""
        slots = zip(self.locals, values, self.layout.slots)
        return [(x, as_term(v, variable.type, x)) for x, v, (_, _, variable) in slots] + [(self.id, z3.IntVal(pid))]


def symbolic_message(message_type: type[Message], name: str = "m") -> Message:
    """A message of this type whose fields are fresh constants ``m.<field>``."""
    return message_type.from_values(tuple(
        z3.Const(f"{name}.{field}", sort_of(t)) for field, t in zip(message_type.fields, message_type.field_types)
    ))


def bind_message(symbolic: Message, values) -> list[tuple[z3.ExprRef, z3.ExprRef]]:
    """Substitution pairs giving a symbolic message's fields the plain ``values``."""
    return [(x, as_term(v, t, x)) for x, v, t in zip(symbolic[1:], values, type(symbolic).field_types)]


def evaluate(term: z3.ExprRef, pairs) -> bool | int:
    """``term`` with the pairs substituted, simplified to a plain bool or int."""
    result = z3.simplify(z3.substitute(term, *pairs)) if pairs else z3.simplify(term)
    if z3.is_true(result) or z3.is_false(result):
        return z3.is_true(result)
    if z3.is_int_value(result):
        return result.as_long()
    raise ValueError(f"{term} does not reduce to a value under the substitution: {result}")


@dataclass(frozen=True)
class SymbolicStep:
    """One command as formulas over ``process``'s constants and ``message``'s fields."""

    guard: z3.BoolRef
    locals: tuple[z3.ExprRef, ...]  # every layout slot after the step
    # (port, type, fields), in order; on a network the port is a number, or an Int term (a port
    # held in a local), which the concrete semantics requires to be one of the process's
    sends: tuple[tuple[str | int | z3.ExprRef, type[Message], tuple[z3.ExprRef, ...]], ...]
    process: SymbolicProcess
    message: Message | None
    awaited: z3.ExprRef | None = None  # a timeout's ``waits_for(p)`` (an id) before the step, if it has one


def execute(algorithm: type[Algorithm], command: Command, n: int, port: str | None = None,
            process: SymbolicProcess | None = None, message: Message | None = None,
            degree: int | None = None) -> SymbolicStep:
    """Run ``command`` once on z3 terms; a receive needs the concrete arrival ``port`` (and an
    ``any_port`` command the port it is taken on). On a network ``degree`` is the process's:
    a send on a port held in a local is then a send on that term (``SymbolicStep.sends``)."""
    process = process or SymbolicProcess(algorithm, n, degree=degree)
    where = f"{algorithm.__name__}.{command.name} (line {command.line})"
    if command.kind == "receive":
        if port not in process.in_ports or not command.enabled_on(port):
            raise AlgorithmError(f"{where} does not receive on port {port!r}")
        message = message if message is not None else symbolic_message(command.message)
        arguments = (message, process.port_argument(port))
    elif command.any_port:
        if port not in process.out_ports:
            raise AlgorithmError(f"{where} is not taken on port {port!r}")
        arguments = (process.port_argument(port),)
    else:
        arguments = ()
    with faithful_operators(where):
        guard = z3.BoolVal(True) if command.guard is None else _condition(command.guard(process.view(), *arguments))
        awaited = None
        if command.waits_for is not None:
            awaited = as_term(command.waits_for(process.view()), int, f"{where}: waits_for")
        view = process.view()
        command.body(view, *arguments)
    new_locals = tuple(
        as_term(value, variable.type, f"{where}: {process.layout.slot_name(k)}")
        for k, (value, (_, _, variable)) in enumerate(zip(view._values, process.layout.slots))
    )
    sends = []
    for out_port, sent in view._sent:
        if not isinstance(sent, Message):
            raise AlgorithmError(f"{where} sends {sent!r}, which is not a Message")
        fields = zip(sent[1:], type(sent).fields, type(sent).field_types)
        sends.append((out_port, type(sent), tuple(as_term(v, t, f"{where}: {sent[0]}.{f}") for v, f, t in fields)))
    return SymbolicStep(guard, new_locals, tuple(sends), process, message, awaited)


_readings: dict = {}


def reading(algorithm: type[Algorithm], command: Command, n: int, port: str | None = None,
            degree: int | None = None) -> SymbolicStep:
    """``execute`` on a fresh process, memoised: the footprints, the C engine and the check of
    the readings (checker/trust/readings.py) share one reading per command instance and n (and
    degree, on a network). A refusal is remembered and raised again."""
    key = (algorithm, command.name, port, n, degree)
    if key not in _readings:
        try:
            _readings[key] = execute(algorithm, command, n, port, degree=degree)
        except AlgorithmError as refusal:
            _readings[key] = refusal
    found = _readings[key]
    if isinstance(found, AlgorithmError):
        raise AlgorithmError(str(found))
    return found


DECISIONS = ("decided", "is_leader", "leader_id", "candidate")  # rl_observe's order


def decision_line(algorithm: type[Algorithm], name: str) -> int:
    function = getattr(algorithm, name)
    code = getattr(function, "__code__", None)
    return code.co_firstlineno if code is not None else 0


def read_decisions(algorithm: type[Algorithm], n: int, process: SymbolicProcess) -> dict[str, z3.ExprRef]:
    """The decision functions as terms over ``process``'s constants: decided, is_leader and
    candidate as formulas, leader_id as an Int (0 when the algorithm records none)."""
    terms = {}
    for name in DECISIONS:
        function = getattr(algorithm, name)
        where = f"{algorithm.__name__}.{name} (line {decision_line(algorithm, name)})"
        if function is None:
            terms[name] = z3.IntVal(0) if name == "leader_id" else z3.BoolVal(True)
            continue
        with faithful_operators(where):
            value = function(process.view())
            terms[name] = as_term(value, int, where) if name == "leader_id" else _condition(value)
    return terms
