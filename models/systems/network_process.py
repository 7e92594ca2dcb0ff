"""The view a command has of its process on a general network.

Besides what every process has (its locals, ``p.id``, ``p.n`` if the algorithm knows n), a
process on a network has ``p.degree`` (how many ports it has), ``p.diameter`` (if the algorithm
sets ``knows_diameter = True``: seed 002's flooding knows D), ``p.send(port, m)`` for a Port
value, ``p.send_all(m)`` ("send to each neighbor"), per-port locals indexed by Port values,
and ``p.port(k)``, the port numbered k (NO_PORT if there is none), for algorithms that walk
their ports in order (that reads a number: see models/topology/ports.py).
"""
from __future__ import annotations

from ..errors import AlgorithmError
from ..logic import And, is_symbolic, ite
from ..topology.ports import NONE_STORED, Port, PortNumbersRead, given_port, reads_a_number
from .process import ProcessView


class NetworkProcessView(ProcessView):
    __slots__ = ()
    _numbered = False  # set per run: may the algorithm read port numbers without notice?
    _diameter = None  # the network's diameter, for algorithms that know it

    @property
    def degree(self) -> int:
        return len(self._out_ports)

    @property
    def diameter(self) -> int:
        if not getattr(self._algorithm, "knows_diameter", False):
            raise AlgorithmError(
                f"{self._algorithm.__name__} reads p.diameter but does not know it; set `knows_diameter = True` "
                "in the class if the algorithm may know the network's diameter (seed 002's flooding does)"
            )
        return self._diameter

    def port(self, number) -> Port:
        """The port numbered ``number``, or NO_PORT if the process has no such port (k outside
        0..degree-1: a guard evaluates all its conjuncts, so this must not fail)."""
        if not self._numbered:
            raise PortNumbersRead(f"names port {number} by its number (p.port)")
        if is_symbolic(number):  # the symbolic reading (footprints): ports are 0..degree-1
            return given_port(ite(And(0 <= number, number < len(self._out_ports)), number, NONE_STORED), True)
        return given_port(number if 0 <= number < len(self._out_ports) else NONE_STORED, True)

    def send(self, port, message, *, when=True):
        if not isinstance(port, Port):
            raise AlgorithmError(
                f"sends on {port!r}; on a network a port is a Port value: the arrival port, a Port local, "
                "or p.port(k); p.send_all(m) sends to every neighbour"
            )
        if reads_a_number(port, self._numbered):
            raise PortNumbersRead(f"sends on {port!r}, a port named by its number")
        number = port._number
        if is_symbolic(number):
            # the symbolic reading of a send on a port held in a local: on that term (which the
            # concrete semantics requires to be one of this process's ports, as below)
            if when is True or self._sends_if(when):  # the common case first: an unconditional send
                self._sent.append((number, message))
            return
        if number not in self._out_ports:
            raise AlgorithmError(f"sends on {port!r}, which this process does not have (degree {self.degree})")
        if when is True or self._sends_if(when):  # the common case first: an unconditional send
            self._sent.append((number, message))

    def _port_argument(self, port):
        return given_port(port, self._numbered)

    def _slot_port(self, port):
        if not isinstance(port, Port):
            raise AlgorithmError(f"indexes a per-port local with {port!r}; on a network index it with a Port value")
        if reads_a_number(port, self._numbered):
            raise PortNumbersRead(f"indexes a per-port local with {port!r}, a port named by its number")
        if is_symbolic(port._number):
            raise AlgorithmError("indexes a per-port local with a port held in a local (not read symbolically)")
        return port._number
