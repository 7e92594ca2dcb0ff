"""Mutant: seed 000's Hirschberg-Sinclair with the comparisons of seed 001's version (tokens
of larger ids pass, smaller ones are discarded) while still promising the smallest id.

It elects a leader, the largest id. Must be caught as leader-is-smallest.
"""
from algorithms.hs_lecture import HirschbergSinclairLecture, In, Out
from models import And, opposite, receive


class HSLectureLargestPasses(HirschbergSinclairLecture, name="hs-lecture-largest-passes"):
    @receive(Out, when=lambda p, m, port: And(m.id > p.id, m.h > 1))
    def pass_out(p, m, port):
        p.send(opposite(port), Out(m.id, m.h - 1))

    @receive(Out, when=lambda p, m, port: And(m.id > p.id, m.h == 1))
    def turn_back(p, m, port):
        p.send(port, In(m.id))

    @receive(Out, when=lambda p, m, port: m.id < p.id)
    def discard(p, m, port):
        pass
