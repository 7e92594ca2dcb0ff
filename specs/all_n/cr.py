"""Chang-Roberts (algorithms/cr.py) on rings of every size: largest initiator wins, one leader.

The argument of seed 002, one conjunct per step of it. A token <j> only moves on past a
process that let it pass: an initiator with a smaller id (which resigns) or a non-initiator
(which turns black, and so can never initiate later). A process receiving its own token back
has therefore been passed by everybody, and becomes the only leader.
"""
from algorithms.cr import BLACK, RED, ChangRoberts, Leader, Token
from models import NIL, And, Implies, Not, Or, ite

from . import AllNInvariant, Ranking
from .in_flight import announced_until_all_know, at_one_place, token_home_once_leader, travel_potential


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


# -- termination for every n (check cr --all-n --termination; docs/proofs-all-n.md) -------------
#
# As for lcr (specs/all_n/lcr.py): a message's potential is the receptions it may still take,
# a process's what it may still send. The conjuncts below are what the ranking and the
# election at termination need besides the safety invariant; the termination proof proves
# them inductive with it, in the exact encoding (a reception removes the message).

# shared with the other ring election (specs/all_n/in_flight.py): a token and an announcement are sent
# once and move on, and a leader's token is home
one_token_each = at_one_place(Token, "one_token_each")
one_announcement_each = at_one_place(Leader, "one_announcement_each")
leader_token_home = token_home_once_leader(Token)


def process_potential(ring, x):
    """A red process that has not initiated may still initiate, and then win: 2 (size + 1);
    an initiator that is not leader may still win, sending <leader> (at most size receptions):
    size + 1. Initiating trades the first for the second and a token (at most size), relaying
    turns the process black, winning drops the second: each step pays for what it sends."""
    p = ring.process(x)
    may_initiate = And(p.color == RED, Not(p.initiated))
    may_win = And(p.initiated, p.L != p.id)
    return ite(may_initiate, 2 * (ring.size() + 1), 0) + ite(may_win, ring.size() + 1, 0)


def tokens_from_initiators(ring):
    """A token carries the id of a process that has initiated (its owner, where it stops)."""
    return ring.forall(lambda x: ring.forall_ints(lambda j: Implies(
        ring.pending(x, Token(j)), And(ring.id(ring.owner(j)) == j, ring.process(ring.owner(j)).initiated))))


def uninitiated_token_unsent(ring):
    """A process that has not initiated has no token in flight (so initiating copies nothing)."""
    return ring.forall(lambda o, x: Implies(Not(ring.process(o).initiated), Not(ring.pending(x, Token(ring.id(o))))))


def largest_initiator_token_alive(ring):
    """Until there is a leader, the token of the largest initiator so far is in flight (only a
    larger initiator removes a token), or nobody has initiated and every process is red."""
    def is_largest_initiator(x):
        return And(ring.process(x).initiated,
                   ring.forall(lambda z: Implies(ring.process(z).initiated, ring.id(z) <= ring.id(x))))
    return Or(ring.exists(lambda x: ring.is_leader(x)),
              ring.exists(lambda x, y: And(ring.pending(y, Token(ring.id(x))), is_largest_initiator(x))),
              ring.forall(lambda x: And(Not(ring.process(x).initiated), ring.process(x).color == RED)))


def announcement_round(ring):
    """The leader's <leader> waiting at x has made every process from the leader to x record
    the leader (if x is the leader, it is home and everybody has)."""
    return ring.forall(lambda winner, x, y: Implies(
        And(ring.is_leader(winner), ring.pending(x, Leader(ring.id(winner))), y != winner, Or(ring.btw(winner, y, x), x == winner)),
        ring.process(y).L == ring.id(winner)))


announced_until_all_decided = announced_until_all_know(Leader, ChangRoberts.leader_id, "announced_until_all_decided")


RANKING = Ranking(ChangRoberts, process_potential, {Token: travel_potential, Leader: travel_potential}, (
    tokens_from_initiators, one_token_each, uninitiated_token_unsent, leader_token_home, one_announcement_each,
    largest_initiator_token_alive, announcement_round, announced_until_all_decided), "specs/all_n/cr.py RANKING")
