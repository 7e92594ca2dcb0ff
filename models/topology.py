"""Rings: positions 0..n-1 in clockwise order, their ports and one FIFO channel per directed link.

Process i's clockwise neighbour is i+1 (mod n). On the bidirectional ring a message sent on
port CW travels clockwise and arrives at the neighbour on its CCW port (seed 001: "SEND
<terminate> to link CCW" is processed by the neighbour as "arrived on link CW"). On the
unidirectional ring a process sends on NEXT (to its clockwise successor) and receives on PREV
(from its anticlockwise predecessor), the orientation of seed 000's "send in clockwise
direction" and of seed 002's predecessor/successor.
"""
from __future__ import annotations

from dataclasses import dataclass

CW = "CW"
CCW = "CCW"
NEXT = "NEXT"
PREV = "PREV"

_OPPOSITE = {CW: CCW, CCW: CW, NEXT: PREV, PREV: NEXT}


def opposite(port: str) -> str:
    """The other port of a ring process: the direction a message keeps going in."""
    return _OPPOSITE[port]


@dataclass(frozen=True)
class Channel:
    """A directed FIFO link: sent by ``sender`` on ``out_port``, received by ``receiver`` on ``in_port``."""

    sender: int
    out_port: str
    receiver: int
    in_port: str


class Topology:
    """Processes 0..n-1, their ports, and the channels between them."""

    kind = "topology"
    ports: tuple[str, ...] = ()
    rotation_symmetric = False
    mirror_symmetric = False  # reading the ring the other way round gives the same topology

    def __init__(self, n: int):
        self.n = n
        self.channels: tuple[Channel, ...] = tuple(self._links())
        self._out = {(c.sender, c.out_port): k for k, c in enumerate(self.channels)}
        self._in = {(c.receiver, c.in_port): k for k, c in enumerate(self.channels)}

    def _links(self):
        raise NotImplementedError

    def out_channel(self, process: int, port: str) -> int | None:
        return self._out.get((process, port))

    def in_channel(self, process: int, port: str) -> int | None:
        return self._in.get((process, port))

    def out_ports(self, process: int) -> tuple[str, ...]:
        return tuple(p for p in self.ports if (process, p) in self._out)

    def in_ports(self, process: int) -> tuple[str, ...]:
        return tuple(p for p in self.ports if (process, p) in self._in)

    def describe_channel(self, k: int) -> str:
        c = self.channels[k]
        return f"{c.sender}->{c.receiver} ({c.out_port})"


class BidirectionalRing(Topology):
    """Seed 001's ring: links CW and CCW at every process, one channel each way on every link."""

    kind = "bidirectional ring"
    ports = (CW, CCW)
    rotation_symmetric = True
    mirror_symmetric = True

    def _links(self):
        n = self.n
        for i in range(n):
            yield Channel(i, CW, (i + 1) % n, CCW)
            yield Channel(i, CCW, (i - 1) % n, CW)


class UnidirectionalRing(Topology):
    """Seeds 000/002's ring: every process sends to its clockwise successor only."""

    kind = "unidirectional ring"
    ports = (NEXT, PREV)
    rotation_symmetric = True

    def _links(self):
        n = self.n
        for i in range(n):
            yield Channel(i, NEXT, (i + 1) % n, PREV)
