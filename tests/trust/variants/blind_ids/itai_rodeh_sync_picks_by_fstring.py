"""Synchronous Itai-Rodeh whose draws are looked up by ``f"{p.id}"``: every named process picks 1.

A table of "preferred picks" keyed by the process's name gives every id 1..9 the range 1..1,
so with real ids all processes pick 1 in every round, no id is ever unique and the round is
repeated for ever: almost-sure-termination fails. With hidden ids the f-string names no entry,
every process draws from 1..K and the ring elects almost surely.
"""
from algorithms.itai_rodeh_sync import Id, ItaiRodehSync, Phase
from models import NEXT, And, spontaneous

PICKS = {f"{pid}": range(1, 2) for pid in range(1, 10)}


def picks(p):
    """The values process p draws its round id from."""
    return PICKS.get(f"{p.id}", range(1, p.K + 1))


class ItaiRodehSyncPicksByFstring(ItaiRodehSync, name="itai-rodeh-sync-picks-by-fstring"):
    @spontaneous(when=lambda p: And(p.phase == Phase.IDLE, p.n > 1))
    def pick(p):
        p.mine = p.draw(picks(p))
        p.phase = Phase.IDS
        p.send(NEXT, Id(p.mine))
