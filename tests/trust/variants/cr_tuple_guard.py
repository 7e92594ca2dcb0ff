"""Variant: Chang-Roberts whose initiator elects itself on a smaller token, behind a tuple guard.

Bug: ``remove`` (an initiator receiving a token smaller than its id) is replaced by a command
that makes the process the leader and announces it, so several processes are elected (and
not the largest initiator). Its guard is written ``(p.initiated, m.id < p.id) == (True, True)``:
Python compares the tuples element by element and the guard holds as intended, but on z3
terms the first comparison is asked for its truth value and z3 answers structurally (False),
so the symbolic reading is "never enabled" and a native engine built from it explores plain
Chang-Roberts.

The lint refuses the construct now (exit 2), and so does the symbolic reading. With both
switched off (tests/trust/test_native_audit.py does), ``check FILE --n 3 --engine interned
--no-por --symmetry none`` says VIOLATED, and the native engine's audit alone keeps a default
run from saying VERIFIED.
"""
from algorithms.cr import ChangRoberts, Leader, Token
from models import NEXT, receive


class CRTupleGuard(ChangRoberts, name="cr-tuple-guard"):
    @receive(Token, when=lambda p, m, port: (p.initiated, m.id < p.id) == (True, True))
    def remove(p, m, port):
        p.L = p.id
        p.send(NEXT, Leader(p.id))
