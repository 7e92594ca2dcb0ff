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
LEFT = "LEFT"
RIGHT = "RIGHT"

_OPPOSITE = {CW: CCW, CCW: CW, NEXT: PREV, PREV: NEXT, LEFT: RIGHT, RIGHT: LEFT}


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
    """Processes 0..n-1, their ports, and the channels between them.

    This class is the protocol every topology keeps (rings here, networks in network.py): the
    checker reads these members, never ``getattr`` with a default, so a member's meaning and its
    default for the topologies that do not override it are stated once, here.
    """

    kind = "topology"
    ports: tuple[str, ...] = ()
    rotation_symmetric = False
    mirror_symmetric = False  # reading the ring the other way round gives the same topology
    port_labellings = False  # the adversary labels each process's ports: arrangements include every labelling
    numbered_ports = False  # the algorithm sees Port values numbered 0..degree-1 (a network), not port names
    swapped: tuple[bool, ...] = ()  # the port labelling of this instance, where the adversary labels ports

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

    def rotated_channels(self, k: int) -> tuple[int, ...] | None:
        """Where each channel goes when every process moves k places on (process i to i + k): per
        channel, the index of the channel between the moved ends by the same ports; None if one
        has none (rotating by k does not map this topology onto itself, port for port)."""
        moved = []
        for c in self.channels:
            sender, receiver = (c.sender + k) % self.n, (c.receiver + k) % self.n
            target = self.out_channel(sender, c.out_port)
            if target is None or (self.channels[target].receiver, self.channels[target].in_port) != (receiver, c.in_port):
                return None
            moved.append(target)
        return tuple(moved)

    def describe_channel(self, k: int) -> str:
        c = self.channels[k]
        return f"{c.sender}->{c.receiver} ({c.out_port})"

    def process_name(self, v: int) -> str:
        """How traces name process v."""
        return f"p{v}"

    def has_port(self, process: int, port) -> bool:
        """Does ``process`` have ``port`` (on a network, only the ports below its degree)?"""
        return True

    def toward(self, process: int, clockwise: bool) -> str | None:
        """The port of ``process`` that leads clockwise (or anticlockwise), where the ports are
        not named by direction (the unoriented ring); None where they are, or on a network."""
        return None

    def ports_text(self) -> str | None:
        """Where every port leads, in one line, where the ports are numbers (a network); else None."""
        return None

    @property
    def edge_count(self) -> int:
        """Undirected links: n on a ring (one link between the two processes of a ring of 2)."""
        return self.n if self.n > 2 else self.n - 1

    @property
    def diameter(self) -> int:
        """The most links a message needs to reach any process: n - 1 going one way round."""
        return self.n - 1


class BidirectionalRing(Topology):
    """Seed 001's ring: links CW and CCW at every process, one channel each way on every link."""

    kind = "bidirectional ring"
    ports = (CW, CCW)
    rotation_symmetric = True
    mirror_symmetric = True

    @property
    def diameter(self) -> int:
        return self.n // 2

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


class UnorientedRing(Topology):
    """Seed 004's ring: two ports per process, LEFT and RIGHT, but which neighbour each leads to is
    the adversary's choice ("a processor does not know which neighbor is to its right or left").

    ``swapped[i]`` says how process i's ports are labelled: False, its RIGHT port leads clockwise
    (to i+1) and LEFT anticlockwise; True, the other way round. A labelling is part of an
    arrangement (``port_labellings``), so the checker explores every one of the 2^n (up to the
    ring's rotations and reflection, checker/arrangements.py). Reading the ring the other way
    round is the same labelled ring (with every process's labelling toggled), so the reflection
    quotient needs no declaration from the algorithm.
    """

    kind = "non-oriented ring"
    ports = (LEFT, RIGHT)
    rotation_symmetric = True
    mirror_symmetric = True
    port_labellings = True

    def __init__(self, n: int, swapped=None):
        self.swapped = tuple(bool(s) for s in swapped) if swapped is not None else (False,) * n
        if len(self.swapped) != n:
            raise ValueError(f"a labelling of {n} processes needs {n} entries, got {len(self.swapped)}")
        super().__init__(n)

    def toward(self, i: int, clockwise: bool) -> str:
        """The port of process i that leads clockwise (or anticlockwise)."""
        return LEFT if self.swapped[i] == clockwise else RIGHT

    def _links(self):
        n = self.n
        for i in range(n):
            yield Channel(i, self.toward(i, True), (i + 1) % n, self.toward((i + 1) % n, False))
            yield Channel(i, self.toward(i, False), (i - 1) % n, self.toward((i - 1) % n, True))
