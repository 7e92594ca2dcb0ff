"""One global state as plain data: what a picture of the ring needs, and nothing of the explorer.

A ``RingState`` holds, per position (clockwise from 0), the process's id, its locals as plain
values (bool, int, or a name such as ``"NIL"``) and whether it has decided; and, per
directed channel, its two ends and the messages in it, head first. Traces keep one per step
(``Trace.states``); anything else that has a state in hand (a z3 counterexample to
induction, a test) can build one directly from those lists and draw it the same way.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from models import Id, Port
from models.ports import NONE_STORED

Value = bool | int | str

LEADER, NON_LEADER = "leader", "non-leader"


@dataclass(frozen=True)
class ChannelState:
    """The directed FIFO link sender --out_port--> receiver (arriving on in_port) and its messages, head first."""

    sender: int
    out_port: str
    receiver: int
    in_port: str
    messages: tuple = ()  # Message tuples, or anything whose str() is the label

    @property
    def name(self) -> str:
        return f"{self.sender}->{self.receiver} ({self.out_port})"


@dataclass
class RingState:
    ids: tuple[int, ...]
    locals: list[dict[str, Value]]
    channels: list[ChannelState] = field(default_factory=list)
    decisions: list[str | None] = field(default_factory=list)  # LEADER, NON_LEADER or None (undecided), per position
    topology: str = "ring"

    @property
    def n(self) -> int:
        return len(self.ids)

    def decision(self, position: int) -> str | None:
        return self.decisions[position] if self.decisions else None

    def _repr_mimebundle_(self, include=None, exclude=None):
        from .notebook import ring_state_bundle

        return ring_state_bundle(self)


def plain(value_type: type, value) -> Value:
    """A stored local as a plain value: bools stay bools, named values become their name."""
    if value_type is bool:
        return bool(value)
    if value_type is Id:
        return "NIL" if value == 0 else int(value)
    if value_type is Port:
        return "none" if value == NONE_STORED else f"port {value}"
    if isinstance(value_type, type) and issubclass(value_type, IntEnum):
        return value_type(value).name
    return value


def ring_state(system, state) -> RingState:
    """The RingState of an ``AsyncSystem`` state."""
    layout, topology = system.layout, system.topology
    degree = getattr(topology, "degree", None)  # on a network, a process has per-port locals for its own ports only
    locals_ = [
        {layout.slot_name(k): plain(variable.type, state[i][k]) for k, (_, port, variable) in enumerate(layout.slots)
         if port is None or degree is None or port < degree(i)}
        for i in range(system.n)
    ]
    decisions = []
    for observation in system.observe(state):
        decisions.append(LEADER if observation.is_leader else NON_LEADER if observation.decided else None)
    channels = [
        ChannelState(c.sender, c.out_port, c.receiver, c.in_port, tuple(system.channel(state, k)))
        for k, c in enumerate(topology.channels)
    ]
    return RingState(tuple(system.ids), locals_, channels, decisions, topology.kind)
