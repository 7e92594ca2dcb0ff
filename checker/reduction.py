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
  * visibility: a set with a transition that changes what a state or transition property
    observes of its process (``Property.observes``) is not used; if no candidate set is
    free of such transitions, expand everything, so the order of visible changes is kept
    (invariants and stability are stutter-invariant);
  * cycle (for breadth-first search, states numbered as found): a set with a transition to a
    state numbered no later than the current one is not used either (if every candidate has
    one, expand everything). So only fully expanded states have edges to earlier-numbered
    states; on any cycle of the reduced graph the state numbered first is entered by such
    an edge, so every cycle has a fully expanded state, no transition is ignored forever,
    and the reduced graph has a cycle iff the full one has an infinite execution.
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

    def _candidates(self, state, enabled: tuple[int, ...]) -> list[frozenset]:
        """The distinct closures that hold some but not all enabled transitions, fewest first."""
        total = sum(enabled)
        sized = {}
        for seed in range(len(enabled)):
            if enabled[seed]:
                members = frozenset(self._closure(state, seed))
                size = sum(enabled[m] for m in members)
                if size < total:
                    sized[members] = size
        return sorted(sized, key=lambda members: (sized[members], min(members)))

    def choose(self, state, current: int, steps, found: dict) -> range | list[int]:
        """Ordinals of the transitions to expand from ``state`` (numbered ``current``): the
        smallest persistent set that meets both provisos, or all of them."""
        enabled = [0] * self.system.n
        for step in steps:
            enabled[step[2]] += 1
        # the candidates depend only on which channels are empty and how many transitions
        # each process has enabled, and few such patterns recur across many states
        key = (tuple(enabled), tuple(not c for c in state[self.system.n:]))
        candidates = self._choices.get(key)
        if candidates is None:
            candidates = self._choices[key] = self._candidates(state, key[0])
        for members in candidates:
            subset = [k for k, step in enumerate(steps) if step[2] in members]
            if all(
                found.get(steps[k][0], current + 1) > current and not self._visible(state, steps[k][0], steps[k][2])
                for k in subset
            ):
                self.reduced += 1
                return subset
        return range(len(steps))
