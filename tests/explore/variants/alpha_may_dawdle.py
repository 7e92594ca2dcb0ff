"""Variant: alpha whose processes may dawdle (one idle step) before they say they are safe.

It is as correct as alpha, but a process reaches the node after its safe by two paths of
different lengths (with the idle step or without), so its state graph is not graded: the C
search that keeps two breadth-first levels must notice, and keep every state and edge instead
(checker/explore/synchronized_search.py), with the same figures.
"""
from models.systems.synchronizers import Alpha, signals


class AlphaMayDawdle(Alpha):
    name = "alpha-may-dawdle"

    def start(self, place):
        return super().start(place) + (False,)

    def ready(self, place, sync, tick):
        return super().ready(place, sync[:3], tick)

    def advanced(self, place, sync, tick, sent, last):
        inner, sends = super().advanced(place, sync[:3], tick, sent, last)
        return inner + (False,), sends

    def receive(self, place, sync, tick, port, envelope):
        inner, sends = super().receive(place, sync[:3], tick, port, envelope)
        return inner + sync[3:], sends

    def actions(self, place, sync, tick):
        awaited, safe_sent, safes, dawdled = sync
        steps = []
        if awaited == 0 and not safe_sent:
            steps.append(("safe", (awaited, True, safes, False), signals(place.ports, "safe", tick)))
            if not dawdled:
                steps.append(("dawdle", (awaited, safe_sent, safes, True), ()))
        return steps

    def describe(self, place, sync):
        return {**super().describe(place, sync[:3]), "dawdled": str(sync[3]).lower()}
