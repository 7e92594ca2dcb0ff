"""A synchronous algorithm on a network whose round depends on the order a process reads its
ports: it keeps the id it heard *last*. The checker must notice (models/systems/rounds.py) and check
every labelling of the ports instead of one for all."""
from models import NIL, SYNCHRONOUS, Algorithm, Id, Local, Message, Network, receive, spontaneous


class Hello(Message):
    id: int


class LastHeard(Algorithm, name="last-heard"):
    """Every process greets its neighbours and keeps the id it heard last."""

    topology = Network
    timing = SYNCHRONOUS
    asleep = Local(bool, True)
    heard = Local(Id, NIL)

    def is_leader(p):
        return p.heard == p.id  # never: no process hears itself

    def decided(p):
        return p.heard != NIL

    @spontaneous(when=lambda p: p.asleep)
    def greet(p):
        p.asleep = False
        p.send_all(Hello(p.id))

    @receive(Hello)
    def hear(p, m, port):
        p.heard = m.id
