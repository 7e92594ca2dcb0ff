"""An inductive invariant of cr for rings of 3, inferred (checker/prove/infer.py).

Found by `check cr --n 3 --infer`: 765 candidate conjuncts from templates over the algorithm's
locals, decision functions and messages; 116 of them hold on every one of the 423 reachable
states at n = 3, and z3 weakened the 42 of those that the states tell apart (Houdini) to an
inductive core of 12 that implies the safety properties, and minimised it to the 7 conjuncts
below (with well_typed). It is about n = 3 only: `check cr --n 3 --prove --invariant THIS_FILE`
proves it.
"""

from __future__ import annotations

from algorithms.cr import ChangRoberts, Color, Leader, Token
from models import And, Implies, NIL
from specs.invariants import Exists, ForAll, Invariant, conjunct


class ChangRobertsInferredInvariant(Invariant, algorithm=ChangRoberts):
    symmetric = True  # positions are read only through path_from and position comparisons

    @conjunct
    def L_own_implies_initiated(s):
        """A process that has L equal to its id has initiated."""
        return ForAll(s.processes, lambda p: Implies(p.L == p.id, p.initiated))

    @conjunct
    def color_red_smallest_among_L_own(s):
        """A process that has color RED has a smaller id than every other process that has L equal to its id."""
        return ForAll(s.processes, lambda p: Implies(p.color == Color.RED, ForAll(s.processes,
            lambda q: Implies(And(q.position != p.position, q.L == q.id), q.id > p.id))))

    @conjunct
    def L_own_largest_among_initiated(s):
        """A process that has L equal to its id has a larger id than every other process that has initiated."""
        return ForAll(s.processes, lambda p: Implies(p.L == p.id, ForAll(s.processes,
            lambda q: Implies(And(q.position != p.position, q.initiated), q.id < p.id))))

    @conjunct
    def L_names_L_own(s):
        """A process with L set has the id of a process that has L equal to its id."""
        return ForAll(s.processes, lambda p: Implies(p.L != NIL, Exists(s.processes, lambda q: And(q.id == p.L,
            q.L == q.id))))

    @conjunct
    def leader_id_from_L_own(s):
        """Every Leader message in a channel has the id of a process that has L equal to its id."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Leader), lambda m: Exists(s.with_id(m.id),
            lambda q: q.L == q.id)))

    @conjunct
    def token_id_passed_color_black(s):
        """Every Token message in a channel has passed, since the process with its id, only processes that has color BLACK."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Token), lambda m: ForAll(s.with_id(m.id),
            lambda q: ForAll(ch.path_from(q), lambda r: r.color == Color.BLACK))))

    @conjunct
    def token_id_passed_initiated_smaller(s):
        """Every Token message in a channel has passed, since the process with its id, no process that has initiated with a larger id than its id."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Token), lambda m: ForAll(s.with_id(m.id),
            lambda q: ForAll(ch.path_from(q), lambda r: Implies(r.initiated, r.id < m.id)))))
