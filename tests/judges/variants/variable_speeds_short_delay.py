"""Variant: VariableSpeeds whose uid-u message waits 2^u - 2 rounds a hop, one fewer.

Speeds keep the order of the ids (a hop takes 2^u - 1 rounds), so the smallest id still wins
and the others are swallowed, but the run ends after 2 + (n - 1)(2^u - 1) rounds, n - 1 fewer
than the 2 + (n - 1)2^u that VariableSpeeds declares exact.
"""
from algorithms.variable_speeds import Token, VariableSpeeds
from models import receive


class VariableSpeedsShortDelay(VariableSpeeds, name="variable-speeds-short-delay"):
    @receive(Token, when=lambda p, m, port: m.id < p.smallest)
    def delay_it(p, m, port):
        p.smallest = m.id
        p.held = m.id
        p.wait = 2 ** m.id - 2
