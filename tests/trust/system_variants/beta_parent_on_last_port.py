"""beta whose processes pass next on to every port but the last, taking the last for the parent's.

Bug: which neighbour a port leads to is the adversary's choice; where the parent is on another
port, next goes back up the tree and never reaches the process's child, which waits for ever.
With the labelling the checker first picks (on the path, each vertex's ports in the order of its
neighbours) the parent is on the last port in every arrangement that stands for its class, so a
run that let one labelling stand for all would miss it: reading the order of ``place.ports`` is
reading port numbers.
"""
from models.systems.synchronizers import Beta, signals


class ParentOnLastPort(Beta):
    name = "beta-parent-on-last-port"

    def receive(self, place, sync, tick, port, envelope):
        if envelope.kind != "next":
            return super().receive(place, sync, tick, port, envelope)
        awaited, safe_sent, safes, _ = sync
        return (awaited, safe_sent, safes, True), signals(place.ports[:-1], "next", envelope.tick)
