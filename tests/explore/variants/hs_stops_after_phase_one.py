"""Variant: Hirschberg-Sinclair that takes a process whose phase-1 probes both come back for the
leader: its probes have seen every process within two hops on each side, the whole ring while
n <= 5. From n = 6 on, two processes can each be the largest within two hops, and both are
elected: at-most-one-leader fails at n >= 6 only (tests/explore/test_simulate.py finds it by
--simulate at n = 30).
"""
from algorithms.hs import CCW, CW, TRUE, HirschbergSinclair, Probe, Reply, Terminate
from models import NIL, And, opposite, receive


class HSStopsAfterPhaseOne(HirschbergSinclair, name="hs-stops-after-phase-one"):
    @receive(Reply, when=lambda p, m, port: And(m.id == p.id, p.replied[opposite(port)] == True, m.phase == 0))  # noqa: E712
    def second_reply(p, m, port):
        p.replied[CW] = False
        p.replied[CCW] = False
        p.send_all(Probe(p.id, m.phase + 1, 2 ** (m.phase + 1) - 1))

    @receive(Reply, when=lambda p, m, port: And(m.id == p.id, p.replied[opposite(port)] == True, m.phase > 0,  # noqa: E712
                                                p.leader == NIL))
    def assume_elected(p, m, port):
        p.replied[CW] = False
        p.replied[CCW] = False
        p.leader = TRUE
        p.send(CW, Terminate())
