"""LeLann: unidirectional ring; every initiator's token travels the whole ring. Largest initiator wins.

Source: seed 002_8e2c4d6f504b108f.txt, bibliographic notes of chapter 11 (the chapter
prints no program for it):

    LeLann [Le77] presented the first solution to the maxima finding problem: Every
    initiator generates a token that it sends to its neighbors, and a neighbor forwards a
    token when its own id is lower than that of the initiator; otherwise it forwards a token
    with its own id. This leads to a message complexity of O(n^2). Chang and Roberts's
    algorithm [CR79] is an improvement over LeLann's algorithm [...]

Written as a do ... od in the manner of the chapter's Chang-Roberts (section 11.2.2.1), on
the same unidirectional ring:

    {for an initiator i}   initially i sends a token <i>; largest := i
    do token <j> ∧ j ≠ i → send <j>; largest := max(largest, j)
    □ token <j> ∧ j = i ∧ largest = i → L(i) := i         {i becomes the leader}
    □ token <j> ∧ j = i ∧ largest ≠ i → L(i) := largest   {i has lost}
    od
    {for a noninitiator process}
    do token <j> received → passive; send <j> od

Choices where the note leaves room:
  * "Every initiator's token travels the whole ring" (which is what makes it O(n^2) and what
    Chang-Roberts improves on): no token is removed on the way; it stops when it is back at
    its initiator. The note's "otherwise it forwards a token with its own id" is read as the
    running maximum the token's journey establishes, kept by each initiator in ``largest``:
    a token whose content were replaced could not be recognised by its initiator when it
    came back, and a uniform algorithm has nothing else to stop it with.
  * Because channels are FIFO and an initiator sends its own token before it forwards any
    other, every initiator's token reaches initiator i before i's own token returns: i then
    knows every initiator's id, decides, and records the winner in L(i).
  * Who initiates is the adversary's choice, as in ``cr``: a process that receives a token
    before initiating does not initiate ("passive", like Chang-Roberts's black
    non-initiators), forwards every token and decides not to lead. So the winner is the
    largest *initiator* (the largest id when all initiate), and one arrangement's state graph
    holds every non-empty set of initiators. A passive process does not learn the winner's
    id (the note mentions no announcement), so agreement on L is checked among the processes
    that record one (specs/election.py compares no NIL).
  * Each of k initiators' tokens makes n hops: k·n <= n^2 messages, the bound checked.
"""
from __future__ import annotations

from models import (
    NEXT, NIL, LARGEST, Algorithm, And, Id, Local, Message, Not, Or, UnidirectionalRing, ite, receive, spontaneous,
)


class Token(Message):
    id: int


class LeLann(Algorithm, name="lelann", seed="002_8e2c4d6f504b108f.txt"):
    """LeLann (seed 002's notes): every initiator's token travels the whole ring; largest initiator wins, O(n^2)."""

    topology = UnidirectionalRing
    winner = LARGEST

    initiated = Local(bool, False)
    passive = Local(bool, False)
    largest = Local(Id, NIL)  # the largest initiator id seen so far
    L = Local(Id, NIL)

    def is_leader(p):
        return p.L == p.id

    def decided(p):
        return Or(p.L != NIL, p.passive)

    def leader_id(p):
        return p.L

    def candidate(p):
        return p.initiated

    @staticmethod
    def message_bound(n):
        return n * n

    @spontaneous(when=lambda p: And(Not(p.initiated), Not(p.passive)))
    def initiate(p):
        p.initiated = True
        p.largest = p.id
        p.send(NEXT, Token(p.id))

    # the initiator's loop
    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id != p.id))
    def forward(p, m, port):
        p.send(NEXT, m)
        p.largest = ite(m.id > p.largest, m.id, p.largest)

    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id == p.id, p.largest == p.id))
    def become_leader(p, m, port):
        p.L = p.id

    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id == p.id, p.largest != p.id))
    def lose(p, m, port):
        p.L = p.largest

    # the non-initiator's loop
    @receive(Token, when=lambda p, m, port: Not(p.initiated))
    def relay(p, m, port):
        p.passive = True
        p.send(NEXT, m)
