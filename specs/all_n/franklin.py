"""Franklin (algorithms/franklin.py) on rings of every size: at most one leader, the largest.

The argument of specs/franklin_invariant.py, the fixed-n invariant, with its "some process has a
larger id" replaced by "the process with the largest id" (``ring.largest()``). Safety needs no
rounds, no FIFO order and no early buffer beyond this: a token is relayed only by black
processes, so a token, in a channel or held by a process in ``token[port]`` or ``early[port]``,
has passed only black processes since it left its sender (``tokens_passed_black``,
``held_tokens_passed_black``), and a token back at its sender has passed every other process,
all black (``own_token_passed_all``). A process turns black only on a token with a larger id
than its own, and no token carries an id larger than the largest (``tokens_at_most_largest``),
so the process with the largest id never turns black (``largest_red``). ``elected`` needs the
process's own token from both sides: every other process is then black, the largest is red, so
the process electing itself is the largest (``leader_max``), which gives at-most-one-leader and
leader-is-largest.

Why "the largest" and not the fixed-n invariant's "a black process has a smaller id than some
process": rings of every size are read in first-order logic, which also admits infinite models
with ever larger ids. There "every black process has a larger one" does not make the largest
red (there may be none), and ``elected / leader_max`` does not follow; the all-n encoding names
the largest id's process (an axiom of checker/prove/ring_order.py, true of every finite ring and
checked on the explorer's concrete rings). Written with an existential instead ("a black process
has a red one with a larger id", and "a token carries a process's id" through ``ring.owner``),
every induction obligation proves, but z3 answers unknown on all 16 vacuity checks (it cannot
build a model: instantiating the quantifiers, x, owner(token(x)), owner(token(owner(token(x))))
... never ends; docs/proofs-all-n.md).

A token arriving on CCW travels clockwise (its sender sent it on CW) and has passed the processes
between its sender and its receiver clockwise; one arriving on CW, those anticlockwise.
"""
from algorithms.cr import BLACK, RED
from algorithms.franklin import Franklin, Token
from models import CCW, CW, And, Implies, Or

from . import AllNInvariant


def _passed(ring, port, o, y, x):
    """A token from o waiting at (or held on) x's ``port`` has passed y on its way."""
    return ring.btw(o, y, x) if port == CCW else ring.btw(x, y, o)


def _black(ring, y):
    return ring.process(y).color == BLACK


def _held(ring, x, port):
    """What x holds from ``port``: this round's token and the next round's (NIL if none)."""
    p = ring.process(x)
    return p.token[port], p.early[port]


def largest_red(ring):
    """The process with the largest id never turns black (no token is larger than its id)."""
    return ring.process(ring.largest()).color == RED


def tokens_at_most_largest(ring):
    """No token, in a channel or held, carries an id larger than the largest process's."""
    top = ring.id(ring.largest())
    pending = ring.forall(lambda x: ring.forall_ints(lambda j: Implies(
        Or(*(ring.pending(x, Token(j), port) for port in (CW, CCW))), j <= top)))
    held = ring.forall(lambda x: And(*(v <= top for port in (CW, CCW) for v in _held(ring, x, port))))
    return And(pending, held)


def tokens_passed_black(ring):
    """A token in a channel has passed only black processes since it left its sender o."""
    return ring.forall(lambda o, y, x: And(*(
        Implies(And(ring.pending(x, Token(ring.id(o)), port), _passed(ring, port, o, y, x)), _black(ring, y))
        for port in (CW, CCW))))


def held_tokens_passed_black(ring):
    """A token a process holds from a side (this round's or an early one) has passed only black processes."""
    return ring.forall(lambda o, y, x: And(*(
        Implies(And(v == ring.id(o), _passed(ring, port, o, y, x)), _black(ring, y))
        for port in (CW, CCW) for v in _held(ring, x, port))))


def own_token_passed_all(ring):
    """A process's own token back at it (waiting or held, from either side) has passed every other
    process, all black."""
    return ring.forall(lambda x, y: Implies(And(x != y, Or(
        *(ring.pending(x, Token(ring.id(x)), port) for port in (CW, CCW)),
        *(v == ring.id(x) for port in (CW, CCW) for v in _held(ring, x, port)))), _black(ring, y)))


def leader_max(ring):
    """A leader is the process with the largest id."""
    return ring.forall(lambda x: Implies(ring.is_leader(x), x == ring.largest()))


INVARIANT = AllNInvariant(
    Franklin,
    (largest_red, tokens_at_most_largest, tokens_passed_black, held_tokens_passed_black, own_token_passed_all,
     leader_max),
    "specs/all_n/franklin.py")
