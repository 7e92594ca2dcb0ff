"""A synchronous ring on which every process greets both neighbours and keeps the id it heard last.

Bug: a round delivers a process's messages port by port, CW before CCW, so "the id heard last"
is the anticlockwise neighbour's, and a process leads when that id is larger than its own: one
leader where the ids rise clockwise (1, 2, 3), two where they fall (1, 3, 2). Every command
treats CW and CCW alike, so the declaration holds of the commands; it does not hold of the
round, whose order of delivery the mirror image reverses.
"""
from models import CCW, CW, NIL, SYNCHRONOUS, Algorithm, BidirectionalRing, Id, Local, Message, receive, spontaneous


class Hello(Message):
    id: int


class SyncRingKeepsLastHeard(Algorithm, name="sync-ring-keeps-last-heard"):
    topology = BidirectionalRing
    timing = SYNCHRONOUS
    mirror_symmetric = True
    asleep = Local(bool, True)
    heard = Local(Id, NIL)

    def is_leader(p):
        return p.heard > p.id

    def decided(p):
        return p.heard != NIL

    @spontaneous(when=lambda p: p.asleep)
    def greet(p):
        p.asleep = False
        p.send(CW, Hello(p.id))
        p.send(CCW, Hello(p.id))

    @receive(Hello)
    def hear(p, m, port):
        p.heard = m.id
