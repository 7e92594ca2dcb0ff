"""An election attempt on an anonymous synchronous ring, to see seed 000's impossibility happen.

Source: seed 000_f26e5a13e7d0ddb1.txt, "Leader Election in Rings": "Impossibility result: there
is no synchronous, non-uniform algorithm if the processors are anonymous." The proof is the
symmetry argument: processes that start in the same state and run the same deterministic
program in lockstep stay in the same state, round after round, so if one of them becomes the
leader, all do. ``check theorem anonymous-ring`` proves it with z3 for every algorithm;
``check anonymous-tokens --n 4`` shows it happen to one algorithm, as a trace.

The attempt is the natural one, and it is non-uniform (n is known) to give it every chance:

    round 1: send a token, with hop count 1, to the next process
    on a token with hop count h < n: pass it on with h + 1
    on a token with hop count n: it has gone all the way round; "it must be mine": become leader

Every process does exactly that in every round, so in round n + 1 all of them become leaders:
at-most-one-leader fails, and the trace, round by round, shows every process doing the same.

The class sets ``anonymous = True``: a command cannot read ``p.id`` (the checker refuses it), so
the ids of an arrangement only name the processes in reports, and one arrangement stands for
all of them.

Choices where the text leaves room:
  * The slides state the impossibility, not an algorithm to fail: this is the attempt that
    suggests itself, given every help the theorem allows (synchronous rounds, n known).
  * The token carries its hop count, the only thing an anonymous process can put in it; "it
    has gone all the way round" is hop count n.
  * A process that claims leadership is decided; the others are never decided, so if the
    symmetry did not strike first, the election property would.
"""
from __future__ import annotations

from models import NEXT, NIL, SYNCHRONOUS, TRUE, Algorithm, Decision, Local, Message, UnidirectionalRing
from models import receive, spontaneous


class Token(Message):
    hops: int


class AnonymousTokens(Algorithm, name="anonymous-tokens", seed="000_f26e5a13e7d0ddb1.txt"):
    """An attempt on an anonymous synchronous ring (seed 000's impossibility): every process sends a token round."""

    topology = UnidirectionalRing
    timing = SYNCHRONOUS
    anonymous = True
    knows_n = True

    started = Local(bool, False)
    leader = Local(Decision, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return p.leader != NIL

    @spontaneous(when=lambda p: p.started == False)  # noqa: E712
    def start(p):
        p.started = True
        p.send(NEXT, Token(1))

    @receive(Token, when=lambda p, m, port: m.hops < p.n)
    def pass_on(p, m, port):
        p.send(NEXT, Token(m.hops + 1))

    @receive(Token, when=lambda p, m, port: m.hops == p.n)
    def claim(p, m, port):  # a token that has gone all the way round "must be mine"
        p.leader = TRUE
