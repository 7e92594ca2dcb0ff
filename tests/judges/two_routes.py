"""Judges' test case: a message count that depends on the path, not on the state, for n = 1.

The process chooses one of three routes to the same decided state (stage 9, channels empty):
  one:  stage 1, sends a ping; receiving it ends the route             (1 message, 2 steps)
  free: stage 2; a second spontaneous step ends the route              (0 messages, 2 steps)
  two:  stage 3, sends a ping; receiving it sends another; receiving
        that ends the route                                             (2 messages, 3 steps)
Kahn's pass meets the decided state from route one first (cost 1), then from route free
(cost 0: the minimum must be lowered), then from route two (cost 2: the maximum must be
raised). A correct election at n = 1: VERIFIED, messages 0 to 2, and a declared bound of 1
is VIOLATED by route two.
"""
from models import NEXT, Algorithm, Local, Message, UnidirectionalRing, receive, spontaneous


class Ping(Message):
    pass


class TwoRoutes(Algorithm, name="judges-two-routes"):
    topology = UnidirectionalRing
    stage = Local(int, 0)

    def is_leader(p):
        return p.stage == 9

    def decided(p):
        return p.stage == 9

    @staticmethod
    def message_bound(n):
        return 2

    @spontaneous(when=lambda p: p.stage == 0)
    def one(p):
        p.stage = 1
        p.send(NEXT, Ping())

    @spontaneous(when=lambda p: p.stage == 0)
    def free(p):
        p.stage = 2

    @spontaneous(when=lambda p: p.stage == 0)
    def two(p):
        p.stage = 3
        p.send(NEXT, Ping())

    @receive(Ping, when=lambda p, m, port: p.stage == 1)
    def end_one(p, m, port):
        p.stage = 9

    @spontaneous(when=lambda p: p.stage == 2)
    def end_free(p):
        p.stage = 9

    @receive(Ping, when=lambda p, m, port: p.stage == 3)
    def again(p, m, port):
        p.stage = 4
        p.send(NEXT, Ping())

    @receive(Ping, when=lambda p, m, port: p.stage == 4)
    def end_two(p, m, port):
        p.stage = 9
