"""The view a command has of its own process, in the concrete interpretation.

A process's locals are a tuple of plain values (see ``Layout``); a command reads and writes
them as attributes. One view class is generated per algorithm and topology, with a property
per local, so reading ``p.asleep`` is a tuple index and not a dictionary lookup.
"""
from __future__ import annotations

from ..dsl.algorithm import Algorithm, Layout
from ..dsl.draws import NoDraws
from ..errors import AlgorithmError
from ..logic import is_symbolic
from ..topology.ports import Port, PortNumbersRead, given_port, reads_a_number, stored

# Where no coins are handed in (the symbolic reading, decision functions), a draw is refused.
_UNREAD = NoDraws(
    "p.draw is random: only the concrete semantics reads it (the Python engine, without "
    "partial-order reduction); proofs, the native engine and footprints do not"
)


class _PortVector:
    """``p.replied`` for a PerPort local: indexed by port."""

    __slots__ = ("_process", "_slots")

    def __init__(self, process, slots):
        self._process = process
        self._slots = slots

    def __getitem__(self, port):
        return self._process._values[self._slots[self._process._slot_port(port)]]

    def __setitem__(self, port, value):
        self._process._values[self._slots[self._process._slot_port(port)]] = value


class ProcessView:
    """Base of the generated views: id, n, sends; locals come from the generated subclass."""

    __slots__ = ("_values", "id", "_n", "_sent", "_out_ports", "_algorithm", "_coins")
    _numbered = True  # Port values read from locals show their numbers (models/topology/ports.py)

    def __init__(self, values, pid: int, n: int, out_ports, algorithm, coins=_UNREAD):
        self._values = values
        self.id = pid
        self._n = n
        self._sent = []
        self._out_ports = out_ports
        self._algorithm = algorithm
        self._coins = coins

    @property
    def n(self) -> int:
        if not self._algorithm.knows_n:
            raise AlgorithmError(
                f"{self._algorithm.__name__} reads p.n but is uniform; set `knows_n = True` "
                "in the class if the algorithm may know the ring size"
            )
        return self._n

    def send(self, port, message, *, when=True):
        """Send ``message`` on ``port``; with ``when``, only if that condition holds (see
        ``_sends_if``)."""
        if port not in self._out_ports:
            raise AlgorithmError(
                f"{self._algorithm.__name__} sends on port {port!r}, which has no outgoing "
                f"channel here; ports: {', '.join(self._out_ports)}"
            )
        if when is True or self._sends_if(when):  # the common case first: an unconditional send
            self._sent.append((port, message))

    def draw(self, choices):
        """A value drawn at random: ``p.draw({0: 1, 1: 3})`` (value: weight) or ``p.draw((0, 1))``
        (uniform). The checker explores every value, each with its probability (models.dsl.draws)."""
        return self._coins.pick(choices)

    def send_all(self, message, *, where=None):
        """Send the same message on every outgoing port (seed 001: "to links CW and CCW"); with
        ``where``, a function of the port, on the ports where it holds: ``p.send_all(Bit(p.b),
        where=lambda port: p.active[port])`` (seed 002: "send b to every active neighbor")."""
        if where is not None and not callable(where):
            raise AlgorithmError(f"send_all(m, where={where!r}): where= takes a function of the port, "
                                 "e.g. where=lambda port: p.active[port]")
        for port in self._out_ports:
            if where is None or self._sends_if(where(self._port_argument(port))):
                self._sent.append((port, message))

    def _sends_if(self, condition) -> bool:
        """Whether a conditional send sends. Only the concrete semantics reads one: on z3 terms
        (proofs, footprints, the C engine) a send is unconditional, so the reading is refused,
        and checker/trust/readings.py reports the command as unreadable."""
        if is_symbolic(condition):
            raise AlgorithmError(f"{self._algorithm.__name__} sends only if {condition} (when= or where=): "
                                 "a conditional send is read by the Python engine only, not on z3 terms")
        return bool(condition)

    def _port_argument(self, port):
        """A port as a command is handed it (a ring's ports are their own names)."""
        return port

    def _slot_port(self, port):
        """The port name a per-port local is stored under (a ring's ports are their own names)."""
        return port


def _scalar_property(slot: int):
    def read(self):
        return self._values[slot]

    def write(self, value):
        self._values[slot] = value

    return property(read, write)


def _port_property(slot: int):
    """A Port local: stored as a plain int (models/topology/ports.py), read as a Port value."""
    def read(self):
        return given_port(self._values[slot], self._numbered)

    def write(self, value):
        if reads_a_number(value, self._numbered):
            raise PortNumbersRead(f"stores {value!r}, a port named by its number, in a Port local")
        self._values[slot] = stored(value)

    return property(read, write)


def _vector_property(slots: dict):
    def read(self):
        return _PortVector(self, slots)

    return property(read)


def view_class(algorithm: type[Algorithm], layout: Layout, base: type[ProcessView] | None = None,
               **attributes) -> type[ProcessView]:
    """A ProcessView subclass (of ``base``, by default ProcessView; a network's processes have
    models/systems/network_process.py's) with one property per declared local, and ``attributes``."""
    base = base or ProcessView
    namespace: dict = {"__slots__": (), **attributes}
    per_port: dict[str, dict] = {}
    for slot, (name, port, variable) in enumerate(layout.slots):
        if port is None:
            namespace[name] = _port_property(slot) if variable.type is Port else _scalar_property(slot)
        else:
            per_port.setdefault(name, {})[port] = slot
    for name, slots in per_port.items():
        namespace[name] = _vector_property(slots)
    return type(f"{algorithm.__name__}Process", (base,), namespace)
