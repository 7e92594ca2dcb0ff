"""Which step received each message a trace sends: the arrows of a space-time diagram.

On a FIFO channel the k-th message received is the k-th one sent into it; on links that
deliver in any order (a synchronizer's, by default) a message received is the earliest one
still in the channel with the same text, which is the head whenever the channel is FIFO.
A message sent on port p by position s goes into the channel whose sender is s and whose
out_port is p (read from the trace's first state); one received on port q at position r
comes out of the channel whose receiver is r and whose in_port is q.

With crash failures (models/systems/crashes.py) a message to a crashed process is lost: those in its
channels when it crashes, and any sent to it while it is down. Every format shows them as lost
at that step, neither received nor in flight.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from models import CCW, CW, NEXT

CLOCKWISE_PORTS = (CW, NEXT)


def travels_clockwise(channel, n: int) -> bool:
    """Does this channel carry messages from position i towards i + 1? (On a network, whose
    ports are numbers, "clockwise" is towards a higher process number: no arrow goes round.)"""
    if isinstance(channel.out_port, int):
        return channel.receiver > channel.sender
    if channel.out_port in CLOCKWISE_PORTS or channel.out_port == CCW:
        return channel.out_port in CLOCKWISE_PORTS
    return channel.receiver == (channel.sender + 1) % n  # ports with other names: read the ends


@dataclass(frozen=True)
class Delivery:
    label: str
    sender: int  # position
    receiver: int
    sent_at: int  # step number (1-based)
    received_at: int | None  # None: still in the channel when the trace ends
    out_port: str
    in_port: str

    clockwise: bool  # travels from position i towards i + 1
    lost_at: int | None = None  # the step after which it is lost (its receiver crashed or was down)

    @property
    def in_flight(self) -> bool:
        """Still in its channel when the trace ends."""
        return self.received_at is None and self.lost_at is None


def deliveries(trace) -> list[Delivery]:
    """Every message the trace sends, in sending order, with the step that received it."""
    channels = trace.states[0].channels if trace.states else []
    by_out = {(c.sender, c.out_port): c for c in channels}
    by_in = {(c.receiver, c.in_port): c for c in channels}
    pending: dict[tuple[int, str], deque[int]] = {key: deque() for key in by_out}
    # messages already in a channel before step 1 (possible for a state built by hand)
    found: list[dict] = []
    for c in channels:
        for m in c.messages:
            pending[(c.sender, c.out_port)].append(len(found))
            found.append({"label": str(m), "channel": c, "sent_at": 0, "received_at": None, "lost_at": None})
    for step in trace.steps:
        # a synchronous round's part receives several messages (receptions); an asynchronous step one
        received = step.receptions or ([(step.port, step.received)] if step.received is not None else [])
        for port, message in received:
            channel = by_in[(step.position, port)]
            queue = pending[(channel.sender, channel.out_port)]
            if queue:
                same = [k for k in queue if str(found[k]["label"]) == str(message)]
                k = same[0] if same else queue[0]
                queue.remove(k)
                found[k]["received_at"] = step.number
        for port, message in step.sent:
            channel = by_out[(step.position, port)]
            pending[(step.position, port)].append(len(found))
            found.append({"label": message, "channel": channel, "sent_at": step.number, "received_at": None,
                          "lost_at": None})
        after = trace.states[step.number] if len(trace.states) > step.number else None
        if after is not None and after.crashed:  # its channels are emptied: what they hold is lost
            for c in channels:
                if after.is_crashed(c.receiver):
                    for k in pending[(c.sender, c.out_port)]:
                        found[k]["lost_at"] = step.number
                    pending[(c.sender, c.out_port)].clear()
    return [
        Delivery(f["label"], f["channel"].sender, f["channel"].receiver, f["sent_at"], f["received_at"],
                 f["channel"].out_port, f["channel"].in_port, travels_clockwise(f["channel"], len(trace.ids)),
                 f["lost_at"])
        for f in found
    ]


def lost(trace) -> list[Delivery]:
    """The messages the trace loses to crashes (none without crash failures)."""
    if not trace.states or not trace.states[0].crashed:
        return []
    return [d for d in deliveries(trace) if d.lost_at is not None]
