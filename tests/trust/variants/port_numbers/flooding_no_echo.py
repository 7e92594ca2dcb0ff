"""Flooding that tells its neighbours which port it heard its leader on, in a tuple field, to drop echoes.

``Tip(id, via)`` carries ``(p.heard_on,)``, a port of the sender, and the receiver ignores a tip
whose port equals its own arrival port: it compares port numbers of two different processes,
which mean nothing to each other. On the path of 3 the labelling in neighbour order drops
nothing that matters; with the middle vertex's ports the other way round, an end never hears
of the largest id and records another leader (agreement fails). The message carries a port
(inside a tuple), which is refused: ports are local to their process. With that check off,
every labelling finds the bug; one labelling alone does not.
"""
from algorithms.flooding import Flooding
from models import NIL, NO_PORT, Local, Message, Port, ite, receive, spontaneous


class Tip(Message):
    id: int
    via: tuple  # (the port its sender heard this id on,)


class FloodingNoEcho(Flooding, name="flooding-no-echo"):
    heard_on = Local(Port, NO_PORT)  # the port the largest id so far came in on

    @receive(Tip, when=lambda p, m, port: m.via[0] != port)
    def receive_tip(p, m, port):
        p.heard_on = ite(m.id > p.L, port, p.heard_on)
        p.L = ite(m.id > p.L, m.id, p.L)

    @spontaneous(when=lambda p: p.r < p.diameter)
    def send_leader(p):
        p.L = ite(p.L == NIL, p.id, p.L)
        p.send_all(Tip(p.L, (p.heard_on,)))
        p.r = p.r + 1

    receive_leader = None  # Tip replaces Leader
