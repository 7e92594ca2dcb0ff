"""beta whose processes send safe up the tree on their last port, taking it for the parent's.

Bug: which neighbour a port leads to is the adversary's choice; where the parent is on another
port, safe goes down to a child, the root never hears that the subtree is safe and never starts
the next tick. With the labelling the checker first picks (on the path, each vertex's ports in
the order of its neighbours) the parent is on the last port in every arrangement that stands
for its class, so a run that let one labelling stand for all would miss it.
"""
from models.systems.synchronizers import Beta, signals


class SafeUpTheLastPort(Beta):
    name = "beta-safe-up-the-last-port"

    def actions(self, place, sync, tick):
        awaited, safe_sent, safes, go = sync
        if place.parent is not None and awaited == 0 and safes[0] == len(place.children) and not safe_sent:
            return [("safe", (awaited, True, safes, go), signals(place.ports[-1:], "safe", tick))]
        return []
