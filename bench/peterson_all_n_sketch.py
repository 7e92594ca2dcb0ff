"""Where an all-n proof of Peterson stands: a partial invariant, and which obligations it leaves.

    python bench/peterson_all_n_sketch.py               # about a minute
    python bench/peterson_all_n_sketch.py --timeout 2
    python bench/peterson_all_n_sketch.py --timeout 3 --with asleep_head_some_one
    python bench/peterson_all_n_sketch.py --timeout 2 --with asleep_head_predecessors_one

Nothing the checker uses, and nothing here says proved: peterson has no invariant in
specs/all_n/ (`check peterson --all-n` exits 2). This runs checker/prove/all_n.py's
``prove_all_n`` on the bookkeeping part of specs/peterson_invariant.py (the fixed-n invariant),
written for rings of every size in the FIFO encoding (``fifo=True``, the one LeLann's proof
uses), and prints every obligation that is not proved (docs/proofs-all-n.md, "What it would
take for peterson"). The conjuncts:

  * ``asleep_untouched``, ``awake_aliased``, ``black_idle``, ``leader_true_or_nil``: the fixed-n
    invariant's bookkeeping of who has started, turned black or leads;
  * ``leader_alone``: a leader is red, awake, waits for nothing, every other process is black
    and nothing is in flight (at-most-one-leader and stability follow from it);
  * ``ids_in_flight``, ``one_one_each``, ``one_two_each``: a message carries a started
    process's id, and a One(j) or a Two(j) waits at one place at most (what ``no_duplicate``,
    which the FIFO encoding asks of every send, rests on);
  * ``asleep_sent_nothing``: nothing waits at the process after one that has not started, and
    that process is red.

``--with`` adds one of two tries at what ``turn_black`` needs (a process that has not started
has no Two at the head of its channel): ``asleep_head_some_one`` (some One is ahead of every Two
there: an existential) or ``asleep_head_predecessors_one`` (its predecessor's One(id) is), with
``aliases_are_ids`` (alias and alias(N) are ids of started processes) besides.

Exits 0 when it ran (whatever the verdict), 2 on a bad argument.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import z3
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from algorithms.cr import BLACK, RED  # noqa: E402
from algorithms.peterson import One, Peterson, Two  # noqa: E402
from checker.prove.all_n import PROVED, prove_all_n  # noqa: E402
from checker.prove.ring_order import is_next  # noqa: E402
from models import NIL, TRUE, And, Implies, Not, Or  # noqa: E402
from specs.all_n import AllNInvariant  # noqa: E402
from specs.all_n.in_flight import at_one_place  # noqa: E402


def _black(ring, x):
    return ring.process(x).color == BLACK


def _nothing_at(ring, y):
    return ring.forall_ints(lambda j: And(Not(ring.pending(y, One(j))), Not(ring.pending(y, Two(j)))))


def asleep_untouched(ring):
    """A process that has not started is red, with no alias, no alias(N), and is not leader."""
    return ring.forall(lambda x: Implies(ring.process(x).asleep, And(
        ring.process(x).color == RED, ring.process(x).alias == NIL, ring.process(x).alias_n == NIL,
        ring.process(x).leader == NIL)))


def awake_aliased(ring):
    """A started process's alias is at least its id: it takes only larger ones."""
    return ring.forall(lambda x: Implies(Not(ring.process(x).asleep), ring.process(x).alias >= ring.id(x)))


def black_idle(ring):
    """A black process has started, holds no alias(N) and is not leader."""
    return ring.forall(lambda x: Implies(_black(ring, x), And(
        Not(ring.process(x).asleep), ring.process(x).alias_n == NIL, ring.process(x).leader == NIL)))


def leader_true_or_nil(ring):
    """leader is TRUE or NIL."""
    return ring.forall(lambda x: Or(ring.process(x).leader == TRUE, ring.process(x).leader == NIL))


def leader_alone(ring):
    """A leader is the only red process, waits for nothing, and nothing is in flight."""
    return ring.forall(lambda x: Implies(ring.process(x).leader == TRUE, And(
        ring.process(x).color == RED, Not(ring.process(x).asleep), ring.process(x).alias_n == NIL,
        ring.forall(lambda y: Or(y == x, _black(ring, y))), ring.forall(lambda y: _nothing_at(ring, y)))))


def ids_in_flight(ring):
    """A message carries the id of a process that has started."""
    return ring.forall(lambda x: ring.forall_ints(lambda j: Implies(
        Or(ring.pending(x, One(j)), ring.pending(x, Two(j))),
        And(ring.id(ring.owner(j)) == j, Not(ring.process(ring.owner(j)).asleep)))))


def asleep_sent_nothing(ring):
    """Nothing waits at the process after one that has not started, and that process is red."""
    return ring.forall(lambda x, y: Implies(And(ring.process(x).asleep, is_next(x, y)),
                                            And(_nothing_at(ring, y), ring.process(y).color == RED)))


def aliases_are_ids(ring):
    """A started process's alias, and a red process's alias(N), are ids of started processes."""
    def started_id(v):
        return And(ring.id(ring.owner(v)) == v, Not(ring.process(ring.owner(v)).asleep))
    return ring.forall(lambda x: And(Implies(Not(ring.process(x).asleep), started_id(ring.process(x).alias)),
                                     Implies(ring.process(x).alias_n != NIL, started_id(ring.process(x).alias_n))))


def asleep_head_some_one(ring):
    """At a process that has not started, some One waits ahead of every Two."""
    def behind_a_one(x, j):
        k = z3.Int("k_ahead")
        return z3.Exists([k], ring.ahead(x, One(k), Two(j)))
    return ring.forall(lambda x: ring.forall_ints(lambda j: Implies(
        And(ring.process(x).asleep, ring.pending(x, Two(j))), behind_a_one(x, j))))


def asleep_head_predecessors_one(ring):
    """At a process that has not started, its predecessor's first One (its id) is the head."""
    return ring.forall(lambda y, x: ring.forall_ints(lambda j: Implies(And(ring.process(x).asleep, is_next(y, x)), And(
        Implies(ring.pending(x, Two(j)), ring.ahead(x, One(ring.id(y)), Two(j))),
        Implies(And(ring.pending(x, One(j)), j != ring.id(y)), ring.ahead(x, One(ring.id(y)), One(j)))))))


TRIES = {c.__name__: c for c in (asleep_head_some_one, asleep_head_predecessors_one)}

PARTIAL = AllNInvariant(
    Peterson,
    (asleep_untouched, awake_aliased, black_idle, leader_true_or_nil, leader_alone, ids_in_flight,
     at_one_place(One, "one_one_each"), at_one_place(Two, "one_two_each"), asleep_sent_nothing),
    "bench/peterson_all_n_sketch.py", fifo=True)


def parser() -> argparse.ArgumentParser:
    reader = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    reader.add_argument("--timeout", type=float, default=5.0, help="seconds per obligation (default 5)")
    reader.add_argument("--with", dest="extra", choices=sorted(TRIES), help="one more conjunct to try")
    return reader


def main(argv=None) -> int:
    arguments = parser().parse_args(argv)
    invariant = PARTIAL
    if arguments.extra:
        invariant = AllNInvariant(Peterson, PARTIAL.conjuncts + (aliases_are_ids, TRIES[arguments.extra]), PARTIAL.source, fifo=True)
    started = time.perf_counter()
    proof = prove_all_n(Peterson, invariant, timeout=arguments.timeout, counterexamples=False)
    left = [o for o in proof.obligations if o.status != PROVED]
    for obligation in left:
        print(f"{obligation.step} / {obligation.goal}: {obligation.status}")
    print(f"{len(proof.obligations)} obligations, {len(proof.obligations) - len(left)} proved, "
          f"{len(left)} not; {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
