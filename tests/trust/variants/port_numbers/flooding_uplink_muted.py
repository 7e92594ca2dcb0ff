"""Flooding that mutes its uplink in a per-port local, ``p.muted[Port(0)] = True``, and ignores muted ports.

Indexing a per-port local with ``Port(0)`` picks port 0's slot by its number. As in
flooding_port_zero_uplink.py, only the ids arriving on other ports count: on the complete graph
of 3 the labelling in neighbour order elects 3 alone, and a labelling with id 3 behind the
port 0 of id 2 elects 2 as well. Caught by at-most-one-leader once every labelling is checked.
"""
from algorithms.flooding import Flooding, Leader
from models import NIL, Not, PerPort, Port, ite, receive, spontaneous


class FloodingUplinkMuted(Flooding, name="flooding-uplink-muted"):
    muted = PerPort(bool, False)

    @spontaneous(when=lambda p: p.r < p.diameter)
    def send_leader(p):
        p.L = ite(p.L == NIL, p.id, p.L)
        p.send_all(Leader(p.L))
        p.muted[Port(0)] = True
        p.r = p.r + 1

    @receive(Leader, when=lambda p, m, port: Not(p.muted[port]))
    def receive_leader(p, m, port):
        p.L = ite(m.id > p.L, m.id, p.L)
