"""Variant: Chang-Roberts whose message bound takes the arrangement and is one message short.

Bug: the bound counts n - 1 messages for the announcement round (``setting.edges - 1``: the
leader's own announcement forgotten), n(n+1)/2 + n - 1 in all, 8 at n = 3; the worst execution
sends 9 (ids 1, 3, 2). A bound with a second parameter is not a number per n, so an engine that
asks ``message_bound_at`` gets None: the native search took that as "no bound" and printed
"message-bound holds".
"""
from algorithms.cr import ChangRoberts


class CRSettingBound(ChangRoberts, name="cr-setting-bound"):
    @staticmethod
    def message_bound(n, setting):
        return n * (n + 1) // 2 + setting.edges - 1
