"""An inductive invariant of Chang-Roberts (algorithms/cr.py, seed 002_8e2c4d6f504b108f.txt).

The shape is Ivy's and mypyvy's ring-election invariant (leader_max, no_bypass), widened for
the text's initiators and non-initiators: a token turns every process it passes black, and
an initiator passes it on only if the token's id is larger than its own. So a token that is
back at its origin has beaten every initiator, and nobody can initiate any more.

``check cr --n 6 --prove`` proves it for every arrangement of six ids; at-most-one-leader,
leader-is-largest and stability (a process records only a leader's id) follow from it.
"""
from __future__ import annotations

from algorithms.cr import BLACK, ChangRoberts, Leader, Token
from models import NIL, And, Implies

from .invariants import Exists, ForAll, Invariant, conjunct


class CRInvariant(Invariant, algorithm=ChangRoberts):
    symmetric = True  # positions are read only through path_from and position comparisons

    @conjunct
    def token_from_initiator(s):
        """Every token in a channel carries the id of a process that has initiated."""
        return s.every_carried_id(Token, lambda q: q.initiated)

    @conjunct
    def no_bypass(s):
        """A token has turned black every process it passed, and passed no initiator with a larger id."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Token), lambda m:
            ForAll(s.with_id(m.id), lambda q:
                ForAll(ch.path_from(q), lambda r: And(r.color == BLACK, Implies(r.initiated, r.id < m.id))))))

    @conjunct
    def leader_max(s):
        """A leader's id is at least the id of every process that has initiated."""
        return ForAll(s.processes, lambda p: Implies(s.is_leader(p),
            ForAll(s.processes, lambda q: Implies(q.initiated, q.id <= p.id))))

    @conjunct
    def leader_initiated(s):
        """A leader has initiated."""
        return ForAll(s.processes, lambda p: Implies(s.is_leader(p), p.initiated))

    @conjunct
    def leader_others_black(s):
        """Once there is a leader every other process is black, so no process initiates any more."""
        return ForAll(s.processes, lambda p: Implies(s.is_leader(p),
            ForAll(s.processes, lambda q: Implies(q.position != p.position, q.color == BLACK))))

    @conjunct
    def announcement_from_leader(s):
        """Every leader announcement in a channel carries the id of a leader."""
        return s.every_carried_id(Leader, s.is_leader)

    @conjunct
    def decided_on_leader(s):
        """A process that records a leader records the id of a leader (so no later step changes it)."""
        return ForAll(s.processes, lambda p: Implies(p.L != NIL,
            Exists(s.processes, lambda q: And(q.id == p.L, s.is_leader(q)))))
