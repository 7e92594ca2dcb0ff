"""VariableSpeeds without the variable speeds: every message is passed on as soon as it arrives.

Caught by message-bound at n = 6: with all messages equally fast the algorithm is the simple
ring algorithm run in lockstep, and ids 1, 2, ..., 6 (each message passed on by every larger
id) send n(n+1)/2 = 21 messages, more than the 3n = 18 checked for O(n). And by round-bound: the
smallest id is back after n + 1 = 7 rounds, not the 2 + (n - 1)2 = 12 VariableSpeeds declares exact.
"""
from algorithms.variable_speeds import Token, VariableSpeeds
from models import receive


class VariableSpeedsOneSpeed(VariableSpeeds, name="variable-speeds-one-speed"):
    @receive(Token, when=lambda p, m, port: m.id < p.smallest)
    def delay_it(p, m, port):
        p.smallest = m.id
        p.held = m.id
        p.wait = 0
