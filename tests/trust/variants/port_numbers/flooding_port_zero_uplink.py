"""Flooding that takes port 0 for its uplink and ignores what arrives on it: ``port != Port(0)``.

Only leader ids arriving on other ports count (those on port 0 are not received), so what a
process learns depends on which neighbour its port 0 leads to. On the complete graph of 3 with
each process's ports in the order of its neighbours, every process hears of id 3 and all is
well; with id 3 behind the port 0 of id 2, id 2 hears only of id 1 and elects itself beside 3.
Caught by at-most-one-leader once every labelling is checked: the comparison with ``Port(0)``
reads port number 0, so one labelling may not stand for the others.
"""
from algorithms.flooding import Flooding, Leader
from models import Port, ite, receive


class FloodingPortZeroUplink(Flooding, name="flooding-port-zero-uplink"):
    @receive(Leader, when=lambda p, m, port: port != Port(0))
    def receive_leader(p, m, port):
        p.L = ite(m.id > p.L, m.id, p.L)
