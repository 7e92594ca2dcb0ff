"""Variant: TimeSlice whose processor with uid k acts in phase k + 1, one phase (n rounds) late.

Still a correct election, with n messages, but it ends after (u + 2)n + 1 rounds for the
smallest uid u, n more than TimeSlice's bound: the round bound is violated from above.
"""
from algorithms.timeslice import TimeSlice, Token
from models import NEXT, NIL, And, spontaneous


class TimeSliceOnePhaseLate(TimeSlice, name="timeslice-one-phase-late"):
    @spontaneous(when=lambda p: And(p.leader == NIL, p.clock == (p.id + 1) * p.n))
    def declare(p):
        p.leader = p.id
        p.send(NEXT, Token(p.id))
        p.clock = p.clock + 1

    @spontaneous(when=lambda p: And(p.leader == NIL, p.clock != (p.id + 1) * p.n))
    def wait(p):
        p.clock = p.clock + 1
