"""Variant: LCR whose tokens carry 2 id + 1 and are decoded with ``/``, float division in Python.

Bug: a process sends ``Token(2 * id + 1)`` and compares ``m.id / 2`` with its id, meaning the
integer quotient (the id back). In Python ``/`` is float division: ``(2 id + 1) / 2`` is
``id + 0.5``, so a process's own token is larger than its id, it is discarded when it comes
back, and nobody is ever elected. On z3 integers ``/`` is integer division, so the symbolic
reading (and a native engine built from it) is plain LCR.

The lint refuses the construct now (exit 2), and so does the symbolic reading. With both
switched off (tests/trust/test_native_audit.py does), ``check FILE --n 3 --engine interned
--no-por --symmetry none`` says VIOLATED, and the native engine's audit alone keeps a default
run from saying VERIFIED.
"""
from algorithms.lcr import LCR, Terminate, Token
from models import NEXT, NIL, And, receive, spontaneous


class LCRFloatDivision(LCR, name="lcr-float-division"):
    @spontaneous(when=lambda p: And(p.asleep, p.leader == NIL))
    def send_my_id(p):
        p.asleep = False
        p.send(NEXT, Token(2 * p.id + 1))

    @receive(Token, when=lambda p, m, port: m.id / 2 < p.id)
    def pass_on(p, m, port):
        p.send(NEXT, m)

    @receive(Token, when=lambda p, m, port: m.id / 2 > p.id)
    def discard(p, m, port):
        pass

    @receive(Token, when=lambda p, m, port: m.id / 2 == p.id)
    def elected(p, m, port):
        p.leader = p.id
        p.send(NEXT, Terminate(p.id))
