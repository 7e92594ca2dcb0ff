"""Peterson (algorithms/peterson.py) on rings of every size, with ghost rounds: a PARTIAL invariant.

Not registered in specs/all_n ``MODULES``: it is not inductive yet (``check peterson --all-n``
still exits 2, no invariant). docs/proofs-all-n.md, "Not yet: peterson", says which obligations
it leaves; ``python bench/peterson_all_n_ghosts.py`` lists them.

The difficulty of an all-n proof (docs/proofs-all-n.md) is "the same round" with no round
number. The ghosts (``GHOSTS``, checked harmless by checker/prove/ghosts.py) add one: ``round``,
per process, 0 at the start and one more where a red process survives a round (line 7,
``take_alias_n``); every One and Two carries the ``round`` it was sent in and the id of the red
process that sent it (``origin``), which a black process routing it keeps. With them, a message
names its sender and round, so what the earlier attempt could not say without positions is
first-order and local:

* ``stamped_by_sender``, ``one_message_each``: a message comes from a started process, in one of
  its rounds so far; a (type, round, origin) stamp is at one place with one payload (what
  ``no_duplicate`` rests on, which the FIFO encoding asks of every send);
* ``relay_black``: every process a message has passed is black (it routed it);
* ``one_carries_alias``, ``two_carries_alias_n``: a message of its sender's current round
  carries its sender's alias (One) or alias(N) (Two);
* ``no_two_before_line_4``: a red process waiting for line 2 has not sent its round's Two;
* the bookkeeping of specs/peterson_invariant.py (``asleep_untouched``, ``awake_aliased``,
  ``black_idle``) and ``leader_alone`` (a leader is the only red process, nothing in flight:
  at-most-one-leader and stability follow).

Missing (the obligations left, docs/proofs-all-n.md): the segment argument (the owner of a red
process's alias lies after its round's red predecessor) and the FIFO facts that the head of a
red process's channel is its red predecessor's message of its own round.
"""
from algorithms.cr import BLACK, RED
from algorithms.peterson import One, Peterson, Two
from models import NIL, TRUE, And, Implies, Not, Or

from . import ANY, AllNInvariant, Ghosts


def _survives(step):
    return {"round": step.ghost["round"] + (1 if step.command == "take_alias_n" else 0)}


def _stamp(step, message_type):
    """A router keeps the stamp it received; a red process stamps its own round (after the step)."""
    if step.command in ("route_one", "route_two"):
        return dict(step.stamp)
    return {"round": _survives(step)["round"], "origin": step.process.id}


GHOSTS = Ghosts({"round": 0}, {One: ("round", "origin"), Two: ("round", "origin")}, _survives, _stamp)

_TYPES = (One, Two)


def _p(ring, x):
    return ring.process(x)


def _black(ring, x):
    return _p(ring, x).color == BLACK


def _is_id(ring, j):
    return ring.id(ring.owner(j)) == j


def _at(ring, x, message_type, a, r, o):
    return ring.pending(x, message_type(a), stamp={"round": r, "origin": o})


def asleep_untouched(ring):
    """A process that has not started is red, in round 0, with no alias, alias(N) or leadership."""
    return ring.forall(lambda x: Implies(_p(ring, x).asleep, And(
        _p(ring, x).color == RED, _p(ring, x).alias == NIL, _p(ring, x).alias_n == NIL,
        _p(ring, x).leader == NIL, ring.ghost(x, "round") == 0)))


def awake_aliased(ring):
    """A started process's alias is an id, so is its alias(N) if any, and its round is never negative."""
    return ring.forall(lambda x: And(ring.ghost(x, "round") >= 0, Implies(
        Not(_p(ring, x).asleep), _is_id(ring, _p(ring, x).alias)),
        Or(_p(ring, x).alias_n == NIL, _is_id(ring, _p(ring, x).alias_n))))


def black_idle(ring):
    """A black process has started, waits for nothing and is not leader."""
    return ring.forall(lambda x: Implies(_black(ring, x), And(
        Not(_p(ring, x).asleep), _p(ring, x).alias_n == NIL, _p(ring, x).leader != TRUE)))


def leader_alone(ring):
    """A leader is red, awake and waits for nothing; every other process is black, nothing is in
    flight (so nobody else can become leader: at-most-one-leader and stability)."""
    return ring.forall(lambda x, y: Implies(ring.is_leader(x), And(
        _p(ring, x).color == RED, Not(_p(ring, x).asleep), _p(ring, x).alias_n == NIL,
        Implies(y != x, _black(ring, y)),
        *(Not(ring.pending(y, t(ANY))) for t in _TYPES))))


def stamped_by_sender(ring):
    """A message carries an id, and was sent by a started process (its origin) in one of its
    rounds so far."""
    return ring.forall(lambda x: ring.forall_ints(lambda a, r, o: And(*(Implies(
        _at(ring, x, t, a, r, o),
        And(_is_id(ring, a), _is_id(ring, o), Not(_p(ring, ring.owner(o)).asleep),
            0 <= r, r <= ring.ghost(ring.owner(o), "round"))) for t in _TYPES))))


def one_message_each(ring):
    """A message of one type, round and origin waits at one place, with one payload."""
    return ring.forall(lambda x, y: ring.forall_ints(lambda a, b, r, o: And(*(Implies(
        And(_at(ring, x, t, a, r, o), _at(ring, y, t, b, r, o)), And(x == y, a == b)) for t in _TYPES))))


def relay_black(ring):
    """Every process a message has passed since its origin routed it, so is black (all the
    others, once it is back at its origin)."""
    return ring.forall(lambda x, y: ring.forall_ints(lambda a, r, o: And(*(Implies(
        And(_at(ring, x, t, a, r, o), y != ring.owner(o), Or(ring.btw(ring.owner(o), y, x), x == ring.owner(o))),
        _black(ring, y)) for t in _TYPES))))


def one_carries_alias(ring):
    """A One of its sender's current round carries the sender's alias."""
    return ring.forall(lambda x: ring.forall_ints(lambda a, o: Implies(
        _at(ring, x, One, a, ring.ghost(ring.owner(o), "round"), o), a == _p(ring, ring.owner(o)).alias)))


def two_carries_alias_n(ring):
    """A Two of its sender's current round, while the sender waits for line 5, carries its alias(N)."""
    return ring.forall(lambda x: ring.forall_ints(lambda a, o: Implies(
        And(_at(ring, x, Two, a, ring.ghost(ring.owner(o), "round"), o), _p(ring, ring.owner(o)).alias_n != NIL),
        a == _p(ring, ring.owner(o)).alias_n)))


def no_two_before_line_4(ring):
    """A red process waiting for line 2 (or not started) has not sent its round's Two."""
    return ring.forall(lambda q, x: Implies(
        And(_p(ring, q).color == RED, _p(ring, q).alias_n == NIL),
        Not(ring.pending(x, Two(ANY), stamp={"round": ring.ghost(q, "round"), "origin": ring.id(q)}))))


PARTIAL = AllNInvariant(
    Peterson,
    (asleep_untouched, awake_aliased, black_idle, leader_alone, stamped_by_sender, one_message_each,
     relay_black, one_carries_alias, two_carries_alias_n, no_two_before_line_4),
    "specs/all_n/peterson.py (partial)", fifo=True, ghosts=GHOSTS)
