"""Flooding that stores its uplink, ``p.up = Port(0)``, and then ignores what arrives on it.

Once stored, port 0 is a Port local like any other, and comparing it with the arrival port
says nothing: the number was read when ``Port(0)`` went into the local. As in
flooding_port_zero_uplink.py, only the ids arriving on other ports count: on the complete graph
of 3 the labelling in neighbour order elects 3 alone, and a labelling with id 3 behind the
port 0 of id 2 elects 2 as well. Caught by at-most-one-leader once every labelling is checked.
"""
from algorithms.flooding import Flooding, Leader
from models import NIL, NO_PORT, Local, Port, ite, receive, spontaneous


class FloodingUplinkStored(Flooding, name="flooding-uplink-stored"):
    up = Local(Port, NO_PORT)  # the uplink, once the first round has named it

    @spontaneous(when=lambda p: p.r < p.diameter)
    def send_leader(p):
        p.L = ite(p.L == NIL, p.id, p.L)
        p.send_all(Leader(p.L))
        p.up = Port(0)
        p.r = p.r + 1

    @receive(Leader, when=lambda p, m, port: port != p.up)
    def receive_leader(p, m, port):
        p.L = ite(m.id > p.L, m.id, p.L)
