"""Chang-Roberts: unidirectional ring, red/black, initiators and non-initiators. Largest initiator wins.

Source: seed 002_8e2c4d6f504b108f.txt, section 11.2.2.1:

    program Chang-Roberts (for an initiator i)
    define token : process id
    initially all processes are red, and i sends a token <i> to its neighbor;
    do token <j> ∧ j < i → skip                       {j's token is removed}
    □ token <j> ∧ j > i → send <j>; color := black    {i resigns}
    □ token <j> ∧ j = i → L(i) := i                   {i becomes the leader}
    od
    {for a noninitiator process}
    do token <j> received → color := black; send <j> od

"It will require another round of leader messages to notify the identity of the leader to
every other process": the winner sends <leader i>, which every other process records in L
and passes on, and which stops when it is back at the winner.

Choices where the text leaves room:
  * Who initiates is the adversary's choice: every red process that has not yet received a
    token may initiate spontaneously, and "if a process receives a token before initiating
    ... it decides to quit, and turns black" and runs the non-initiator loop. So one
    arrangement's state graph holds every non-empty set of initiators (at least one process
    must initiate, or nothing happens).
  * Because a non-initiator forwards every token, the process that wins is the one with the
    largest id *among the initiators*; that is the promise the specification checks
    (``candidate`` = has initiated). When every process initiates, that is the largest id.
  * An initiator keeps its initiator loop after it resigns (turns black): it still removes
    tokens smaller than its own id, as the text's loop says.
"""
from __future__ import annotations

from enum import IntEnum

from models import NEXT, NIL, LARGEST, Algorithm, And, Id, Local, Message, Not, UnidirectionalRing, receive, spontaneous


class Color(IntEnum):
    RED = 0
    BLACK = 1


RED, BLACK = Color.RED, Color.BLACK


class Token(Message):
    id: int


class Leader(Message):
    id: int


class ChangRoberts(Algorithm, name="cr", seed="002_8e2c4d6f504b108f.txt"):
    """Chang-Roberts (seed 002) with the leader announcement round: largest initiator wins."""

    topology = UnidirectionalRing
    winner = LARGEST

    color = Local(Color, RED)
    initiated = Local(bool, False)
    L = Local(Id, NIL)

    def is_leader(p):
        return p.L == p.id

    def decided(p):
        return p.L != NIL

    def leader_id(p):
        return p.L

    def candidate(p):
        return p.initiated

    @staticmethod
    def message_bound(n):
        return n * (n + 1) // 2 + n

    message_bound_text = "n(n+1)/2 + n"

    @spontaneous(when=lambda p: And(p.color == RED, Not(p.initiated)))
    def initiate(p):
        p.initiated = True
        p.send(NEXT, Token(p.id))

    # the initiator's loop
    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id < p.id))
    def remove(p, m, port):
        pass

    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id > p.id))
    def resign(p, m, port):
        p.send(NEXT, m)
        p.color = BLACK

    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id == p.id))
    def become_leader(p, m, port):
        p.L = p.id
        p.send(NEXT, Leader(p.id))

    # the non-initiator's loop
    @receive(Token, when=lambda p, m, port: Not(p.initiated))
    def relay(p, m, port):
        p.color = BLACK
        p.send(NEXT, m)

    # the announcement round
    @receive(Leader, when=lambda p, m, port: m.id != p.id)
    def learn_leader(p, m, port):
        p.L = m.id
        p.send(NEXT, m)
