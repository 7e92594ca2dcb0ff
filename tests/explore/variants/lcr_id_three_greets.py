"""Variant: LCR in which the process with id 3 also sends one greeting, which nobody reads.

Which process greets is an initial local that holds an id (``greeter = Local(Id, 3)``), so the
initial state is not its own renaming: at n = 4, ids 1,3,2,4 and 1,4,2,3 would otherwise be
twins (twins.py), but renamed (3 and 4 swapped) the first one's graph has its greeting at
position 1, while the second arrangement greets from position 3. A correct election either way.
"""
from algorithms.lcr import LCR
from models import NEXT, And, Id, Local, Message, Not, spontaneous


class Greeting(Message):
    id: int


class LCRIdThreeGreets(LCR, name="lcr-id-three-greets"):
    greeter = Local(Id, 3)
    greeted = Local(bool, False)

    @spontaneous(when=lambda p: And(p.id == p.greeter, Not(p.greeted)))
    def greet(p):
        p.greeted = True
        p.send(NEXT, Greeting(p.id))

    @staticmethod
    def message_bound(n):
        return n * (n + 1) // 2 + n + 1
