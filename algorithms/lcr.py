"""LCR: the simple O(n^2) asynchronous ring election of seed 000. Smallest id wins.

Source: seed 000_f26e5a13e7d0ddb1.txt, "Asynchronous model: simple algorithm":

    Upon receiving no message:
      send my_id in clockwise direction
    Upon receiving "m":
      case
        m.id < my_id: send m in clockwise direction
        m.id > my_id: discard m
        m.id == my_id:
          leader = my_id
          send <terminate, my_id> in clockwise direction
          terminate
    Upon receiving <terminate, id>:
      leader = id
      send <terminate, id> in clockwise direction
      terminate

Choices where the slide leaves room:
  * "Upon receiving no message" fires once per process: ``asleep`` records that it has.
  * ``leader`` is NIL until the process decides; it then holds the leader's id, so the
    specification can check that all processes agree on it.
  * ``terminate`` stops the process's own initiative (a terminated process never starts its
    id travelling), while messages are still handled after it, as docs/design.md requires. The
    leader's terminate message therefore stops when it comes back: a decided process has
    no alternative for <terminate, id>, and the message is consumed without effect.
"""
from __future__ import annotations

from models import NEXT, NIL, SMALLEST, Algorithm, And, Id, Local, Message, UnidirectionalRing, receive, spontaneous


class Token(Message):
    id: int


class Terminate(Message):
    id: int


class LCR(Algorithm, name="lcr", seed="000_f26e5a13e7d0ddb1.txt"):
    """The simple asynchronous ring election of seed 000: smallest id wins, O(n^2) messages."""

    topology = UnidirectionalRing
    winner = SMALLEST

    asleep = Local(bool, True)
    leader = Local(Id, NIL)

    def is_leader(p):
        return p.leader == p.id

    def decided(p):
        return p.leader != NIL

    def leader_id(p):
        return p.leader

    @staticmethod
    def message_bound(n):
        return n * (n + 1) // 2 + n

    message_bound_text = "n(n+1)/2 + n"

    @spontaneous(when=lambda p: And(p.asleep, p.leader == NIL))
    def send_my_id(p):
        p.asleep = False
        p.send(NEXT, Token(p.id))

    @receive(Token, when=lambda p, m, port: m.id < p.id)
    def pass_on(p, m, port):
        p.send(NEXT, m)

    @receive(Token, when=lambda p, m, port: m.id > p.id)
    def discard(p, m, port):
        pass

    @receive(Token, when=lambda p, m, port: m.id == p.id)
    def elected(p, m, port):
        p.leader = p.id
        p.send(NEXT, Terminate(p.id))

    @receive(Terminate, when=lambda p, m, port: p.leader == NIL)
    def terminate(p, m, port):
        p.leader = m.id
        p.send(NEXT, Terminate(m.id))
