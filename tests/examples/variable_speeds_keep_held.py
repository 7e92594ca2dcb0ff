"""VariableSpeeds (algorithms/variable_speeds.py) under the other reading of "hold the smallest":
a token being delayed is kept, not dropped, when a smaller one arrives; each keeps its own delay of
2^u - 1 rounds, so a process may hold several. Written out for ids 1..4 (a token of uid 4 is never
held: no process has seen only larger ids), with one step command per set of tokens whose delay
ends this round (a process takes one step a round); tokens released together leave smallest first.

This is the built-in ``variable-speeds-literal`` written without conditional sends (``when=``):
tests/algorithms/test_seed_networks.py checks that the two agree on every arrangement at n = 3
and 4 (the slides' "fewer than 2n messages" fails sooner under this reading: 9 against 8).
"""
from models import NEXT, NIL, SMALLEST, SYNCHRONOUS, TRUE, Algorithm, And, Decision, Id, Local, Message, Or, ite
from models import UnidirectionalRing, receive, spontaneous


class Token(Message):
    id: int


class KeepHeld(Algorithm, name="variable-speeds-keep-held"):
    """VariableSpeeds keeping every delayed token (ids 1..4); smallest id wins."""

    topology = UnidirectionalRing
    timing = SYNCHRONOUS
    winner = SMALLEST

    awake = Local(bool, False)
    smallest = Local(Id, NIL)
    leader = Local(Decision, NIL)
    w1 = Local(int, -1)  # rounds the token of uid 1 still waits; -1: not held
    w2 = Local(int, -1)  # the same for uid 2
    w3 = Local(int, -1)  # and uid 3

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return Or(p.leader == TRUE, And(p.smallest != NIL, p.smallest < p.id))

    @spontaneous(when=lambda p: p.awake == False)  # noqa: E712
    def wake(p):
        p.awake = True
        p.smallest = p.id
        p.send(NEXT, Token(p.id))

    @receive(Token, when=lambda p, m, port: m.id == p.id)
    def elected(p, m, port):
        p.leader = TRUE

    @receive(Token, when=lambda p, m, port: m.id < p.smallest)
    def delay_it(p, m, port):  # hold it for 2^u - 1 rounds, keeping any held already
        p.smallest = m.id
        p.w1 = ite(m.id == 1, 1, p.w1)
        p.w2 = ite(m.id == 2, 3, p.w2)
        p.w3 = ite(m.id == 3, 7, p.w3)

    @receive(Token, when=lambda p, m, port: And(m.id > p.smallest, m.id != p.id))
    def swallow(p, m, port):
        pass

    @spontaneous(when=lambda p: And(p.awake == True,  # noqa: E712
                                    p.w1 != 0, p.w2 != 0, p.w3 != 0, Or(p.w1 > 0, p.w2 > 0, p.w3 > 0)))
    def tick_none(p):
        p.w1 = ite(p.w1 > 0, p.w1 - 1, p.w1)
        p.w2 = ite(p.w2 > 0, p.w2 - 1, p.w2)
        p.w3 = ite(p.w3 > 0, p.w3 - 1, p.w3)

    @spontaneous(when=lambda p: And(p.awake == True,  # noqa: E712
                                    p.w1 == 0, p.w2 != 0, p.w3 != 0))
    def tick_1(p):
        p.send(NEXT, Token(1))
        p.w1 = -1
        p.w2 = ite(p.w2 > 0, p.w2 - 1, p.w2)
        p.w3 = ite(p.w3 > 0, p.w3 - 1, p.w3)

    @spontaneous(when=lambda p: And(p.awake == True,  # noqa: E712
                                    p.w2 == 0, p.w1 != 0, p.w3 != 0))
    def tick_2(p):
        p.send(NEXT, Token(2))
        p.w2 = -1
        p.w1 = ite(p.w1 > 0, p.w1 - 1, p.w1)
        p.w3 = ite(p.w3 > 0, p.w3 - 1, p.w3)

    @spontaneous(when=lambda p: And(p.awake == True,  # noqa: E712
                                    p.w3 == 0, p.w1 != 0, p.w2 != 0))
    def tick_3(p):
        p.send(NEXT, Token(3))
        p.w3 = -1
        p.w1 = ite(p.w1 > 0, p.w1 - 1, p.w1)
        p.w2 = ite(p.w2 > 0, p.w2 - 1, p.w2)

    @spontaneous(when=lambda p: And(p.awake == True,  # noqa: E712
                                    p.w1 == 0, p.w2 == 0, p.w3 != 0))
    def tick_1_2(p):
        p.send(NEXT, Token(1))
        p.w1 = -1
        p.send(NEXT, Token(2))
        p.w2 = -1
        p.w3 = ite(p.w3 > 0, p.w3 - 1, p.w3)

    @spontaneous(when=lambda p: And(p.awake == True,  # noqa: E712
                                    p.w1 == 0, p.w3 == 0, p.w2 != 0))
    def tick_1_3(p):
        p.send(NEXT, Token(1))
        p.w1 = -1
        p.send(NEXT, Token(3))
        p.w3 = -1
        p.w2 = ite(p.w2 > 0, p.w2 - 1, p.w2)

    @spontaneous(when=lambda p: And(p.awake == True,  # noqa: E712
                                    p.w2 == 0, p.w3 == 0, p.w1 != 0))
    def tick_2_3(p):
        p.send(NEXT, Token(2))
        p.w2 = -1
        p.send(NEXT, Token(3))
        p.w3 = -1
        p.w1 = ite(p.w1 > 0, p.w1 - 1, p.w1)

    @spontaneous(when=lambda p: And(p.awake == True,  # noqa: E712
                                    p.w1 == 0, p.w2 == 0, p.w3 == 0))
    def tick_1_2_3(p):
        p.send(NEXT, Token(1))
        p.w1 = -1
        p.send(NEXT, Token(2))
        p.w2 = -1
        p.send(NEXT, Token(3))
        p.w3 = -1
