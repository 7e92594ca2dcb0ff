"""Pieces of lcr's and cr's rankings (specs/all_n/lcr.py, cr.py) about messages in flight.

Both algorithms send a message carrying an id that travels clockwise until its owner stops it
at the latest, and send each such message once: the potential and the conjuncts that say so
are the same for both, for a message type given.
"""
from models import And, Implies, Not, Or


def travel(ring, x, j):
    """A message carrying id j, waiting at x, is received at most once at every process from x
    up to j's owner: dist(x, owner(j)) + 1 receptions (it stops at its owner at the latest)."""
    return ring.dist(x, ring.owner(j)) + 1


def travel_potential(ring, x, m, port):
    """The potential of a message whose ``id`` field names where it stops: ``travel``."""
    return travel(ring, x, m.id)


def at_one_place(message_type, name: str):
    """The conjunct "a <message_type j> waits at one place at most" (it is sent once and moves
    on, not copied: what the no_duplicate obligations of its sends rest on), named ``name``."""
    def conjunct(ring):
        return ring.forall(lambda x, y: ring.forall_ints(lambda j: Implies(
            And(ring.pending(x, message_type(j)), ring.pending(y, message_type(j))), x == y)))
    conjunct.__name__ = conjunct.__qualname__ = name
    conjunct.__doc__ = f"A <{message_type.__name__} j> waits at one place at most (sent once, moved on, never copied)."
    return conjunct


def token_home_once_leader(token_type):
    """The conjunct "a leader's token is no longer in flight": it was received once, when the
    leader won, so the winning step never runs for a process already leader."""
    def leader_token_home(ring):
        return ring.forall(lambda o, x: Implies(ring.is_leader(o), Not(ring.pending(x, token_type(ring.id(o))))))
    leader_token_home.__doc__ = ("A leader's token is no longer in flight: it was received once, when the leader "
                                 "won (so the winning step never runs for a process already leader).")
    return leader_token_home


def announced_until_all_know(announcement_type, leader_id, name: str):
    """The conjunct "once there is a leader, its <announcement_type id> is in flight until every
    process has recorded it" (``leader_id`` of the process view: lcr's ``leader``, cr's ``L``),
    named ``name``: what election at termination rests on."""
    def conjunct(ring):
        return ring.forall(lambda winner: Implies(ring.is_leader(winner), Or(
            ring.exists(lambda x: ring.pending(x, announcement_type(ring.id(winner)))),
            ring.forall(lambda y: leader_id(ring.process(y)) == ring.id(winner)))))
    conjunct.__name__ = conjunct.__qualname__ = name
    conjunct.__doc__ = (f"Once there is a leader, its <{announcement_type.__name__}> is in flight until every "
                        "process has recorded it.")
    return conjunct
