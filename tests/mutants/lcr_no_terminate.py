"""Mutant: LCR without the terminate round.

The leader decides, but nobody tells the others: the run ends with undecided processes.
Must be caught as election.
"""
from algorithms.lcr import LCR, Token
from models import receive


class LCRNoTerminate(LCR, name="lcr-no-terminate"):
    @receive(Token, when=lambda p, m, port: m.id == p.id)
    def elected(p, m, port):
        p.leader = p.id
