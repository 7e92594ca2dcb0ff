"""VariableSpeeds: synchronous, uniform election on a unidirectional ring (seed 000). Smallest id wins.

Source: seed 000_f26e5a13e7d0ddb1.txt, "VariableSpeeds Algorithm" and "Algorithm (contd.)":

    - Uniform algorithm: "n" is not known; unidirectional communication is sufficient
    - Message life cycle:
      - A message is in phase one: until it is received by an awake processor;
        forwarded immediately
      - A message is in phase two: once received by an awake processor;
        forwarded after (2^message-uid - 1) rounds
    - When participant receives a message
      - If message.id > my-uid or the minimum message-id seen so far: swallow it
      - Else: delay for 2^(message.id - 1) rounds
    - For a relay:
      - If message.id > minimum message-id seen so far, swallow it
      - Else, delay for 2^(message.id - 1) rounds
    - If a processor gets its message back, it elects itself as the leader
    - Message complexity: O(n); time complexity: n * 2^UID-min

The two slides give two delays. This module takes the first, 2^u - 1 rounds: a message is
forwarded 2^u - 1 rounds after it arrives, so it needs 2^u rounds a hop, which is exactly the
slides' analysis ("by the time UIDmin goes around the ring, the second smallest UID has gone
only half way", time n * 2^UIDmin). ``variable-speeds-half`` (``VariableSpeedsHalf``) ships the
second, 2^(u - 1), under which a hop takes 2^(u-1) + 1 rounds and consecutive uids are not a
factor of two apart in speed.

Choices where the slides leave room:
  * Every processor participates and wakes in round 1 (sending its uid), so every message is
    received by an awake processor at its first hop and phase one is never used: relays and
    late wake-ups are not modelled (the synchronous model here has no adversary for them).
  * A process holds at most one message: the one with the smallest id it has seen. A message
    is swallowed when its id exceeds the minimum seen so far, on arrival and, for one being
    delayed, when a smaller one arrives (the held one is then dropped for it).
  * A processor that sees an id smaller than its own knows it will not win: that is its
    decision (not leader). The slides have no announcement, so no process but the leader
    learns the leader's id and agreement is not checked.
  * The slides' analysis, "forwarding the token carrying UIDmin has caused more messages than
    all the other tokens combined", would give fewer than 2n messages. It does not hold here:
    every token's first hop is not delayed (phase one); at n = 4 and 5 some execution sends
    exactly 2n, and from n = 6 more (13 at n = 6, ids 1, 3, 4, 2, 5, 6; docs/complexity.md
    tabulates the exact maxima). Keeping a held token when a smaller one arrives sends more
    still (9 at n = 4: tests/examples/variable_speeds_keep_held.py). The O(n) bound checked is 3n.
  * Delays are counted in the process's steps: a message received in round r is sent in the
    step of round r + delay, and arrives in round r + delay + 1. So the smallest uid u is back
    at its sender, which elects itself, after exactly 2 + (n - 1) 2^u rounds (1 to the first
    hop, 2^u for each of the others), the slides' n * 2^UIDmin; that is checked as a bound.
"""
from __future__ import annotations

from models import NEXT, NIL, SMALLEST, SYNCHRONOUS, TRUE, Algorithm, And, Decision, Id, Local, Message, Or
from models import UnidirectionalRing, receive, spontaneous


class Token(Message):
    id: int


def variable_speeds_messages(n):
    # O(n): the smallest uid's n hops, and for every other uid its first hop (not delayed) and at
    # most one hop for each of the smallest uid's 2^(v - u) rounds it lasts; not the slides' 2n
    return 3 * n


def variable_speeds_rounds(n, setting):
    # the smallest uid's message: one round to its first hop, 2^u rounds each of the n - 1 others
    return 2 + (n - 1) * 2 ** setting.smallest_id


def variable_speeds_half_rounds(n, setting):
    return 2 + (n - 1) * (2 ** (setting.smallest_id - 1) + 1)


class VariableSpeeds(Algorithm, name="variable-speeds", seed="000_f26e5a13e7d0ddb1.txt"):
    """VariableSpeeds (seed 000): synchronous uniform ring, a uid-u message waits 2^u - 1 rounds a hop; smallest id wins."""

    topology = UnidirectionalRing
    timing = SYNCHRONOUS
    winner = SMALLEST

    awake = Local(bool, False)
    smallest = Local(Id, NIL)  # the minimum message-id seen so far (its own uid, once awake)
    held = Local(Id, NIL)  # the message being delayed
    wait = Local(int, 0)  # rounds it still waits
    leader = Local(Decision, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return Or(p.leader == TRUE, And(p.smallest != NIL, p.smallest < p.id))

    message_bound = staticmethod(variable_speeds_messages)
    message_bound_text = "3n (the slides: O(n))"
    round_bound = staticmethod(variable_speeds_rounds)
    round_bound_text = "2 + (n - 1) 2^(min id) (exactly)"
    round_bound_exact = True

    @spontaneous(when=lambda p: p.awake == False)  # noqa: E712
    def wake(p):  # every processor participates: it sends its uid
        p.awake = True
        p.smallest = p.id
        p.send(NEXT, Token(p.id))

    @receive(Token, when=lambda p, m, port: m.id == p.id)
    def elected(p, m, port):  # its message came back
        p.leader = TRUE

    @receive(Token, when=lambda p, m, port: m.id < p.smallest)
    def delay_it(p, m, port):  # the smallest id seen so far: hold it (dropping any larger one held)
        p.smallest = m.id
        p.held = m.id
        p.wait = 2 ** m.id - 1

    @receive(Token, when=lambda p, m, port: And(m.id > p.smallest, m.id != p.id))
    def swallow(p, m, port):
        pass

    @spontaneous(when=lambda p: And(p.held != NIL, p.wait > 0))
    def count_down(p):
        p.wait = p.wait - 1

    @spontaneous(when=lambda p: And(p.held != NIL, p.wait == 0))
    def forward(p):
        p.send(NEXT, Token(p.held))
        p.held = NIL


class VariableSpeedsHalf(VariableSpeeds, name="variable-speeds-half"):
    """VariableSpeeds with the second slide's delay: a uid-u message waits 2^(u-1) rounds a hop; smallest id wins."""

    round_bound = staticmethod(variable_speeds_half_rounds)
    round_bound_text = "2 + (n - 1)(2^(min id - 1) + 1) (exactly)"

    @receive(Token, when=lambda p, m, port: m.id < p.smallest)
    def delay_it(p, m, port):  # "Else: delay for 2^(message.id - 1) rounds"
        p.smallest = m.id
        p.held = m.id
        p.wait = 2 ** m.id // 2  # 2^(id - 1), in integers whatever the id
