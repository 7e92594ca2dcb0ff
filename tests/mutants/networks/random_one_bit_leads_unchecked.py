"""random-one-bit whose process with b = 1 becomes the leader without looking at the others' bits.

Bug: ``lead`` drops the text's "for all j != i: b(j) = 0", so every process that drew 1 leads
(and only an all-0 round draws again). Caught by at-most-one-leader at n = 2 in the second
round, when both drew 1.
"""
from algorithms.random_one_bit import Bit, Phase, RandomOneBit
from models import And, Not, spontaneous


class LeadsUnchecked(RandomOneBit, name="random-one-bit-leads-unchecked"):
    @spontaneous(when=lambda p: And(p.phase == Phase.ACTIVE, p.b == 1))
    def lead(p):
        p.phase = Phase.LEADER

    @spontaneous(when=lambda p: And(p.phase == Phase.ACTIVE, p.b == 0, Not(p.heard_one)))
    def draw_again(p):
        p.b = p.draw((0, 1))
        p.heard_one = False
        p.send_all(Bit(p.b))
