"""Flooding election on any connected network with known diameter D (seed 002). Largest id wins.

Source: seed 002_8e2c4d6f504b108f.txt, section 11.2.3 "Election in arbitrary networks":
"Initially, for all i: L(i) = i. In each round, every node sends the id of its leader to all its
neighbors. A process i picks the largest id from the set {L(i) U the set of all ids received},
assigns it to L(i), and sends L(i) out to its neighbors. The algorithm terminates after D
rounds, where D is the diameter of the graph."

    program general network;
    define r : integer {round number}, L : process id {identifies the leader}
    initially r = 0, L(i) = i
    do r < D ->
        send L(i) to each neighbor;
        receive all messages from the neighbors;
        L(i) := max {L(i) U set of leader ids received from neighbors}
        r := r + 1
    od

The rounds are seed 000's (models/systems/rounds.py): deliver every message of the previous round,
then every process takes one step. The text's iteration "send; receive all; L := max" spans two
of them: its sends go out in one round's step and are received at the start of the next. So
iteration k sends in round k and receives in round k + 1, and the iterations overlap: D
iterations take D + 1 rounds, the first with nothing to receive and the last with nothing to
send. Every round but the last sends on every port, 2|E| messages, so an execution sends
exactly 2|E|D messages: the bounds declared are those exact figures, and the tests check that
every execution attains them.

Choices where the text leaves room:
  * ``L`` starts as NIL and is set to the process's own id by its first step ("initially
    L(i) = i": locals start with constants here, and the id is the process's own).
  * Receiving is a command per message, ``L := max(L, m.id)``: the text's max over the set,
    one element at a time. The order a process reads its ports in cannot change a max, and the
    checker verifies that (models/systems/rounds.py), so one labelling of the ports stands for all.
  * "Terminates after D rounds": a process decides once its loop has ended and the last
    messages are in, in the step of round D + 1 (``decide``); L(i) is then its leader, and the
    process with L(i) = i is the leader.
"""
from __future__ import annotations

from models import LARGEST, NIL, SYNCHRONOUS, Algorithm, And, Id, Local, Message, Network, ite, receive, spontaneous


class Leader(Message):
    id: int  # the sender's L


def flooding_messages(n, setting):
    return 2 * setting.edges * setting.diameter


def flooding_rounds(n, setting):
    return setting.diameter + 1


class Flooding(Algorithm, name="flooding", seed="002_8e2c4d6f504b108f.txt"):
    """Flooding election (seed 002): synchronous, any connected network, D known; largest id wins, 2|E|D messages."""

    topology = Network
    timing = SYNCHRONOUS
    knows_diameter = True
    winner = LARGEST

    r = Local(int, 0)
    L = Local(Id, NIL)
    done = Local(bool, False)

    def is_leader(p):
        return And(p.done, p.L == p.id)

    def decided(p):
        return p.done

    def leader_id(p):
        return p.L

    message_bound = staticmethod(flooding_messages)
    message_bound_text = "2|E|D (exactly)"
    message_bound_exact = True
    round_bound = staticmethod(flooding_rounds)
    round_bound_text = "D + 1 (exactly)"
    round_bound_exact = True

    @receive(Leader)
    def receive_leader(p, m, port):  # L(i) := max {L(i) U ids received}
        p.L = ite(m.id > p.L, m.id, p.L)

    @spontaneous(when=lambda p: p.r < p.diameter)
    def send_leader(p):  # do r < D -> send L(i) to each neighbor; r := r + 1
        p.L = ite(p.L == NIL, p.id, p.L)
        p.send_all(Leader(p.L))
        p.r = p.r + 1

    @spontaneous(when=lambda p: And(p.r == p.diameter, p.done == False))  # noqa: E712
    def decide(p):  # od: after D rounds, L(i) is the leader
        p.L = ite(p.L == NIL, p.id, p.L)
        p.done = True
