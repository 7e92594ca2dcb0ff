"""Variant: Hirschberg-Sinclair whose message bound takes the arrangement and is one message short.

Bug: the bound is written from the ring's links, 8 per link plus one per hop of the diameter,
25 at n = 3, where every execution sends 26. As in cr_setting_bound.py, the engines that ask
``message_bound_at`` (a number per n) got None and reported the bound as holding.
"""
from algorithms.hs import HirschbergSinclair


class HSSettingBound(HirschbergSinclair, name="hs-setting-bound"):
    @staticmethod
    def message_bound(n, setting):
        return 8 * setting.edges + setting.diameter
