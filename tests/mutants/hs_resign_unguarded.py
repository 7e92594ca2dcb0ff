"""Mutant: Hirschberg-Sinclair whose terminate handler forgets `IF leader = NIL`.

The terminate message comes back to the leader, which then sets leader to FALSE: a decision
changes. Must be caught as stability.
"""
from algorithms.hs import HirschbergSinclair, Terminate
from models import FALSE, opposite, receive


class HSResignUnguarded(HirschbergSinclair, name="hs-resign-unguarded"):
    @receive(Terminate)
    def resign(p, m, port):
        p.send(opposite(port), Terminate())
        p.leader = FALSE
