"""Itai-Rodeh whose coin depends on ``type(p.id).__name__``, which no hidden id can refuse.

``type(x)`` does not ask x, so a hidden id cannot stop it: the id-blind search meets this one
with the real ids, taking every step both ways. Every real id is an ``int``, whose coin always
shows 1: no process ever draws 0, none becomes inactive and every round is repeated, so
almost-sure-termination fails. With the hidden id's type name every coin would be fair.
"""
from algorithms.itai_rodeh import Counter, ItaiRodeh, Phase, Preference
from models import NEXT, And, Not, receive, spontaneous

COINS = {"int": (1,)}


def coin(p):
    """The faces process p draws from."""
    return COINS.get(type(p.id).__name__, (0, 1))


class ItaiRodehCoinsByTypeName(ItaiRodeh, name="itai-rodeh-coins-by-type-name"):
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
