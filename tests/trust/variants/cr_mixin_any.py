"""Variant: Chang-Roberts with a command inherited from a mixin, guarded with ``any``.

Bug: the mixin ``Crowning`` (not an Algorithm, so a reader of the algorithm class alone does
not see it) adds a command by which a process that receives the token of id p.id + 1 declares
itself the leader and announces it. Its guard is ``any([m.id == p.id + 1])``: in Python it
holds as intended; on z3 terms ``any`` asks the comparison for its truth value and z3 answers
structurally (False), so the symbolic reading is plain Chang-Roberts.

The lint reads mixins and refuses ``any`` (exit 2). With it and the reading check switched off
(tests/trust/test_variants_every_mode.py), ``check FILE --n 3 --engine interned --no-por
--symmetry none`` says VIOLATED.
"""
from algorithms.cr import ChangRoberts, Leader, Token
from models import NEXT, receive


class Crowning:
    @receive(Token, when=lambda p, m, port: any([m.id == p.id + 1]))
    def crown(p, m, port):
        p.L = p.id
        p.send(NEXT, Leader(p.id))


class CRMixinAny(Crowning, ChangRoberts, name="cr-mixin-any"):
    pass
