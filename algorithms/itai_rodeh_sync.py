"""Itai and Rodeh's synchronous election on an anonymous ring: random ids from 1..K, a unique maximum wins.

Source: the PRISM case study "Synchronous Leader Election Protocol (Itai & Rodeh)" (the PRISM
model checker's case studies; A. Itai and M. Rodeh, Symmetry Breaking in Distributed Networks,
Information and Computation 88, 1990): "Given a synchronous ring of N processors design a
protocol such that they will be able to elect a leader ... by sending messages around the
ring. The protocol proceeds in rounds and is parametrised by a constant K. Each round begins
by all processors (independently) choosing a random number (uniformly) from {1,...,K} as an
id. The processors then pass their ids around the ring. If there is a unique id, then the
processor with the maximum unique id is elected the leader, and otherwise the processors begin
a new round." The ring is synchronous (models/systems/rounds.py: every process reads what was sent in
the previous round, then takes one step); processors know N and K and have no ids of their
own. ``check itai-rodeh-sync --n 4 --k 3 --expected rounds`` gives the expected number of
rounds, 1 / P(some id of the N drawn is unique); docs/complexity.md compares with PRISM.

Choices where the case study leaves room, or is not a distributed program:
  * PRISM's model decides with a global test: a ``counter`` module reads every processor's
    "my id is unique" flag at once and either ends or restarts the round. A ring has no such
    observer, so the flags go round the ring too: a round is two passes. In the first the ids
    travel N - 1 hops and each processor learns whether its own id is unique (no id that
    reaches it equals its own); in the second each sends its id if it is unique, 0 otherwise,
    and each takes the maximum of what passes (``best``). After both, every processor knows
    the maximum unique id, or that there is none (``best`` = 0: draw again).
  * A round of the protocol therefore takes 2(N - 1) synchronous rounds (the step that ends
    one with no unique id draws the next ids at once), after the first synchronous round, which
    draws the first: ``--expected steps`` counts synchronous rounds (1 + 2(N - 1) times the
    protocol's rounds), ``--expected rounds`` counts rounds of the protocol, as PRISM's
    ``num_rounds`` reward counts its ``pick`` transitions (``round_commands``).
  * K is a constant every processor knows, held in the local ``K`` (never written), which
    ``--k`` sets; its default is 3.
  * A ring of one processor has nobody to compare with: it is the leader at once (``alone``).
"""
from __future__ import annotations

from enum import IntEnum

from models import NEXT, SYNCHRONOUS, Algorithm, And, Local, Message, Not, Or, UnidirectionalRing, ite, receive, spontaneous


class Phase(IntEnum):
    IDLE = 0  # before the first draw
    IDS = 1  # the ids are going round: ``unique`` says whether none so far equals its own
    UNIQUE = 2  # the unique ids are going round: ``best`` is the largest so far
    LEADER = 3
    NOT_LEADER = 4


class Id(Message):
    value: int  # a drawn id, on its way round


class Unique(Message):
    value: int  # a processor's id if it is unique, else 0


def _better(p, m):
    return ite(m.value > p.best, m.value, p.best)


def _last(p):
    """This arrival completes the pass: it is the (N - 1)th."""
    return p.heard == p.n - 2


class ItaiRodehSync(Algorithm, name="itai-rodeh-sync", seed="PRISM case study: synchronous leader election"):
    """Itai-Rodeh (PRISM's synchronous case study): anonymous ring, ids drawn from 1..K each round; elects almost surely."""

    topology = UnidirectionalRing
    timing = SYNCHRONOUS
    knows_n = True
    round_commands = ("pick",)  # a round of the protocol begins: new ids are drawn

    K = Local(int, 3)  # ids are drawn from 1..K (a constant; --k sets it)
    phase = Local(Phase, Phase.IDLE)
    mine = Local(int, 0)  # this round's id
    unique = Local(bool, True)  # no id that reached it equals its own
    heard = Local(int, 0)  # messages of the current pass received
    best = Local(int, 0)  # the largest unique id so far (second pass)

    def is_leader(p):
        return p.phase == Phase.LEADER

    def decided(p):
        return Or(p.phase == Phase.LEADER, p.phase == Phase.NOT_LEADER)

    @spontaneous(when=lambda p: And(p.phase == Phase.IDLE, p.n == 1))
    def alone(p):
        p.phase = Phase.LEADER

    @spontaneous(when=lambda p: And(p.phase == Phase.IDLE, p.n > 1))
    def pick(p):  # each round begins by choosing a random number from {1, ..., K} as an id
        p.mine = p.draw(range(1, p.K + 1))
        p.phase = Phase.IDS
        p.send(NEXT, Id(p.mine))

    # the first pass: the ids go round
    @receive(Id, when=lambda p, m, port: And(p.phase == Phase.IDS, Not(_last(p))))
    def pass_id(p, m, port):
        p.unique = And(p.unique, m.value != p.mine)
        p.heard = p.heard + 1
        p.send(NEXT, m)

    @receive(Id, when=lambda p, m, port: And(p.phase == Phase.IDS, _last(p)))
    def last_id(p, m, port):  # it knows whether its own id is unique: the second pass starts
        p.unique = And(p.unique, m.value != p.mine)
        p.best = ite(p.unique, p.mine, 0)
        p.heard = 0
        p.phase = Phase.UNIQUE
        p.send(NEXT, Unique(ite(p.unique, p.mine, 0)))

    # the second pass: the unique ids go round, each keeps the largest
    @receive(Unique, when=lambda p, m, port: And(p.phase == Phase.UNIQUE, Not(_last(p))))
    def pass_unique(p, m, port):
        p.best = _better(p, m)
        p.heard = p.heard + 1
        p.send(NEXT, m)

    @receive(Unique, when=lambda p, m, port: And(p.phase == Phase.UNIQUE, _last(p), _better(p, m) == 0))
    def no_unique_id(p, m, port):  # no id was unique: the next round begins with new ids
        p.best = 0
        p.heard = 0
        p.unique = True
        p.phase = Phase.IDLE

    @receive(Unique, when=lambda p, m, port: And(p.phase == Phase.UNIQUE, _last(p), _better(p, m) != 0,
                                                 p.unique, _better(p, m) == p.mine))
    def elected(p, m, port):  # its id is the maximum unique one
        p.phase = Phase.LEADER

    @receive(Unique, when=lambda p, m, port: And(p.phase == Phase.UNIQUE, _last(p), _better(p, m) != 0,
                                                 Or(Not(p.unique), _better(p, m) != p.mine)))
    def not_elected(p, m, port):
        p.phase = Phase.NOT_LEADER
