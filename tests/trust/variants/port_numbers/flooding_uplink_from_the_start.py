"""Flooding whose uplink is port 0 from the start, ``Local(Port, Port(0))``, and ignores what arrives on it.

The initial value names port 0 by its number before any command runs. As in
flooding_port_zero_uplink.py, only the ids arriving on other ports count: on the complete graph
of 3 the labelling in neighbour order elects 3 alone, and a labelling with id 3 behind the
port 0 of id 2 elects 2 as well. Caught by at-most-one-leader once every labelling is checked.
"""
from algorithms.flooding import Flooding, Leader
from models import Local, Port, ite, receive


class FloodingUplinkFromTheStart(Flooding, name="flooding-uplink-from-the-start"):
    up = Local(Port, Port(0))

    @receive(Leader, when=lambda p, m, port: port != p.up)
    def receive_leader(p, m, port):
        p.L = ite(m.id > p.L, m.id, p.L)
