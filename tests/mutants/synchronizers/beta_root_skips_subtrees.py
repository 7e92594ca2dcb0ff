"""beta whose root starts the next tick once its own messages are acknowledged.

Bug: the root does not wait for a safe from each child ("If the root receives a safe message
from each child, then it is confident that every node in the spanning tree is safe"). Its next
reaches a process while a message of the tick is still on its way there. Caught by (Synch) on
a path of 3.
"""
from models.systems.synchronizers import Beta


class RootSkipsSubtrees(Beta):
    name = "beta-root-skips-subtrees"

    def ready(self, place, sync, tick):
        awaited, safe_sent, safes, go = sync
        if tick > 0 and place.parent is None:
            return awaited == 0  # the children's safes are not waited for
        return super().ready(place, sync, tick)
