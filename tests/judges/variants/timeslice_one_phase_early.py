"""Variant: TimeSlice whose processor with uid k acts in phase k - 1, one phase (n rounds) early.

Still a correct election: phases keep the order of the ids, so the smallest id declares first
and its token reaches everyone before the next phase. But it ends after un + 1 rounds for the
smallest uid u, n fewer than the (u + 1)n + 1 that TimeSlice declares exact: checked only as an
upper bound, the round bound held.
"""
from algorithms.timeslice import TimeSlice, Token
from models import NEXT, NIL, And, spontaneous


class TimeSliceOnePhaseEarly(TimeSlice, name="timeslice-one-phase-early"):
    @spontaneous(when=lambda p: And(p.leader == NIL, p.clock == (p.id - 1) * p.n))
    def declare(p):
        p.leader = p.id
        p.send(NEXT, Token(p.id))
        p.clock = p.clock + 1

    @spontaneous(when=lambda p: And(p.leader == NIL, p.clock != (p.id - 1) * p.n))
    def wait(p):
        p.clock = p.clock + 1
