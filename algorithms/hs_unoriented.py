"""Hirschberg-Sinclair on a ring whose processors do not know which neighbour is left or right. Largest id wins.

Source: seed 004_9784b88bd9825df1.txt. "A processor does not know which neighbor is to its
'right' or 'left' in the ring"; "messages are distinguishable, allowing processors to respond
to the sender or forward the message in the same direction". At stage i:

    a candidate sends {from, process_id, 0, 2^i} to both neighbors, and waits for two responses:
      {no, process_id}                       → it withdraws
      two {ok, process_id}                   → it proceeds to stage i + 1
      {from, process_id, x, 2^i}, a full cycle → it declares itself the leader
    every processor, on {from, sender_id, x, y}:
      sender_id < id → send back {no, sender_id}
      sender_id > id → x + 1 = y: return {ok, sender_id}
                       otherwise: forward {from, sender_id, x + 1, y} to the next neighbor
    on {ok, addressant_id} or {no, addressant_id} with addressant_id ≠ id:
      forward it in the same direction

The ring is ``UnorientedRing``: each process has ports LEFT and RIGHT, and which neighbour
each leads to is the adversary's choice, so the checker explores every labelling of every
process's ports (up to the ring's rotations and reflection). The commands only ever answer
on the arrival port ("send back", "return") or forward on the other one ("the next
neighbor", "the same direction"): they never name LEFT or RIGHT, which is what lets the
algorithm work whatever the labelling (a variant that does name one fails: see
tests/mutants/hs_unoriented_fixed_direction.py).

Choices where the note leaves room:
  * Stage 0 starts with a spontaneous ``start`` ("each processor declares itself as a
    candidate"); a processor that has not started yet still handles messages.
  * "A full cycle": a {from} with the processor's own id can only have gone round the ring,
    so it is recognised by the id alone, checked before x + 1 = y (when 2^i = n the last hop
    reaches the sender itself). The second copy, from the other direction, finds the leader
    already declared and is consumed without effect, as is a response to a processor that has
    already withdrawn (the note: it "withdraws", and nothing more is asked of it).
  * Withdrawing is the processor's decision not to lead; the note has no announcement, so no
    processor but the leader knows who won and no agreement is checked.
  * ``ok[port]`` records the first {ok} (the note's "two responses"), the second starts the
    next stage.
  * The note's bound, 4 (n + 2 floor(n/2) + 4 floor(n/3) + 8 floor(n/5) + ...), one term per
    stage (the stage-i term is 2^i floor(n / (2^(i-1) + 1))), over stages 0 to ceil(log2 n), is
    the bound checked.
"""
from __future__ import annotations

import math

from models import (
    LEFT, NIL, RIGHT, TRUE, LARGEST, Algorithm, And, Decision, Local, Message, Not, Or, PerPort, UnorientedRing,
    opposite, receive, spontaneous,
)


class From(Message):
    id: int
    x: int
    y: int


class Ok(Message):
    id: int


class No(Message):
    id: int


class HirschbergSinclairUnoriented(Algorithm, name="hs-unoriented", seed="004_9784b88bd9825df1.txt"):
    """Hirschberg-Sinclair on an unoriented ring (seed 004): {from}/{ok}/{no}, every port labelling; largest id wins."""

    topology = UnorientedRing
    winner = LARGEST
    mirror_symmetric = True  # no command names LEFT or RIGHT: every labelling alike (tests/explore/test_labellings.py)

    asleep = Local(bool, True)
    still_candidate = Local(bool, True)  # the note's "candidate" (the name candidate(p) is the specification's)
    stage = Local(int, 0)
    ok = PerPort(bool, False)  # {ok} has come back from this side in this stage
    leader = Local(Decision, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return Or(p.leader == TRUE, Not(p.still_candidate))

    @staticmethod
    def message_bound(n):
        stages = range(1, math.ceil(math.log2(n)) + 1)
        return 4 * (n + sum(2 ** i * (n // (2 ** (i - 1) + 1)) for i in stages))

    @spontaneous(when=lambda p: p.asleep)
    def start(p):
        p.asleep = False
        p.send_all(From(p.id, 0, 1))

    # every processor, on {from, sender_id, x, y}
    @receive(From, when=lambda p, m, port: m.id < p.id)
    def send_back_no(p, m, port):
        p.send(port, No(m.id))

    @receive(From, when=lambda p, m, port: And(m.id > p.id, m.x + 1 == m.y))
    def return_ok(p, m, port):
        p.send(port, Ok(m.id))

    @receive(From, when=lambda p, m, port: And(m.id > p.id, m.x + 1 != m.y))
    def forward_from(p, m, port):
        p.send(opposite(port), From(m.id, m.x + 1, m.y))

    @receive(From, when=lambda p, m, port: And(m.id == p.id, p.leader == NIL))
    def declare_leader(p, m, port):  # a full cycle
        p.leader = TRUE

    # responses for someone else go on in the same direction
    @receive(Ok, when=lambda p, m, port: m.id != p.id)
    def forward_ok(p, m, port):
        p.send(opposite(port), m)

    @receive(No, when=lambda p, m, port: m.id != p.id)
    def forward_no(p, m, port):
        p.send(opposite(port), m)

    # responses for this candidate
    @receive(No, when=lambda p, m, port: And(m.id == p.id, p.still_candidate))
    def withdraw(p, m, port):
        p.still_candidate = False

    @receive(Ok, when=lambda p, m, port: And(m.id == p.id, p.still_candidate, p.ok[opposite(port)] == False))  # noqa: E712
    def first_ok(p, m, port):
        p.ok[port] = True

    @receive(Ok, when=lambda p, m, port: And(m.id == p.id, p.still_candidate, p.ok[opposite(port)] == True))  # noqa: E712
    def next_stage(p, m, port):
        p.ok[LEFT] = False
        p.ok[RIGHT] = False
        p.stage = p.stage + 1
        p.send_all(From(p.id, 0, 2 ** p.stage))
