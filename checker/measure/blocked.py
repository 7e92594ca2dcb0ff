"""A ring with some edges blocked: a wrapper around an engine that the Explorer explores as is.

Seed 000's open schedules "take a ring, block one of its channels, but allow all other events
to proceed as normal". Edge e is the link between position e and its clockwise neighbour
e+1 (mod n); blocking it removes every transition that *receives* from its channels (both
directions on a bidirectional ring), so messages sent onto it stay there. The terminal states
of the wrapped system are then the quiescent states of the open schedules.

Partial-order reduction stays sound on the wrapper: its transitions are a subset of the
engine's, a blocked reception is never enabled (so any enabling set serves for it), and the
conflicts of enabled transitions are unchanged (tests compare reduced and full results).

Schedules are kept as *instances* (process, command, port), not as successor ordinals, so a
schedule found on one system can be replayed on another: ``follow``.
"""
from __future__ import annotations

from models import CW, NEXT, AlgorithmError

CLOCKWISE = (CW, NEXT)  # the port a process uses towards position + 1


def edge_channels(topology, edge: int) -> frozenset[int]:
    """The channels of the link between position ``edge`` and position ``edge + 1``."""
    return frozenset(
        k for k, c in enumerate(topology.channels)
        if (c.sender == edge and c.out_port in CLOCKWISE) or (c.receiver == edge and c.in_port in CLOCKWISE)
    )


class BlockedEdges:
    """``engine`` (AsyncSystem or InternedSystem) where nothing is delivered across ``edges``,
    starting from ``start`` (an engine state) if given."""

    def __init__(self, engine, edges, start=None, algorithm=None):
        self.engine = engine
        self.reference = engine.reference
        self.edges = tuple(sorted(set(edges)))
        topology, n = self.reference.topology, self.reference.n
        for edge in self.edges:
            if not 0 <= edge < n:
                raise AlgorithmError(f"edge {edge} does not exist on a ring of {n}")
        channels = frozenset().union(*(edge_channels(topology, e) for e in self.edges))
        self.blocked_channels = channels
        self.blocked_instances = frozenset(
            k for k, x in enumerate(self.reference.instances)
            if x.port is not None and topology.in_channel(x.process, x.port) in channels
        )
        self.initial_state = engine.initial_state if start is None else start
        self.algorithm = algorithm or engine.algorithm

    def successor_list(self, state):
        blocked = self.blocked_instances
        return [step for step in self.engine.successor_list(state) if step[4] not in blocked]

    def steps(self, state):  # for checker.trace.replay on the reference engine
        blocked = self.blocked_instances
        return [step for step in self.engine.steps(state) if step.instance not in blocked]

    def __getattr__(self, name):
        return getattr(self.engine, name)


class WitnessOfMaximum:
    """The algorithm as the explorer sees it, with a message bound of -1.

    The explorer reports, as a message-bound violation, an execution that sends the most
    messages whenever that maximum passes the bound; with -1 it always does, which hands back
    the witness of the maximum without any change to the explorer.
    """

    def __init__(self, algorithm):
        self._algorithm = algorithm

    @staticmethod
    def message_bound(n):
        return -1

    def __getattr__(self, name):
        return getattr(self._algorithm, name)


Instance = tuple  # (process, command name, port)


def instances_of(system, ordinals) -> list[Instance]:
    """The (process, command, port) of each transition of an ordinal path of ``system``."""
    reference, state, path = system.reference, system.initial_state, []
    for k in ordinals:
        step = system.successor_list(state)[k]
        x = reference.instances[step[4]]
        path.append((x.process, x.command.name if x.command else "(unmatched)", x.port))
        state = step[0]
    return path


def follow(system, path: list[Instance]) -> tuple[tuple, list[int], int]:
    """Replay ``path`` on ``system``: (the state it ends in, its ordinals there, messages sent).

    Raises ReplayFailed when a transition of the path is not enabled where it is due.
    """
    reference, state, ordinals, sent = system.reference, system.initial_state, [], 0
    for number, (process, command, port) in enumerate(path, start=1):
        wanted = reference.instance_id(process, command, port)
        steps = system.successor_list(state)
        k = next((k for k, step in enumerate(steps) if step[4] == wanted), None)
        if k is None:
            raise ReplayFailed(f"step {number}: {command} of p{process}"
                               + (f" on {port}" if port else "") + " is not enabled")
        ordinals.append(k)
        sent += steps[k][1]
        state = steps[k][0]
    return state, ordinals, sent


class ReplayFailed(Exception):
    pass
