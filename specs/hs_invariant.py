"""An inductive invariant of Hirschberg-Sinclair (algorithms/hs.py, seed 001_86390f416016552c.txt).

Safety needs little of the phase structure: a probe is relayed only by processes with smaller
ids, in the direction it was sent, so a probe back at its origin has passed every other
process and its origin has the largest id. Phases, ttls and replies do not appear: they
decide *when* a probe comes home (termination, message complexity), not *who* can win.

``check hs --n 4 --prove`` proves it for every arrangement of four ids; at-most-one-leader and
leader-is-largest follow from it.
"""
from __future__ import annotations

from algorithms.hs import HirschbergSinclair, Probe
from models import Implies

from .invariants import ForAll, Invariant, conjunct


class HSInvariant(Invariant, algorithm=HirschbergSinclair):
    symmetric = True  # positions are read only through path_from and position comparisons

    @conjunct
    def no_bypass(s):
        """A probe has passed, in the direction it travels, only processes with smaller ids."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Probe), lambda m:
            ForAll(s.with_id(m.id), lambda q: ForAll(ch.path_from(q), lambda r: r.id < m.id))))

    @conjunct
    def leader_max(s):
        """A leader's id is larger than every other process's."""
        return ForAll(s.processes, lambda p: Implies(s.is_leader(p),
            ForAll(s.processes, lambda q: Implies(q.position != p.position, q.id < p.id))))
