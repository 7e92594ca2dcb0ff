"""Itai-Rodeh whose coin is loaded for the ids 4 and 5, recognised by identity: ``id(p.id) == id(4)``.

CPython keeps one object per small int, so ``id(p.id)`` tells the values apart without asking
the id anything: no hidden id can refuse it. Checked with ``--id-values 1..5``: where two of
the ids are 4 and 5, their coins always show 1, neither ever becomes inactive and the rounds
are repeated for ever, so almost-sure-termination fails; with the ids 1, 2, 3 (the first
arrangement) every coin is fair and the ring elects almost surely. So the id-blind search must
take its steps with every id value of the run, not only with the first arrangement's ids.
"""
from algorithms.itai_rodeh import Counter, ItaiRodeh, Phase, Preference
from models import NEXT, And, Not, Or, receive, spontaneous

FOUR, FIVE = id(4), id(5)  # where CPython keeps these ints
COINS = {True: (1,), False: (0, 1)}


def coin(p):
    """The faces process p draws from."""
    return COINS[Or(id(p.id) == FOUR, id(p.id) == FIVE)]


class ItaiRodehCoinsByIdentity(ItaiRodeh, name="itai-rodeh-coins-by-identity"):
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
