"""DFS election whose processes pass the leader's announcement on up port 0 only, ``p.send(Port(0), m)``.

The leader announces to every neighbour, and each process forwards on its port 0. On the path
0-1-2 with ids 3, 2, 1 (the smallest, the leader, at vertex 2) and each process's ports in the
order of its neighbours, vertex 1 forwards towards vertex 0 and everyone learns the leader.
With vertex 1's port 0 towards vertex 2, vertex 0 never hears: no election. Checked with
``--ids 3,2,1 --graph path``; caught by election once every labelling is checked.
"""
from algorithms.dfs_election import DfsElection, Leader
from models import NIL, Port, receive


class DfsForwardsLeaderUpPortZero(DfsElection, name="dfs-forwards-leader-up-port-zero"):
    @receive(Leader, when=lambda p, m, port: p.leader == NIL)
    def learn_leader(p, m, port):
        p.leader = m.uid
        p.send(Port(0), m)
