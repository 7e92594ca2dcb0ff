"""An inductive invariant of Chang-Roberts with every process an initiator (algorithms/cr_all.py).

cr's invariant (specs/cr_invariant.py) with one more conjunct and two fewer, as on rings of every size
(specs/all_n/cr_all.py): cr-all has no non-initiator's loop, so a process that a token reaches
first initiates and then handles the token as an initiator. A process that has not initiated
has therefore let no token pass and is still red. Without that conjunct cr's invariant allows a
black process that has not initiated, which in cr has let tokens pass for good and in cr-all
would initiate on the next token and stop letting them pass: the counterexample to induction
`check cr-all --n 3 --prove` printed with cr's invariant (no_bypass broken by
initiate_then_remove).

``check cr-all --n 6 --prove`` proves it for every arrangement of six ids.
"""
from __future__ import annotations

from algorithms.cr import RED
from algorithms.cr_all import ChangRobertsAllInitiators
from models import Implies, Not

from .cr_invariant import CRInvariant
from .invariants import ForAll, conjunct


class CRAllInvariant(CRInvariant, algorithm=ChangRobertsAllInitiators):
    # every process initiates before a token can reach it: cr's two conjuncts about initiators
    # (a token's origin and a leader have initiated) hold but are not needed here
    token_from_initiator = None
    leader_initiated = None

    @conjunct
    def uninitiated_red(s):
        """A process that has not initiated is red: no token has reached it yet."""
        return ForAll(s.processes, lambda p: Implies(Not(p.initiated), p.color == RED))
