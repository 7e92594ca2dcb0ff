"""Itai-Rodeh that looks its coin up by id and swallows any failure with a bare ``except:``.

The lint refuses ``try`` at load. Without the lint: a hidden id refuses to be a dict key by
raising, and the bare ``except:`` catches that too, so the id-blind search would see fair
coins. The search takes every step with the real ids as well, where the lookup succeeds: every
id 1..9 has a coin that always shows 1, no process ever draws 0 and every round is repeated, so
almost-sure-termination fails.
"""
from algorithms.itai_rodeh import Counter, ItaiRodeh, Phase, Preference
from models import NEXT, And, Not, receive, spontaneous

LOADED = {pid: (1,) for pid in range(1, 10)}


def coin(p):
    """Process p's coin: its loaded one if it has one, else a fair one."""
    try:
        return LOADED[p.id]
    except:  # noqa: E722 -- the bug: it also swallows what is not a KeyError
        return (0, 1)


class ItaiRodehCoinsSwallowRefusal(ItaiRodeh, name="itai-rodeh-coins-swallow-refusal"):
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
