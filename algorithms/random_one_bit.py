"""Randomized election with one bit per process on an anonymous complete network (seed 002).

Source: seed 002_8e2c4d6f504b108f.txt, section 11.2.4 "Election in anonymous networks":
"Initially, every process is active ... In every round, each active process i executes the
following program, until a leader is elected."

    program randomized leader election;
    initially b(i) = random{0,1};
    send b to every active neighbor;
    receive b from every active neighbor;
    if b(i)=1 and for all j != i: b(j)=0            -> i is the leader
       (b(i)=1 and exists j != i: b(j)=1) or (for all k: b(k)=0)
                                                   -> b(i) = random{0,1}; go to next round
       b(i)=0 and exists j: b(j)=1                 -> become passive
    fi

"This solution works on completely connected networks only", so the topology is the complete
graph on n vertices; processes have no ids (the checker runs it with ids that refuse every
use) and do not know n. "A leader is elected after an expected number of log n rounds using
O(n log n) messages": docs/complexity.md derives the exact expectations and compares.

The rounds are seed 000's synchronous rounds (models/systems/rounds.py): deliver every message of
the previous round, then every process takes one step. A round of the text (draw, send,
receive, decide) spans two of them: the bits drawn and sent in one round's step are received
at the start of the next, whose step decides and, for those that go on, draws and sends the
next bits. So the text's rounds overlap the model's, and an election after T rounds of the
text is complete after T + 1 synchronous rounds. ``round_commands``: a synchronous round in
which bits are drawn counts as one round of the text, so ``--expected rounds`` counts the
text's rounds and ``--expected steps`` the synchronous ones.

Choices where the text leaves room:
  * "Send b to every active neighbor": every active process sends its bit to every neighbour,
    and a passive process consumes what it receives without effect. An active process
    receives exactly the bits of the active ones, as the text says; what differs is only that
    bits to passive processes are counted as messages (m(n - 1) a round for m active processes
    rather than m(m - 1)): an anonymous process could tell its active neighbours only by
    remembering, per port, whose bit arrived, which the text does not describe.
  * ``random-one-bit-literal`` (``RandomOneBitLiteral``) reads the text literally: a bit goes
    to the active neighbours only, m(m - 1) messages a round. An active process can know its
    active neighbours without being told, so nothing is announced: when it goes on to the next
    round, the neighbours that go on with it are exactly those whose bit equalled its own (all
    1s stay and the 0s quit; if all are 0, all draw again). It learns each such bit on the
    neighbour's port, and a neighbour that quits never sends again; so a flag per port
    (``active``, all true in the first round), set on each arrival to whether the bit equals its
    own, is its active set, and it sends with ``p.send_all(m, where=...)`` on the ports
    flagged. The cost is one bool of state per port, and no message: the elections and their
    probabilities are random-one-bit's (the same coins decide them), only the messages fewer.
    A passive process receives nothing, so it has no command to ignore a bit.
  * "Exists j: b(j) = 1" is what the process received: ``heard_one`` is set by any 1 that
    arrives in the round, and cleared when the next bit is drawn.
  * The leader decides that it is the leader; a passive process decides that it is not, and
    knows no more (there are no ids to name the leader by).
"""
from __future__ import annotations

from enum import IntEnum

from models import SYNCHRONOUS, Algorithm, And, Local, Message, Network, Not, Or, PerPort, receive, spontaneous


class Phase(IntEnum):
    START = 0  # has not drawn its first bit
    ACTIVE = 1  # a contender: drew b and sent it
    PASSIVE = 2  # quit the race
    LEADER = 3


class Bit(Message):
    b: int


def draws_again(p):
    """Another active process sent 1 too, or every bit was 0: the process draws again."""
    return And(p.phase == Phase.ACTIVE, Or(And(p.b == 1, p.heard_one), And(p.b == 0, Not(p.heard_one))))


class RandomOneBit(Algorithm, name="random-one-bit", seed="002_8e2c4d6f504b108f.txt"):
    """Seed 002's one-bit randomized election: anonymous complete network, synchronous rounds; elects almost surely."""

    topology = Network
    default_graphs = "complete"  # "works on completely connected networks only"
    timing = SYNCHRONOUS
    round_commands = ("start", "draw_again")  # a round of the text begins: bits are drawn and sent

    phase = Local(Phase, Phase.START)
    b = Local(int, 0)
    heard_one = Local(bool, False)  # some other active process sent 1 this round

    def is_leader(p):
        return p.phase == Phase.LEADER

    def decided(p):
        return Or(p.phase == Phase.LEADER, p.phase == Phase.PASSIVE)

    @spontaneous(when=lambda p: p.phase == Phase.START)
    def start(p):  # initially b(i) = random{0,1}; send b to every active neighbor
        p.b = p.draw((0, 1))
        p.phase = Phase.ACTIVE
        p.send_all(Bit(p.b))

    @receive(Bit, when=lambda p, m, port: p.phase == Phase.ACTIVE)
    def receive_bit(p, m, port):  # receive b from every active neighbor
        p.heard_one = Or(p.heard_one, m.b == 1)

    @receive(Bit, when=lambda p, m, port: p.phase != Phase.ACTIVE)
    def ignore_bit(p, m, port):  # a passive process is no longer in the race
        pass

    @spontaneous(when=lambda p: And(p.phase == Phase.ACTIVE, p.b == 1, Not(p.heard_one)))
    def lead(p):  # b(i) = 1 and every other bit 0: i is the leader
        p.phase = Phase.LEADER

    @spontaneous(when=lambda p: draws_again(p))
    def draw_again(p):  # another 1, or every bit 0: draw again, next round
        p.b = p.draw((0, 1))
        p.heard_one = False
        p.send_all(Bit(p.b))

    @spontaneous(when=lambda p: And(p.phase == Phase.ACTIVE, p.b == 0, p.heard_one))
    def quit(p):  # b(i) = 0 and some b(j) = 1: become passive
        p.phase = Phase.PASSIVE


class RandomOneBitLiteral(RandomOneBit, name="random-one-bit-literal"):
    """Seed 002's one-bit election with each bit sent to the active neighbours only, m(m - 1) messages a round."""

    active = PerPort(bool, True)  # the neighbour on this port is still a contender (the module docstring)

    @spontaneous(when=lambda p: p.phase == Phase.START)
    def start(p):  # initially b(i) = random{0,1}; send b to every active neighbor (all are)
        p.b = p.draw((0, 1))
        p.phase = Phase.ACTIVE
        p.send_all(Bit(p.b), where=lambda port: p.active[port])

    @receive(Bit, when=lambda p, m, port: p.phase == Phase.ACTIVE)
    def receive_bit(p, m, port):  # receive b from every active neighbor; j goes on with i iff b(j) = b(i)
        p.heard_one = Or(p.heard_one, m.b == 1)
        p.active[port] = m.b == p.b

    ignore_bit = None  # no bit reaches a passive process: it is no one's active neighbour

    @spontaneous(when=lambda p: draws_again(p))
    def draw_again(p):  # another 1, or every bit 0: draw again, send to the neighbours still active
        p.b = p.draw((0, 1))
        p.heard_one = False
        p.send_all(Bit(p.b), where=lambda port: p.active[port])
