"""Chang-Roberts with every process an initiator: the setting of the text's complexity analysis.

Source: seed 002_8e2c4d6f504b108f.txt, section 11.2.2.1: "To analyze the complexity of the
algorithm ... Assume that all processes are initiators". Chang and Roberts' average case, over
all n! arrangements, is then n*H_n token messages (H_n the n-th harmonic number), plus the n
of the leader round; the worst case stays n(n+1)/2 + n.

This is ``cr`` (algorithms/cr.py) without the non-initiator loop: a process that receives a
token before it has initiated initiates first and then handles the token as an initiator.
That is the same as initiating just before the token arrived (initiating touches only the
process and the tail of its outgoing channel), so the executions are exactly those of ``cr``
in which every process initiates, with the same messages in the same order.
"""
from __future__ import annotations

from algorithms.cr import BLACK, ChangRoberts, Token
from models import NEXT, And, Not, receive


class ChangRobertsAllInitiators(ChangRoberts, name="cr-all", seed="002_8e2c4d6f504b108f.txt"):
    """Chang-Roberts (seed 002) where every process initiates, as in the text's analysis."""

    relay = None  # no non-initiators

    @receive(Token, when=lambda p, m, port: And(Not(p.initiated), m.id < p.id))
    def initiate_then_remove(p, m, port):
        p.initiated = True
        p.send(NEXT, Token(p.id))

    @receive(Token, when=lambda p, m, port: And(Not(p.initiated), m.id > p.id))
    def initiate_then_resign(p, m, port):
        p.initiated = True
        p.send(NEXT, Token(p.id))
        p.send(NEXT, m)
        p.color = BLACK
