"""VariableSpeeds without the variable speeds: every message is passed on as soon as it arrives.

Caught by message-bound at n = 4: with all messages equally fast the algorithm is the simple
ring algorithm run in lockstep, and ids 1, 2, 3, 4 (each message held by every larger id)
send n(n+1)/2 = 10 messages, more than the 2n the slides' O(n) analysis allows.
"""
from algorithms.variable_speeds import Token, VariableSpeeds
from models import receive


class VariableSpeedsOneSpeed(VariableSpeeds, name="variable-speeds-one-speed"):
    @receive(Token, when=lambda p, m, port: m.id < p.smallest)
    def delay_it(p, m, port):
        p.smallest = m.id
        p.held = m.id
        p.wait = 0
