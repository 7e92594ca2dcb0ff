"""Itai-Rodeh whose first choice also asks for a positive id: the same models, but it reads ids,
so every arrangement is a model of its own."""
from algorithms.itai_rodeh import ItaiRodeh, Phase, Preference
from models import NEXT, And, spontaneous


class ReadsIds(ItaiRodeh, name="itai-rodeh-reads-ids"):
    @spontaneous(when=lambda p: And(p.phase == Phase.IDLE, p.id > 0))
    def choose(p):
        p.bit = p.draw((0, 1))
        p.phase = Phase.CHOSEN
        p.send(NEXT, Preference(p.bit))
