"""random-one-bit whose process quits when another process drew 1, whatever its own bit.

Bug: ``quit`` drops the text's "b(i) = 0", so when two or more processes draw 1 they all quit
and nobody is left to lead. Caught by election at n = 2 (both draw 1, both quit: a terminal
state without a leader); the quantitative mode finds the same state, and election with
probability 2/3 at n = 2, not 1 (1/2 a round elects, 1/4 ends with nobody, 1/4 draws again).
"""
from algorithms.random_one_bit import Bit, Phase, RandomOneBit
from models import And, Not, spontaneous


class OnesQuit(RandomOneBit, name="random-one-bit-ones-quit"):
    @spontaneous(when=lambda p: And(p.phase == Phase.ACTIVE, p.b == 0, Not(p.heard_one)))
    def draw_again(p):  # only an all-0 round draws again
        p.b = p.draw((0, 1))
        p.heard_one = False
        p.send_all(Bit(p.b))

    @spontaneous(when=lambda p: And(p.phase == Phase.ACTIVE, p.heard_one))
    def quit(p):
        p.phase = Phase.PASSIVE
