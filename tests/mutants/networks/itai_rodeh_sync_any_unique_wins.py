"""itai-rodeh-sync where every processor with a unique id is elected, not only the largest.

Bug: ``elected`` drops "the processor with the maximum unique id": each processor whose id
no other drew becomes the leader. Caught by at-most-one-leader at n = 3 (ids 1, 2, 3 drawn:
three unique ids, three leaders).
"""
from algorithms.itai_rodeh_sync import ItaiRodehSync, Phase, Unique, _better, _last
from models import And, Not, receive


class AnyUniqueWins(ItaiRodehSync, name="itai-rodeh-sync-any-unique-wins"):
    @receive(Unique, when=lambda p, m, port: And(p.phase == Phase.UNIQUE, _last(p), _better(p, m) != 0, p.unique))
    def elected(p, m, port):
        p.phase = Phase.LEADER

    @receive(Unique, when=lambda p, m, port: And(p.phase == Phase.UNIQUE, _last(p), _better(p, m) != 0,
                                                 Not(p.unique)))
    def not_elected(p, m, port):
        p.phase = Phase.NOT_LEADER
