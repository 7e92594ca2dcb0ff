"""The ABD synchronizer (seed 002, 11.3.1): physical clocks and a known bound on message delay.

Source: seed 002_8e2c4d6f504b108f.txt, 11.3.1: "every process has a physical clock, and the
message propagation delays have a known upper bound delta ... once initialized, the difference
between a pair of physical clocks does not change. ... One or more processes spontaneously
initiate the synchronizer by assigning c := 0, executing the actions for tick 0, and sending a
start signal to its neighbors ... Each non-initiating neighbor j wakes up when it receives the
start signal ... Eventually, process p will simulate tick k of the synchronous algorithm when
its local clock reads 2k delta." Actions take zero time.

Time is discrete here: delta is ``delay`` units (2 by default, so a message takes delta/2 or
delta), and the system is a timed automaton explored over every choice the adversary has:

  * which processes initiate, at time 0 (at least one);
  * the delay of every message, start signals included: 1..delay units, chosen when it is sent;
  * the order of what happens at one instant.

A process simulates round k + 1 (the text's tick k) when its clock reads ``period`` * k units
(2 delta by default). Time advances one unit when nothing is due now: no message has arrived
that is not yet received, and no process has reached the clock reading of its next tick. A
message due at the instant a tick starts is received first ("p will receive it before time
2 delta": the bound is on the delay, and actions take no time). A woken process sends start
to every neighbour, as an initiator does, so that start reaches every process of any connected
graph (the text's figure has every non-initiator next to an initiator).

(Synch) and the simulation are checked as for the other synchronizers (models/systems/synchronized.py).
There is no reduction: the passing of time is one step of every process at once.
"""
from __future__ import annotations

from itertools import product

from .semantics import Step
from .synchronized import Envelope, SynchronizedSystem
from .synchronizers import Synchronizer

ASLEEP = -1


class ABD(Synchronizer):
    """Ticks by the clock: round k + 1 at clock period * k; ``delay`` units make one delta."""

    name = "abd"
    reduces = False
    delay = 2  # delta, in time units
    period_in_deltas = 2  # the text: tick k at 2k delta

    @property
    def period(self) -> int:
        return self.period_in_deltas * self.delay

    def start(self, place):
        return (ASLEEP,)  # the clock, or asleep until an initiator's start signal

    def advanced(self, place, sync, tick, sent, last):
        return sync, ()  # nothing to send: the clock says when the next tick starts

    def describe(self, place, sync):
        return {"clock": "asleep" if sync[0] == ASLEEP else str(sync[0])}

    def __str__(self):
        return f"the {self.name} synchronizer (delay at most {self.delay} time units)"


class ABDSystem(SynchronizedSystem):
    """``rounds`` simulated with physical clocks (see the module). A channel holds
    (envelope, time units until it arrives) pairs; the state ends with the time, capped at 1
    (only "is it still time 0" matters)."""

    has_interned_twin = False  # the passing of time is a step of every process at once

    def __init__(self, rounds, synchronizer):
        super().__init__(rounds, synchronizer, reduce=False)
        # a channel's order is its sender's order, the same in every interleaving that sends the
        # same messages: held as a multiset it saved no state (the path of 3, the triangle)
        self.bags = False
        self.initial_state = self.initial_state + (0,)

    def channels(self, state) -> tuple:
        return tuple(tuple(envelope for envelope, _ in c) for c in state[self.n:-1])

    def channel(self, state, k: int) -> tuple:
        return tuple(envelope for envelope, _ in state[self.n + k])

    def heads(self, state) -> tuple:
        return tuple(c[0][0].kind if c else None for c in state[self.n:-1])

    def steps(self, state) -> list[Step]:
        n, period = self.n, self.synchronizer.period
        result = []
        due = False
        for i in range(n):
            node = state[i]
            for port, k in self._in[i]:
                for j, (_envelope, remaining) in enumerate(state[n + k]):
                    if remaining == 0:
                        due = True
                        result += self._arrive(state, i, port, k, j)
        for i in range(n):
            node = state[i]
            clock = node.sync[0]
            if clock == ASLEEP:
                if state[-1] == 0:
                    result += self._wake(state, i, "initiate", None, None, None)
                continue
            if node.tick < self.ticks and clock == period * node.tick and not self._due_into(state, i):
                due = True
                step = self._compute(state, i)
                result += self._timed(step, step.sent)
        awake = any(node.sync[0] != ASLEEP for node in state[:n])
        busy = any(state[n:-1]) or any(node.tick < self.ticks for node in state[:n])
        if not due and awake and busy and not any(
                node.sync[0] != ASLEEP and node.tick < self.ticks and node.sync[0] == period * node.tick
                for node in state[:n]):
            result.append(self._advance(state))
        return result

    def _due_into(self, state, i: int) -> bool:
        return any(remaining == 0 for _, k in self._in[i] for _, remaining in state[self.n + k])

    def _arrive(self, state, i: int, port, k: int, j: int) -> list[Step]:
        node = state[i]
        envelope, _ = state[self.n + k][j]
        if envelope.kind == "start":
            if node.sync[0] == ASLEEP:
                return self._wake(state, i, "on_start", port, envelope, (k, j))
            return [self._step(state, i, "on_start", port, envelope, node, (), 0, popped=(k, j))]
        if envelope.tick < node.tick:
            node = node._replace(missed=node.missed or (envelope.tick, port))
        else:
            node = node._replace(inbox=node.inbox + ((envelope.tick, port, envelope.message),))
        return [self._step(state, i, "receive", port, envelope, node, (), 0, popped=(k, j))]

    def _wake(self, state, i: int, command: str, port, received, popped) -> list[Step]:
        """c := 0, the actions of tick 0 (round 1), and start to every neighbour."""
        start = tuple((port_out, Envelope("start", 0)) for port_out in self._out[i])
        if self.ticks == 0:  # a synchronous run without a round (no process acts): waking is all there is
            woken = self._step(state, i, command, port, received, state[i]._replace(sync=(0,)), (), 0, popped=popped)
            return self._timed(woken, start)
        awake = list(state)
        awake[i] = state[i]._replace(sync=(0,))
        if popped is not None:
            k, j = popped
            awake[self.n + k] = state[self.n + k][:j] + state[self.n + k][j + 1:]
        first = self._compute(tuple(awake), i)
        return self._timed(first._replace(command=f"{command}, {first.command}", port=port, received=received),
                           start + first.sent)

    def _timed(self, step: Step, sends: tuple) -> list[Step]:
        """``step`` once for every choice of the delays of ``sends`` (the step's target, as
        SynchronizedSystem builds it, has its envelopes appended bare: they are put back here,
        each with its delay)."""
        base = list(step.target)
        for k in range(self.channel_count):  # a channel's entries are (envelope, delay) pairs; drop the bare ones
            base[self.n + k] = tuple(x for x in base[self.n + k] if not isinstance(x, Envelope))
        steps = []
        for delays in product(range(1, self.synchronizer.delay + 1), repeat=len(sends)):
            following = list(base)
            for (port_out, envelope), delay in zip(sends, delays):
                k = self._out[step.process][port_out]
                following[self.n + k] = following[self.n + k] + ((envelope, delay),)
            shown = step.command + (f" (delays {', '.join(map(str, delays))})" if sends else "")
            steps.append(step._replace(command=shown, sent=sends, target=tuple(following)))
        return steps

    def _advance(self, state) -> Step:
        n = self.n
        target = [node._replace(sync=(node.sync[0] + 1,)) if node.sync[0] != ASLEEP else node for node in state[:n]]
        target += [tuple((envelope, remaining - 1) for envelope, remaining in c) for c in state[n:-1]]
        target.append(1)
        return Step(0, "time passes", None, None, (), tuple(target), -1)
