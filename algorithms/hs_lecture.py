"""Hirschberg-Sinclair as seed 000's slides print it: [id, out, h] and [id, in] tokens, phases. Smallest id wins.

Source: seed 000_f26e5a13e7d0ddb1.txt, "Hirschberg-Sinclair Algorithm: Detailed Description":

    Upon receiving no message
      if asleep then
        asleep = false
        phase = 0
        send [my-id, out, 1] to left and right
    Upon receiving [id, out, h] from left:
      Case
        id < my-id and h > 1: send [id, out, h-1] to right
        id < my-id and h == 1: send [id, in, -] to left
        id = my-id: leader = my-id
    Upon receiving [my-id, in, -] from left and right:
      phase = phase + 1
      send [my-id, out, 2^phase] to left and right
    Upon receiving [not-my-id, in, -] from left or right:
      send [not-my-id, in, -] to right or left

"Messages from nodes with higher id eventually reach the node with the lowest id and get
discarded"; "eventually the node with the lowest id reaches phase log(n) and sends its id
throughout the entire ring".

Choices where the slides leave room:
  * Left is the CCW port and right the CW port. "From left" stands for either side: an out
    token goes on in the direction it travels (``opposite(port)``) and an in token goes back
    the way it came, so the algorithm is mirror-symmetric.
  * The case id > my-id is not written: such a token is discarded (``discard``, so that
    traces name it).
  * "[my-id, in] from left and right" needs both replies: ``replied[port]`` records the first
    (as seed 001's CWreplied/CCWreplied do), the second starts the next phase.
  * The slides elect the leader but tell nobody else, so no other process could ever decide.
    The winner therefore announces itself as the same slides' simple algorithm does: it sends
    <terminate, my-id> on, every undecided process records the id in ``leader`` and passes it
    on, and the announcement stops at the winner. Every process records the leader's id, so
    the specification also checks agreement.
  * The winner's out token comes back from both sides; the second one finds leader set and
    matches no case: it is consumed without effect. As in seed 001, a process that has decided
    or not woken up yet still handles messages (a decided process may still start phases: the
    slides do not stop it).
  * Messages, by the slides' count: phase 0 at most 4n, every later phase under 8n
    (4 · 2^(k+1) · n / (2^k + 1)), ceil(log2 n) phases after phase 0, plus n for the
    announcement: the bound checked is 4n + 8n ceil(log2 n) + n.
"""
from __future__ import annotations

import math

from models import (
    NIL, SMALLEST, Algorithm, And, BidirectionalRing, Id, Local, Message, PerPort, CW, CCW, opposite, receive,
    spontaneous,
)


class Out(Message):
    id: int
    h: int


class In(Message):
    id: int


class Terminate(Message):
    id: int


class HirschbergSinclairLecture(Algorithm, name="hs-lecture", seed="000_f26e5a13e7d0ddb1.txt"):
    """Hirschberg-Sinclair as seed 000's slides print it: out/in tokens, 2^phase hops; smallest id wins."""

    topology = BidirectionalRing
    winner = SMALLEST
    mirror_symmetric = True  # every command treats left and right alike (tests/explore/test_symmetry.py)

    asleep = Local(bool, True)
    phase = Local(int, 0)
    replied = PerPort(bool, False)  # [my-id, in] has come back from this side in this phase
    leader = Local(Id, NIL)

    def is_leader(p):
        return p.leader == p.id

    def decided(p):
        return p.leader != NIL

    def leader_id(p):
        return p.leader

    @staticmethod
    def message_bound(n):
        return 4 * n + 8 * n * math.ceil(math.log2(n)) + n

    @spontaneous(when=lambda p: p.asleep)
    def wake(p):
        p.asleep = False
        p.phase = 0
        p.send_all(Out(p.id, 1))

    @receive(Out, when=lambda p, m, port: And(m.id < p.id, m.h > 1))
    def pass_out(p, m, port):
        p.send(opposite(port), Out(m.id, m.h - 1))

    @receive(Out, when=lambda p, m, port: And(m.id < p.id, m.h == 1))
    def turn_back(p, m, port):
        p.send(port, In(m.id))

    @receive(Out, when=lambda p, m, port: m.id > p.id)
    def discard(p, m, port):
        pass

    @receive(Out, when=lambda p, m, port: And(m.id == p.id, p.leader == NIL))
    def elected(p, m, port):
        p.leader = p.id
        p.send(opposite(port), Terminate(p.id))

    @receive(In, when=lambda p, m, port: m.id != p.id)
    def pass_in(p, m, port):
        p.send(opposite(port), m)

    @receive(In, when=lambda p, m, port: And(m.id == p.id, p.replied[opposite(port)] == False))  # noqa: E712
    def first_in(p, m, port):
        p.replied[port] = True

    @receive(In, when=lambda p, m, port: And(m.id == p.id, p.replied[opposite(port)] == True))  # noqa: E712
    def next_phase(p, m, port):
        p.replied[CW] = False
        p.replied[CCW] = False
        p.phase = p.phase + 1
        p.send_all(Out(p.id, 2 ** p.phase))

    @receive(Terminate, when=lambda p, m, port: p.leader == NIL)
    def terminate(p, m, port):
        p.leader = m.id
        p.send(opposite(port), m)
