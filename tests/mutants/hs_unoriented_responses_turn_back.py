"""Mutant: seed 004's Hirschberg-Sinclair whose processors send someone else's {ok} back the
way it came instead of "forward[ing] the message in the same direction".

The response then bounces between two processors for ever. Must be caught as termination.
"""
from algorithms.hs_unoriented import HirschbergSinclairUnoriented, Ok
from models import receive


class HSUnorientedResponsesTurnBack(HirschbergSinclairUnoriented, name="hs-unoriented-responses-turn-back"):
    @receive(Ok, when=lambda p, m, port: m.id != p.id)
    def forward_ok(p, m, port):
        p.send(port, m)
