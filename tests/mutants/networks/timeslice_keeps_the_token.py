"""TimeSlice whose processes record the leader but do not pass its token on.

Caught by at-most-one-leader: the token stops at the leader's neighbour, so the next process
hears nothing, and declares itself in its own phase.
"""
from algorithms.timeslice import TimeSlice, Token
from models import NIL, receive


class TimeSliceKeepsTheToken(TimeSlice, name="timeslice-keeps-the-token"):
    @receive(Token, when=lambda p, m, port: p.leader == NIL)
    def pass_token(p, m, port):
        p.leader = m.id
