"""Franklin: bidirectional ring, red (active) and black (relay) processes, rounds. Largest id wins.

Source: seed 002_8e2c4d6f504b108f.txt, section 11.2.2.2. Initially every process is red;
"a black process remains passive and does not assume any role other than forwarding the
tokens to the appropriate neighbors". The program for a red process i in round r:

    send token <i> to both neighbors;
    receive tokens from both neighbors;
    if ∃ token <j> : j > i → color := black
    □ ∀ token <j> : j < i → r := r + 1; execute program for the next round
    □ ∀ token <j> : j = i → L(i) := i
    fi

The text is synchronous; this module runs it asynchronously over FIFO channels, and the
rounds are implicit in FIFO order:
  * A red process's round r is the pair of tokens it receives next, one per port. Relays
    forward in order and every channel is FIFO, so the first token to reach a red process
    from one side after its round r-1 is the round-r token of its nearest red neighbour on
    that side. No round number travels with a token, and r is not stored (it would only make
    states differ): the text's "r := r + 1" is ``next_round`` clearing the pair.
  * A neighbour can be at most one round ahead (it cannot finish round r+1 without our
    round-(r+1) token), so a round-(r+1) token may arrive on one port before the round-r token
    on the other. It is kept in ``early[port]`` and becomes the current token when the round
    ends. In the synchronous text every round's tokens arrive together and no buffer exists.
  * A process that turns black with an early token passes it on before anything that arrives
    behind it on that port, so that FIFO order, which the rounds rest on, is kept
    (``relay_behind_early``, ``relay_early_cw``/``relay_early_ccw``).

Other choices where the text leaves room:
  * Round 0 begins with a spontaneous ``start`` (the text's "send token <i> to both
    neighbors"); a process that has not started yet already keeps the tokens it receives,
    and ends its round only after it has started.
  * Only the leader records L(i); turning black is the other processes' decision ("i quits
    the race"). The text has no announcement round, so no process but the leader knows who
    won, and the specification checks no agreement on L.
  * The text claims O(n log n) messages, "the constant [...] reduced to 2" (its
    bibliographic notes): each round sends one token over every link in each direction (2n);
    no two neighbouring red processes both stay red, so a round that starts with k >= 2 red
    processes leaves at most floor(k/2), at most floor(log2 n) rounds start with two or more,
    and the last round's tokens go round the whole ring: the bound checked is
    2n(floor(log2 n) + 1). It is tight: ``check franklin --messages --n 2..6`` measures it as
    the maximum for every n there.
"""
from __future__ import annotations

from algorithms.cr import BLACK, RED, Color
from models import (
    CCW, CW, NIL, LARGEST, Algorithm, And, BidirectionalRing, Id, Local, Message, Not, Or, PerPort, opposite,
    receive, spontaneous,
)


class Token(Message):
    id: int


def _round_complete(p):
    """Red, started, and holding this round's token from both sides."""
    return And(p.color == RED, Not(p.asleep), p.token[CW] != NIL, p.token[CCW] != NIL)


class Franklin(Algorithm, name="franklin", seed="002_8e2c4d6f504b108f.txt"):
    """Franklin (seed 002), asynchronous: red processes compare ids with both red neighbours per round; largest id wins."""

    topology = BidirectionalRing
    winner = LARGEST
    mirror_symmetric = True  # every command treats CW and CCW alike (tests/explore/test_symmetry.py)

    asleep = Local(bool, True)
    color = Local(Color, RED)
    token = PerPort(Id, NIL)  # this round's token from each side
    early = PerPort(Id, NIL)  # the next round's token from a side, arrived before this round ended
    L = Local(Id, NIL)

    def is_leader(p):
        return p.L == p.id

    def decided(p):
        return Or(p.L != NIL, p.color == BLACK)

    @staticmethod
    def message_bound(n):
        return 2 * n * n.bit_length()  # n.bit_length() is floor(log2 n) + 1, exactly

    message_bound_text = "2n(floor(log2 n) + 1)"

    @spontaneous(when=lambda p: p.asleep)
    def start(p):
        p.asleep = False
        p.send_all(Token(p.id))

    # a red process receives one token per side and round
    @receive(Token, when=lambda p, m, port: And(p.color == RED, p.token[port] == NIL))
    def receive_token(p, m, port):
        p.token[port] = m.id

    @receive(Token, when=lambda p, m, port: And(p.color == RED, p.token[port] != NIL, p.early[port] == NIL))
    def receive_early(p, m, port):
        p.early[port] = m.id

    # the end of a round
    @spontaneous(when=lambda p: And(_round_complete(p), Or(p.token[CW] > p.id, p.token[CCW] > p.id)))
    def quit(p):
        p.color = BLACK
        p.token[CW] = NIL
        p.token[CCW] = NIL

    @spontaneous(when=lambda p: And(_round_complete(p), p.token[CW] < p.id, p.token[CCW] < p.id))
    def next_round(p):
        p.token[CW] = p.early[CW]
        p.token[CCW] = p.early[CCW]
        p.early[CW] = NIL
        p.early[CCW] = NIL
        p.send_all(Token(p.id))

    @spontaneous(when=lambda p: And(_round_complete(p), p.token[CW] == p.id, p.token[CCW] == p.id, p.L == NIL))
    def elected(p):
        p.L = p.id

    # a black process forwards tokens, in the order they arrived
    @receive(Token, when=lambda p, m, port: And(p.color == BLACK, p.early[port] == NIL))
    def relay(p, m, port):
        p.send(opposite(port), m)

    @receive(Token, when=lambda p, m, port: And(p.color == BLACK, p.early[port] != NIL))
    def relay_behind_early(p, m, port):
        p.send(opposite(port), Token(p.early[port]))
        p.early[port] = m.id

    @spontaneous(when=lambda p: And(p.color == BLACK, p.early[CW] != NIL))
    def relay_early_cw(p):
        p.send(CCW, Token(p.early[CW]))
        p.early[CW] = NIL

    @spontaneous(when=lambda p: And(p.color == BLACK, p.early[CCW] != NIL))
    def relay_early_ccw(p):
        p.send(CW, Token(p.early[CCW]))
        p.early[CCW] = NIL
