"""Mutant: LeLann whose initiators pass tokens on without remembering the largest id they saw.

When its own token returns, every initiator believes it is the largest. Must be caught as
at-most-one-leader.
"""
from algorithms.lelann import LeLann, Token
from models import NEXT, And, receive


class LeLannForgetsLargest(LeLann, name="lelann-forgets-largest"):
    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id != p.id))
    def forward(p, m, port):
        p.send(NEXT, m)
