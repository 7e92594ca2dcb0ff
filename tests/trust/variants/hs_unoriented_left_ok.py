"""Variant: seed 004's Hirschberg-Sinclair that returns {ok} on LEFT only when the sender's id
is not one more than its own, at stage 0.

Which neighbour LEFT leads to is the adversary's choice: with ids 1,2,3 clockwise and no port
swapped the largest id's stage-0 {from} never reaches its lower neighbour on LEFT, and the
run is correct; with the second process's ports swapped it does, gets no answer, and nobody
is elected. The class inherits ``mirror_symmetric = True`` (on this ring: every port
labelling alike), which no longer holds.
"""
from algorithms.hs_unoriented import From, HirschbergSinclairUnoriented, Ok
from models import LEFT, RIGHT, And, Not, receive


class HSUnorientedLeftOk(HirschbergSinclairUnoriented, name="hs-unoriented-left-ok"):
    @receive(From, when=lambda p, m, port: And(m.id > p.id, m.x + 1 == m.y), ports=(RIGHT,))
    def return_ok(p, m, port):
        p.send(port, Ok(m.id))

    @receive(From, when=lambda p, m, port: And(m.id > p.id, m.x + 1 == m.y, Not(And(m.y == 1, m.id == p.id + 1))),
             ports=(LEFT,))
    def return_ok_left(p, m, port):
        p.send(port, Ok(m.id))
