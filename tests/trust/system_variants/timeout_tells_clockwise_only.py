"""A ring on which each process, once nothing else can happen, tells its id clockwise only.

Bug: a process leads when the id it hears (its anticlockwise neighbour's) is larger than its
own: one leader where the ids rise clockwise (1, 2, 3), two where they fall (1, 3, 2). The
declaration of mirror symmetry is false of the timeout, which sends on CW alone.
"""
from models import CW, NIL, Algorithm, BidirectionalRing, Id, Local, Message, receive, timeout


class Hello(Message):
    id: int


class TimeoutTellsClockwiseOnly(Algorithm, name="timeout-tells-clockwise-only"):
    topology = BidirectionalRing
    mirror_symmetric = True
    waiting = Local(bool, True)
    heard = Local(Id, NIL)

    def is_leader(p):
        return p.heard > p.id

    def decided(p):
        return p.heard != NIL

    @timeout(when=lambda p: p.waiting)
    def tell(p):
        p.waiting = False
        p.send(CW, Hello(p.id))

    @receive(Hello)
    def hear(p, m, port):
        p.heard = m.id
