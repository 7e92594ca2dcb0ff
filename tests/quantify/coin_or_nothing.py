"""A process that tosses a coin: heads it leads, tails it gives up. Alone (n = 1) it is elected with
probability 1/2, and the other half of the executions end without a leader."""
from models import FALSE, NIL, TRUE, Algorithm, Decision, Local, UnidirectionalRing, ite, spontaneous


class CoinOrNothing(Algorithm, name="coin-or-nothing"):
    topology = UnidirectionalRing

    leader = Local(Decision, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return p.leader != NIL

    @spontaneous(when=lambda p: p.leader == NIL)
    def toss(p):
        p.leader = ite(p.draw((0, 1)) == 1, TRUE, FALSE)
