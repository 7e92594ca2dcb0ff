"""Itai and Rodeh's asynchronous election on an anonymous ring: coin flips, then a hop counter.

Source: the PRISM case study "Asynchronous Leader Election Protocol (Itai & Rodeh)" (the
PRISM model checker's case studies; A. Itai and M. Rodeh, Symmetry Breaking in Distributed
Networks, Information and Computation 88, 1990). Its protocol, for a ring of N processors
that know N and have no ids; every processor starts active and, while active, repeats:

    1. choose 0 or 1, each with probability 1/2, and send the choice to the next processor;
    2. if it chose 0 and the active processor preceding it in the ring chose 1, become inactive;
    3. send a counter around the ring to check whether it is the only active processor;
       if it is, become the leader, else repeat.

"Inactive processors only relay messages": a preference unchanged, a counter one hop further.
An active processor that receives a counter of N-1 hops sent it itself: it is alone. Seed 000
shows that no deterministic algorithm can do this on an anonymous ring (`check theorem
anonymous-ring`); the coins break the symmetry, and election has probability 1 under every
scheduler (``check itai-rodeh --n 4`` checks that qualitatively, ``--expected`` and ``--within``
measure it).

Where this encoding differs from the PRISM model, docs/complexity.md compares the figures.
Choices where the case study leaves room:
  * Channels are ringleader's FIFO channels, not PRISM's one-place handshakes, so a sender does
    not wait for its receiver: a processor may be rounds ahead of its successor, with their
    messages queued in order. FIFO keeps each round's preference before its counter, so a
    processor always knows which round a message belongs to and no round number travels.
  * Choosing and sending the choice are one step (``choose``, ``next_round``); a processor that
    stays active sends its counter in the step that compares the choices (``stay_active``).
  * A message that no command accepts would be consumed and lost, so a processor must accept
    whatever arrives: a preference that arrives before the processor has chosen makes it choose
    at once, and the comparison is then made by a later step of its own (``decide_*``) or when
    the predecessor's counter arrives (``counter_before_deciding_*``).
  * A value no later step reads is reset to 0 (``bit`` once compared, ``got`` once used), as
    the PRISM model resets its preference, so that states differ only in what matters.
  * The hop counter counts relays: a counter leaves with 0 and arrives with N-1 at the processor
    that sent it if every other processor is inactive (PRISM's c = N-1).
  * An inactive processor has decided that it is not the leader; no announcement round follows
    (the case study has none), so the leader is elected when it receives its own counter and
    the ring is then quiescent. A round is counted each time processor 0 sends a counter (its
    own or relayed), as the case study's reward counts processor 1's counters.
"""
from __future__ import annotations

from enum import IntEnum

from models import NEXT, Algorithm, And, Local, Message, Not, Or, UnidirectionalRing, receive, spontaneous


class Phase(IntEnum):
    IDLE = 0  # has not chosen yet
    CHOSEN = 1  # chose ``bit`` and sent it; waits for the predecessor's choice
    PENDING = 2  # chose ``bit`` and holds the predecessor's choice ``got``: has not compared them yet
    COUNTING = 3  # still active, sent its counter; waits for the predecessor's counter
    INACTIVE = 4
    LEADER = 5


class Preference(Message):
    bit: int


class Counter(Message):
    hops: int


def _quits(bit, before):
    """Step 2: it chose 0 and the active processor before it chose 1."""
    return And(bit == 0, before == 1)


class ItaiRodeh(Algorithm, name="itai-rodeh", seed="PRISM case study: asynchronous leader election"):
    """Itai-Rodeh (PRISM's asynchronous case study): anonymous ring, coin flips, a hop counter; elects almost surely."""

    topology = UnidirectionalRing
    knows_n = True  # the hop counter detects a lone active processor by counting to N-1
    round_message = Counter  # one counter leaves processor 0 per round

    phase = Local(Phase, Phase.IDLE)
    bit = Local(int, 0)  # this round's choice
    got = Local(int, 0)  # the predecessor's choice, while PENDING

    def is_leader(p):
        return p.phase == Phase.LEADER

    def decided(p):
        return Or(p.phase == Phase.LEADER, p.phase == Phase.INACTIVE)

    # 1. choose and send the choice
    @spontaneous(when=lambda p: p.phase == Phase.IDLE)
    def choose(p):
        p.bit = p.draw((0, 1))
        p.phase = Phase.CHOSEN
        p.send(NEXT, Preference(p.bit))

    @receive(Preference, when=lambda p, m, port: p.phase == Phase.IDLE)
    def choose_on_arrival(p, m, port):
        p.bit = p.draw((0, 1))
        p.got = m.bit
        p.phase = Phase.PENDING
        p.send(NEXT, Preference(p.bit))

    # 2. compare with the preceding active processor's choice
    @receive(Preference, when=lambda p, m, port: And(p.phase == Phase.CHOSEN, Not(_quits(p.bit, m.bit))))
    def stay_active(p, m, port):
        p.phase = Phase.COUNTING
        p.bit = 0
        p.send(NEXT, Counter(0))

    @receive(Preference, when=lambda p, m, port: And(p.phase == Phase.CHOSEN, _quits(p.bit, m.bit)))
    def become_inactive(p, m, port):
        p.phase = Phase.INACTIVE
        p.bit = 0

    @spontaneous(when=lambda p: And(p.phase == Phase.PENDING, Not(_quits(p.bit, p.got))))
    def decide_active(p):
        p.phase = Phase.COUNTING
        p.bit = 0
        p.got = 0
        p.send(NEXT, Counter(0))

    @spontaneous(when=lambda p: And(p.phase == Phase.PENDING, _quits(p.bit, p.got)))
    def decide_inactive(p):
        p.phase = Phase.INACTIVE
        p.bit = 0
        p.got = 0

    @receive(Counter, when=lambda p, m, port: And(p.phase == Phase.PENDING, Not(_quits(p.bit, p.got))))
    def counter_before_deciding_active(p, m, port):
        # the counter is another active processor's, so this one is not alone: next round
        p.send(NEXT, Counter(0))
        p.bit = p.draw((0, 1))
        p.got = 0
        p.phase = Phase.CHOSEN
        p.send(NEXT, Preference(p.bit))

    @receive(Counter, when=lambda p, m, port: And(p.phase == Phase.PENDING, _quits(p.bit, p.got)))
    def counter_before_deciding_inactive(p, m, port):
        p.phase = Phase.INACTIVE
        p.bit = 0
        p.got = 0
        p.send(NEXT, Counter(m.hops + 1))

    # 3. the counter: alone (it came all the way round) or another round
    @receive(Counter, when=lambda p, m, port: And(p.phase == Phase.COUNTING, m.hops == p.n - 1))
    def elected(p, m, port):
        p.phase = Phase.LEADER

    @receive(Counter, when=lambda p, m, port: And(p.phase == Phase.COUNTING, m.hops != p.n - 1))
    def next_round(p, m, port):
        p.bit = p.draw((0, 1))
        p.phase = Phase.CHOSEN
        p.send(NEXT, Preference(p.bit))

    # inactive processors relay
    @receive(Preference, when=lambda p, m, port: p.phase == Phase.INACTIVE)
    def relay_preference(p, m, port):
        p.send(NEXT, m)

    @receive(Counter, when=lambda p, m, port: p.phase == Phase.INACTIVE)
    def relay_counter(p, m, port):
        p.send(NEXT, Counter(m.hops + 1))
