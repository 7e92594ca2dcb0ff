"""Hirschberg-Sinclair: phased probe/reply/terminate election on a bidirectional ring. Largest id wins.

Source: seed 001_86390f416016552c.txt (the text calls the algorithm "Bully"; it is
Hirschberg and Sinclair's). Its code, for every processor:

    INITIALISATION  asleep <- TRUE; CWreplied <- FALSE; CCWreplied <- FALSE; leader <- NIL
    IF asleep THEN  asleep <- FALSE; SEND <probe,id,0,0> to links CW and CCW
    PROCESS MESSAGE <probe,ids,phase,ttl> that has arrived on link CW (resp. CCW)
      IF id = ids and leader = NIL THEN  SEND <terminate> to link CCW (resp. CW); leader <- TRUE; TERMINATE
      IF ids > id and ttl > 0 THEN  SEND <probe,ids,phase,ttl-1> to link CCW (resp. CW)
      IF ids > id and ttl = 0 THEN  SEND <reply,ids,phase> to link CW (resp. CCW)
    PROCESS MESSAGE <reply,ids,phase> that has arrived on link CW (resp. CCW)
      IF id != ids THEN  SEND <reply,ids,phase> to link CCW (resp. CW)
      ELSE  CWreplied <- TRUE (resp. CCWreplied)
            IF CWreplied and CCWreplied THEN
              CWreplied <- FALSE; CCWreplied <- FALSE
              SEND <probe,id,phase+1,2^(phase+1)-1> to links CW and CCW
    PROCESS MESSAGE <terminate> that has arrived on link CW (resp. CCW)
      IF leader = NIL THEN  SEND <terminate> to link CCW (resp. CW); leader <- FALSE; TERMINATE

Choices where the text leaves room:
  * The "(resp.)" of the probe segment covers line 11 too: the winner sends <terminate> on in
    the direction its probe was travelling (the text prints "to link CCW" for a probe that
    arrived on CW), and the terminate segment then handles a terminate on either link and
    passes it on. This symmetric reading reproduces docs/design.md's independent reference counts
    (4,688 states for ids 1,2,3 and for 1,3,2; 51,140 for 1,2,3,4) and makes the algorithm
    mirror-symmetric; the literal one-way reading gives 4,114 and 4,225 (mirror images differ).
  * The ttl of phase k is 2^k - 1, so a probe of phase k makes 2^k hops before it bounces.
  * TERMINATE ends nothing observable: "the processor may still process messages after
    termination", so every command stays enabled after a decision, and a processor that has
    not woken up yet (asleep) still processes messages, as the code allows.
  * A probe with ids < id, a second probe with ids = id (leader already set) and a terminate
    at a decided processor match no alternative of the code: they are consumed without effect,
    which the semantics does for any message no command accepts. The text's "swallows" is
    written out as its own command for the first case so that traces name it.
  * ``replied[CW]`` and ``replied[CCW]`` are the text's CWreplied and CCWreplied; the reply
    that completes the pair is a separate command (the text's inner IF).
"""
from __future__ import annotations

import math

from models import (
    CCW, CW, LARGEST, NIL, TRUE, FALSE, Algorithm, And, BidirectionalRing, Decision, Local,
    Message, PerPort, opposite, receive, spontaneous,
)


class Probe(Message):
    id: int
    phase: int
    ttl: int


class Reply(Message):
    id: int
    phase: int


class Terminate(Message):
    pass


class HirschbergSinclair(Algorithm, name="hs", seed="001_86390f416016552c.txt"):
    """Hirschberg-Sinclair (seed 001's phased probe/reply/terminate): largest id wins, O(n log n)."""

    topology = BidirectionalRing
    winner = LARGEST
    mirror_symmetric = True  # every command treats CW and CCW alike (tests/explore/test_symmetry.py)

    asleep = Local(bool, True)
    replied = PerPort(bool, False)
    leader = Local(Decision, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return p.leader != NIL

    @staticmethod
    def message_bound(n):
        return 8 * n * (1 + math.ceil(math.log2(n)))

    message_bound_text = "8n(1 + ceil(log2 n))"

    @spontaneous(when=lambda p: p.asleep)
    def wake(p):
        p.asleep = False
        p.send_all(Probe(p.id, 0, 0))

    @receive(Probe, when=lambda p, m, port: And(m.id == p.id, p.leader == NIL))
    def win(p, m, port):
        p.send(opposite(port), Terminate())
        p.leader = TRUE

    @receive(Probe, when=lambda p, m, port: m.id < p.id)
    def swallow(p, m, port):
        pass

    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl > 0))
    def relay_probe(p, m, port):
        p.send(opposite(port), Probe(m.id, m.phase, m.ttl - 1))

    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl == 0))
    def bounce(p, m, port):
        p.send(port, Reply(m.id, m.phase))

    @receive(Reply, when=lambda p, m, port: m.id != p.id)
    def relay_reply(p, m, port):
        p.send(opposite(port), Reply(m.id, m.phase))

    @receive(Reply, when=lambda p, m, port: And(m.id == p.id, p.replied[opposite(port)] == False))  # noqa: E712
    def first_reply(p, m, port):
        p.replied[port] = True

    @receive(Reply, when=lambda p, m, port: And(m.id == p.id, p.replied[opposite(port)] == True))  # noqa: E712
    def second_reply(p, m, port):
        p.replied[CW] = False
        p.replied[CCW] = False
        p.send_all(Probe(p.id, m.phase + 1, 2 ** (m.phase + 1) - 1))

    @receive(Terminate, when=lambda p, m, port: p.leader == NIL)
    def resign(p, m, port):
        p.send(opposite(port), Terminate())
        p.leader = FALSE
