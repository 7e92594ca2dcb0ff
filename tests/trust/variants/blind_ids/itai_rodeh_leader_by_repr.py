"""Itai-Rodeh whose decision function also crowns the process that ``repr(p.id)`` calls "1".

``is_leader`` was meant to single out a process for a test, by its printed name. With real ids
the process with id 1 is a leader from the start, beside the one the coins elect: two leaders,
at-most-one-leader fails. With hidden ids ``repr`` names no process "1" and the decisions are
the built-in's.
"""
from algorithms.itai_rodeh import ItaiRodeh, Phase
from models import Or


class ItaiRodehLeaderByRepr(ItaiRodeh, name="itai-rodeh-leader-by-repr"):
    def is_leader(p):
        return Or(p.phase == Phase.LEADER, repr(p.id) == "1")

    def decided(p):
        return Or(p.phase == Phase.LEADER, p.phase == Phase.INACTIVE, repr(p.id) == "1")
