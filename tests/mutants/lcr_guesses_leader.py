"""Mutant: LCR whose processes record a guess of the leader and correct it later.

A process that passes on a smaller token before it has decided records that token's id as
its leader (decided, not leader); the announcement <terminate, id> then overwrites the guess
with the real leader. Every terminal state is a correct election (one leader, the smallest
id, everyone agreeing, no message left), and decided and is_leader never change once set:
only the recorded leader id does. Must be caught as stability (by the leader id alone).
"""
from algorithms.lcr import LCR, Terminate, Token
from models import NEXT, NIL, And, receive


class LCRGuessesLeader(LCR, name="lcr-guesses-leader"):
    @receive(Token, when=lambda p, m, port: And(m.id < p.id, p.leader == NIL))
    def pass_on(p, m, port):
        p.leader = m.id
        p.send(NEXT, m)

    @receive(Token, when=lambda p, m, port: And(m.id < p.id, p.leader != NIL))
    def pass_on_decided(p, m, port):
        p.send(NEXT, m)

    @receive(Terminate, when=lambda p, m, port: p.leader != p.id)
    def terminate(p, m, port):
        p.leader = m.id
        p.send(NEXT, Terminate(m.id))
