"""LCR (algorithms/lcr.py) on rings of every size: the smallest id wins, and only it.

Seed 000's argument: a process passes on only tokens smaller than its own id, so a token that
comes back to its sender has met only larger ids; the <terminate, id> round only ever carries
the leader's id.
"""
from algorithms.lcr import LCR, Terminate, Token
from models import NIL, And, Implies, Not, Or, ite

from . import AllNInvariant, Ranking
from .in_flight import announced_until_all_know, at_one_place, token_home_once_leader, travel_potential


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


# -- what the announcement round does whatever it carries (AllNInvariant.weaker) ----------------
#
# terminate_from_leader and decided_on_leader speak of the id the announcement carries; a variant
# that announces something else (tests/mutants/lcr_wrong_announcement.py passes on its own id)
# breaks them, and without them a <terminate> could make its receiver leader (leader_min) or
# an undecided process could be decided on nobody (stability). These say what the round does
# whatever it carries: it starts at a leader, and it never brings a process its own id unless
# that process is the leader. True of lcr too; used only when the invariant above fails.


def terminate_once_leader(ring):
    """<terminate> is only in flight once some process is leader."""
    return ring.forall(lambda x: ring.forall_ints(lambda j: Implies(
        ring.pending(x, Terminate(j)), ring.exists(lambda y: ring.is_leader(y)))))


def decided_once_leader(ring):
    """A process has decided only once some process is leader."""
    return ring.forall(lambda x: Implies(ring.process(x).leader != NIL, ring.exists(lambda y: ring.is_leader(y))))


def own_id_announced_to_leader_only(ring):
    """A <terminate> carrying x's own id is in flight to x only if x is leader."""
    return ring.forall(lambda x: Implies(ring.pending(x, Terminate(ring.id(x))), ring.is_leader(x)))


INVARIANT = AllNInvariant(
    LCR, (leader_min, self_pending_min, no_bypass, terminate_from_leader, decided_on_leader), "specs/all_n/lcr.py",
    weaker=(terminate_once_leader, decided_once_leader, own_id_announced_to_leader_only))


# -- termination for every n (check lcr --all-n --termination; docs/proofs-all-n.md) ------------
#
# The ranking is a sum of potentials: a message's is the number of receptions it may still
# take, a process's what it may still add (its own token, the announcement it sends or
# passes on when it decides). Every step removes more than it adds. The conjuncts below are
# what the ranking and the election at termination need besides the safety invariant; each
# is proved inductive with it, in the exact encoding (a reception removes the message).

# shared with the other ring election (specs/all_n/in_flight.py): a token and an announcement are sent
# once and move on, and a leader's token is home
one_token_each = at_one_place(Token, "one_token_each")
one_terminate_each = at_one_place(Terminate, "one_terminate_each")
leader_token_home = token_home_once_leader(Token)


def process_potential(ring, x):
    """An undecided process will still decide once, sending or passing on one <terminate>
    (at most size receptions), and one that has not sent its token will still send it (at
    most size receptions): size + 1 for each, so that either step pays for what it sends."""
    p = ring.process(x)
    undecided = p.leader == NIL
    return ite(And(p.asleep, undecided), ring.size() + 1, 0) + ite(undecided, ring.size() + 1, 0)


def tokens_carry_ids(ring):
    """A token carries the id of a process (so its owner, where it stops, is a process)."""
    return ring.forall(lambda x: ring.forall_ints(lambda j: Implies(
        ring.pending(x, Token(j)), ring.id(ring.owner(j)) == j)))


def asleep_token_unsent(ring):
    """A process that has not sent its token has no token in flight (so sending it copies nothing)."""
    return ring.forall(lambda o, x: Implies(ring.process(o).asleep, Not(ring.pending(x, Token(ring.id(o))))))


def smallest_token_alive(ring):
    """Until there is a leader, the smallest id's token is still to be sent or in flight: nobody
    discards it, since only a smaller id discards a token."""
    s = ring.smallest()
    return Or(ring.exists(lambda x: ring.is_leader(x)), ring.process(s).asleep,
              ring.exists(lambda x: ring.pending(x, Token(ring.id(s)))))


def terminate_round(ring):
    """The leader's <terminate> waiting at x has made every process from the leader to x decide,
    and none after it: those from x to the leader are undecided (if x is the leader, it is home
    and everybody has decided)."""
    return ring.forall(lambda winner, x, y: Implies(
        And(ring.is_leader(winner), ring.pending(x, Terminate(ring.id(winner))), y != winner),
        ite(Or(ring.btw(winner, y, x), x == winner),
            ring.process(y).leader == ring.id(winner),
            ring.process(y).leader == NIL)))


terminate_until_all_decided = announced_until_all_know(Terminate, LCR.leader_id, "terminate_until_all_decided")


RANKING = Ranking(LCR, process_potential, {Token: travel_potential, Terminate: travel_potential}, (
    tokens_carry_ids, one_token_each, asleep_token_unsent, leader_token_home, one_terminate_each,
    smallest_token_alive, terminate_round, terminate_until_all_decided), "specs/all_n/lcr.py RANKING")
