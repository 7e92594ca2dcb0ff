"""LCR (algorithms/lcr.py) on rings of every size: the smallest id wins, and only it.

Seed 000's argument: a process passes on only tokens smaller than its own id, so a token that
comes back to its sender has met only larger ids; the <terminate, id> round only ever carries
the leader's id.
"""
from algorithms.lcr import LCR, Terminate, Token
from models import NIL, And, Implies

from . import AllNInvariant


def leader_min(ring):
    """The leader's id is smaller than every other id."""
    return ring.forall(lambda x, y: Implies(And(ring.is_leader(x), x != y), ring.id(x) < ring.id(y)))


def self_pending_min(ring):
    """A token back at its sender has passed every other process, all with larger ids."""
    return ring.forall(lambda x, y: Implies(
        And(ring.pending(x, Token(ring.id(x))), x != y), ring.id(x) < ring.id(y)))


def no_bypass(ring):
    """Every process between a token's sender and where the token waits has a larger id."""
    return ring.forall(lambda o, y, x: Implies(
        And(ring.pending(x, Token(ring.id(o))), ring.btw(o, y, x)), ring.id(o) < ring.id(y)))


def terminate_from_leader(ring):
    """<terminate, j> is only in flight once the process with id j is leader."""
    return ring.forall(lambda x: ring.forall_ints(lambda j: Implies(
        ring.pending(x, Terminate(j)), ring.is_leaders_id(j))))


def decided_on_leader(ring):
    """A decided process recorded the id of a leader (so deciding again cannot change it)."""
    return ring.forall(lambda y: Implies(ring.process(y).leader != NIL, ring.is_leaders_id(ring.process(y).leader)))


INVARIANT = AllNInvariant(
    LCR, (leader_min, self_pending_min, no_bypass, terminate_from_leader, decided_on_leader), "specs/all_n/lcr.py")
