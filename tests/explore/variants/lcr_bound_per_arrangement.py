"""Variant: LCR whose message bound, which takes the arrangement, is one short at ids 1,4,2,3 only.

At n = 4 the arrangement 1,4,2,3 is derived from 1,3,2,4's search (twins.py: they have the same
graph with 3 and 4 swapped), and sends up to 12 messages, against a bound of 11 there (14
elsewhere, LCR's n(n+1)/2 + n). A twin is judged against its own arrangement's bound.
"""
from algorithms.lcr import LCR


class LCRBoundPerArrangement(LCR, name="lcr-bound-per-arrangement"):
    @staticmethod
    def message_bound(n, setting):
        return 11 if setting.ids == (1, 4, 2, 3) else n * (n + 1) // 2 + n
