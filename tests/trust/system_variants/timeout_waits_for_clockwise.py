"""A ring where the second largest id takes over when the leader crashes, watching the wrong neighbour.

Every process greets both neighbours and records the largest of the three ids it knows as the
leader (or, once nothing else can happen, of those it heard: a neighbour that crashed before
greeting is never heard). The process whose id is not the smallest it knows waits for a
neighbour to crash, and then leads and says so.

Bug: it waits for its clockwise neighbour (``waits_for=lambda p: p.nb[CW]``) instead of the
leader it records. Where the ids rise clockwise (1, 2, 3) the clockwise neighbour of 2 is the
leader 3, and all is well; where they fall (1, 3, 2) it is 1, and when 1 crashes, 2 leads
beside 3. The timeout's guard and body treat CW and CCW alike; only what it waits for does not.
Run with ``--crashes 1``.
"""
from models import CCW, CW, NIL, Algorithm, And, BidirectionalRing, Id, Local, Message, Not, PerPort, ite
from models import opposite, receive, spontaneous, timeout


class Hello(Message):
    id: int


class Leader(Message):
    id: int


def _largest(a, b, c):
    return ite(a > b, ite(a > c, a, c), ite(b > c, b, c))


def _smallest(a, b):
    return ite(a < b, a, b)


class TimeoutWaitsForClockwise(Algorithm, name="timeout-waits-for-clockwise"):
    topology = BidirectionalRing
    mirror_symmetric = True
    asleep = Local(bool, True)
    nb = PerPort(Id, NIL)
    leader = Local(Id, NIL)

    def is_leader(p):
        return p.leader == p.id

    def decided(p):
        return p.leader != NIL

    def leader_id(p):
        return p.leader

    @spontaneous(when=lambda p: p.asleep)
    def greet(p):
        p.asleep = False
        p.send(CW, Hello(p.id))
        p.send(CCW, Hello(p.id))

    @receive(Hello)
    def hear(p, m, port):
        p.nb[port] = m.id
        both = And(p.nb[opposite(port)] != NIL, p.leader == NIL)
        p.leader = ite(both, _largest(p.id, m.id, p.nb[opposite(port)]), p.leader)

    @receive(Leader)
    def told(p, m, port):
        p.leader = m.id

    @timeout(when=lambda p: And(p.leader == NIL, Not(p.asleep)))
    def settle(p):
        p.leader = _largest(p.id, p.nb[CW], p.nb[CCW])

    @timeout(when=lambda p: And(p.leader != NIL, p.leader != p.id, p.id > _smallest(p.nb[CW], p.nb[CCW])),
             waits_for=lambda p: p.nb[CW])
    def take_over(p):
        p.leader = p.id
        p.send(CW, Leader(p.id))
        p.send(CCW, Leader(p.id))
