"""A tiny asynchronous algorithm on a general network, for the tests: every process sends its id to
every neighbour and, once it has heard from all of them, takes the largest id it knows as the
leader. Right on complete graphs only (elsewhere a process knows only its neighbourhood), so it
is verified on ``--graph complete`` and violated on a path: both sides of the network checks.
"""
from models import LARGEST, NIL, NO_PORT, Algorithm, Id, Local, Message, Network, Port, ite, receive, spontaneous


class MyId(Message):
    id: int


class Exchange(Algorithm, name="exchange"):
    """Every process sends its id to every neighbour and keeps the largest it hears of."""

    topology = Network
    winner = LARGEST
    asleep = Local(bool, True)
    heard = Local(int, 0)
    largest = Local(Id, NIL)
    leader = Local(Id, NIL)

    def is_leader(p):
        return p.leader == p.id

    def decided(p):
        return p.leader != NIL

    def leader_id(p):
        return p.leader

    @spontaneous(when=lambda p: p.asleep)
    def wake(p):
        p.asleep = False
        p.send_all(MyId(p.id))

    @receive(MyId, when=lambda p, m, port: p.heard + 1 < p.degree)
    def hear(p, m, port):
        p.heard = p.heard + 1
        p.largest = ite(m.id > p.largest, m.id, p.largest)

    @receive(MyId, when=lambda p, m, port: p.heard + 1 == p.degree)
    def hear_last(p, m, port):
        p.heard = p.heard + 1
        p.largest = ite(m.id > p.largest, m.id, p.largest)
        p.leader = ite(p.largest > p.id, p.largest, p.id)


class ExchangeNumbered(Exchange, name="exchange-numbered"):
    """The same, but it also notes its port number 0 when it wakes: it reads a port number, so
    the checker must explore every labelling of the ports."""

    first = Local(Port, NO_PORT)

    @spontaneous(when=lambda p: p.asleep)
    def wake(p):
        p.asleep = False
        p.first = p.port(0)
        p.send_all(MyId(p.id))
