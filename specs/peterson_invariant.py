"""An inductive invariant of Peterson (algorithms/peterson.py, seed 002_8e2c4d6f504b108f.txt,
section 11.2.2.3): ``check peterson --n 3 --prove`` and ``--n 4 --prove`` prove it (docs/proofs.md).

The argument (Fredlund, Groote and Korver's, TCS 177, 1997, in words): a red process that
survives a round takes the alias its red predecessor had in that round, so by induction on the
rounds the *owner* of a red process's alias (the process whose id it is) lies after its red
predecessor and at or before the process itself; these segments do not overlap, so the aliases
of one round's red processes are distinct, and the One a process receives at line 2 carries
its own alias only when it is the only red process. Rounds are not in the state, so the
invariant speaks of the *relay* into each red process p: the messages heading to p, in its
in-channel and in the channels before it back to its red predecessor q (the nearest red
process anticlockwise), through black processes that only route, nearest first (``ch.at(k)``
reads a channel's positions, so the relay is a sequence of positions, with no quantifier):

* its shape (``relay_word``, ``relay_count``, ``relay_tail``): a prefix of One Two
  One Two while p waits for line 2, of Two One Two while it waits for line 5, as many messages
  as q has sent less what p has received (in parity; exactly in the first round), the last of
  them q's latest, and for a leader nothing in flight anywhere (``leader_alone``);
* where the ids come from (``alias_owner_behind``, ``alias_n_owner_near``,
  ``relay_values_behind``, ``alias_n_behind``): the owners lie behind p, no further than the
  segments allow, with every process between them black or *doomed* (waiting for line 5 with
  alias(N) < alias: it turns black whatever comes, and its successor may already hold its alias);
* so the One at the head of the relay does not carry p's alias unless p is alone
  (``head_not_own``), nor the Two p waits for its alias(N) (``head_two_not_alias_n``);
* how far apart p and q can be: a process ahead of its red predecessor took its alias from it
  and waits with nothing in flight to it (``took_from_doomed``, ``first_round_not_behind``),
  and the first round, where every message carries its sender's id, is pinned down
  (``first_round``, ``first_round_successor_red``, ``past_round_one``, ``alias_at_least_id``);
* and that a process that has not started is untouched (``asleep_untouched``). Five more
  conjuncts of bookkeeping (``asleep_sent_nothing``, ``awake_aliased``, ``black_idle``,
  ``leader_true_or_nil``, ``bounded``) were dropped on 2026-11-29: ``python
  bench/conjuncts_needed.py peterson --n 4`` proved the rest without each of them, and without
  all five the rest is proved at n = 2, 3 and 4.

``bench/peterson_rounds.py`` checks the argument's facts on every reachable state at n.
"""
from __future__ import annotations

import weakref

from algorithms.cr import BLACK, RED
from algorithms.peterson import One, Peterson
from models import NIL, TRUE, And, Implies, Not, Or, ite

from .invariants import Exists, ForAll, Invariant, conjunct

_MOST = 4  # messages in a channel, and in a relay


def _black(q):
    return q.color == BLACK


def _own(p):
    """The alias p has, or will have when it starts (its id)."""
    return ite(p.asleep, p.id, p.alias)


def _waits_for_one(p):
    """p waits for line 2's One: asleep, or awake with no alias(N) and not leader."""
    return Or(p.asleep, And(p.alias_n == NIL, p.leader != TRUE))


def _back(s, p, x):
    """How many steps anticlockwise from p the process whose id is x is (0: p itself)."""
    n = s.n
    total = 0
    for q in s.processes:
        total = total + ite(q.id == x, (p.position - q.position) % n, 0)
    return total


def _relay_channels(s, p):
    """The channels back from p to its red predecessor, nearest first, each with whether it is
    still in the relay (every process between it and p black)."""
    included, ch = True, s.inbox(p)
    for _ in range(s.n):
        yield included, ch
        sender = ch.sender
        if sender.position == p.position:
            break
        included = And(included, _black(sender))
        ch = s.inbox(sender)


class _RelaySlot:
    """Position j of a relay (the j-th message heading to p, 0 delivered next), as ``ch.at(k)``
    reads a channel's: ``present``, ``is_(Type)`` and ``field("alias")``."""

    def __init__(self, present, one, alias):
        self.present, self._one, self._alias = present, one, alias

    @staticmethod
    def of(slot):
        return _RelaySlot(slot.present, slot.is_(One), slot.field("alias"))

    def is_(self, message_type):
        return And(self.present, self._one if message_type is One else Not(self._one))

    def field(self, name):
        return self._alias

    def chosen(self, condition, other: "_RelaySlot") -> "_RelaySlot":
        """This slot where ``condition`` holds, else ``other``."""
        if isinstance(condition, bool):
            return self if condition else other
        return _RelaySlot(ite(condition, self.present, other.present), ite(condition, self._one, other._one),
                          ite(condition, self._alias, other._alias))


_ABSENT = _RelaySlot(False, False, 0)


_RELAYS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # state -> {position: its relay}


def _relay(s, p):
    """``_relay_of``, built once per state and process: a conjunct over pairs of processes reads
    each process's relay n times, and building it is most of the cost of reading the
    conjuncts on z3's states."""
    relays = _RELAYS.setdefault(s, {})
    if p.position not in relays:
        relays[p.position] = _relay_of(s, p)
    return relays[p.position]


def _relay_of(s, p):
    """The first messages heading to p: in its in-channel, then (while the sender is black) in
    the channels before it, nearest first: (present, j, slot) for j < _MOST. Each slot is chosen
    by the channels' sizes from the channels' own first positions, so that its index j is a
    constant: the relay_* conjuncts then compare constants, not sums of channel lengths (which
    made their n = 4 consecutions take close to a minute each)."""
    channels = list(_relay_channels(s, p))
    rest = [_ABSENT] * _MOST  # the relay from the channel after the current one on
    for included, ch in reversed(channels):
        size, here = ch.size(), [_RelaySlot.of(ch.at(k)) for k in range(_MOST)]
        slots = []
        for j in range(_MOST):
            slot = rest[j]  # the channel is empty
            for d in range(1, j + 1):  # it holds d <= j messages: the rest's (j - d)-th
                slot = rest[j - d].chosen(size == d, slot)
            slot = here[j].chosen(size > j, slot)
            slots.append(slot.chosen(included, _ABSENT))
        rest = slots
    return [(slot.present, j, slot) for j, slot in enumerate(rest)]


def _relay_length(s, p):
    total = 0
    for included, ch in _relay_channels(s, p):
        total = total + ite(included, ch.size(), 0)
    return total


def _alone(s, p):
    return ForAll(s.processes, lambda q: Or(q.position == p.position, _black(q)))


def _doomed(q):
    return And(q.color == RED, Not(q.asleep), q.alias_n != NIL, q.alias_n < q.alias)


class PetersonInvariant(Invariant, algorithm=Peterson):
    symmetric = True  # positions are read only through the ring's order (distances, inbox)

    @conjunct
    def asleep_untouched(s):
        """A process that has not started is red, with no alias, and has sent nothing: its
        out-channel is empty and the process after it red."""
        return ForAll(s.processes, lambda p: Implies(p.asleep, And(
            p.color == RED, p.alias == NIL, p.alias_n == NIL, p.leader == NIL)))

    @conjunct
    def leader_alone(s):
        """A leader is the only red process, waits for nothing and no message is in flight."""
        return ForAll(s.processes, lambda p: Implies(p.leader == TRUE, And(
            p.color == RED, Not(p.asleep), p.alias_n == NIL, _alone(s, p),
            ForAll(s.channels, lambda ch: ch.size() == 0))))

    @conjunct
    def relay_word(s):
        """The relay into a red process is a prefix of One Two One Two when it waits for line 2,
        of Two One Two when it waits for line 5, and empty for a leader."""
        def word(p):
            waits = _waits_for_one(p)
            most = ite(p.leader == TRUE, 0, ite(waits, 4, 3))
            return And(_relay_length(s, p) <= most, *(
                Implies(present, slot.is_(One) == ((index % 2 == 0) == waits)) for present, index, slot in _relay(s, p)))
        return ForAll(s.processes, lambda p: Implies(p.color == RED, word(p)))

    @conjunct
    def alias_owner_behind(s):
        """The owner of a process's alias is the process itself, or before it with every process
        from the owner up to it black, or doomed with the same alias (the one the process took
        it from); a black process keeps the alias it died with. An owner other than the process
        lost its id in the first round to the process after it, so it still holds it, and that
        process holds another id than its own."""
        def alias_owner_behind_of(p):
            ok = lambda q: Or(_black(q), And(_doomed(q), q.alias == p.alias))  # noqa: E731
            return ForAll(s.with_id(p.alias), lambda o: Or(o.position == p.position,
                And(ok(o), o.alias == o.id, ForAll(s.inbox(p).path_from(o), ok),
                    s.processes[(o.position + 1) % s.n].alias != s.processes[(o.position + 1) % s.n].id)))
        return ForAll(s.processes, lambda p: Implies(Not(p.asleep), alias_owner_behind_of(p)))

    @conjunct
    def relay_values_behind(s):
        """A message in the relay into a red process carries an id whose owner is at or before
        the owner of the process's alias (its id, if asleep)."""
        return ForAll(s.processes, lambda p: Implies(p.color == RED, ForAll(_relay(s, p), lambda e: Implies(e[0], And(
            Exists(s.with_id(e[2].field("alias")), lambda o: True),
            _back(s, p, e[2].field("alias")) >= _back(s, p, _own(p)))))))

    @conjunct
    def head_not_own(s):
        """When a red process waits for line 2, the One at the head of its relay does not carry
        its alias, unless it is the only red process and that One its only message."""
        return ForAll(s.processes, lambda p: Implies(And(p.color == RED, _waits_for_one(p)),
            ForAll(_relay(s, p), lambda e: Implies(And(e[0], e[1] == 0),
                Or(e[2].field("alias") != _own(p), And(_alone(s, p), _relay_length(s, p) == 1))))))

    @conjunct
    def alias_n_behind(s):
        """A red process waiting for line 5 has received an alias(N) whose owner is further
        back than its alias's."""
        return ForAll(s.processes, lambda p: Implies(And(p.color == RED, Not(p.asleep), p.alias_n != NIL), And(
            Exists(s.with_id(p.alias_n), lambda o: True),
            _back(s, p, p.alias_n) > _back(s, p, p.alias))))

    @conjunct
    def relay_count(s):
        """The relay into a red process is as long as its red predecessor has sent less what the
        process has received (two messages a round each way): in parity, and exactly while the
        process is in its first round (its alias its own id); nothing while the predecessor has
        not started."""
        def consumed_odd(p):
            return Or(p.alias_n != NIL, p.leader == TRUE)

        def sent_odd(q):
            return And(Not(q.asleep), Or(q.alias_n == NIL))

        def related(p, q):
            length = _relay_length(s, p)
            return Implies(And(q.color == RED, ForAll(s.inbox(p).path_from(q), _black)), And(
                Implies(q.asleep, And(length == 0, Not(consumed_odd(p)))),
                Implies(And(Not(q.asleep), q.alias == q.id), length <= ite(sent_odd(q), 1, 2)),
                Implies(And(Not(q.asleep), Or(p.asleep, p.alias == p.id), q.position != p.position),
                        length == ite(q.alias == q.id, ite(sent_odd(q), 1, 2), ite(sent_odd(q), 3, 4))
                        - ite(consumed_odd(p), 1, 0)),
                (length % 2 == 1) == (sent_odd(q) != consumed_odd(p))))
        return ForAll(s.processes, lambda p: Implies(p.color == RED, ForAll(s.processes, lambda q: related(p, q))))

    @conjunct
    def relay_tail(s):
        """The last message of the relay into a red process is its red predecessor's latest: a
        One with its alias if it waits for line 2 (the only message, if the process is alone);
        if it waits for line 5, a Two with its alias(N), after a One with its alias -- or, when
        a process between them took that Two and turned black, that process's last messages (at
        most two): its One with the alias it died with, and a Two that carries the alias of a
        process no further back than the predecessor's alias."""
        def related(p, q):
            length = _relay_length(s, p)
            entries = _relay(s, p)
            last = lambda f: ForAll(entries, lambda e: Implies(And(e[0], e[1] == length - 1), f(e[2])))  # noqa: E731
            before_last = lambda f: ForAll(entries, lambda e: Implies(And(e[0], e[1] == length - 2), f(e[2])))  # noqa: E731
            alone = q.position == p.position
            waits_one = And(q.alias_n == NIL, q.leader != TRUE)
            return Implies(And(q.color == RED, Not(q.asleep), ForAll(s.inbox(p).path_from(q), _black)), And(
                Implies(alone, length <= 1),
                Implies(waits_one, last(lambda m: m.field("alias") == q.alias)),
                Implies(And(Not(alone), q.alias_n != NIL), Or(
                    And(last(lambda m: m.field("alias") == q.alias_n), before_last(lambda m: m.field("alias") == q.alias)),
                    And(length <= 2, Exists(s.inbox(p).path_from(q), lambda b: And(
                            _black(b), before_last(lambda m: m.field("alias") == b.alias))),
                        last(lambda m: _back(s, p, m.field("alias")) <= _back(s, p, q.alias)))))))
        return ForAll(s.processes, lambda p: Implies(p.color == RED, ForAll(s.processes, lambda q: related(p, q))))

    @conjunct
    def past_round_one(s):
        """Once a red process's alias is not its own id (it is past the first round, where every
        message carries its sender's id), neither its alias(N) nor a message in its relay is the
        id of its red predecessor."""
        def related(p, q):
            return Implies(And(q.color == RED, q.position != p.position, ForAll(s.inbox(p).path_from(q), _black)),
                And(p.alias_n != q.id, ForAll(_relay(s, p), lambda e: Implies(e[0], e[2].field("alias") != q.id))))
        return ForAll(s.processes, lambda p: Implies(And(p.color == RED, Not(p.asleep), p.alias != p.id),
            ForAll(s.processes, lambda q: related(p, q))))

    @conjunct
    def alias_n_owner_near(s):
        """Of the owner of a red process's alias(N) and the processes between it and the
        process, at most one is neither black nor doomed (alias(N)'s holder, N itself); past the
        first round, that owner lost its id in the first round to the process after it (as
        alias_owner_behind says of aliases)."""
        ok = lambda q: Or(_black(q), _doomed(q))  # noqa: E731

        def lost_in_first_round(o):
            after = s.processes[(o.position + 1) % s.n]
            return after.alias != after.id

        def at_most_one_live(group):
            return ForAll([(a, b) for i, a in enumerate(group) for b in group[i + 1:]], lambda ab: Or(ok(ab[0]), ok(ab[1])))
        return ForAll(s.processes, lambda p: Implies(And(p.color == RED, Not(p.asleep), p.alias_n != NIL),
            ForAll(s.with_id(p.alias_n), lambda o: And(o.position != p.position,
                at_most_one_live([o, *s.inbox(p).path_from(o)]),
                Implies(p.alias != p.id, And(o.alias == o.id, lost_in_first_round(o)))))))

    @conjunct
    def first_round(s):
        """In the first round (alias its own id, or asleep), a process receives the id of the
        process before it in line 2 and the id of the one before that in line 5."""
        def before(p, k):
            return s.processes[(p.position - k) % s.n]

        def first(p):
            waits = _waits_for_one(p)
            return And(Implies(p.alias_n != NIL, p.alias_n == before(p, 1).id),
                ForAll(_relay(s, p), lambda e: And(
                    Implies(And(e[0], e[1] == 0, waits), e[2].field("alias") == before(p, 1).id),
                    Implies(And(e[0], e[1] == ite(waits, 1, 0)), e[2].field("alias") == before(p, 2).id))))
        return ForAll(s.processes, lambda p: Implies(And(p.color == RED, Or(p.asleep, p.alias == p.id)), first(p)))

    @conjunct
    def first_round_successor_red(s):
        """The process after one that has not yet sent its first round's Two is red: turning
        black takes that Two."""
        return ForAll(s.channels, lambda ch: Implies(
            And(ch.sender.color == RED, Or(ch.sender.asleep, And(ch.sender.alias == ch.sender.id, _waits_for_one(ch.sender)))),
            ch.receiver.color == RED))


    @conjunct
    def alias_at_least_id(s):
        """An alias is at least its holder's id: a process takes only a larger one."""
        return ForAll(s.processes, lambda p: Implies(Not(p.asleep), p.alias >= p.id))

    @conjunct
    def head_two_not_alias_n(s):
        """The Two a red process waits for at line 5 does not carry its alias(N)."""
        return ForAll(s.processes, lambda p: Implies(And(p.color == RED, Not(p.asleep), p.alias_n != NIL),
            ForAll(_relay(s, p), lambda e: Implies(And(e[0], e[1] == 0), e[2].field("alias") != p.alias_n))))

    @conjunct
    def took_from_doomed(s):
        """Two red processes, one the other's red predecessor, with the same alias: one took it
        from the other, which is doomed, and is a round ahead, waiting for line 2 with nothing in
        its relay (when they are each other's predecessors, either may be the one)."""
        def related(p, q):
            def took(taker, given):
                return And(_doomed(given), taker.alias_n == NIL, taker.leader != TRUE, _relay_length(s, taker) == 0)
            only_two = ForAll(s.processes, lambda r: Or(r.position == p.position, r.position == q.position, _black(r)))
            return Implies(And(q.color == RED, q.position != p.position, ForAll(s.inbox(p).path_from(q), _black),
                               Not(q.asleep), q.alias == p.alias),
                Or(took(p, q), And(only_two, took(q, p))))
        return ForAll(s.processes, lambda p: Implies(And(p.color == RED, Not(p.asleep)),
            ForAll(s.processes, lambda q: related(p, q))))

    @conjunct
    def first_round_not_behind(s):
        """A process past the first round whose red predecessor is still in it is a round ahead:
        it waits for line 2 with nothing in its relay, having taken its alias from that
        predecessor or from a process between them, now black; one in the first round whose red predecessor is past
        it has that predecessor in the second round, holding the id of the process before it."""
        def related(p, q):
            first = lambda r: Or(r.asleep, r.alias == r.id)  # noqa: E731
            before_q = s.processes[(q.position - 1) % s.n]
            return Implies(And(q.color == RED, q.position != p.position, ForAll(s.inbox(p).path_from(q), _black)), And(
                Implies(And(Not(first(p)), first(q)), And(
                    p.alias_n == NIL, _relay_length(s, p) == 0,
                    Or(p.alias == q.alias, Exists(s.inbox(p).path_from(q), _black)))),
                Implies(And(first(p), Not(first(q))), q.alias == before_q.id)))
        return ForAll(s.processes, lambda p: Implies(p.color == RED, ForAll(s.processes, lambda q: related(p, q))))

    @conjunct
    def relay_round_change(s):
        """Where the relay into a red process passes from the round it is in to the next (a Two
        then a One), the One carries what the Two did -- the sender took that alias -- unless a
        process between the red predecessor and the process has turned black (the Two was its
        last) and the Two does not carry the process's own alias."""
        def related(p, q):
            slots = [slot for _, _, slot in _relay(s, p)]
            black_between = Exists(s.inbox(p).path_from(q), _black)

            def change(two, one):
                return Implies(And(two.present, one.present), Or(one.field("alias") == two.field("alias"),
                    And(black_between, two.field("alias") != _own(p))))
            waits = _waits_for_one(p)  # the Two of its round is second in its relay, else first
            return Implies(And(q.color == RED, ForAll(s.inbox(p).path_from(q), _black)),
                And(Implies(waits, change(slots[1], slots[2])), Implies(Not(waits), change(slots[0], slots[1]))))
        return ForAll(s.processes, lambda p: Implies(p.color == RED,
            ForAll(s.processes, lambda q: Implies(q.position != p.position, related(p, q)))))

    @conjunct
    def relay_one_two_differ(s):
        """A One followed by a Two in a relay (one round's pair) carry different ids: the aliases
        of two red processes in one round."""
        def differ(p):
            slots = [slot for _, _, slot in _relay(s, p)]
            return ForAll(zip(slots, slots[1:]), lambda ab: Implies(
                And(ab[0].is_(One), ab[1].present), ab[0].field("alias") != ab[1].field("alias")))
        return ForAll(s.processes, lambda p: Implies(p.color == RED, differ(p)))

    @conjunct
    def first_round_blacks_after(s):
        """The black processes between a red process still in its first round and the next red
        process died in the first round (they hold their own ids): dying in a later round takes
        that round's messages, which would come through it."""
        def died_first(p, q):
            return Implies(And(q.position != p.position, _black(q), ForAll(s.inbox(q).path_from(p), _black)),
                q.alias == q.id)
        return ForAll(s.processes, lambda p: Implies(And(p.color == RED, Or(p.asleep, p.alias == p.id)),
            ForAll(s.processes, lambda q: died_first(p, q))))
