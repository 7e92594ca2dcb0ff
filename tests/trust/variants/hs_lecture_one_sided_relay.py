"""Variant: seed 000's Hirschberg-Sinclair whose relay of out tokens on the CCW port drops one case.

An out token with two hops to go that arrives on CCW at a process whose id is two more than
the token's is dropped. At n = 3 that is the winner's phase-1 token at its clockwise
neighbour when ids run 1,3,2 clockwise: it never comes back, the winner never finishes phase
1 and nobody is elected. With ids 1,2,3 it never happens and the run is correct. The class
inherits ``mirror_symmetric = True``, which no longer holds.
"""
from algorithms.hs_lecture import HirschbergSinclairLecture, Out
from models import CCW, CW, And, Not, receive


class HSLectureOneSidedRelay(HirschbergSinclairLecture, name="hs-lecture-one-sided-relay"):
    @receive(Out, when=lambda p, m, port: And(m.id < p.id, m.h > 1), ports=(CW,))
    def pass_out(p, m, port):
        p.send(CCW, Out(m.id, m.h - 1))

    @receive(Out, when=lambda p, m, port: And(m.id < p.id, m.h > 1, Not(And(m.id == p.id - 2, m.h == 2))),
             ports=(CCW,))
    def pass_out_ccw(p, m, port):
        p.send(CW, Out(m.id, m.h - 1))
