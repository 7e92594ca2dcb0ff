"""Hirschberg-Sinclair as seed 000's slides print it (algorithms/hs_lecture.py) on rings of every
size: at most one leader, the smallest.

hs's argument (specs/all_n/hs.py) with the order reversed, and lcr's announcement round
(specs/all_n/lcr.py). An <out> token only moves on past processes with larger ids (``pass_out``
and ``turn_back`` require m.id < p.id), whichever way it travels, and a process is elected only
on receiving its own <out> token, which has then passed everybody. Phases, hop counts and the
<in> replies do not matter to safety (the hop field is left ANY). A token travelling clockwise
was sent on CW and waits at the CCW port of the next process; one travelling anticlockwise
waits at a CW port. <terminate, j> carries only the leader's id, so a process that learns it
records a leader (and the leader's own <terminate> coming home finds it decided). Unlike lcr's,
this invariant needs no conjunct that a recorded leader id is a leader's: a decision is only
ever taken from NIL (``elected`` and ``terminate`` both require it), so stability holds at once.
"""
from algorithms.hs_lecture import HirschbergSinclairLecture, Out, Terminate
from models import CCW, CW, And, Implies, Or

from . import ANY, AllNInvariant


def own_out(ring, x, o):
    return Or(ring.pending(x, Out(ring.id(o), ANY), CW), ring.pending(x, Out(ring.id(o), ANY), CCW))


def leader_min(ring):
    """The leader's id is smaller than every other id."""
    return ring.forall(lambda x, y: Implies(And(ring.is_leader(x), x != y), ring.id(x) < ring.id(y)))


def self_out_min(ring):
    """An <out> token back at its sender (from either side) has passed every other process."""
    return ring.forall(lambda x, y: Implies(And(own_out(ring, x, x), x != y), ring.id(x) < ring.id(y)))


def clockwise_no_bypass(ring):
    """An <out> token travelling clockwise from o to x has passed only larger ids."""
    return ring.forall(lambda o, y, x: Implies(
        And(ring.pending(x, Out(ring.id(o), ANY), CCW), ring.btw(o, y, x)), ring.id(o) < ring.id(y)))


def anticlockwise_no_bypass(ring):
    """An <out> token travelling anticlockwise from o to x has passed only larger ids."""
    return ring.forall(lambda o, y, x: Implies(
        And(ring.pending(x, Out(ring.id(o), ANY), CW), ring.btw(x, y, o)), ring.id(o) < ring.id(y)))


def terminate_from_leader(ring):
    """<terminate, j> is only in flight once the process with id j is leader."""
    return ring.forall(lambda x: ring.forall_ints(lambda j: Implies(
        Or(ring.pending(x, Terminate(j), CW), ring.pending(x, Terminate(j), CCW)), ring.is_leaders_id(j))))


INVARIANT = AllNInvariant(
    HirschbergSinclairLecture,
    (leader_min, self_out_min, clockwise_no_bypass, anticlockwise_no_bypass, terminate_from_leader),
    "specs/all_n/hs_lecture.py")
