"""An inductive invariant of Franklin (algorithms/franklin.py, seed 002_8e2c4d6f504b108f.txt,
section 11.2.2.2).

The text's proof of Theorem 11.2 counts rounds; safety needs none of them. A token is relayed
only by black processes, and a process turns black only when it holds a token from a larger
id. So:

* a token, wherever it is -- in a channel, or held by a process in ``token[port]`` or
  ``early[port]`` -- carries the id of a process, and every process it has passed since it
  left that process is black (``tokens_passed_black``, ``held_tokens_passed_black``). A token
  held on a port has passed the processes between its origin and the holder on that side,
  which for the holder's own token is every other process;
* a black process has a larger id than some process's (``black_has_larger``): it quit on a
  token, which carries a process's id;
* so a process that holds its own token is the only red one, and as the largest id never turns
  black, it is the largest (``leader_max``): ``elected`` reads exactly that.

FIFO order and the early buffer, which the rounds rest on, matter for liveness (a lost early
token leaves a process waiting for ever: tests/mutants/franklin_drops_early_token.py), not for
who can win. ``check franklin --n 3 --prove`` proves it for every arrangement of three ids in
a few seconds, and so up to n = 8 (docs/proofs.md); at-most-one-leader and leader-is-largest
follow from it. For rings of every size, specs/all_n/franklin.py makes the same argument with
"the process with the largest id" for "a larger id" (docs/proofs-all-n.md says why).
"""
from __future__ import annotations

from algorithms.cr import BLACK
from algorithms.franklin import Franklin, Token
from models import CCW, CW, NIL, And, Implies

from .invariants import Exists, ForAll, Invariant, conjunct


def _passed_black(s, ch, x):
    """``x`` is the id of a process, and every process a token from it has passed to be in
    ``ch`` (or at ``ch``'s receiver) is black."""
    return And(Exists(s.with_id(x), lambda o: True),
               ForAll(s.with_id(x), lambda o: ForAll(ch.path_from(o), lambda r: r.color == BLACK)))


class FranklinInvariant(Invariant, algorithm=Franklin):
    symmetric = True  # positions are read only through path_from and position comparisons

    @conjunct
    def tokens_passed_black(s):
        """A token in a channel carries a process's id and has passed only black processes."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Token), lambda m: _passed_black(s, ch, m.id)))

    @conjunct
    def held_tokens_passed_black(s):
        """A token a process holds from a side (this round's or an early one) carries a process's
        id and has passed only black processes to reach it."""
        return ForAll(s.processes, lambda p: ForAll([CW, CCW], lambda port: And(
            Implies(p.token[port] != NIL, _passed_black(s, s.inbox(p, port), p.token[port])),
            Implies(p.early[port] != NIL, _passed_black(s, s.inbox(p, port), p.early[port])))))

    @conjunct
    def black_has_larger(s):
        """A black process has a smaller id than some process."""
        return ForAll(s.processes, lambda p: Implies(p.color == BLACK,
            Exists(s.processes, lambda q: q.id > p.id)))

    @conjunct
    def leader_max(s):
        """A leader's id is larger than every other process's."""
        return ForAll(s.processes, lambda p: Implies(s.is_leader(p),
            ForAll(s.processes, lambda q: Implies(q.position != p.position, q.id < p.id))))
