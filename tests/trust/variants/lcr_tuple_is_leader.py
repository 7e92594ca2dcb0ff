"""Variant: LCR whose is_leader reads a "crowned" flag through a tuple comparison.

Bug: a process crowns itself when it sends its id and is uncrowned only when it passes on a
smaller token or learns the leader, so until the smallest token has gone round, two processes
are leaders at once (at-most-one-leader fails; the terminal states are right). ``is_leader``
is written ``(p.crowned, p.asleep) == (True, False)``: Python compares the tuples as intended,
but on z3 terms the first comparison is decided structurally (False), so the compiled
decision function says "never a leader" and a native engine that observes processes with it
sees no second leader.

The lint refuses the construct now (exit 2), and so does the symbolic reading. With both
switched off (tests/trust/test_native_audit.py does), ``check FILE --n 3 --engine interned
--no-por --symmetry none`` says VIOLATED, and the native engine's audit alone keeps a default
run from saying VERIFIED.
"""
from algorithms.lcr import LCR, Terminate, Token
from models import NEXT, NIL, And, Local, receive, spontaneous


class LCRTupleIsLeader(LCR, name="lcr-tuple-is-leader"):
    crowned = Local(bool, False)

    def is_leader(p):
        return (p.crowned, p.asleep) == (True, False)

    @spontaneous(when=lambda p: And(p.asleep, p.leader == NIL))
    def send_my_id(p):
        p.asleep = False
        p.crowned = True
        p.send(NEXT, Token(p.id))

    @receive(Token, when=lambda p, m, port: m.id < p.id)
    def pass_on(p, m, port):
        p.crowned = False
        p.send(NEXT, m)

    @receive(Terminate, when=lambda p, m, port: p.leader == NIL)
    def terminate(p, m, port):
        p.leader = m.id
        p.crowned = False
        p.send(NEXT, Terminate(m.id))
