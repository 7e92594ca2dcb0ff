"""Mutant: Peterson whose line 3 compares the returning alias with the process's id instead of
its alias ("if id = alias(N) -> I am the leader").

The last red process usually holds an alias that is not its own id (the surviving alias is the
largest id, not the survivor's), so its own alias comes back, matches no case and is lost.
Must be caught as election (a run ends with no leader).
"""
from algorithms.cr import RED
from algorithms.peterson import One, Peterson
from models import TRUE, And, receive


class PetersonLeaderById(Peterson, name="peterson-leader-by-id"):
    @receive(One, when=lambda p, m, port: And(p.color == RED, m.alias == p.id))
    def i_am_the_leader(p, m, port):
        p.leader = TRUE
