"""Mutant: Franklin with the comparisons reversed: a red process quits on a token from a smaller
id and goes on to the next round when both tokens are from larger ones, so the smallest id wins.

It still elects exactly one leader, but not the largest id that the algorithm promises. Must be
caught as leader-is-largest; ``--prove`` fails black_has_larger on ``quit`` (a black process
need no longer have a smaller id than some process).
"""
from algorithms.cr import BLACK
from algorithms.franklin import Franklin, Token, _round_complete
from models import CCW, CW, NIL, And, Or, spontaneous


class FranklinSmallestWins(Franklin, name="franklin-smallest-wins"):
    @spontaneous(when=lambda p: And(_round_complete(p), Or(p.token[CW] < p.id, p.token[CCW] < p.id)))
    def quit(p):
        p.color = BLACK
        p.token[CW] = NIL
        p.token[CCW] = NIL

    @spontaneous(when=lambda p: And(_round_complete(p), p.token[CW] > p.id, p.token[CCW] > p.id))
    def next_round(p):
        p.token[CW] = p.early[CW]
        p.token[CCW] = p.early[CCW]
        p.early[CW] = NIL
        p.early[CCW] = NIL
        p.send_all(Token(p.id))
