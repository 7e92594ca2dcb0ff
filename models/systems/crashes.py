"""Crash failures: the adversary may stop up to F processes, at any point of any execution.

Seed 002 states election for systems where processes fail ("all nonfaulty processes agree on a
nonfaulty leader"). ``CrashSystem`` adds to an asynchronous system (models/systems/semantics.py, or a
network's) one more kind of transition, ``crash`` of process i, enabled while i is live and
fewer than F processes have crashed. From then on:

  * a crashed process takes no more steps (its locals are kept, for traces, but never read);
  * messages to it are lost: its incoming channels are emptied when it crashes, and a message
    sent to it later is dropped on sending (it still counts as sent);
  * messages it sent before crashing stay in their channels and are delivered.

With ``recoveries`` R, a crashed process may also restart from its initial state, up to R
times in all (seed 002's Bully: a recovering process starts an election); the crashes are then
counted over the run (at most F crash events), so the state carries the two counts.

The specification then speaks of live processes only (specs/election.py reads
``Observation.crashed``): at most one live leader; a process's decision is stable while it
lives and the leader it records lives (``Observation.leader_crashed``: a fault-tolerant
election elects again when its leader fails); in a terminal state exactly one live leader and
every live process decided. A crash
is one more choice of the adversary, like the order of deliveries, so every combination of
crash points and interleavings is explored; rotations and reflections of an arrangement stay
symmetries (the adversary may crash any process); models/native/explorer.c explores the same
graph (RL_CRASHES).

Partial-order reduction (checker/explore/reduction.py) explores, with one crash and without
recoveries, the systems ``designating`` each process as the faulty one, one after the other:
each one's runs are the runs whose crash (if any) is of that process, so their union is every
run with at most one crash, and within one, no crash of another process is disabled by it, so
a crash conflicts only with its own process's steps. ``designating`` is written for F
processes, which the argument allows, but each designation repeats the states before any crash,
so with more crashes, and with recoveries, the reduction is off.
"""
from __future__ import annotations

from copy import copy
from dataclasses import replace

from .interface import SystemDefaults
from .semantics import UNMATCHED, Observation, Step

CRASH, RECOVER = "crash", "recover"


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


class CrashSystem(SystemDefaults):
    """``local`` (an AsyncSystem) with up to ``crashes`` crash failures (see the module)."""

    missing_locals = {"crashed": "false"}  # what a trace shows for a live process
    faulty: frozenset | None = None  # ``designating``: the processes that may crash (None: any)

    def __init__(self, local, crashes: int, recoveries: int = 0):
        self.local = local
        self.crashes = crashes
        self.recoveries = recoveries
        self.algorithm, self.ids, self.n = local.algorithm, local.ids, local.n
        self.topology, self.layout, self.channel_count = local.topology, local.layout, local.channel_count
        # with recoveries a process may crash again, so the state counts the crashes and the
        # recoveries so far after the channels; without, the crashed processes are the count
        self._counted = recoveries > 0
        self.initial_state = local.initial_state + (((0, 0),) if self._counted else ())
        self._initial_locals = local.initial_state[: self.n]
        self.swapped = local.swapped
        n = self.n
        # the state indices of each process's incoming channels
        self._into = [tuple(n + k for k, c in enumerate(local.topology.channels) if c.receiver == i) for i in range(n)]
        self._crash_instance = len(local.instances)
        self._recover_instance = self._crash_instance + self.n
        self._position = {pid: i for i, pid in enumerate(self.ids)}

    @property
    def supports_por(self) -> bool:
        """Reduced one designated faulty process at a time (the module), with one crash: with F
        crashes there are C(n, F) designations, each repeating the states before any crash
        (bully-always-replies at n = 3 with 2 crashes: 5,016 states reduced, 3,793 whole). Not
        with recoveries, where a process may crash again and every process shares the count."""
        return self.crashes == 1 and not self.recoveries and self.local.supports_por

    def designating(self, faulty) -> "CrashSystem":
        """This system where only the processes in ``faulty`` (F of them) may crash: they then
        need no budget, each crashing at most once. Its states are this system's, and each
        transition is listed as this system lists it, less the crashes of the others."""
        if self.recoveries or len(faulty) != self.crashes:
            raise ValueError("designating: F processes, without recoveries")
        designated = copy(self)
        designated.faulty = frozenset(faulty)
        return designated

    def adversary(self, instance: int) -> bool:
        """Is this transition the adversary's (a crash or a recovery), not a step of its process?"""
        return instance >= self._crash_instance

    @staticmethod
    def crashed(state, i: int) -> bool:
        return isinstance(state[i], Crashed)

    def _plain(self, state) -> tuple:
        """The local system's state: the crashed processes' locals as they were, no counts."""
        end = len(state) - 1 if self._counted else len(state)
        return tuple(s.values if isinstance(s, Crashed) else s for s in state[: self.n]) + tuple(state[self.n:end])

    def steps(self, state) -> list[Step]:
        """The live processes' transitions, then a crash of each live process (if allowed)."""
        n = self.n
        down = [i for i in range(n) if isinstance(state[i], Crashed)]
        live = [i for i in range(n) if i not in down]
        plain = self._plain(state) if down or self._counted else state
        steps = self.local.process_steps(plain, live)
        if self.algorithm.has_timeouts:
            steps += self.local.timeout_steps(plain, live, quiet=not steps,
                                              crashed=frozenset(self.ids[i] for i in down))
        tail = state[-1:] if self._counted else ()
        result = steps
        if down or self._counted:
            result = []
            for step in steps:
                target = list(step.target) + list(tail)
                for i in down:
                    target[i] = state[i]
                    for k in self._into[i]:
                        target[k] = ()  # a message to a crashed process is lost
                result.append(step._replace(target=tuple(target)))
        crashed_so_far, recovered_so_far = state[-1] if self._counted else (len(down), 0)
        if crashed_so_far < self.crashes:
            for i in live if self.faulty is None else (i for i in live if i in self.faulty):
                target = list(state)
                target[i] = Crashed(state[i])
                for k in self._into[i]:
                    target[k] = ()
                if self._counted:
                    target[-1] = (crashed_so_far + 1, recovered_so_far)
                result.append(Step(i, CRASH, None, None, (), tuple(target), self._crash_instance + i))
        if recovered_so_far < self.recoveries:
            for i in down:  # restarts from its initial state, its incoming channels empty
                target = list(state)
                target[i] = self._initial_locals[i]
                target[-1] = (crashed_so_far, recovered_so_far + 1)
                result.append(Step(i, RECOVER, None, None, (), tuple(target), self._recover_instance + i))
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

    def process_values(self, state, i: int) -> tuple:
        record = state[i]
        return record.values if isinstance(record, Crashed) else record

    def locals_of(self, state, i: int) -> dict[str, str]:
        """The process's locals; a crashed one's, as they were, after ``crashed=true``."""
        values = self.local.locals_of(self._plain(state), i)
        return {"crashed": "true", **values} if isinstance(state[i], Crashed) else values

    def channels(self, state) -> tuple:
        return self.local.channels(state[:-1] if self._counted else state)

    def channel(self, state, k: int) -> tuple:
        return self.local.channel(state, k)

    def heads(self, state) -> tuple:
        return self.local.heads(state[:-1] if self._counted else state)
