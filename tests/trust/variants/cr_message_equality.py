"""Variant: Chang-Roberts where a process claims the lead on its successor's token, by message equality.

Bug: a process that receives ``Token(p.id + 1)`` may declare itself the leader and announce
it (``grab``), beside the commands of Chang-Roberts: two leaders, or a leader that is not the
largest initiator. The guard compares whole messages, ``m == Token(p.id + 1)``: Python compares
the tuples field by field as intended, but on z3 terms each field comparison is decided
structurally (False), so the symbolic reading is plain Chang-Roberts.

The lint refuses the comparison of messages (exit 2). With it and the reading check switched
off (tests/trust/test_variants_every_mode.py), ``check FILE --n 3 --engine interned --no-por
--symmetry none`` says VIOLATED.
"""
from algorithms.cr import ChangRoberts, Leader, Token
from models import NEXT, receive


class CRMessageEquality(ChangRoberts, name="cr-message-equality"):
    @receive(Token, when=lambda p, m, port: m == Token(p.id + 1))
    def grab(p, m, port):
        p.L = p.id
        p.send(NEXT, Leader(p.id))
