"""Itai-Rodeh whose coins are looked up by the process's name, ``str(p.id)``: every named one is loaded.

The table was meant to bias a few processes; it gives every id 1..9 a coin that always shows 1.
With real ids no process ever draws 0, so none becomes inactive and every round is repeated:
almost-sure-termination fails under every scheduler. With hidden ids ``str(p.id)`` names no
entry, every coin is fair and the ring elects almost surely: a search that let ``str`` through
would stand for every arrangement with a graph none of them has.
"""
from algorithms.itai_rodeh import Counter, ItaiRodeh, Phase, Preference
from models import NEXT, And, Not, receive, spontaneous

LOADED = {str(pid): (1,) for pid in range(1, 10)}  # the coin of each named process


def coin(p):
    """The faces process p draws from: its loaded coin, or a fair one."""
    return LOADED.get(str(p.id), (0, 1))


class ItaiRodehCoinsByName(ItaiRodeh, name="itai-rodeh-coins-by-name"):
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
