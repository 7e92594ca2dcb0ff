"""Chang-Roberts (algorithms/cr.py) on rings of every size: largest initiator wins, one leader.

The argument of seed 002, one conjunct per step of it. A token <j> only moves on past a
process that let it pass: an initiator with a smaller id (which resigns) or a non-initiator
(which turns black, and so can never initiate later). A process receiving its own token back
has therefore been passed by everybody, and becomes the only leader.
"""
from algorithms.cr import BLACK, ChangRoberts, Leader, Token
from models import NIL, And, Implies, Not, Or

from . import AllNInvariant


def passed(ring, o, y):
    """y let o's token pass: y initiated with a smaller id, or never initiated and is black."""
    p = ring.process(y)
    return Or(And(p.initiated, p.id < ring.id(o)), And(Not(p.initiated), p.color == BLACK))


def leader_initiated(ring):
    """Only an initiator becomes leader (it receives back the token it sent)."""
    return ring.forall(lambda x: Implies(ring.is_leader(x), ring.process(x).initiated))


def leader_max(ring):
    """Every other process let the leader's token pass."""
    return ring.forall(lambda x, y: Implies(And(ring.is_leader(x), x != y), passed(ring, x, y)))


def self_pending_max(ring):
    """A token back at its initiator has been let pass by every other process."""
    return ring.forall(lambda x, y: Implies(And(ring.pending(x, Token(ring.id(x))), x != y), passed(ring, x, y)))


def no_bypass(ring):
    """Every process between a token's initiator and where the token waits let it pass."""
    return ring.forall(lambda o, y, x: Implies(
        And(ring.pending(x, Token(ring.id(o))), ring.btw(o, y, x)), passed(ring, o, y)))


def announces_leader(ring):
    """<leader j> is only in flight once the process with id j is leader."""
    return ring.forall(lambda x: ring.forall_ints(lambda j: Implies(
        ring.pending(x, Leader(j)), ring.is_leaders_id(j))))


def decided_on_leader(ring):
    """L(i), once set, is the id of a leader (so learning it again cannot change it)."""
    return ring.forall(lambda y: Implies(ring.process(y).L != NIL, ring.is_leaders_id(ring.process(y).L)))


INVARIANT = AllNInvariant(
    ChangRoberts, (leader_initiated, leader_max, self_pending_max, no_bypass, announces_leader, decided_on_leader),
    "specs/all_n/cr.py")
