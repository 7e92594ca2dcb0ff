"""Mutant: LCR whose processes pass on <terminate> even after deciding.

The terminate message circles the ring forever (every process re-records the same leader,
so no decision changes). Must be caught as termination, with a lasso-shaped trace.
"""
from algorithms.lcr import LCR, Terminate
from models import NEXT, receive


class LCRNeverTerminates(LCR, name="lcr-never-terminates"):
    @receive(Terminate)
    def terminate(p, m, port):
        p.leader = m.id
        p.send(NEXT, Terminate(m.id))
