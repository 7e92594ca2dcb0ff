"""Mutant: Franklin whose black processes pass a token straight on even while an early token
(the next round's, kept from before they turned black) is still waiting to be passed on.

Later tokens then overtake it, the FIFO order the asynchronous rounds rest on is broken, and
a red process pairs tokens of different rounds. Must be caught (as election: a run ends with
processes still waiting for a token).
"""
from algorithms.franklin import Franklin, Token
from models import BLACK_OR_ANY, receive
