"""A process that either leads or tosses a coin (heads it leads, tails it gives up), as the
scheduler picks. Alone (n = 1) it is elected with probability 1 if the scheduler picks the
first, 1/2 if it picks the second, and no process ever sends a message."""
from models import FALSE, NIL, TRUE, Algorithm, Decision, Local, UnidirectionalRing, ite, spontaneous


class LeadOrToss(Algorithm, name="lead-or-toss"):
    topology = UnidirectionalRing

    leader = Local(Decision, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return p.leader != NIL

    @spontaneous(when=lambda p: p.leader == NIL)
    def lead(p):
        p.leader = TRUE

    @spontaneous(when=lambda p: p.leader == NIL)
    def toss(p):
        p.leader = ite(p.draw((0, 1)) == 1, TRUE, FALSE)
