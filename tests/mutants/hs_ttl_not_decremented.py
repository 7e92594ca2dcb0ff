"""Mutant: Hirschberg-Sinclair whose relayed probe keeps its ttl and bounces at ttl 1, not 0.

Phase-0 probes (ttl 0) are then never answered by a relay: a probe with ttl 0 at a process
with a smaller id matches no command and is consumed, so no process ever gets its replies,
nobody wins, and the run ends with no leader. Must be caught as election.
"""
from algorithms.hs import HirschbergSinclair, Probe, Reply
from models import And, opposite, receive


class HSTtlNotDecremented(HirschbergSinclair, name="hs-ttl-not-decremented"):
    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl > 1))
    def relay_probe(p, m, port):
        p.send(opposite(port), Probe(m.id, m.phase, m.ttl))

    @receive(Probe, when=lambda p, m, port: And(m.id > p.id, m.ttl == 1))
    def bounce(p, m, port):
        p.send(port, Reply(m.id, m.phase))
