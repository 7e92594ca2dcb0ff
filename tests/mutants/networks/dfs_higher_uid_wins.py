"""DFS-based election where the higher uid wins a collision (the slides: "the copy with the lower
uid wins"): a node joins a search with a larger uid than its own and stalls smaller ones.

Caught by leader-is-smallest: the search of the largest uid is the one that completes, and its
root is elected. (The root's own search must also count as the lowest it has seen, so
``search_of`` keeps its meaning; only the two comparisons are turned round.)
"""
from algorithms.dfs_election import DfsElection, Search, search_of
from models import NO_PORT, receive


class DfsHigherUidWins(DfsElection, name="dfs-higher-uid-wins"):
    @receive(Search, when=lambda p, m, port: m.uid > search_of(p))
    def join(p, m, port):
        p.L = m.uid
        p.parent = port
        p.answered = 0
        p.waiting = NO_PORT
        p.finished = False

    @receive(Search, when=lambda p, m, port: m.uid < search_of(p))
    def stall(p, m, port):
        pass
