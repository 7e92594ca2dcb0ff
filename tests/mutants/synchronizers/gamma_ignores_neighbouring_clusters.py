"""gamma whose cluster leaders move on when their own cluster is safe.

Bug: the leader does not wait for the cluster_safe of every neighbouring cluster (the alpha
part between clusters), so a cluster starts the next tick while a message from a neighbouring
cluster's tick is still on an intercluster link. Caught by (Synch) on a path of 4 with clusters
of radius 0 (each process its own cluster, as in alpha).
"""
from models.systems.synchronizers import Gamma


class IgnoresNeighbouringClusters(Gamma):
    name = "gamma-ignores-neighbouring-clusters"

    def ready(self, place, sync, tick):
        if tick > 0 and place.parent is None:
            awaited, safe_sent, safes, known, across, readies, ready_sent, go = sync
            return safe_sent and readies[0] == len(place.children)  # the neighbouring clusters are not waited for
        return super().ready(place, sync, tick)
