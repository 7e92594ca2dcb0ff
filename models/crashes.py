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
lives and the leader it records lives (``Observation.leader_crashed``: a fault-tolerant
election elects again when its leader fails); in a terminal state exactly one live leader and
every live process decided. A crash
is one more choice of the adversary, like the order of deliveries, so every combination of
crash points and interleavings is explored; rotations and reflections of an arrangement stay
symmetries (the adversary may crash any process). Partial-order reduction is off (a crash
conflicts with everything its process does), and the native engine does not run it.
"""
from __future__ import annotations

from dataclasses import replace

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
        self._position = {pid: i for i, pid in enumerate(self.ids)}
        self.supports_por = False

    def adversary(self, instance: int) -> bool:
        """Is this transition the adversary's (a crash), not a step of its process?"""
        return instance >= self._crash_instance

    @staticmethod
    def crashed(state, i: int) -> bool:
        return isinstance(state[i], Crashed)

    def _plain(self, state) -> tuple:
        return tuple(s.values if isinstance(s, Crashed) else s for s in state[: self.n]) + tuple(state[self.n:])

    def steps(self, state) -> list[Step]:
        """The live processes' transitions, then a crash of each live process (if allowed)."""
        n = self.n
        down = [i for i in range(n) if isinstance(state[i], Crashed)]
        live = [i for i in range(n) if i not in down]
        plain = self._plain(state) if down else state
        steps = self.local.process_steps(plain, live)
        if self.algorithm.has_timeouts:
            steps += self.local.timeout_steps(plain, live, quiet=not steps,
                                              crashed=frozenset(self.ids[i] for i in down))
        result = steps
        if down:
            result = []
            for step in steps:
                target = list(step.target)
                for i in down:
                    target[i] = state[i]
                    for k in self._into[i]:
                        target[k] = ()  # a message to a crashed process is lost
                result.append(step._replace(target=tuple(target)))
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
        observation = self.local.observe_process(state, i)
        leader = observation.leader_id
        if leader is not None and leader in self._position and isinstance(state[self._position[leader]], Crashed):
            return replace(observation, leader_crashed=True)
        return observation

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
