"""The ring of timeout_tells_clockwise_only.py with a mirror image for its timeout, of a longer rank.

Bug: the two timeouts are each other's mirror image in what they do, but the clockwise one is
the shorter (rank 1), so it always fires first and the other never does: every process tells
its id clockwise only, and the ids falling clockwise (1, 3, 2) elect two leaders.
"""
from models import CCW, CW, NIL, Algorithm, BidirectionalRing, Id, Local, Message, receive, timeout


class Hello(Message):
    id: int


class TimeoutRanksFavourClockwise(Algorithm, name="timeout-ranks-favour-clockwise"):
    topology = BidirectionalRing
    mirror_symmetric = True
    waiting = Local(bool, True)
    heard = Local(Id, NIL)

    def is_leader(p):
        return p.heard > p.id

    def decided(p):
        return p.heard != NIL

    @timeout(when=lambda p: p.waiting, rank=1)
    def tell_clockwise(p):
        p.waiting = False
        p.send(CW, Hello(p.id))

    @timeout(when=lambda p: p.waiting, rank=2)
    def tell_anticlockwise(p):
        p.waiting = False
        p.send(CCW, Hello(p.id))

    @receive(Hello)
    def hear(p, m, port):
        p.heard = m.id
