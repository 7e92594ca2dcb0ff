"""Hirschberg-Sinclair (algorithms/hs.py) on rings of every size: at most one leader, the largest.

A hand-written attempt (the issue calls an all-n proof of HS "a first"). Safety does not
depend on phases, ttls or replies: a probe only moves on past processes with smaller ids
(``relay_probe`` and ``bounce`` require m.id > p.id), in whichever direction it travels, and a
process wins only on receiving its own probe, which then has passed everybody. So the
invariant is Chang-Roberts' no-bypass argument, once per direction, with the phase and ttl
fields left ANY. A probe travelling clockwise was sent on CW and waits at the CCW port of the
next process; one travelling anticlockwise waits at a CW port.
"""
from algorithms.hs import HirschbergSinclair, Probe
from models import CCW, CW, And, Implies, Or

from . import ANY, AllNInvariant


def own_probe(ring, x, o):
    return Or(ring.pending(x, Probe(ring.id(o), ANY, ANY), CW), ring.pending(x, Probe(ring.id(o), ANY, ANY), CCW))


def leader_max(ring):
    """The leader's id is larger than every other id."""
    return ring.forall(lambda x, y: Implies(And(ring.is_leader(x), x != y), ring.id(y) < ring.id(x)))


def self_probe_max(ring):
    """A probe back at its sender (from either side) has passed every other process."""
    return ring.forall(lambda x, y: Implies(And(own_probe(ring, x, x), x != y), ring.id(y) < ring.id(x)))


def clockwise_no_bypass(ring):
    """A probe travelling clockwise from o to x has passed only smaller ids."""
    return ring.forall(lambda o, y, x: Implies(
        And(ring.pending(x, Probe(ring.id(o), ANY, ANY), CCW), ring.btw(o, y, x)), ring.id(y) < ring.id(o)))


def anticlockwise_no_bypass(ring):
    """A probe travelling anticlockwise from o to x has passed only smaller ids."""
    return ring.forall(lambda o, y, x: Implies(
        And(ring.pending(x, Probe(ring.id(o), ANY, ANY), CW), ring.btw(x, y, o)), ring.id(y) < ring.id(o)))


INVARIANT = AllNInvariant(
    HirschbergSinclair, (leader_max, self_probe_max, clockwise_no_bypass, anticlockwise_no_bypass),
    "specs/all_n/hs.py")
