"""Partial-order reduction: expand a persistent subset of the enabled transitions.

Why a process's transitions can be postponed safely here (DESIGN.md's locality rule): a
transition of process P reads and writes P's locals, removes the head of one channel into P
and appends to channels out of P. Another process can affect P in one way only: by appending
to a channel into P. When that channel is not empty its head, and so everything P may do with
it, is unchanged (and removing the head commutes with appending at the tail); when it is
empty, the append may enable a new transition of P. So for a seed process P, close {P} under
"add the sender of every empty channel into a member": the enabled transitions of the closure
are a persistent set. No process outside the closure can enable, disable or fail to commute
with them, whatever it does first.

Provisos, each needed for what the checker reports:
  * visibility: if a transition in the set changes what a state or transition property
    observes of its process (``Property.observes``), expand everything, so the order of
    visible changes is kept (invariants and stability are stutter-invariant);
  * cycle (for breadth-first search, states numbered as found): if a transition in the set
    leads to a state numbered no later than the current one, expand everything. On any cycle
    of the reduced graph, the state m numbered first is entered from a cycle state numbered
    later (or from itself), so that state is fully expanded: every cycle has a fully
    expanded state, no transition is ignored forever, and the reduced graph has a cycle iff
    the full one has an infinite execution.
Persistent sets keep every terminal state, and every complete execution of the full graph is
a reordering, by commuting independent transitions, of one in the reduced graph; a reordering
sends the same messages, so the message minimum and maximum are exact as well.
"""
from __future__ import annotations


class PersistentSets:
    def __init__(self, system, properties):
        self.system = system
        n = system.n
        topology = system.topology
        # per process: (index of the channel into it within a state, the channel's sender)
        self.feeders = [
            tuple((n + topology.in_channel(i, port), topology.channels[topology.in_channel(i, port)].sender)
                  for port in topology.in_ports(i))
            for i in range(n)
        ]
        watched = {name for p in properties if p.kind in ("state", "transition") for name in p.observes}
        self.watched = tuple(sorted(watched))
        self.reduced = 0  # states expanded with a proper subset
        self._choices: dict = {}
        self._visibility: dict = {}

    def _closure(self, state, seed: int) -> set[int]:
        members = {seed}
        pending = [seed]
        while pending:
            member = pending.pop()
            for channel, sender in self.feeders[member]:
                if not state[channel] and sender not in members:
                    members.add(sender)
                    pending.append(sender)
        return members

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

    def _smallest_closure(self, state, enabled: tuple[int, ...]) -> frozenset | None:
        """The members of the closure with the fewest enabled transitions (at least one),
        or None if every closure holds all of them."""
        best, best_size = None, sum(enabled)
        for seed in range(len(enabled)):
            if not enabled[seed]:
                continue
            members = self._closure(state, seed)
            size = sum(enabled[m] for m in members)
            if size < best_size:
                best, best_size = frozenset(members), size
                if size == 1:
                    break
        return best

    def choose(self, state, current: int, steps, found: dict) -> range | list[int]:
        """Ordinals of the transitions to expand from ``state`` (numbered ``current``):
        a persistent set, or all of them."""
        everything = range(len(steps))
        enabled = [0] * self.system.n
        for step in steps:
            enabled[step[2]] += 1
        # the choice depends only on which channels are empty and how many transitions each
        # process has enabled, and few such patterns recur across many states
        key = (tuple(enabled), tuple(not c for c in state[self.system.n:]))
        best = self._choices.get(key, self)
        if best is self:
            best = self._choices[key] = self._smallest_closure(state, key[0])
        if best is None:
            return everything
        subset = [k for k, step in enumerate(steps) if step[2] in best]
        for k in subset:
            target, _, mover, _ = steps[k]
            if found.get(target, current + 1) <= current or self._visible(state, target, mover):
                return everything
        self.reduced += 1
        return subset
