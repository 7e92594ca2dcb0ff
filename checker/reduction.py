"""Partial-order reduction: expand a stubborn subset of the enabled transitions.

The unit is a command *instance*: a command of one process, for one arrival port if it
receives, plus one "unmatched reception" instance per port (``AsyncSystem.instances``). Each is
enabled at most once in a state. By DESIGN.md's locality rule an instance touches its
process's local slots (``models.footprint``: which it reads, which it may write), the head of
one channel into its process, and the tails of the channels it sends on. Hence:

  * Two instances of *different* processes never conflict while both are enabled: the only
    thing one can do to the other is append to a channel the other reads, and that channel
    is then non-empty, so its head is unchanged and append commutes with removing the head.
  * Two instances of the same process conflict when they read the same channel, when one
    writes a slot the other reads or writes, or when both send on the same port (the order of
    the two messages in the channel would differ).
  * A disabled instance can only become enabled through (a necessary enabling set): a send
    into its channel if that is empty (the sender's instances that send on that link);
    otherwise a change of the head (its process's instances that read the channel) or, if the
    head has the command's type but the guard is false, a write to a slot the guard reads.

A *stubborn set* is closed under "add the conflicts of every enabled member and a necessary
enabling set of every disabled member"; its enabled members are expanded. Seeded with each
enabled instance in turn, the smallest closure that meets the provisos is used.

What is preserved, and why no cycle proviso is needed by default:
  * Terminal states: every terminal state of the full graph is reachable in the reduced one
    (stubborn sets preserve deadlocks).
  * Infinite executions: if the full graph has one from a state, so does some expanded
    successor (move the first stubborn transition of the execution to the front; or, if it
    has none, the key transition, enabled throughout, goes first). So the reduced graph has a
    cycle iff the full graph has an infinite execution: termination is decided exactly.
  * When the reduced graph is acyclic, every complete execution of the full graph is a
    reordering of one in the reduced graph, and with the *visibility* proviso (a set with a
    transition that changes what a state or transition property observes is used only if
    it is all of the enabled transitions) the reordering keeps the sequence of observations,
    so invariants and stability are decided exactly; it sends the same messages, so the
    message minimum and maximum are exact too.
  * When the reduced graph has a cycle (termination is violated), ignoring may hide other
    violations, so the explorer searches again with the breadth-first *cycle* proviso
    (``cycle_proviso=True``: a set with a transition to a state numbered no later than the
    current one is not used), under which every property is decided exactly.
"""
from __future__ import annotations

from models.footprint import Footprint, footprint


class StubbornSets:
    def __init__(self, system, properties, cycle_proviso: bool = False):
        self.system = system
        self.cycle_proviso = cycle_proviso
        watched = {name for p in properties if p.kind in ("state", "transition") for name in p.observes}
        self.watched = tuple(sorted(watched))
        self.reduced = 0  # states expanded with a proper subset
        self._tables = DependenceTables.of(getattr(system, "reference", system))
        self._candidates = self._tables.memo
        self._visibility: dict = {}

    def choose(self, state, current: int, steps, found: dict) -> range | list[int]:
        """Ordinals of the transitions to expand from ``state`` (numbered ``current``): the
        smallest stubborn set that meets the provisos, or all of them."""
        enabled = 0
        for step in steps:
            enabled |= 1 << step[4]
        heads = self.system.heads(state)
        key = (enabled, heads)
        candidates = self._candidates.get(key)
        if candidates is None:
            candidates = self._candidates[key] = self._tables.candidates(enabled, heads)
        for members in candidates:
            subset = [k for k, step in enumerate(steps) if members >> step[4] & 1]
            if all(self._allowed(state, steps[k], current, found) for k in subset):
                self.reduced += 1
                return subset
        return range(len(steps))

    def _allowed(self, state, step, current: int, found: dict) -> bool:
        target, mover = step[0], step[2]
        if self.cycle_proviso and found.get(target, current + 1) <= current:
            return False
        return not self._visible(state, target, mover)

    def _visible(self, state, target, mover: int) -> bool:
        before, after = state[mover], target[mover]
        if before == after or not self.watched:
            return False
        key = (mover, before, after)
        visible = self._visibility.get(key)
        if visible is None:
            old = self.system.observe_process(state, mover)
            new = self.system.observe_process(target, mover)
            visible = self._visibility[key] = any(getattr(old, f) != getattr(new, f) for f in self.watched)
        return visible


class DependenceTables:
    """Which instances conflict and which can enable which, from the static footprints.

    They depend on the algorithm, its topology and n, not on the ids (footprints are read
    with a symbolic id), so one set of tables, and its memo of candidate sets, serves every
    arrangement a worker explores.
    """

    _shared: dict = {}

    @classmethod
    def of(cls, system) -> "DependenceTables":
        key = (system.algorithm, system.topology.channels, system.n)
        if key not in cls._shared:
            cls._shared[key] = cls(system)
        return cls._shared[key]

    def __init__(self, system):
        self.memo: dict = {}  # (enabled instances, head types) -> candidate sets
        self.system = system
        n, topology = system.n, system.topology
        instances = system.instances
        self.count = len(instances)
        self.process = [x.process for x in instances]
        self.port = [x.port for x in instances]
        self.command = [x.command for x in instances]
        # channels are numbered as in a state: n + the topology's channel index
        self.reads_channel = [
            None if x.port is None else n + topology.in_channel(x.process, x.port) for x in instances
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
        if instance.command is not None:
            return footprint(system.algorithm, instance.command, instance.port, system.n)
        # the unmatched reception reads what the guards of the port's handlers read: a write
        # there can make a handler accept the head
        reads = frozenset()
        for command in system.algorithm.commands:
            if command.kind == "receive" and command.enabled_on(instance.port):
                reads |= footprint(system.algorithm, command, instance.port, system.n).guard_reads
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
