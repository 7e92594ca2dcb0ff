"""Chang-Roberts with every process an initiator (algorithms/cr_all.py) on rings of every size.

cr's argument (specs/all_n/cr.py) with one more conjunct. In cr a token passes a process that
let it: an initiator with a smaller id (it resigns) or a non-initiator, which turns black and so
never initiates. cr-all has no non-initiator's loop: a process a token reaches first initiates
and then handles the token as an initiator. So a process that has not initiated has let no
token pass and is still red, and cr's "let it pass" then means an initiator with a smaller id.
Without that conjunct cr's invariant allows a black process that has not initiated, which in cr
has let tokens pass for good, and in cr-all would initiate on the next token and stop letting
them pass (the counterexample to induction `check cr-all --all-n` printed). cr's
leader_initiated is not needed here: every process has initiated before a token can come home.
"""
from algorithms.cr import RED
from algorithms.cr_all import ChangRobertsAllInitiators
from models import Implies, Not

from . import AllNInvariant
from .cr import announces_leader, decided_on_leader, leader_max, no_bypass, self_pending_max


def uninitiated_red(ring):
    """A process that has not initiated is red: no token has reached it yet."""
    return ring.forall(lambda x: Implies(Not(ring.process(x).initiated), ring.process(x).color == RED))


INVARIANT = AllNInvariant(
    ChangRobertsAllInitiators,
    (uninitiated_red, leader_max, self_pending_max, no_bypass, announces_leader, decided_on_leader),
    "specs/all_n/cr_all.py")
