"""Variant: TimeSlice whose token stops one hop before it is back at the leader.

The token counts its hops, and the process that would send it back to the leader keeps it:
everyone has recorded the leader by then, so the election is correct, with n - 1 messages
instead of the n that TimeSlice declares exact (and one round fewer). Checked only as upper
bounds, both held.
"""
from algorithms.timeslice import TimeSlice
from models import NEXT, NIL, And, Message, receive, spontaneous


class CountedToken(Message):
    id: int
    hops: int


class TimeSliceTokenStopsShort(TimeSlice, name="timeslice-token-stops-short"):
    pass_token = None

    @receive(CountedToken, when=lambda p, m, port: And(p.leader == NIL, m.hops < p.n - 2))
    def pass_counted(p, m, port):
        p.leader = m.id
        p.send(NEXT, CountedToken(m.id, m.hops + 1))

    @receive(CountedToken, when=lambda p, m, port: And(p.leader == NIL, m.hops == p.n - 2))
    def keep_counted(p, m, port):  # the next process is the leader: it knows already
        p.leader = m.id

    @spontaneous(when=lambda p: And(p.leader == NIL, p.clock == p.id * p.n))
    def declare(p):
        p.leader = p.id
        p.send(NEXT, CountedToken(p.id, 0))
        p.clock = p.clock + 1
