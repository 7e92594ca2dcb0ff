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
    exactly 2n, and from n = 6 more (13 at n = 6, ids 1, 3, 4, 2, 5, 6; docs/rounds.md
    tabulates the exact maxima). Keeping a held token when a smaller one arrives sends more
    still (9 at n = 4). The O(n) bound checked is 3n.
  * Holding at most one message is this module's reading. The slides swallow a message only
    when it arrives ("if message.id > ... the minimum message-id seen so far: swallow it;
    else: delay"), and nothing in them drops one being delayed. ``variable-speeds-literal``
    (``VariableSpeedsLiteral``) reads them so: a process keeps every message it delays, each
    leaving when its own 2^u - 1 rounds are over (those leaving in the same round leave
    smallest first), in the one step the process takes a round. The DSL has no table indexed
    by a value, so the delays are a local per uid, written out for uids 1 to 8: ids 1 to 9 (a
    message of the largest id is never delayed, its first hop swallows it), and a run with a
    larger id is refused (``largest_id``). The 3n checked is measured, not argued: the exact
    maxima are 3(n - 1) for n = 2..6, 19 at n = 7 and 22 at n = 8 (docs/rounds.md). The
    election still takes 2 + (n - 1) 2^u rounds, but delayed messages outlive it: every process
    has seen u by round 2 + (n - 2) 2^u, and a message of uid v that it still delays then
    leaves and is swallowed within 2^v rounds, v at most the largest id - 1. So the rounds
    checked are at most 2 + (n - 2) 2^u + 2^(largest id - 1) (2 at n = 1), not exactly.
  * Delays are counted in the process's steps: a message received in round r is sent in the
    step of round r + delay, and arrives in round r + delay + 1. So the smallest uid u is back
    at its sender, which elects itself, after exactly 2 + (n - 1) 2^u rounds (1 to the first
    hop, 2^u for each of the others), the slides' n * 2^UIDmin; that is checked as a bound.
"""
from __future__ import annotations

from models import NEXT, NIL, SMALLEST, SYNCHRONOUS, TRUE, Algorithm, And, Decision, Id, Local, Message, Or, ite
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


NOT_HELD = -1  # a delay-table entry: no message of that uid is being delayed
LARGEST_LITERAL_ID = 9  # the literal reading's delay table is written out for uids 1..8


def delayed(m, uid, wait):
    """A delay-table entry once m arrives to be delayed: 2^u - 1 rounds if m is of that uid, else as it was."""
    return ite(m.id == uid, 2 ** uid - 1, wait)


def one_round_on(wait):
    """A delay-table entry after a round: counted down, or no longer held (the message left at 0)."""
    return ite(wait > 0, wait - 1, NOT_HELD)


def variable_speeds_literal_rounds(n, setting):
    # every process has seen the smallest uid u by round 2 + (n - 2) 2^u; a message of uid v is
    # swallowed at most 2^v rounds later, and u is back 2^u rounds later (the module docstring)
    u = setting.smallest_id
    return 2 + (n - 2) * 2 ** u + 2 ** max(u, setting.largest_id - 1)


def delays_something(p):
    return Or(p.w1 >= 0, p.w2 >= 0, p.w3 >= 0, p.w4 >= 0, p.w5 >= 0, p.w6 >= 0, p.w7 >= 0, p.w8 >= 0)


class VariableSpeedsLiteral(VariableSpeeds, name="variable-speeds-literal"):
    """VariableSpeeds as the slides print it: every delayed message is kept, with its own 2^u - 1 rounds; smallest id wins."""

    largest_id = LARGEST_LITERAL_ID
    held = wait = None  # one message at a time: replaced by a delay per uid
    count_down = forward = None  # replaced by pass_a_round
    w1 = Local(int, NOT_HELD)  # the rounds the message of uid 1 still waits (NOT_HELD: none held)
    w2 = Local(int, NOT_HELD)  # the same for uid 2, and so on
    w3 = Local(int, NOT_HELD)
    w4 = Local(int, NOT_HELD)
    w5 = Local(int, NOT_HELD)
    w6 = Local(int, NOT_HELD)
    w7 = Local(int, NOT_HELD)
    w8 = Local(int, NOT_HELD)

    round_bound = staticmethod(variable_speeds_literal_rounds)
    round_bound_text = "2 + (n - 2) 2^(min id) + 2^(max id - 1) (2 at n = 1)"
    round_bound_exact = False

    @receive(Token, when=lambda p, m, port: m.id < p.smallest)
    def delay_it(p, m, port):  # the smallest id seen so far: delay it too, keeping those already delayed
        p.smallest = m.id
        p.w1 = delayed(m, 1, p.w1)
        p.w2 = delayed(m, 2, p.w2)
        p.w3 = delayed(m, 3, p.w3)
        p.w4 = delayed(m, 4, p.w4)
        p.w5 = delayed(m, 5, p.w5)
        p.w6 = delayed(m, 6, p.w6)
        p.w7 = delayed(m, 7, p.w7)
        p.w8 = delayed(m, 8, p.w8)

    @spontaneous(when=lambda p: delays_something(p))
    def pass_a_round(p):  # the messages whose delay has ended leave, smallest first; the others wait a round less
        p.send(NEXT, Token(1), when=p.w1 == 0)
        p.send(NEXT, Token(2), when=p.w2 == 0)
        p.send(NEXT, Token(3), when=p.w3 == 0)
        p.send(NEXT, Token(4), when=p.w4 == 0)
        p.send(NEXT, Token(5), when=p.w5 == 0)
        p.send(NEXT, Token(6), when=p.w6 == 0)
        p.send(NEXT, Token(7), when=p.w7 == 0)
        p.send(NEXT, Token(8), when=p.w8 == 0)
        p.w1 = one_round_on(p.w1)
        p.w2 = one_round_on(p.w2)
        p.w3 = one_round_on(p.w3)
        p.w4 = one_round_on(p.w4)
        p.w5 = one_round_on(p.w5)
        p.w6 = one_round_on(p.w6)
        p.w7 = one_round_on(p.w7)
        p.w8 = one_round_on(p.w8)
