"""Judges' test case: a process that decides and then idles forever (a self-loop), for n = 1.

State graph at n = 1: initial -decide-> decided, and decided -idle-> decided. The decided
state is the only one Kahn's pass leaves, so an acyclicity test that is off by one (`done <
count - 1`) calls this graph acyclic. Must be VIOLATED as termination by both engines.
"""
from models import Algorithm, Local, Not, UnidirectionalRing, spontaneous


class SelfLoop(Algorithm, name="judges-self-loop"):
    topology = UnidirectionalRing
    done = Local(bool, False)

    def is_leader(p):
        return p.done

    def decided(p):
        return p.done

    @spontaneous(when=lambda p: Not(p.done))
    def decide(p):
        p.done = True

    @spontaneous(when=lambda p: p.done)
    def idle(p):
        pass
