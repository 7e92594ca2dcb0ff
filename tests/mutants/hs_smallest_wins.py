"""Mutant: Hirschberg-Sinclair with the comparisons reversed, so the smallest id wins.

It still elects exactly one leader, but not the largest id that the algorithm promises.
Must be caught as leader-is-largest.
"""
from algorithms.hs import HirschbergSinclair, Probe, Reply
from models import And, opposite, receive


class HSSmallestWins(HirschbergSinclair, name="hs-smallest-wins"):
    @receive(Probe, when=lambda p, m, port: m.id > p.id)
    def swallow(p, m, port):
        pass

    @receive(Probe, when=lambda p, m, port: And(m.id < p.id, m.ttl > 0))
    def relay_probe(p, m, port):
        p.send(opposite(port), Probe(m.id, m.phase, m.ttl - 1))

    @receive(Probe, when=lambda p, m, port: And(m.id < p.id, m.ttl == 0))
    def bounce(p, m, port):
        p.send(port, Reply(m.id, m.phase))
