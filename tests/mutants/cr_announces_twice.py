"""Mutant: Chang-Roberts whose leader sends its announcement twice.

Still a correct election, but every execution sends n more messages than the claimed bound
n(n+1)/2 + n allows in the worst case. Must be caught as message-bound.
"""
from algorithms.cr import ChangRoberts, Leader, Token
from models import NEXT, And, receive


class CRAnnouncesTwice(ChangRoberts, name="cr-announces-twice"):
    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id == p.id))
    def become_leader(p, m, port):
        p.L = p.id
        p.send(NEXT, Leader(p.id))
        p.send(NEXT, Leader(p.id))
