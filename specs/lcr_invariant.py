"""An inductive invariant of LCR (algorithms/lcr.py, seed 000_f26e5a13e7d0ddb1.txt).

Ivy's and mypyvy's ring-election invariant with the order reversed (the smallest id wins):
a token is passed on only by processes with larger ids, so a token back at its origin has
the smallest id of all; a terminate message carries the leader's id.

``check lcr --n 6 --prove`` proves it for every arrangement of six ids; at-most-one-leader and
leader-is-smallest follow from it.
"""
from __future__ import annotations

from algorithms.lcr import LCR, Terminate, Token
from models import Implies

from .invariants import ForAll, Invariant, conjunct


class LCRInvariant(Invariant, algorithm=LCR):
    symmetric = True  # positions are read only through path_from and position comparisons

    @conjunct
    def no_bypass(s):
        """A token has passed only processes with larger ids than its own."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Token), lambda m:
            ForAll(s.with_id(m.id), lambda q: ForAll(ch.path_from(q), lambda r: r.id > m.id))))

    @conjunct
    def leader_min(s):
        """A leader's id is the smallest id in the ring."""
        return ForAll(s.processes, lambda p: Implies(s.is_leader(p), ForAll(s.processes, lambda q: p.id <= q.id)))

    @conjunct
    def terminate_from_leader(s):
        """Every terminate message carries the id of a leader."""
        return s.every_carried_id(Terminate, s.is_leader)
