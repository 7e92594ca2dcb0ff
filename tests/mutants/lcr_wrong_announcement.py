"""Mutant: LCR whose processes pass on <terminate> with their own id instead of the leader's.

Exactly one process is leader, but the others record different leaders. Must be caught as
agreement.
"""
from algorithms.lcr import LCR, Terminate
from models import NEXT, NIL, receive


class LCRWrongAnnouncement(LCR, name="lcr-wrong-announcement"):
    @receive(Terminate, when=lambda p, m, port: p.leader == NIL)
    def terminate(p, m, port):
        p.leader = m.id
        p.send(NEXT, Terminate(p.id))
