"""Variant: Franklin (seed 002) whose red process quits on a larger CCW token only if it is
larger by two or more.

A red process whose CCW token is its id + 1 and whose CW token is smaller neither quits nor
starts the next round: it stays red for ever and holds the tokens that reach it. With ids
1,3,2 clockwise the process with id 2 is such a one and nobody is elected; with ids 1,2,3 no
process is, and the run is correct. The class inherits ``mirror_symmetric = True``, which no
longer holds (``quit`` reads token[CW] and token[CCW] differently).
"""
from algorithms.cr import BLACK
from algorithms.franklin import Franklin, _round_complete
from models import CCW, CW, NIL, And, Or, spontaneous


class FranklinOneSidedQuit(Franklin, name="franklin-one-sided-quit"):
    @spontaneous(when=lambda p: And(_round_complete(p), Or(p.token[CW] > p.id, p.token[CCW] > p.id + 1)))
    def quit(p):
        p.color = BLACK
        p.token[CW] = NIL
        p.token[CCW] = NIL
