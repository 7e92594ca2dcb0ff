"""Partial-order reduction: expand a stubborn subset of the enabled transitions.

The unit is a command *instance*: a command of one process, for one arrival port if it
receives, plus one "unmatched reception" instance per port (``AsyncSystem.instances``). Each is
enabled at most once in a state. By docs/design.md's locality rule an instance touches its
process's local slots (``models.reading.footprint``: which it reads, which it may write), the head of
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
    current one is not used), under which every property is decided exactly. Fair-termination
    (timeouts, crashes) asks which commands stay enabled along a cycle, which a reduced graph
    does not show: a cyclic reduced graph is searched again whole when it is asked.

Timeouts (docs/faults.md). A timeout with a guard only fires when no command of a live process
is enabled. A stubborn set is seeded with an enabled *command* t (never a timeout nor a crash)
and the closure puts in it everything that conflicts with t, so along any sequence of
transitions outside the set t stays enabled (induction on the sequence: each step is a command
or, with crashes, a timeout that waits for a process, or a crash other than of t's process,
none of which can disable t), hence no guarded timeout fires in such a sequence. So the
guarded timeouts take no part in the closure: they are never added as conflicts nor as
enablers (a write by one, or a send, cannot happen outside the set before the set's transition
is taken). A state where no command is enabled expands every enabled transition (the rank rule
already chose among the timeouts). Without crashes a timeout that waits for a process never
fires and takes no part either. With ``--premature-timeouts`` a timeout fires whenever its
guard holds: it is an ordinary command of its process, with its footprint (guard, reads,
writes, sends) read like the others', and seeds and joins closures like them.

Crashes (``--crashes 1``, without recoveries; with more crashes, whose C(n, F) designations
each repeat the states before any crash, or with recoveries, there is no reduction). With a
shared budget a crash disables every other crash, so a set with one crash would hold all;
instead each process is designated faulty in turn (checker/explore/designated.py: the union of
the designated systems' runs is the system's runs), and within one, crashes need no budget. crash(p) then conflicts with every instance of p (it disables them all) and with
nothing else: a send to p commutes with it (the message is lost either way, counted as sent),
it leaves the channels out of p alone, and other crashes are independent of it. Nothing
enables a crash again. A timeout that waits for a process (``waits_for``) is enabled by that
process's crash: when its guard holds, the closure adds the crash of the process it waits for
(read from the state, ``awaiting``) to the writers of its process's slots (any slot may say
whom it waits for). A crashed process never steps again (no recoveries): its instances take
no part in a closure (``dead``), so a receive from it on an empty channel waits for nothing.
A crash changes what others observe (``leader_crashed``), so the visibility proviso compares
every process's observation across it.

Two refinements apply with timeouts or crashes (the native engine's C, models/native/explorer.c,
mirrors them; without either it keeps the plain tables it was measured with): a receive whose
channel is empty waits for a sender that may send its message type (from the trusted readings; any type
where the reading is not trusted), and a receive whose guard holds of no message at its
process's current locals can only be enabled by a write of its own process to what the guard
reads: the conjuncts of its guard that read neither the message nor the id
(``DependenceTables.local_condition``) are false at those locals.
"""
from __future__ import annotations

from models.reading.dependence import DependenceTables

from ..trust.remembered import reading_report


def watched_fields(properties) -> tuple[str, ...]:
    """The Observation fields whose changes the visibility proviso keeps in order: those the
    state and transition properties read."""
    return tuple(sorted({name for p in properties if p.kind in ("state", "transition") for name in p.observes}))


class StubbornSets:
    def __init__(self, system, properties, cycle_proviso: bool = False):
        self.system = system
        self.cycle_proviso = cycle_proviso
        self.watched = watched_fields(properties)
        self.reduced = 0  # states expanded with a proper subset
        reference = system.reference
        # footprints come from the symbolic reading only where it was checked faithful
        # (checker/trust/readings.py; on a network, at the degree of each process)
        trusted = reading_report(reference.algorithm, reference.n).trusted
        self._tables = DependenceTables.of(reference, trusted)
        self._candidates = self._tables.memo
        self._visibility: dict = {}
        # timeouts that wait for a process, per live process (with crashes only: reduction.py's
        # docstring): whom each waits for, when its guard holds, is part of a closure's input
        self._detectors = [(self._tables.process[t], system.instances[t].command) for t in self._tables.detectors]
        self._position = {pid: i for i, pid in enumerate(system.ids)}
        self._awaited: dict = {}  # (process, locals or None if crashed) -> its part of _awaiting

    def choose(self, state, current: int, steps, found: dict) -> range | list[int]:
        """Ordinals of the transitions to expand from ``state`` (numbered ``current``): the
        smallest stubborn set that meets the provisos, or all of them."""
        enabled = 0
        for step in steps:
            enabled |= 1 << step[4]
        heads = self.system.heads(state)
        awaiting = self._awaiting(state) if self._detectors else ()
        hopeless = self._hopeless(state) if self._tables.refined else 0
        dead = self._dead(state) if self.system.crashes else 0
        key = (enabled, heads, awaiting, hopeless, dead)
        candidates = self._candidates.get(key)
        if candidates is None:
            candidates = self._candidates[key] = self._tables.candidates(enabled, heads, awaiting, hopeless, dead)
        for members in candidates:
            subset = [k for k, step in enumerate(steps) if members >> step[4] & 1]
            if all(self._allowed(state, steps[k], current, found) for k in subset):
                self.reduced += 1
                return subset
        return range(len(steps))

    def _dead(self, state) -> int:
        """The instances of the crashed processes: without recoveries none is enabled again."""
        found = 0
        for i in range(self.system.n):
            if self.system.crashed(state, i):
                found |= self._tables.instances_of[i]
        return found

    def _hopeless(self, state) -> int:
        """The receive instances whose guard holds of no message at their process's locals."""
        system, found = self.system, 0
        for i in range(system.n):
            found |= self._tables.hopeless(i, system.process_values(state, i))
        return found

    def _awaiting(self, state) -> tuple:
        """For each timeout that waits for a process (``DependenceTables.detectors``): the
        position of the process it waits for, if its guard holds at a live process; else None.
        A process's part depends on its locals alone: memoised on them."""
        system, found = self.system, []
        for i in range(system.n):
            values = None if system.crashed(state, i) else system.process_values(state, i)
            key = (i, values)
            part = self._awaited.get(key)
            if part is None:
                part = self._awaited[key] = self._awaited_by(i, values)
            found += part
        return tuple(found)

    def _awaited_by(self, i: int, values) -> list:
        """Process i's part of ``_awaiting`` with these locals (None: it crashed)."""
        local, part = self.system.local, []
        for process, command in self._detectors:
            if process != i:
                continue
            awaited = None
            if values is not None:
                for fired, _, _, waits_for in local.timeout_outcomes(i, values):
                    if fired is command:
                        awaited = self._position.get(waits_for)
            part.append(awaited)
        return part

    def _allowed(self, state, step, current: int, found: dict) -> bool:
        target, mover = step[0], step[2]
        if self.cycle_proviso and found.get(target, current + 1) <= current:
            return False
        if self.system.adversary(step[4]):  # a crash changes what others observe too (leader_crashed)
            return not self._changes_watched(state, target)
        return not self._visible(state, target, mover)

    def _changes_watched(self, state, target) -> bool:
        if "crashed" in self.watched:
            return True  # a crash makes its process crashed
        before, after = self.system.observe(state), self.system.observe(target)
        return any(getattr(old, f) != getattr(new, f) for old, new in zip(before, after) for f in self.watched)

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
