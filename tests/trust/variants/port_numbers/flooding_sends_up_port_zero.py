"""Flooding that sends its leader id up port 0 only, ``p.send(Port(0), ...)``, instead of to every neighbour.

On the path 0-1-2 with ids 1, 2, 3 and each process's ports in the order of its neighbours,
port 0 leads towards vertex 0: id 3 travels 2 -> 1 -> 0 and every process records it. With
vertex 1's port 0 towards vertex 2 instead, vertex 0 never hears of 3 and keeps its own id:
two leaders. Checked with ``--ids 1,2,3 --graph path``; caught by at-most-one-leader once every
labelling is checked (sending on ``Port(0)`` reads port number 0).
"""
from algorithms.flooding import Flooding, Leader
from models import NIL, Port, ite, spontaneous


class FloodingSendsUpPortZero(Flooding, name="flooding-sends-up-port-zero"):
    @spontaneous(when=lambda p: p.r < p.diameter)
    def send_leader(p):
        p.L = ite(p.L == NIL, p.id, p.L)
        p.send(Port(0), Leader(p.L))
        p.r = p.r + 1
