"""Traces of synchronous algorithms, round by round.

A round (models/systems/rounds.py) moves every process at once: each handles the messages of the
previous round, then takes its compute step. A trace shows it as one row per process that did
something, grouped under the round's number. For the pictures, which draw a trace as a
sequence of single steps with a state after each, the round is written down process after
process: process i's part removes from its channels the messages it received (the heads:
only messages of the previous round are there before it) and appends what it sent behind any
message of this round. That order is exact, since within a round a process reads nothing
another process writes.
"""
from __future__ import annotations

from models import UNMATCHED

from .snapshot import ring_state
from .trace import Trace, TraceStep, finish_trace, start_trace


def replay_rounds(system, ordinals: list[int], loop_start: int | None = None) -> Trace:
    """The trace of the rounds ``ordinals`` (each the ordinal of a round among those possible)."""
    state = system.initial_state
    trace = start_trace(system, loop_start)
    trace.rounds = len(ordinals)
    n = system.n
    trace.anonymous = system.algorithm.anonymous
    symmetric = _alike(system, state)
    for number, k in enumerate(ordinals, start=1):
        step = system.steps(state)[k]
        current = list(state)
        for i, part in enumerate(step.parts):
            if not part.events:
                continue  # nothing received, no step taken
            for _port, index in system._in_ports[i]:
                current[index] = current[index][len(state[index]):]
            current[i] = part.values
            out = system._out_channel[i]
            for port, message in part.sent:
                current[n + out[port]] += (message,)
            before, after = system.locals_of(state, i), system.locals_of(tuple(current), i)
            receptions = [(e.port, str(e.received)) for e in part.events if e.received is not None]
            commands = [e.command for e in part.events]
            trace.steps.append(TraceStep(
                number=len(trace.steps) + 1, position=i, id=system.ids[i], command=_commands(commands),
                port=receptions[0][0] if len(receptions) == 1 else None,
                received=receptions[0][1] if len(receptions) == 1 else None,
                sent=[(port, str(message)) for port, message in part.sent],
                changes={name: (before[name], after[name]) for name in before if before[name] != after[name]},
                in_flight=sum(len(c) for c in current[n:]), round=number, receptions=receptions,
            ))
            trace.states.append(ring_state(system, tuple(current)))
        state = step.target
        symmetric = symmetric and _alike(system, state)
    if trace.anonymous:
        trace.symmetric = symmetric
    finish_trace(trace, system, state)
    return trace


def _alike(system, state) -> bool:
    """All processes have the same locals and every channel holds the same messages (the
    symmetric configurations of seed 000's impossibility argument, on a ring)."""
    n = system.n
    by_direction: dict = {}  # the channels that leave by the same port hold the same messages
    for channel, contents in zip(system.topology.channels, state[n:]):
        by_direction.setdefault(channel.out_port, set()).add(contents)
    return len(set(state[:n])) == 1 and all(len(contents) == 1 for contents in by_direction.values())


def _commands(names: list[str]) -> str:
    """The commands of a process's part, a repeated one counted: "receive_max x3, flood"."""
    shown, k = [], 0
    while k < len(names):
        j = k
        while j < len(names) and names[j] == names[k]:
            j += 1
        label = names[k] + ("  (no command accepts it)" if names[k] == UNMATCHED else "")
        shown.append(label + (f" x{j - k}" if j - k > 1 else ""))
        k = j
    return ", ".join(shown)
