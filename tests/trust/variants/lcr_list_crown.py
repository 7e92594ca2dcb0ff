"""Variant: LCR where a process that meets its successor's id crowns itself, behind a list guard.

Bug: besides LCR's commands, a process that receives the token of id p.id + 1 may make itself
the leader (``crown``); the smallest id is elected as well, so two processes are leaders.
The guard is written ``[m.id] == [p.id + 1]``: Python compares the lists element by element
and the guard holds as intended, but on z3 terms the element comparison is asked for its
truth value and z3 answers structurally (False), so the symbolic reading is plain LCR.

The lint refuses the comparison of lists (exit 2). With it and the reading check switched off
(tests/trust/test_variants_every_mode.py), ``check FILE --n 3 --engine interned --no-por
--symmetry none`` says VIOLATED (at-most-one-leader).
"""
from algorithms.lcr import LCR, Token
from models import receive


class LCRListCrown(LCR, name="lcr-list-crown"):
    @receive(Token, when=lambda p, m, port: [m.id] == [p.id + 1])
    def crown(p, m, port):
        p.leader = p.id
