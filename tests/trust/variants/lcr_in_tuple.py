"""Variant: LCR where a process swallows a slightly larger token and leads, behind ``in``.

Bug: a process that receives a token of id p.id + 1 or p.id + 2 may swallow it and make
itself the leader (``swallow``): two leaders. The guard is ``m.id in (p.id + 1, p.id + 2)``:
Python's ``in`` compares with ``==`` and holds as intended, but on z3 terms each comparison is
decided structurally (False), so the symbolic reading is plain LCR.

The lint refuses ``in`` on a tuple of terms (exit 2). With it and the reading check switched
off (tests/trust/test_variants_every_mode.py), ``check FILE --n 3 --engine interned --no-por
--symmetry none`` says VIOLATED.
"""
from algorithms.lcr import LCR, Token
from models import receive


class LCRInTuple(LCR, name="lcr-in-tuple"):
    @receive(Token, when=lambda p, m, port: m.id in (p.id + 1, p.id + 2))
    def swallow(p, m, port):
        p.leader = p.id
