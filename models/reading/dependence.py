"""Which command instances conflict and which can enable which: the static half of
partial-order reduction (checker/explore/reduction.py explains the theory), shared by the Python
explorer and the native engine, which compiles these tables into its C.

With timeouts and crash failures (docs/faults.md) the tables know three more kinds of
transition: a timeout with a guard only (it fires when no command is enabled: it never takes
part in a closure, and never seeds one), a timeout that waits for a process (``waits_for``:
enabled by that process's crash, so the closure asks for that crash; without crashes it never
fires and takes no part), and the crash of each process (after the local instances: it
conflicts with every instance of its process, and nothing enables it again). The instances of
a crashed process (``dead``: without recoveries it never steps again) take no part either.
"""
from __future__ import annotations

from .footprint import Footprint, TrustedReadings, constants_in, footprint, slots_in

# The reduced graph both engines explore passes through states whose stubborn set is one
# transition without storing them (a chain); a chain is cut after this many such states, and
# the state where it is cut stored. Without a cut, a chain whose channels grow for ever (a
# variant's message that is passed on and copied, say) would hold the breadth-first search for
# ever, away from the rest of the graph, where the full search meets a violation at depth 20
# (tests/fuzz/catalogue/class9_chain_for_ever_network). Chains on the built-ins are far shorter.
LONGEST_CHAIN = 1024


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
        key = (system.algorithm, system.topology.channels, system.n, trusted, system.local.premature_timeouts,
               bool(system.crashes))
        if key not in cls._shared:
            cls._shared[key] = cls(system, trusted)
        return cls._shared[key]

    def __init__(self, system, trusted: TrustedReadings):
        self.memo: dict = {}  # (enabled instances, head types) -> candidate sets
        self.system = system
        self.trusted = trusted
        n, topology = system.n, system.topology
        instances = system.instances
        self.local_count = len(instances)
        # a crash of each process is an instance too, numbered as CrashSystem numbers it
        self.count = len(instances) + (n if system.crashes else 0)
        self.process = [x.process for x in instances] + list(range(self.count - len(instances)))
        self.port = [x.port for x in instances] + [None] * (self.count - len(instances))
        self.command = [x.command for x in instances] + [None] * (self.count - len(instances))
        self.crash_of = [len(instances) + i for i in range(n)] if system.crashes else None
        premature = system.local.premature_timeouts
        timeouts = [t for t, x in enumerate(instances) if x.command is not None and x.command.kind == "timeout"]
        # without --premature-timeouts: a timeout with a guard only, and without crashes one that
        # waits for a process, is never taken while a command is enabled (reduction.py)
        self.detectors = [] if premature or not system.crashes else [
            t for t in timeouts if instances[t].command.waits_for is not None]
        self.detector_number = {t: k for k, t in enumerate(self.detectors)}
        quiet_only = 0 if premature else self._mask(t for t in timeouts if t not in self.detector_number)
        self.closable = (1 << self.count) - 1 & ~quiet_only
        self.seedable = ((1 << self.local_count) - 1) & ~quiet_only & ~self._mask(self.detectors)
        # channels are numbered as in a state: n + the topology's channel index
        self.reads_channel = [  # a spontaneous command taken on a port (any_port) reads no channel
            None if x.port is None or x.command is not None and x.command.kind == "spontaneous"
            else n + topology.in_channel(x.process, x.port) for x in instances
        ] + [None] * (self.count - len(instances))
        prints = [self._footprint(x) for x in instances]
        for t in self.detectors:  # whom it waits for is read like its guard
            awaited = self._awaited_reads(instances[t])
            prints[t] = Footprint(prints[t].guard_reads | awaited, prints[t].reads | awaited, prints[t].writes,
                                  prints[t].send_ports)
        prints += [Footprint(frozenset(), frozenset(), frozenset(), frozenset())] * (self.count - len(instances))
        self.guard_reads = [f.guard_reads for f in prints]
        self.sends_into = [
            frozenset(n + topology.out_channel(x.process, port) for port in f.send_ports
                      if topology.out_channel(x.process, port) is not None)
            for x, f in zip(instances, prints)
        ] + [frozenset()] * (self.count - len(instances))
        self.conflicts = [self._mask(self._conflicting(t, prints)) for t in range(self.count)]
        self.senders = {}  # channel -> instances that may send into it
        self.readers = {}  # channel -> instances that read it
        for t in range(self.count):
            for channel in self.sends_into[t]:
                self.senders[channel] = self.senders.get(channel, 0) | 1 << t
            if self.reads_channel[t] is not None:
                self.readers[self.reads_channel[t]] = self.readers.get(self.reads_channel[t], 0) | 1 << t
        self.instances_of = [0] * n  # process -> mask of its instances (its crash included)
        for t in range(self.count):
            self.instances_of[self.process[t]] |= 1 << t
        self.detectors_of = [tuple(k for k, t in enumerate(self.detectors) if self.process[t] == i) for i in range(n)]
        self.channels_into = [
            tuple(n + topology.in_channel(i, port) for port in topology.in_ports(i)) for i in range(n)
        ]
        self._reach: dict = {}
        # with timeouts or crashes, two refinements (the native engine's C has them too): a
        # receive on an empty channel waits for a sender of its type, and one whose guard holds
        # of no message at its process's locals for a write there
        self.refined = bool(system.crashes) or bool(timeouts)
        self.typed_senders = {}  # (channel, message type name) -> instances that may send one into it
        self._hopeless: dict = {}  # (process, locals) -> its receive instances no message enables
        self._local_conditions: dict = {}  # receive instance -> local_condition
        self._receives_of = [[t for t in range(len(instances)) if self.process[t] == i and self.command[t] is not None
                              and self.command[t].kind == "receive"] for i in range(n)]
        if self.refined:
            for t in range(len(instances)):
                for channel, type_name in self._typed_sends(instances[t], prints[t]):
                    key = (channel, type_name)
                    self.typed_senders[key] = self.typed_senders.get(key, 0) | 1 << t
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

    def _degree(self, i: int):
        return self.system.topology.degree(i) if self.system.topology.numbered_ports else None

    def _reading(self, instance):
        """The symbolic reading of a local instance if it is trusted (else None)."""
        from .symbolic import reading

        degree = self._degree(instance.process)
        if instance.command is None or not self.trusted.trusts(instance.command, instance.port, degree):
            return None
        try:
            return reading(self.system.algorithm, instance.command, self.system.n, instance.port, degree)
        except Exception:  # noqa: BLE001 -- no reading: assume the worst
            return None

    def _awaited_reads(self, instance) -> frozenset:
        """The slots a timeout's ``waits_for`` reads: from its trusted reading, else every slot."""
        step = self._reading(instance)
        if step is None or step.awaited is None:
            return frozenset(range(len(self.system.layout.slots)))
        return frozenset(slots_in(step.awaited, {x.get_id(): k for k, x in enumerate(step.process.locals)}))

    def _typed_sends(self, instance, print_):
        """(channel, message type name) for each send the instance may make: its reading's, or
        any type on each port of its footprint."""
        topology, n = self.system.topology, self.system.n
        step = self._reading(instance)
        if step is None or any(not isinstance(port, (str, int)) for port, _, _ in step.sends):
            types = {m.__name__ for c in self.system.algorithm.commands if c.kind == "receive" for m in [c.message]}
            types.add(None)  # and whatever no command receives
            sends = [(port, name) for port in print_.send_ports for name in types]
        else:
            sends = [(port, message.__name__) for port, message, _ in step.sends]
        for port, name in sends:
            channel = topology.out_channel(instance.process, port)
            if channel is not None:
                yield n + channel, name

    def hopeless(self, i: int, values: tuple) -> int:
        """The receive instances of process i whose guard holds of no message at its locals
        ``values`` (only a write to what the guard reads can enable them), as a mask: those
        whose ``local_condition`` is false there."""
        key = (i, values)
        found = self._hopeless.get(key)
        if found is None:
            found = 0
            for t in self._receives_of[i]:
                condition = self.local_condition(t)
                if condition is not None and self._false_at(condition, values):
                    found |= 1 << t
            self._hopeless[key] = found
        return found

    def local_condition(self, t: int):
        """The conjuncts of receive instance t's guard that read its process's locals only (no
        message field, not the id), as a pair (z3 formula, the reading's process), or None
        when there is none or the reading is not trusted: where it is false, so is the guard,
        whatever message comes. A native engine can evaluate it at the locals alone."""
        if t not in self._local_conditions:
            import z3

            step = self._reading(self.system.instances[t])
            found = None
            if step is not None:
                kept = local_conjuncts(step)
                if kept:
                    found = (z3.And(*kept) if len(kept) > 1 else kept[0], step.process)
            self._local_conditions[t] = found
        return self._local_conditions[t]

    @staticmethod
    def _false_at(condition, values) -> bool:
        import z3

        formula, process = condition
        if len(values) != len(process.locals):  # laid out otherwise: say nothing
            return False
        try:
            pairs = process.bind(values, 0)[:-1]  # the locals only: the condition reads no id
            return z3.is_false(z3.simplify(z3.substitute(formula, *pairs)))
        except Exception:  # noqa: BLE001 -- a value with no term: it may hold
            return False

    def _guard_reads_of(self, t: int) -> frozenset:
        return self.guard_reads[t]

    def _conflicting(self, t: int, prints):
        for u in range(self.count):
            if u == t or self.process[u] != self.process[t]:
                continue
            if u >= self.local_count or t >= self.local_count:  # a crash stops its process
                yield u
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

    def _enablers(self, t: int, heads, awaiting, hopeless: int = 0) -> int:
        """A necessary enabling set of the disabled instance t, given each channel's head type
        and, for each timeout that waits for a process, the process it waits for if its guard
        holds (``awaiting``, in ``detectors`` order; None otherwise): its crash enables it."""
        channel = self.reads_channel[t]
        if channel is None:
            number = self.detector_number.get(t)
            if number is not None and awaiting[number] is not None:
                return self.writers_of_guard[t] | 1 << self.crash_of[awaiting[number]]
            return self.writers_of_guard[t]  # a crash: 0, nothing enables it again
        if hopeless >> t & 1:
            return self.writers_of_guard[t]
        head = heads[channel - self.system.n]
        command = self.command[t]
        if head is None:
            if self.refined and command is not None:
                return self.typed_senders.get((channel, command.message.__name__), 0)
            return self.senders.get(channel, 0)
        if command is None or head == command.message.__name__:
            # the head could be accepted (or, for the unmatched instance, refused) once the
            # guard reads other values
            return self.readers[channel] | self.writers_of_guard[t]
        return self.readers[channel]

    def _local_reach(self, t: int, enabled: int, heads, awaiting, hopeless, dead) -> tuple[int, int]:
        """What the closure adds from t within t's process, and the other processes' instances
        it asks for (senders into its empty channels, the crash a timeout waits for). Both
        depend only on which of the process's instances are enabled, on the heads of its
        channels and on whom its timeouts wait for, which recur far more often than whole
        states do, so they are memoised on that."""
        n, own = self.system.n, self.instances_of[self.process[t]]
        key = (t, enabled & own, tuple(heads[c - n] for c in self.channels_into[self.process[t]]),
               tuple(awaiting[k] for k in self.detectors_of[self.process[t]]), hopeless & own, dead)
        reach = self._reach.get(key)
        if reach is None:
            members = pending = 1 << t
            elsewhere = 0
            while pending:
                u = (pending & -pending).bit_length() - 1
                pending &= pending - 1
                added = (self.conflicts[u] if enabled >> u & 1 else self._enablers(u, heads, awaiting, hopeless)) \
                    & self.closable & ~dead
                elsewhere |= added & ~own
                added &= own & ~members
                members |= added
                pending |= added
            reach = self._reach[key] = (members, elsewhere)
        return reach

    def closure(self, seed: int, enabled: int, heads, give_up_at: int, awaiting: tuple = (),
                hopeless: int = 0, dead: int = 0) -> int | None:
        """The enabled members of the stubborn set grown from ``seed``, or None once it would
        expand ``give_up_at`` transitions or more."""
        members, pending = 0, 1 << seed
        while pending:
            t = (pending & -pending).bit_length() - 1
            pending &= pending - 1
            if members >> t & 1:
                continue
            local, elsewhere = self._local_reach(t, enabled, heads, awaiting, hopeless, dead)
            members |= local
            pending |= elsewhere & ~members
            if (members & enabled).bit_count() >= give_up_at:
                return None
        return members & enabled

    def candidates(self, enabled: int, heads, awaiting: tuple = (), hopeless: int = 0, dead: int = 0) -> list[int]:
        """The distinct stubborn sets (as masks of enabled instances) that are proper subsets of
        the enabled ones, fewest transitions first. Each is seeded with an enabled command (not
        a timeout nor a crash, unless timeouts are premature): none, and there is none."""
        total = enabled.bit_count()
        found = set()
        rest = enabled & self.seedable
        while rest:
            seed = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            members = self.closure(seed, enabled, heads, total, awaiting, hopeless, dead)
            if members is not None:
                found.add(members)
        return sorted(found, key=lambda m: (m.bit_count(), m))


def local_conjuncts(step) -> list:
    """The top-level conjuncts of a receive's reading ``step``'s guard that read its process's
    locals only (no message field, not the id): where one is false, the guard is false whatever
    message comes. ``DependenceTables.local_condition`` and the native engine's ``rl_hopeless``
    (models/native/codegen.py) both read them here."""
    own = {x.get_id() for x in step.process.locals}
    return [c for c in _conjuncts(step.guard) if constants_in(c) <= own]


def _conjuncts(formula) -> list:
    """The top-level conjuncts of a z3 formula (itself if it is not a conjunction)."""
    import z3

    if z3.is_and(formula):
        return [c for child in formula.children() for c in _conjuncts(child)]
    return [formula]

