"""Crash failures: the adversary may stop up to F processes, at any point of any execution.

Seed 002 states election for systems where processes fail ("all nonfaulty processes agree on a
nonfaulty leader"). ``CrashSystem`` adds to an asynchronous system (models/semantics.py, or a
network's) one more kind of transition, ``crash`` of process i, enabled while i is live and
fewer than F processes have crashed. From then on:

  * a crashed process takes no more steps (its locals are kept, for traces, but never read);
  * messages to it are lost: its incoming channels are emptied when it crashes, and a message
    sent to it later is dropped on sending (it still counts as sent);
  * messages it sent before crashing stay in their channels and are delivered.

The specification then speaks of live processes only (specs/election.py reads
``Observation.crashed``): at most one live leader; a process's decision is stable while it
lives; in a terminal state exactly one live leader and every live process decided. A crash
is one more choice of the adversary, like the order of deliveries, so every combination of
crash points and interleavings is explored; rotations and reflections of an arrangement stay
symmetries (the adversary may crash any process). Partial-order reduction is off (a crash
conflicts with everything its process does), and the native engine does not run it.
"""
from __future__ import annotations

from .semantics import UNMATCHED, Observation, Step

CRASH = "crash"


class Crashed:
    """The locals of a crashed process: read like them, equal only to another Crashed."""

    __slots__ = ("values",)

    def __init__(self, values: tuple):
        self.values = values

    def __eq__(self, other):
        return isinstance(other, Crashed) and other.values == self.values

    def __hash__(self):
        return hash((Crashed, self.values))

    def __getitem__(self, k):
        return self.values[k]

    def __len__(self):
        return len(self.values)

    def __iter__(self):
        return iter(self.values)

    def __repr__(self):
        return f"Crashed({self.values!r})"


class CrashSystem:
    """``local`` (an AsyncSystem) with up to ``crashes`` crash failures (see the module)."""

    supports_por = False

    def __init__(self, local, crashes: int):
        self.local = local
        self.crashes = crashes
        self.algorithm, self.ids, self.n = local.algorithm, local.ids, local.n
        self.topology, self.layout, self.channel_count = local.topology, local.layout, local.channel_count
        self.initial_state = local.initial_state
        self.swapped = getattr(local, "swapped", ())
        n = self.n
        # the state indices of each process's incoming channels
        self._into = [tuple(n + k for k, c in enumerate(local.topology.channels) if c.receiver == i) for i in range(n)]
        self._crash_instance = len(local.instances)

    @staticmethod
    def crashed(state, i: int) -> bool:
        return isinstance(state[i], Crashed)

    def _plain(self, state) -> tuple:
        return tuple(s.values if isinstance(s, Crashed) else s for s in state[: self.n]) + tuple(state[self.n:])

    def steps(self, state) -> list[Step]:
        """The live processes' transitions, then a crash of each live process (if allowed)."""
        n = self.n
        down = [i for i in range(n) if isinstance(state[i], Crashed)]
        result = []
        if down:
            plain = self._plain(state)
            for step in self.local.steps(plain):
                if step.process in down:
                    continue
                target = list(step.target)
                for i in down:
                    target[i] = state[i]
                    for k in self._into[i]:
                        target[k] = ()  # a message to a crashed process is lost
                result.append(step._replace(target=tuple(target)))
        else:
            result = self.local.steps(state)
        if len(down) < self.crashes:
            for i in range(n):
                if i not in down:
                    target = list(state)
                    target[i] = Crashed(state[i])
                    for k in self._into[i]:
                        target[k] = ()
                    result.append(Step(i, CRASH, None, None, (), tuple(target), self._crash_instance + i))
        return result

    def successor_list(self, state) -> list[tuple]:
        return [(s.target, len(s.sent), s.process, s.command == UNMATCHED, s.instance) for s in self.steps(state)]

    # -- what the specification and traces read ----------------------------------------
    def observe_process(self, state, i: int) -> Observation:
        if isinstance(state[i], Crashed):
            return Observation(self.ids[i], False, False, None, False, crashed=True)
        return self.local.observe_process(state, i)

    def observe(self, state) -> tuple[Observation, ...]:
        return tuple(self.observe_process(state, i) for i in range(self.n))

    def locals_of(self, state, i: int) -> dict[str, str]:
        """The process's locals; a crashed one's, as they were, after ``crashed=true``."""
        values = self.local.locals_of(self._plain(state), i)
        return {"crashed": "true", **values} if isinstance(state[i], Crashed) else values

    def channels(self, state) -> tuple:
        return self.local.channels(state)

    def channel(self, state, k: int) -> tuple:
        return self.local.channel(state, k)

    def heads(self, state) -> tuple:
        return self.local.heads(state)
