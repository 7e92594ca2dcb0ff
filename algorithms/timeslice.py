"""TimeSlice: synchronous election on a unidirectional ring with n known (seed 000). Smallest id wins.

Source: seed 000_f26e5a13e7d0ddb1.txt, "TimeSlice Algorithm":

    - Recall that a round in synchronous networks is:
        Deliver all messages, have every processor take one compute step
    - Define the notion of a phase
      - Each phase consists of "n" rounds
      - In phase k >= 0
        - If no one is elected yet
        - Processor with uid k:
          - Declares itself as the leader
          - Sends token with its uid around
    - Message complexity: n
    - Time complexity: n * (minimum uid value)

("n is known to all processors (non-uniform); unidirectional communication is sufficient;
uids are positive integers.") The behaviour depends on the id *values*, not only on their
order: check it with ``--id-values``.

Rounds are numbered from 1, and phase k is rounds kn + 1 .. kn + n. Each process counts the
rounds it has taken part in (``clock``: rounds before the current one), so the processor with
uid k acts in the step of round kn + 1, when ``clock = kn``.

Choices where the text leaves room:
  * "Sends token with its uid around": the token goes once round the ring, one hop a round;
    every process it reaches records its uid as the leader (L(i)) and passes it on in the same
    round's step, and it stops when it is back at the leader (no command accepts it there).
  * "If no one is elected yet" is what each processor knows: it has received no token.
  * A process stops counting once it knows the leader, so the last round is the one in which
    the token comes back: the run is quiet after (u + 1)n + 1 rounds for the smallest uid u,
    the leader having declared itself in round un + 1 (the text's "n * minimum uid", counted in
    rounds before the declaration). Exactly n messages. Both are checked as exact bounds.
"""
from __future__ import annotations

from models import NEXT, NIL, SMALLEST, SYNCHRONOUS, Algorithm, And, Id, Local, Message, UnidirectionalRing, receive, spontaneous


class Token(Message):
    id: int


def timeslice_messages(n):
    return n


def timeslice_rounds(n, setting):
    return (setting.smallest_id + 1) * n + 1


class TimeSlice(Algorithm, name="timeslice", seed="000_f26e5a13e7d0ddb1.txt"):
    """TimeSlice (seed 000): synchronous unidirectional ring, n known; smallest id wins with n messages in n*(min id) rounds."""

    topology = UnidirectionalRing
    timing = SYNCHRONOUS
    knows_n = True
    winner = SMALLEST

    clock = Local(int, 0)  # rounds before the current one
    leader = Local(Id, NIL)

    def is_leader(p):
        return p.leader == p.id

    def decided(p):
        return p.leader != NIL

    def leader_id(p):
        return p.leader

    message_bound = staticmethod(timeslice_messages)
    message_bound_text = "n (exactly)"
    message_bound_exact = True
    round_bound = staticmethod(timeslice_rounds)
    round_bound_text = "(min id + 1) n + 1 (exactly)"
    round_bound_exact = True

    @receive(Token, when=lambda p, m, port: p.leader == NIL)
    def pass_token(p, m, port):  # someone is elected: record it, send the token on
        p.leader = m.id
        p.send(NEXT, m)

    @spontaneous(when=lambda p: And(p.leader == NIL, p.clock == p.id * p.n))
    def declare(p):  # phase id, no one elected yet: declare itself, send the token around
        p.leader = p.id
        p.send(NEXT, Token(p.id))
        p.clock = p.clock + 1

    @spontaneous(when=lambda p: And(p.leader == NIL, p.clock != p.id * p.n))
    def wait(p):  # not its phase yet
        p.clock = p.clock + 1
