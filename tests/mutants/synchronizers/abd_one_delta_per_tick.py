"""ABD that simulates tick k when its clock reads k delta instead of 2k delta.

Bug: the text's period 2 delta covers a start signal's delay (clocks differ by up to delta
between neighbours) plus a message's (up to delta); with delta alone a process woken late sends
its tick's message when its neighbour, woken first, already starts the next tick. Caught by
(Synch) on a path of 3.
"""
from models.systems.abd import ABD


class OneDeltaPerTick(ABD):
    name = "abd-one-delta-per-tick"
    period_in_deltas = 1
