"""An inductive invariant of LCR (algorithms/lcr.py, seed 000_f26e5a13e7d0ddb1.txt).

Ivy's and mypyvy's ring-election invariant with the order reversed (the smallest id wins):
a token is passed on only by processes with larger ids, so a token back at its origin has
the smallest id of all; a terminate message carries the leader's id, and so does every leader
a process records (which is why no decision changes).

``check lcr --n 6 --prove`` proves it for every arrangement of six ids; at-most-one-leader,
leader-is-smallest and stability follow from it.
"""
from __future__ import annotations

from algorithms.lcr import LCR, Terminate, Token
from models import NIL, And, Implies

from .invariants import Exists, ForAll, Invariant, conjunct


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

    @conjunct
    def decided_on_leader(s):
        """A process that records a leader records the id of a leader (so no later step changes it)."""
        return ForAll(s.processes, lambda p: Implies(p.leader != NIL,
            Exists(s.processes, lambda q: And(q.id == p.leader, s.is_leader(q)))))
