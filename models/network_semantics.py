"""The asynchronous semantics on a general network: ``AsyncSystem`` with Port values.

Everything about states and transitions is ``AsyncSystem``'s: a command of one process, run
atomically, FIFO channels, one per direction of every edge. What differs is what a command
sees of its ports (models/network_process.py): the arrival port is a ``Port`` value, and
unless the run lets it (``numbered``), reading a port's number raises ``PortNumbersRead``
(models/ports.py) so that the checker can start again with every labelling.

Partial-order reduction needs each command instance's footprint (models/footprint.py). On a
network processes differ in their degree, so the footprint is read symbolically for a process
of the instance's own degree, with the same Port values as the concrete run; anything that
cannot be read that way gets the worst-case footprint, which costs reduction, never soundness.
"""
from __future__ import annotations

from dataclasses import replace

from .algorithm import Algorithm, Command
from .errors import AlgorithmError
from .footprint import Footprint
from .network import Network
from .network_process import NetworkProcessView
from .ports import Port, PortNumbersRead
from .process import view_class
from .semantics import AsyncSystem

_footprints: dict = {}


class NetworkSystem(AsyncSystem):
    """An algorithm on one network with one arrangement of ids and one labelling of the ports."""

    def __init__(self, algorithm: type[Algorithm], ids, topology: Network, numbered: bool = False):
        if not getattr(algorithm.topology, "numbered_ports", False):
            raise AlgorithmError(f"{algorithm.__name__} runs on a {algorithm.topology.kind}, not on a network")
        self.numbered = numbered
        super().__init__(algorithm, ids, topology=topology)
        self._view = network_view(algorithm, self.layout, numbered, topology)
        if not numbered:
            restricted = [c.name for c in algorithm.commands if c.kind == "receive" and c.ports is not None]
            if restricted:
                raise PortNumbersRead(f"{algorithm.__name__}.{restricted[0]} names its arrival ports by number (ports=)")

    def _port_argument(self, port):
        return Port(port, self.numbered)

    def locals_of(self, state, i: int) -> dict[str, str]:
        """As ``AsyncSystem.locals_of``, without the per-port locals of ports the process lacks
        (every process has slots for n - 1 ports: models/network.py)."""
        degree = self.topology.degree(i)
        return {name: value for (_, port, _), (name, value) in zip(self.layout.slots, super().locals_of(state, i).items())
                if port is None or port < degree}

    def command_footprint(self, command: Command, process: int, port) -> Footprint:
        """The footprint of ``command`` at ``process`` (received on ``port``), for the
        partial-order reduction's tables (models/dependence.py)."""
        # it depends on the process only through its degree, not on ids, labelling or graph
        key = (self.algorithm, command.name, self.n, self.topology.degree(process), port, self.numbered)
        if key not in _footprints:
            _footprints[key] = self._read_footprint(command, key[3], port)
        return _footprints[key]

    def _read_footprint(self, command: Command, degree: int, port) -> Footprint:
        from .footprint import footprint_of_step
        from .symbolic import SymbolicProcess, execute

        process = SymbolicProcess(self.algorithm, self.n)
        process.out_ports = tuple(range(degree))
        process.in_ports = tuple(Port(k, self.numbered) for k in range(degree))
        view = network_view(self.algorithm, process.layout, self.numbered, self.topology)
        process._view = view
        arrival = None if port is None else Port(port, self.numbered)
        if command.any_port:  # read as a spontaneous command with its port bound
            guard, body = command.guard, command.body
            command = replace(command, any_port=False, guard=guard and (lambda p: guard(p, arrival)),
                              body=lambda p: body(p, arrival))
            arrival = None
        try:
            step = execute(self.algorithm, command, self.n, arrival, process)
        except Exception:  # noqa: BLE001 -- a number read, or anything unreadable: assume the worst
            return Footprint.worst(len(process.locals), process.out_ports)
        return footprint_of_step(process, step)


def network_view(algorithm, layout, numbered: bool, topology: Network):
    """The view class of ``algorithm`` on ``topology``: Port values numbered or not."""
    diameter = topology.diameter if getattr(algorithm, "knows_diameter", False) else None
    return view_class(algorithm, layout, NetworkProcessView, _numbered=numbered, _diameter=diameter)
