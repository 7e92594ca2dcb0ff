"""alpha that says it is safe before the acknowledgments of its messages have come back.

Bug: step 3 ("send safe to each neighbor after exchanging all ack messages") fires as soon as
the tick's messages are sent. A neighbour with a safe from everyone starts the next tick while
a message of this tick is still on its way to it. Caught by (Synch) on a path of 3.
"""
from models.systems.synchronizers import Alpha, signals


class SafeBeforeAcks(Alpha):
    name = "alpha-safe-before-acks"

    def actions(self, place, sync, tick):
        awaited, safe_sent, safes = sync
        if not safe_sent:  # the acks are not waited for
            return [("safe", (awaited, True, safes), signals(place.ports, "safe", tick))]
        return []
