"""Variant: LCR whose relay test goes through the builtins module: ``builtins.min``.

Bug: ``pass_on`` is guarded by ``builtins.min(m.id, p.id) == m.id``, i.e. m.id <= p.id, so a
process may also pass its own token on instead of being elected by it; the token then goes
round again and again (an infinite execution: termination fails). ``min`` reached through a
module is a name a reader of the class does not see; on z3 terms ``min`` asks ``m.id < p.id``
(or the reverse) for its truth value, which z3 answers structurally.

The reading check refuses the command (exit 2). With it switched off
(tests/trust/test_variants_every_mode.py), ``check FILE --n 3 --engine interned --no-por
--symmetry none`` says VIOLATED.
"""
import builtins

from algorithms.lcr import LCR, Token
from models import NEXT, receive


class LCRBuiltinsMin(LCR, name="lcr-builtins-min"):
    @receive(Token, when=lambda p, m, port: builtins.min(m.id, p.id) == m.id)
    def pass_on(p, m, port):
        p.send(NEXT, m)
