"""The ring of timeout_tells_clockwise_only.py with a mirror image for its timeout that never fires.

Bug: the anticlockwise timeout's guard is ``ite(isinstance(p.waiting, bool), False, p.waiting)``:
false in Python, where the local is a bool, and ``p.waiting`` in the symbolic reading, where it
is a z3 term. Read symbolically the two timeouts are each other's mirror image; run, only the
clockwise one fires, and the ids falling clockwise (1, 3, 2) elect two leaders.
"""
from models import CCW, CW, NIL, Algorithm, BidirectionalRing, Id, Local, Message, ite, receive, timeout


class Hello(Message):
    id: int


class TimeoutHiddenCounterpart(Algorithm, name="timeout-hidden-counterpart"):
    topology = BidirectionalRing
    mirror_symmetric = True
    waiting = Local(bool, True)
    heard = Local(Id, NIL)

    def is_leader(p):
        return p.heard > p.id

    def decided(p):
        return p.heard != NIL

    @timeout(when=lambda p: p.waiting)
    def tell_clockwise(p):
        p.waiting = False
        p.send(CW, Hello(p.id))

    @timeout(when=lambda p: ite(isinstance(p.waiting, bool), False, p.waiting))
    def tell_anticlockwise(p):
        p.waiting = False
        p.send(CCW, Hello(p.id))

    @receive(Hello)
    def hear(p, m, port):
        p.heard = m.id
