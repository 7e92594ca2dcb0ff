"""One global state as plain data: what a picture of the ring needs, and nothing of the explorer.

A ``RingState`` holds, per position (clockwise from 0), the process's id, its locals as plain
values (bool, int, or a name such as ``"NIL"``) and whether it has decided; and, per
directed channel, its two ends and the messages in it, head first. Traces keep one per step
(``Trace.states``); anything else that has a state in hand (a z3 counterexample to
induction, a test) can build one directly from those lists and draw it the same way.

Where the system adds to the algorithm, the additions are kept apart from its locals: with
crash failures, which processes have crashed (a crashed process keeps its locals, never read
again); through a synchronizer, each process's tick, the synchronizer's variables and the
messages it holds unread. On a network whose vertices the user named, the names too.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from models import Id, Port
from models.topology.ports import NONE_STORED

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
    crashed: list[bool] = field(default_factory=list)  # per position; empty: the system has no crash failures
    synchronizer: list[dict[str, Value]] = field(default_factory=list)  # per position, beside the locals; empty: none
    names: tuple[str, ...] = ()  # per position, how it is called; empty: p0, p1, ...

    @property
    def n(self) -> int:
        return len(self.ids)

    def decision(self, position: int) -> str | None:
        return self.decisions[position] if self.decisions else None

    def is_crashed(self, position: int) -> bool:
        return bool(self.crashed) and self.crashed[position]

    def name(self, position: int) -> str:
        return self.names[position] if self.names else f"p{position}"

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
    """The RingState of a state of ``system`` (any kind: models/systems/interface.py)."""
    layout, topology = system.layout, system.topology
    records = [system.process_values(state, i) for i in range(system.n)]
    locals_ = [
        {layout.slot_name(k): plain(variable.type, records[i][k]) for k, (_, port, variable) in enumerate(layout.slots)
         if port is None or topology.has_port(i, port)}
        for i in range(system.n)
    ]
    observations = system.observe(state)
    decisions = [LEADER if o.is_leader else NON_LEADER if o.decided else None for o in observations]
    channels = [
        ChannelState(c.sender, c.out_port, c.receiver, c.in_port, tuple(system.channel(state, k)))
        for k, c in enumerate(topology.channels)
    ]
    crashed = [o.crashed for o in observations] if system.crashes else []
    synchronizer = [synchronizer_values(system, state, i) for i in range(system.n)] \
        if system.synchronizer is not None else []
    return RingState(tuple(system.ids), locals_, channels, decisions, topology.kind, crashed, synchronizer,
                     process_names(topology))


def process_names(topology) -> tuple[str, ...]:
    """How the topology names its processes, or () when they are p0, p1, ... (an edge file's
    vertex names, models/topology/network.py)."""
    names = tuple(topology.process_name(i) for i in range(topology.n))
    return () if names == tuple(f"p{i}" for i in range(topology.n)) else names


def synchronizer_values(system, state, i: int) -> dict[str, Value]:
    """What process i holds beside the algorithm's locals through a synchronizer, every name
    present in every state (one the system leaves out has the value it stands for)."""
    shown = system.synchronizer_locals(state, i)
    shown.update((name, text) for name, text in system.missing_locals.items() if name not in shown)
    return {name: plain_text(text) for name, text in shown.items()}


def plain_text(text: str) -> Value:
    """A value a system shows as text (``"3"``, ``"true"``, ``"tick 1 on port 0"``) as a plain value."""
    if text in ("true", "false"):
        return text == "true"
    return int(text) if text.lstrip("-").isdigit() else text
