"""Mutant: Hirschberg-Sinclair that passes on probes of smaller ids instead of swallowing them.

Every probe then survives, every process completes every phase, and each one's probe comes
home: several processes elect themselves. Must be caught as at-most-one-leader.
"""
from algorithms.hs import HirschbergSinclair, Probe, Reply
from models import And, opposite, receive


class HSNeverSwallows(HirschbergSinclair, name="hs-never-swallows"):
    swallow = None

    @receive(Probe, when=lambda p, m, port: And(m.id != p.id, m.ttl > 0))
    def relay_probe(p, m, port):
        p.send(opposite(port), Probe(m.id, m.phase, m.ttl - 1))

    @receive(Probe, when=lambda p, m, port: And(m.id != p.id, m.ttl == 0))
    def bounce(p, m, port):
        p.send(port, Reply(m.id, m.phase))
