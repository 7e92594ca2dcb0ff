"""Variant: seed 001's Hirschberg-Sinclair in which the process with id 4 sends its first
probes one hop further (ttl 1 in phase 0). Still correct, but id 4 is no longer like the
others: in 1,2,3,5,4 the 4's probes reach the 3 and in 1,2,4,5,3 the 3's do not reach the
4, so these two arrangements, twins in hs (checker/explore/twins.py), have different graphs.
"""
from algorithms.hs import HirschbergSinclair, Probe
from models import ite, spontaneous


class HSFourApart(HirschbergSinclair, name="hs-four-apart"):
    @spontaneous(when=lambda p: p.asleep)
    def wake(p):
        p.asleep = False
        p.send_all(Probe(p.id, 0, ite(p.id == 4, 1, 0)))
