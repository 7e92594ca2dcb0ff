"""Which command instances conflict and which can enable which: the static half of
partial-order reduction (checker/reduction.py explains the theory), shared by the Python
explorer and the native engine, which compiles these tables into its C.
"""
from __future__ import annotations

from .footprint import Footprint, TrustedReadings, footprint


class DependenceTables:
    """Which instances conflict and which can enable which, from the static footprints.

    They depend on the algorithm, its topology and n, not on the ids (footprints are read
    with a symbolic id), so one set of tables, and its memo of candidate sets, serves every
    arrangement a worker explores. ``trusted`` says which symbolic readings were checked
    against the concrete semantics (checker/trust/readings.py); the others get worst-case
    footprints.
    """

    _shared: dict = {}

    @classmethod
    def of(cls, system, trusted: TrustedReadings) -> "DependenceTables":
        key = (system.algorithm, system.topology.channels, system.n, trusted)
        if key not in cls._shared:
            cls._shared[key] = cls(system, trusted)
        return cls._shared[key]

    def __init__(self, system, trusted: TrustedReadings):
        self.memo: dict = {}  # (enabled instances, head types) -> candidate sets
        self.system = system
        self.trusted = trusted
        n, topology = system.n, system.topology
        instances = system.instances
        self.count = len(instances)
        self.process = [x.process for x in instances]
        self.port = [x.port for x in instances]
        self.command = [x.command for x in instances]
        # channels are numbered as in a state: n + the topology's channel index
        self.reads_channel = [  # a spontaneous command taken on a port (any_port) reads no channel
            None if x.port is None or x.command is not None and x.command.kind == "spontaneous"
            else n + topology.in_channel(x.process, x.port) for x in instances
        ]
        prints = [self._footprint(x) for x in instances]
        self.guard_reads = [f.guard_reads for f in prints]
        self.sends_into = [
            frozenset(n + topology.out_channel(x.process, port) for port in f.send_ports
                      if topology.out_channel(x.process, port) is not None)
            for x, f in zip(instances, prints)
        ]
        self.conflicts = [self._mask(self._conflicting(t, prints)) for t in range(self.count)]
        self.senders = {}  # channel -> instances that may send into it
        self.readers = {}  # channel -> instances that read it
        for t in range(self.count):
            for channel in self.sends_into[t]:
                self.senders[channel] = self.senders.get(channel, 0) | 1 << t
            if self.reads_channel[t] is not None:
                self.readers[self.reads_channel[t]] = self.readers.get(self.reads_channel[t], 0) | 1 << t
        self.instances_of = [0] * n  # process -> mask of its instances
        for t in range(self.count):
            self.instances_of[self.process[t]] |= 1 << t
        self.channels_into = [
            tuple(n + topology.in_channel(i, port) for port in topology.in_ports(i)) for i in range(n)
        ]
        self._reach: dict = {}
        self.writers_of_guard = [
            self._mask(u for u in range(self.count)
                       if self.process[u] == self.process[t] and prints[u].writes & self._guard_reads_of(t))
            for t in range(self.count)
        ]

    def _footprint(self, instance) -> Footprint:
        system = self.system
        # on a network a command reads its process's degree (and has that many ports)
        degree = system.topology.degree(instance.process) if system.topology.numbered_ports \
            else None
        if instance.command is not None:
            return footprint(system.algorithm, instance.command, instance.port, system.n, self.trusted, degree)
        # the unmatched reception reads what the guards of the port's handlers read: a write
        # there can make a handler accept the head
        reads = frozenset()
        for command in system.algorithm.commands:
            if command.kind == "receive" and command.enabled_on(instance.port):
                reads |= footprint(system.algorithm, command, instance.port, system.n, self.trusted,
                                   degree).guard_reads
        return Footprint(reads, reads, frozenset(), frozenset())

    def _guard_reads_of(self, t: int) -> frozenset:
        return self.guard_reads[t]

    def _conflicting(self, t: int, prints):
        for u in range(self.count):
            if u == t or self.process[u] != self.process[t]:
                continue
            a, b = prints[t], prints[u]
            if (
                (self.reads_channel[t] is not None and self.reads_channel[t] == self.reads_channel[u])
                or a.writes & (b.reads | b.writes)
                or b.writes & a.reads
                or self.sends_into[t] & self.sends_into[u]
            ):
                yield u

    @staticmethod
    def _mask(members) -> int:
        mask = 0
        for m in members:
            mask |= 1 << m
        return mask

    def _enablers(self, t: int, heads) -> int:
        """A necessary enabling set of the disabled instance t, given each channel's head type."""
        channel = self.reads_channel[t]
        if channel is None:
            return self.writers_of_guard[t]
        head = heads[channel - self.system.n]
        if head is None:
            return self.senders.get(channel, 0)
        command = self.command[t]
        if command is None or head == command.message.__name__:
            # the head could be accepted (or, for the unmatched instance, refused) once the
            # guard reads other values
            return self.readers[channel] | self.writers_of_guard[t]
        return self.readers[channel]

    def _local_reach(self, t: int, enabled: int, heads) -> tuple[int, int]:
        """What the closure adds from t within t's process, and the other processes' instances
        it asks for (senders into its empty channels). Both depend only on which of the
        process's instances are enabled and on the heads of its channels, which recur far
        more often than whole states do, so they are memoised on that."""
        n, own = self.system.n, self.instances_of[self.process[t]]
        key = (t, enabled & own, tuple(heads[c - n] for c in self.channels_into[self.process[t]]))
        reach = self._reach.get(key)
        if reach is None:
            members = pending = 1 << t
            elsewhere = 0
            while pending:
                u = (pending & -pending).bit_length() - 1
                pending &= pending - 1
                added = self.conflicts[u] if enabled >> u & 1 else self._enablers(u, heads)
                elsewhere |= added & ~own
                added &= own & ~members
                members |= added
                pending |= added
            reach = self._reach[key] = (members, elsewhere)
        return reach

    def closure(self, seed: int, enabled: int, heads, give_up_at: int) -> int | None:
        """The enabled members of the stubborn set grown from ``seed``, or None once it would
        expand ``give_up_at`` transitions or more."""
        members, pending = 0, 1 << seed
        while pending:
            t = (pending & -pending).bit_length() - 1
            pending &= pending - 1
            if members >> t & 1:
                continue
            local, elsewhere = self._local_reach(t, enabled, heads)
            members |= local
            pending |= elsewhere & ~members
            if (members & enabled).bit_count() >= give_up_at:
                return None
        return members & enabled

    def candidates(self, enabled: int, heads) -> list[int]:
        """The distinct stubborn sets (as masks of enabled instances) that are proper subsets of
        the enabled ones, fewest transitions first."""
        total = enabled.bit_count()
        found = set()
        rest = enabled
        while rest:
            seed = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            members = self.closure(seed, enabled, heads, total)
            if members is not None:
                found.add(members)
        return sorted(found, key=lambda m: (m.bit_count(), m))
