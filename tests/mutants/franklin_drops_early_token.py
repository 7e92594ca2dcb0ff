"""Mutant: Franklin without the early-token buffer. A red process that already holds this
round's token from one side has no command for a second token from that side (the next
round's, sent by a neighbour that is one round ahead), so the token is consumed and lost.

In the synchronous text this cannot happen; asynchronously it does, and a process then waits
for ever. Must be caught as election (a run ends with no leader).
"""
from algorithms.franklin import Franklin


class FranklinDropsEarlyToken(Franklin, name="franklin-drops-early-token"):
    receive_early = None
