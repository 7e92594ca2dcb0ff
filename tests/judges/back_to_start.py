"""Judges' test case: a cycle through the initial state, with a way out, for n = 1.

State graph at n = 1: initial (flag off) -flip-> flag on -flip-> initial, and flag on -decide->
decided (terminal). No state has indegree 0, so Kahn's pass removes nothing at all. Must be
VIOLATED as termination by both engines, with the lasso: empty stem, cycle flip, flip.
"""
from models import Algorithm, And, Local, Not, UnidirectionalRing, spontaneous


class BackToStart(Algorithm, name="judges-back-to-start"):
    topology = UnidirectionalRing
    flag = Local(bool, False)
    done = Local(bool, False)

    def is_leader(p):
        return p.done

    def decided(p):
        return p.done

    @spontaneous(when=lambda p: Not(p.done))
    def flip(p):
        p.flag = Not(p.flag)

    @spontaneous(when=lambda p: And(p.flag, Not(p.done)))
    def decide(p):
        p.done = True
