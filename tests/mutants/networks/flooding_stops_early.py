"""Flooding that stops one round early: D - 1 rounds of sending do not reach across the network.

Caught by agreement: on a path of 4 (D = 3) the process three hops from the largest id never
hears of it and records another leader.
"""
from algorithms.flooding import Flooding, Leader
from models import NIL, And, ite, spontaneous


class FloodingStopsEarly(Flooding, name="flooding-stops-early"):
    @spontaneous(when=lambda p: p.r + 1 < p.diameter)
    def send_leader(p):
        p.L = ite(p.L == NIL, p.id, p.L)
        p.send_all(Leader(p.L))
        p.r = p.r + 1

    @spontaneous(when=lambda p: And(p.r + 1 >= p.diameter, p.done == False))  # noqa: E712
    def decide(p):
        p.L = ite(p.L == NIL, p.id, p.L)
        p.done = True
