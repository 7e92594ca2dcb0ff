"""DFS election whose processes take the leader's announcement from port 0 only: ``port == Port(0)``.

On the path 0-1-2 with ids 1, 2, 3 (the leader at vertex 0) and each process's ports in the
order of its neighbours, every process's port 0 leads towards vertex 0 and everyone learns the
leader. With vertex 1's port 0 towards vertex 2, vertex 1 ignores the announcement that comes
from vertex 0, and neither it nor vertex 2 ever decides. Checked with ``--ids 1,2,3 --graph
path``; caught by election once every labelling is checked (the comparison reads port 0).
"""
from algorithms.dfs_election import DfsElection, Leader
from models import NIL, And, Port, receive


class DfsHearsLeaderOnPortZero(DfsElection, name="dfs-hears-leader-on-port-zero"):
    @receive(Leader, when=lambda p, m, port: And(p.leader == NIL, port == Port(0)))
    def learn_leader(p, m, port):
        p.leader = m.uid
        p.send_all(m)
