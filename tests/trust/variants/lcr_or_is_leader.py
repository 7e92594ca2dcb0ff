"""Variant: LCR whose is_leader also counts a process still waiting for its token, with ``or``.

Bug: ``is_leader`` is rewritten ``(p.leader == p.id) or And(p.leader == NIL, Not(p.asleep))``:
a process that has sent its id and not yet learnt the leader counts as a leader, so two
processes are leaders at once (at-most-one-leader fails). On z3 terms Python's ``or`` asks
the first comparison for its truth value and z3 answers structurally (False), so the compiled
decision function is only the second disjunct, and a native engine observing processes with
it, or a proof reading it, judges another algorithm.

The lint refuses ``or`` (exit 2). With it and the reading check switched off
(tests/trust/test_variants_every_mode.py), ``check FILE --n 3 --engine interned --no-por
--symmetry none`` says VIOLATED.
"""
from algorithms.lcr import LCR
from models import NIL, And, Not


class LCROrIsLeader(LCR, name="lcr-or-is-leader"):
    def is_leader(p):
        return (p.leader == p.id) or And(p.leader == NIL, Not(p.asleep))
