"""LeLann (algorithms/lelann.py) on rings of every size: at most one leader, the largest initiator.

Written by hand, from the argument of specs/lelann_invariant.py (the fixed-n invariant), in
universal statements where that one says "q's token is ahead of it" with an existential, as the
inferred fixed-n invariants do (docs/proofs.md). Safety rests on FIFO links, so this invariant
reads a channel's order (``ring.ahead``, ``fifo=True``): an initiator sends its own token before
it forwards any other, so once o's token has passed an initiator r, r's token is ahead of it: not
in a channel o's token went through since r (``none_left_behind``), and ahead of it in the
channel they share (``passed_ahead``). When o's token is the head of the channel into o, r's
token is therefore beyond o, where it has passed o (``seen_when_passed``: o has seen r's id), or
home, r having decided (``decided_seen_by_initiators``). So o becomes leader only if no
initiator has a larger id (``leader_max``).

A token waiting at x, from o, has passed the processes strictly between o and x clockwise, and
every other process once it is home (x = o): ``_passed``.
"""
from algorithms.lelann import LeLann, Token
from models import NIL, And, Implies, Not, Or

from . import AllNInvariant


def _passed(ring, o, y, x):
    """A token from o waiting at x has passed y on its way."""
    return And(y != o, Or(ring.btw(o, y, x), x == o))


def _initiated(ring, x):
    return ring.process(x).initiated


def _own_token_at(ring, x, o):
    return ring.pending(x, Token(ring.id(o)))


def token_from_initiator(ring):
    """A token carries the id of a process that has initiated."""
    return ring.forall(lambda x: ring.forall_ints(lambda j: Implies(
        ring.pending(x, Token(j)), And(ring.id(ring.owner(j)) == j, _initiated(ring, ring.owner(j))))))


def largest_own_or_more(ring):
    """An initiator has seen at least its own id."""
    return ring.forall(lambda x: Implies(_initiated(ring, x), ring.process(x).largest >= ring.id(x)))


def passive_never_initiated(ring):
    """A passive process never initiated: no token of its own can come home and change its decision."""
    return ring.forall(lambda x: Implies(ring.process(x).passive, Not(_initiated(ring, x))))


def decided_initiated(ring):
    """Only an initiator decides (records a leader)."""
    return ring.forall(lambda x: Implies(ring.process(x).L != NIL, _initiated(ring, x)))


def passed_awake(ring):
    """A token has passed only processes that had initiated, or turned them passive."""
    return ring.forall(lambda o, y, x: Implies(And(_own_token_at(ring, x, o), _passed(ring, o, y, x)),
                                               Or(_initiated(ring, y), ring.process(y).passive)))


def seen_when_passed(ring):
    """An initiator a token has passed has seen its id."""
    return ring.forall(lambda o, y, x: Implies(
        And(_own_token_at(ring, x, o), _passed(ring, o, y, x), _initiated(ring, y)),
        ring.process(y).largest >= ring.id(o)))


def one_token_each(ring):
    """A token waits at one place at most (what no_duplicate rests on: forwarding copies nothing)."""
    return ring.forall(lambda x, y: ring.forall_ints(lambda j: Implies(
        And(ring.pending(x, Token(j)), ring.pending(y, Token(j))), x == y)))


def undecided_token_in_flight(ring):
    """An initiator that has not decided has its token in flight; one that has, has not."""
    return ring.forall(lambda o: Implies(_initiated(ring, o), (ring.process(o).L == NIL) == ring.exists(
        lambda x: _own_token_at(ring, x, o))))


def none_left_behind(ring):
    """A token that has passed an initiator r has left no token of r behind it: none in a channel
    it went through since r (r sent its own before it forwarded any other)."""
    return ring.forall(lambda o, r, x, y: Implies(
        And(_own_token_at(ring, x, o), _passed(ring, o, r, x), ring.btw(r, y, x)), Not(_own_token_at(ring, y, r))))


def passed_ahead(ring):
    """In the channel a token waits in, the token of a process it has passed is ahead of it."""
    return ring.forall(lambda o, r, x: Implies(
        And(_own_token_at(ring, x, o), _passed(ring, o, r, x), _own_token_at(ring, x, r)),
        ring.ahead(x, Token(ring.id(r)), Token(ring.id(o)))))


def decided_after_all_awake(ring):
    """An initiator that has decided had its token pass everybody: every other process has
    initiated or is passive (so nobody initiates any more)."""
    return ring.forall(lambda q, r: Implies(And(ring.process(q).L != NIL, r != q),
                                            Or(_initiated(ring, r), ring.process(r).passive)))


def decided_seen_by_initiators(ring):
    """Every initiator has seen the id of an initiator that has decided."""
    return ring.forall(lambda q, r: Implies(And(ring.process(q).L != NIL, _initiated(ring, r)),
                                            ring.process(r).largest >= ring.id(q)))


def leader_max(ring):
    """A leader's id is at least the id of every process that has initiated."""
    return ring.forall(lambda x, y: Implies(And(ring.is_leader(x), _initiated(ring, y)), ring.id(y) <= ring.id(x)))


INVARIANT = AllNInvariant(
    LeLann,
    (token_from_initiator, largest_own_or_more, passive_never_initiated, decided_initiated, passed_awake,
     seen_when_passed, one_token_each, undecided_token_in_flight, none_left_behind, passed_ahead,
     decided_after_all_awake, decided_seen_by_initiators, leader_max),
    "specs/all_n/lelann.py", fifo=True)
