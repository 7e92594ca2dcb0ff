"""The asynchronous semantics on a general network: ``AsyncSystem`` with Port values.

Everything about states and transitions is ``AsyncSystem``'s: a command of one process, run
atomically, FIFO channels, one per direction of every edge. What differs is what a command
sees of its ports (models/systems/network_process.py): the arrival port is a ``Port`` value, and
unless the run lets it (``numbered``), reading a port's number raises ``PortNumbersRead``
(models/topology/ports.py) so that the checker can start again with every labelling.

Partial-order reduction takes the footprint of each command instance from its symbolic reading
at the degree of its process, where checker/trust/readings.py found that reading faithful (the
worst case otherwise: it reads and writes every local and may send on every port).
"""
from __future__ import annotations

from ..dsl.algorithm import Algorithm
from ..errors import AlgorithmError
from ..topology.network import Network
from .network_process import NetworkProcessView
from ..topology.ports import PortNumbersRead, given_port
from .process import view_class
from .semantics import AsyncSystem


class NetworkSystem(AsyncSystem):
    """An algorithm on one network with one arrangement of ids and one labelling of the ports."""

    def __init__(self, algorithm: type[Algorithm], ids, topology: Network, numbered: bool = False):
        if not algorithm.topology.numbered_ports:
            raise AlgorithmError(f"{algorithm.__name__} runs on a {algorithm.topology.kind}, not on a network")
        self.numbered = numbered
        super().__init__(algorithm, ids, topology=topology)
        self._view = network_view(algorithm, self.layout, numbered, topology)
        if not numbered:
            restricted = [c.name for c in algorithm.commands if c.kind == "receive" and c.ports is not None]
            if restricted:
                raise PortNumbersRead(f"{algorithm.__name__}.{restricted[0]} names its arrival ports by number (ports=)")
            starting = [variable for variable in algorithm.variables if variable.names_a_port]
            if starting:
                raise PortNumbersRead(f"{algorithm.__name__}.{starting[0].name} starts at port {starting[0].initial}, "
                                      "a port named by its number (Port)")

    def _port_argument(self, port):
        return given_port(port, self.numbered)

    def locals_of(self, state, i: int) -> dict[str, str]:
        """As ``AsyncSystem.locals_of``, without the per-port locals of ports the process lacks
        (every process has slots for n - 1 ports: models/topology/network.py)."""
        degree = self.topology.degree(i)
        return {name: value for (_, port, _), (name, value) in zip(self.layout.slots, super().locals_of(state, i).items())
                if port is None or port < degree}


def network_view(algorithm, layout, numbered: bool, topology: Network):
    """The view class of ``algorithm`` on ``topology``: Port values numbered or not."""
    diameter = topology.diameter if getattr(algorithm, "knows_diameter", False) else None
    return view_class(algorithm, layout, NetworkProcessView, _numbered=numbered, _diameter=diameter)
