"""What one command instance may read and write, known before any state is explored.

A command sees only its own process (docs/design.md's locality rule), so everything it touches is
named by its process's local slots, the channel it reads and the ports it sends on. Running
the command once on z3 terms (``models.symbolic``) gives that exactly, for every value at once:
the slots whose constants occur in the guard, the new values or the sent fields are read; a
slot whose new value is not its old constant is written; the ports sent on are those of the
sends. Partial-order reduction (checker/reduction.py) decides from these which transitions
are independent.

A command that cannot be read symbolically (a user's algorithm may compute with plain Python
on data) gets the footprint that assumes the worst: it reads and writes every slot and may
send on every port. That only costs reduction, never soundness.
"""
from __future__ import annotations

from dataclasses import dataclass

from .algorithm import Algorithm, Command
from .errors import AlgorithmError


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


def _slots_in(term, slot_of) -> set[int]:
    import z3

    found, seen, pending = set(), set(), [term]
    while pending:
        t = pending.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_const(t):
            slot = slot_of.get(t.get_id())
            if slot is not None:
                found.add(slot)
        else:
            pending.extend(t.children())
    return found


_known: dict[tuple, Footprint] = {}


def footprint(algorithm: type[Algorithm], command: Command, port: str | None, n: int) -> Footprint:
    """The footprint of ``command`` (received on ``port``, for a receive) in a ring of n."""
    key = (algorithm, command.name, port, n)
    if key not in _known:
        _known[key] = _read_symbolically(algorithm, command, port, n)
    return _known[key]


def _read_symbolically(algorithm, command, port, n) -> Footprint:
    from .symbolic import SymbolicProcess, execute

    process = SymbolicProcess(algorithm, n)
    try:
        step = execute(algorithm, command, n, port, process)
    except (AlgorithmError, Exception):  # noqa: BLE001 -- any failure means: assume the worst
        return Footprint.worst(len(process.locals), process.out_ports)
    slot_of = {x.get_id(): k for k, x in enumerate(process.locals)}
    guard_reads = _slots_in(step.guard, slot_of)
    reads = set(guard_reads)
    writes = set()
    for k, (old, new) in enumerate(zip(process.locals, step.locals)):
        if not new.eq(old):
            writes.add(k)
            reads |= _slots_in(new, slot_of)
    for _port, _type, fields in step.sends:
        for value in fields:
            reads |= _slots_in(value, slot_of)
    return Footprint(frozenset(guard_reads), frozenset(reads), frozenset(writes),
                     frozenset(p for p, _, _ in step.sends))
