"""Variant: Chang-Roberts whose initiators may drop larger tokens with an odd id, tested with ``&``.

Bug: an initiator that receives a larger token whose id is odd may drop it (``drop_odd``)
instead of resigning and passing it on. With ids 1..3 the largest id, 3, is odd: its token can
vanish at a smaller initiator, and process 3 removes every other token, so nobody is elected.
The guard tests oddness with ``m.id & 1 == 1``; z3 integers have no bitwise and, so the
command has no faithful symbolic reading.

The lint refuses bitwise operators (exit 2). With it and the reading check switched off
(tests/trust/test_variants_every_mode.py), ``check FILE --n 3 --engine interned --no-por
--symmetry none`` says VIOLATED.
"""
from algorithms.cr import ChangRoberts, Token
from models import And, receive


class CROddBit(ChangRoberts, name="cr-odd-bit"):
    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id > p.id, (m.id & 1) == 1))
    def drop_odd(p, m, port):
        pass
