"""Peterson: unidirectional ring, aliases, N(i) and NN(i). One leader, not necessarily the largest id.

Source: seed 002_8e2c4d6f504b108f.txt, section 11.2.2.3. N(i) is the red predecessor of i
(the closest red process anticlockwise), NN(i) the red predecessor of N(i); black processes
are passive, "[acting] only as a router [forwarding] incoming messages to its neighbor";
"the channels are FIFO". In each round every red process executes:

    program Peterson
    define    alias : process id;  color : black or red
    initially ∀ i : color(i) = red, alias(i) = i
    1  send alias;
    2  receive alias(N);
    3  if alias = alias(N) → I am the leader
    4     alias ≠ alias(N) → send alias(N);
    5        receive alias(NN);
    6        if alias(N) > max(alias, alias(NN)) →
    7           alias := alias(N)
    8           alias(N) < max(alias, alias(NN)) →
    9           color := black
             fi
       fi

Asynchronously: a red process receives, from its predecessor channel, first N's line-1
message and then N's line-4 message (which carries alias(NN)); relays keep their order and
the channels are FIFO, so no round numbers are needed. The two messages are typed ``One``
(line 1) and ``Two`` (line 4) so that a trace says which line sent them; ``alias_n`` holds
alias(N) between lines 2 and 5 (NIL: waiting for line 2).

"A unique leader is eventually elected, but it is not necessarily the process with the
largest identifier": the surviving *alias* is the largest id, but it may be held by another
process. So ``winner`` is None: the specification checks one leader, every other process
black, stability and termination, and no maximality
(tests/algorithms/test_catalogue_promises.py shows the maximality claim is indeed false).

Choices where the text leaves room:
  * "Initially alias(i) = i" and line 1 happen in a spontaneous ``start``. A process that
    receives line 2's message before it has started starts first, in the same step (it runs
    line 1, then lines 2 and 4): every process takes part, as the text's "initially every
    process is red" says, and no message has to wait.
  * "I am the leader" sets ``leader``; turning black is the other processes' decision. The
    text has no announcement, so the specification checks no agreement on who leads.
  * Line 6/8's comparison is strict both ways; aliases of red processes are distinct ids,
    and alias(NN) = alias(N) cannot occur with two or more red processes, so no case is left.
  * The text bounds messages by 2n log n ("at most log n rounds, and in each round every
    process sends out two messages"); a round that starts with k >= 2 red processes leaves at
    most floor(k/2) (no two neighbouring red processes both stay red), so at most floor(log2 n)
    rounds start with two or more, and the count leaves out the last round, in which the
    leader's line-1 message goes round the ring (n more): the bound checked is
    2n floor(log2 n) + n. It is tight: ``check peterson --messages --n 2..7`` measures it as
    the maximum for every n there.
"""
from __future__ import annotations

from algorithms.cr import BLACK, RED, Color
from models import (
    NEXT, NIL, TRUE, Algorithm, And, Decision, Id, Local, Message, Or, UnidirectionalRing, receive, spontaneous,
)


class One(Message):
    """Line 1: ``send alias``."""

    alias: int


class Two(Message):
    """Line 4: ``send alias(N)``."""

    alias: int


class Peterson(Algorithm, name="peterson", seed="002_8e2c4d6f504b108f.txt"):
    """Peterson (seed 002): unidirectional ring with aliases; exactly one leader, not necessarily the largest id."""

    topology = UnidirectionalRing
    winner = None  # the text: "not necessarily the process with the largest identifier"

    asleep = Local(bool, True)
    color = Local(Color, RED)
    alias = Local(Id, NIL)
    alias_n = Local(Id, NIL)  # alias(N), received at line 2, until line 5
    leader = Local(Decision, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return Or(p.leader == TRUE, p.color == BLACK)

    @staticmethod
    def message_bound(n):
        return 2 * n * (n.bit_length() - 1) + n  # n.bit_length() - 1 is floor(log2 n), exactly

    message_bound_text = "2n floor(log2 n) + n"

    @spontaneous(when=lambda p: p.asleep)
    def start(p):  # initially alias(i) = i; line 1
        p.asleep = False
        p.alias = p.id
        p.send(NEXT, One(p.id))

    @receive(One, when=lambda p, m, port: p.asleep)
    def start_on_receipt(p, m, port):  # line 1, then lines 2 and 4 (m.alias is not ours: we never sent it)
        p.asleep = False
        p.alias = p.id
        p.send(NEXT, One(p.id))
        p.alias_n = m.alias
        p.send(NEXT, Two(m.alias))

    # a red process: lines 2-4
    @receive(One, when=lambda p, m, port: And(p.color == RED, m.alias == p.alias))
    def i_am_the_leader(p, m, port):
        p.leader = TRUE

    @receive(One, when=lambda p, m, port: And(p.color == RED, m.alias != p.alias, p.alias != NIL))
    def send_alias_n(p, m, port):
        p.alias_n = m.alias
        p.send(NEXT, Two(m.alias))

    # lines 5-9
    @receive(Two, when=lambda p, m, port: And(p.color == RED, p.alias_n > p.alias, p.alias_n > m.alias))
    def take_alias_n(p, m, port):  # line 7, and line 1 of the next round
        p.alias = p.alias_n
        p.alias_n = NIL
        p.send(NEXT, One(p.alias))

    @receive(Two, when=lambda p, m, port: And(p.color == RED, Or(p.alias_n < p.alias, p.alias_n < m.alias)))
    def turn_black(p, m, port):
        p.color = BLACK
        p.alias_n = NIL

    # a black process routes
    @receive(One, when=lambda p, m, port: p.color == BLACK)
    def route_one(p, m, port):
        p.send(NEXT, m)

    @receive(Two, when=lambda p, m, port: p.color == BLACK)
    def route_two(p, m, port):
        p.send(NEXT, m)
