"""What one command instance may read and write, known before any state is explored.

A command sees only its own process (docs/design.md's locality rule), so everything it touches is
named by its process's local slots, the channel it reads and the ports it sends on. Running
the command once on z3 terms (``models.reading.symbolic``) gives that exactly, for every value at once:
the slots whose constants occur in the guard, the new values or the sent fields are read; a
slot whose new value is not its old constant is written; the ports sent on are those of the
sends. Partial-order reduction (checker/reduction.py) decides from these which transitions
are independent.

The symbolic reading is used only where it was checked against the concrete semantics
(checker/trust/readings.py, which hands its verdict down as ``TrustedReadings``: models/ does
not import the checker). A command instance whose reading is not trusted, or that cannot be
read symbolically at all, gets the footprint that assumes the worst: it reads and writes every
slot and may send on every port. That only costs reduction, never soundness.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import derived_cache
from ..dsl.algorithm import Algorithm, Command, Layout


@dataclass(frozen=True)
class TrustedReadings:
    """Which symbolic readings of one algorithm at one n agree with the concrete semantics.

    ``instances`` holds (command name, arrival port or None) for each faithful command
    instance, and on a network (command name, port or None, the process's degree), since a
    process reads its degree and has that many ports; ``decisions`` says whether the decision
    functions' readings are faithful; ``reason`` is the first disagreement or refusal, one
    line, when something is not trusted.
    """

    instances: frozenset[tuple]
    decisions: bool
    reason: str | None = None

    def trusts(self, command: Command, port: str | int | None, degree: int | None = None) -> bool:
        return ((command.name, port) if degree is None else (command.name, port, degree)) in self.instances


@dataclass(frozen=True)
class Footprint:
    guard_reads: frozenset[int]  # local slots the guard reads
    reads: frozenset[int]  # local slots the guard, the new values or the sent fields read
    writes: frozenset[int]  # local slots the body may change
    send_ports: frozenset[str]  # ports the body sends on

    @classmethod
    def worst(cls, slots: int, ports) -> "Footprint":
        every = frozenset(range(slots))
        return cls(every, every, every, frozenset(ports))


def constants_in(term) -> set[int]:
    """The ids of the uninterpreted constants (locals, the id, message fields) a z3 term mentions."""
    import z3

    found, seen, pending = set(), set(), [term]
    while pending:
        t = pending.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            found.add(t.get_id())
        else:
            pending.extend(t.children())
    return found


def slots_in(term, slot_of) -> set[int]:
    """The local slots (``slot_of``: constant id -> slot) a z3 term mentions."""
    return {slot_of[c] for c in constants_in(term) if c in slot_of}


_known: dict[tuple, Footprint] = {}


def footprint(algorithm: type[Algorithm], command: Command, port: str | int | None, n: int,
              trusted: TrustedReadings, degree: int | None = None) -> Footprint:
    """The footprint of ``command`` (received on ``port``, for a receive) in a ring of n, or at
    a process of ``degree`` on a network of n: read symbolically where ``trusted`` says that
    reading is faithful, else the worst case."""
    if not trusted.trusts(command, port, degree):
        return _worst(algorithm, n)
    key = (algorithm, command.name, port, n, degree)
    if key not in _known:
        what = ("footprint", command.name, port) + (() if degree is None else (degree,))
        _known[key] = derived_cache.remembered(algorithm, n, what,
                                               lambda: _read_symbolically(algorithm, command, port, n, degree))
    return _known[key]


def _worst(algorithm, n) -> Footprint:
    topology = algorithm.topology(n)
    return Footprint.worst(len(Layout.of(algorithm, topology.ports).slots), topology.out_ports(0))


def _read_symbolically(algorithm, command, port, n, degree=None) -> Footprint:
    from .symbolic import reading

    try:
        step = reading(algorithm, command, n, port, degree)
    except Exception:  # noqa: BLE001 -- any failure means: assume the worst
        return _worst(algorithm, n)
    process = step.process
    slot_of = {x.get_id(): k for k, x in enumerate(process.locals)}
    guard_reads = slots_in(step.guard, slot_of)
    reads = set(guard_reads)
    writes = set()
    for k, (old, new) in enumerate(zip(process.locals, step.locals)):
        if not new.eq(old):
            writes.add(k)
            reads |= slots_in(new, slot_of)
    send_ports = set()
    for out_port, _type, fields in step.sends:
        for value in fields:
            reads |= slots_in(value, slot_of)
        if isinstance(out_port, (str, int)):
            send_ports.add(out_port)
        else:  # on a network, a port held in a local: the send reads it, and may be on any port
            reads |= slots_in(out_port, slot_of)
            send_ports |= set(process.out_ports)
    return Footprint(frozenset(guard_reads), frozenset(reads), frozenset(writes), frozenset(send_ports))
