"""Itai-Rodeh with a coin that always shows 1: no randomness left, so no processor ever turns
inactive and, as seed 000 proves for anonymous rings, no leader is ever elected."""
from algorithms.itai_rodeh import Counter, ItaiRodeh, Phase, Preference, _quits
from models import NEXT, And, Not, receive, spontaneous


class ConstantCoin(ItaiRodeh, name="itai-rodeh-constant-coin"):
    @spontaneous(when=lambda p: p.phase == Phase.IDLE)
    def choose(p):
        p.bit = p.draw((1,))
        p.phase = Phase.CHOSEN
        p.send(NEXT, Preference(p.bit))

    @receive(Preference, when=lambda p, m, port: p.phase == Phase.IDLE)
    def choose_on_arrival(p, m, port):
        p.bit = p.draw((1,))
        p.got = m.bit
        p.phase = Phase.PENDING
        p.send(NEXT, Preference(p.bit))

    @receive(Counter, when=lambda p, m, port: And(p.phase == Phase.PENDING, Not(_quits(p.bit, p.got))))
    def counter_before_deciding_active(p, m, port):
        p.send(NEXT, Counter(0))
        p.bit = p.draw((1,))
        p.got = 0
        p.phase = Phase.CHOSEN
        p.send(NEXT, Preference(p.bit))

    @receive(Counter, when=lambda p, m, port: And(p.phase == Phase.COUNTING, m.hops != p.n - 1))
    def next_round(p, m, port):
        p.bit = p.draw((1,))
        p.phase = Phase.CHOSEN
        p.send(NEXT, Preference(p.bit))
