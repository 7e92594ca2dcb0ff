"""Variant: Chang-Roberts whose resigned initiators drop every token, guarded through all().

Bug: an initiator that has resigned (turned black) may drop a token instead of passing it on
(``drop_when_black``, enabled beside ``resign``), so the largest initiator's token can vanish
and nobody is elected. The guard calls a helper outside the class (where the DSL lint does
not look) that returns ``all(conditions)``: in Python it holds for a black initiator, but on
z3 terms ``all`` asks each equality for its truth value and z3 answers structurally (False),
so the symbolic reading of the command is "never enabled".

The lint refuses the construct now (exit 2), and so does the symbolic reading. With both
switched off (tests/trust/test_native_audit.py does), ``check FILE --n 3 --engine interned
--no-por --symmetry none`` says VIOLATED, and the native engine's audit alone keeps a default
run from saying VERIFIED.
"""
from algorithms.cr import BLACK, ChangRoberts, Token
from models import receive


def all_hold(*conditions):
    return all(conditions)


class CRAllHelper(ChangRoberts, name="cr-all-helper"):
    @receive(Token, when=lambda p, m, port: all_hold(p.initiated == True, p.color == BLACK))  # noqa: E712
    def drop_when_black(p, m, port):
        pass
