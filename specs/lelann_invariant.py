"""An inductive invariant of LeLann (algorithms/lelann.py, seed 002's bibliographic notes).

Safety rests on FIFO links: an initiator q sends its own token before it forwards any other, so
once the token of o has passed q, q's token is ahead of it on every link after q, and reaches o
before o's own token comes home. So o has seen every initiator's id when it decides, and is
leader only if its own is the largest. Said of one state:

* ``passed_behind_none``: in a channel, no token is behind one that has passed its sender's
  origin (``in_order``: the order of a FIFO link);
* ``passed_left_none_behind``: a token from o has left no token of a process r it passed
  behind it: none is in a channel it went through since r (r sent its own token before it
  forwarded o's). An initiator's token is in flight until it is home
  (``undecided_token_in_flight``), so when o's token is back at o, with nothing ahead of it, every
  initiator's token is home or has passed o, and o has seen its id;
* a process a token has passed, initiated, has seen its id (``seen_when_passed``), and so has
  every initiator once that token is home (``decided_seen_by_initiators``); each token is in
  flight once, until it is home.

For rings of every size, specs/all_n/lelann.py says the same in universal statements, in an
encoding that keeps each channel's order (``ring.ahead``; docs/proofs-all-n.md). With a fixed n
the channels are z3 sequences: ``check lelann --n 4 --prove`` proves it for every arrangement of four ids
(docs/proofs.md). ``passed_left_none_behind`` is the universal way ``--infer`` found to say "q's
token is ahead of o's": said with an existential (q's token is in this channel or one further on),
z3 left some n = 4 obligations undecided.
"""
from __future__ import annotations

from itertools import combinations

from algorithms.lelann import LeLann, Token
from models import NIL, And, Implies, Not, Or

from .invariants import Exists, ForAll, Invariant, conjunct


def _in_flight(s, q, channels=None):
    """q's token is in one of ``channels`` (all of them when none is named)."""
    return Exists(s.channels if channels is None else channels, lambda ch:
        Exists(ch.messages(Token), lambda a: a.id == q.id))


class LeLannInvariant(Invariant, algorithm=LeLann):
    @conjunct
    def token_from_initiator(s):
        """Every token in a channel carries the id of a process that has initiated."""
        return s.every_carried_id(Token, lambda o: o.initiated)

    @conjunct
    def largest_own_or_more(s):
        """An initiator has seen at least its own id."""
        return ForAll(s.processes, lambda p: Implies(p.initiated, And(p.largest != NIL, p.largest >= p.id)))

    @conjunct
    def passive_never_initiated(s):
        """A passive process never initiated: no token of its own can come home and change its
        decision not to lead."""
        return ForAll(s.processes, lambda p: Implies(p.passive, Not(p.initiated)))

    @conjunct
    def decided_initiated(s):
        """Only an initiator decides."""
        return ForAll(s.processes, lambda p: Implies(p.L != NIL, p.initiated))

    @conjunct
    def passed_awake(s):
        """A token has passed only processes that had initiated, or turned them passive."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Token), lambda m:
            ForAll(s.with_id(m.id), lambda o: ForAll(ch.path_from(o), lambda r: Or(r.initiated, r.passive)))))

    @conjunct
    def seen_when_passed(s):
        """An initiator a token has passed has seen its id."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Token), lambda m:
            ForAll(s.with_id(m.id), lambda o: ForAll(ch.path_from(o), lambda r:
                Implies(r.initiated, r.largest >= m.id)))))

    @conjunct
    def one_token_each(s):
        """No two tokens in flight carry the same id."""
        return And(
            ForAll(s.channels, lambda ch: ForAll(ch.messages(Token).in_order(), lambda a, b: a.id != b.id)),
            ForAll(list(combinations(s.channels, 2)), lambda two: ForAll(two[0].messages(Token), lambda a:
                ForAll(two[1].messages(Token), lambda b: a.id != b.id))))

    @conjunct
    def undecided_token_in_flight(s):
        """An initiator that has not decided has its token in flight; one that has, has not."""
        return ForAll(s.processes, lambda q: Implies(q.initiated, (q.L == NIL) == _in_flight(s, q)))

    @conjunct
    def decided_after_all_awake(s):
        """An initiator that has decided had its token pass everybody: every other process has
        initiated or is passive."""
        return ForAll(s.processes, lambda q: Implies(q.L != NIL,
            ForAll(s.processes, lambda r: Implies(r.position != q.position, Or(r.initiated, r.passive)))))

    @conjunct
    def decided_seen_by_initiators(s):
        """Every initiator has seen the id of an initiator that has decided."""
        return ForAll(s.processes, lambda q: Implies(q.L != NIL,
            ForAll(s.processes, lambda r: Implies(r.initiated, r.largest >= q.id))))

    @conjunct
    def passed_behind_none(s):
        """In a channel, a token behind another is not from a process the other has passed."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Token).in_order(), lambda ahead, behind:
            ForAll(s.with_id(ahead.id), lambda o: ForAll(ch.path_from(o), lambda r: r.id != behind.id))))

    @conjunct
    def passed_left_none_behind(s):
        """A token has left no initiator's token behind: of a process r it has passed, no token
        is in a channel it went through since r (FIFO: r sent its own before forwarding it)."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Token), lambda m:
            ForAll(s.with_id(m.id), lambda o: ForAll(ch.path_from(o), lambda r:
                ForAll(ch.channels_from(r), lambda c: ForAll(c.messages(Token), lambda a: a.id != r.id))))))

    @conjunct
    def leader_max(s):
        """A leader's id is at least the id of every process that has initiated."""
        return ForAll(s.processes, lambda p: Implies(s.is_leader(p),
            ForAll(s.processes, lambda q: Implies(q.initiated, q.id <= p.id))))
