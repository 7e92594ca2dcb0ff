"""Mutant: Chang-Roberts whose initiators pass on smaller tokens instead of removing them.

The smallest initiator's token then travels the whole ring too, and two processes elect
themselves. Must be caught as at-most-one-leader.
"""
from algorithms.cr import ChangRoberts, Token
from models import NEXT, And, receive


class CRForwardsSmaller(ChangRoberts, name="cr-forwards-smaller"):
    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id < p.id))
    def remove(p, m, port):
        p.send(NEXT, m)
