"""Variant: seed 001's Hirschberg-Sinclair whose bounce on the CCW port skips one case.

A phase-0 probe that arrives on CCW from the neighbour whose id is one more is not bounced
(no command accepts it, so it is consumed): that neighbour never hears back from that side
and never finishes phase 0. With ids 1,3,2 clockwise the largest id is that neighbour, so
nobody is elected; with ids 1,2,3 every probe that must bounce arrives otherwise, and the
run is correct. The class inherits ``mirror_symmetric = True``, which no longer holds: the
reflection quotient checks 1,2,3 alone and would call the variant correct.
"""
from algorithms.hs import HirschbergSinclair, Probe, Reply
from models import CCW, CW, And, Not, receive


class HSOneSidedBounce(HirschbergSinclair, name="hs-one-sided-bounce"):
    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl == 0), ports=(CW,))
    def bounce(p, m, port):
        p.send(port, Reply(m.id, m.phase))

    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl == 0, Not(And(m.phase == 0, m.id == p.id + 1))),
             ports=(CCW,))
    def bounce_ccw(p, m, port):
        p.send(port, Reply(m.id, m.phase))
