"""Itai-Rodeh whose coin depends on the type of ``p.id``: an int id gets a coin that always shows 1.

``isinstance(p.id, int)`` picks the coin: every real id is an int, so no process ever draws 0,
none becomes inactive and every round is repeated: almost-sure-termination fails. A hidden id
that answered ``isinstance`` (False) would give every process a fair coin.
"""
from algorithms.itai_rodeh import Counter, ItaiRodeh, Phase, Preference
from models import NEXT, And, Not, receive, spontaneous

COINS = {True: (1,), False: (0, 1)}


def coin(p):
    """The faces process p draws from."""
    return COINS[isinstance(p.id, int)]


class ItaiRodehCoinsByType(ItaiRodeh, name="itai-rodeh-coins-by-type"):
    @spontaneous(when=lambda p: p.phase == Phase.IDLE)
    def choose(p):
        p.bit = p.draw(coin(p))
        p.phase = Phase.CHOSEN
        p.send(NEXT, Preference(p.bit))

    @receive(Preference, when=lambda p, m, port: p.phase == Phase.IDLE)
    def choose_on_arrival(p, m, port):
        p.bit = p.draw(coin(p))
        p.got = m.bit
        p.phase = Phase.PENDING
        p.send(NEXT, Preference(p.bit))

    @receive(Counter, when=lambda p, m, port: And(p.phase == Phase.PENDING, Not(And(p.bit == 0, p.got == 1))))
    def counter_before_deciding_active(p, m, port):
        p.send(NEXT, Counter(0))
        p.bit = p.draw(coin(p))
        p.got = 0
        p.phase = Phase.CHOSEN
        p.send(NEXT, Preference(p.bit))

    @receive(Counter, when=lambda p, m, port: And(p.phase == Phase.COUNTING, m.hops != p.n - 1))
    def next_round(p, m, port):
        p.bit = p.draw(coin(p))
        p.phase = Phase.CHOSEN
        p.send(NEXT, Preference(p.bit))
