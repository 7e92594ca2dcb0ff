"""An inductive invariant of Hirschberg-Sinclair as seed 000's slides print it (algorithms/hs_lecture.py).

hs's argument (specs/hs_invariant.py) with the order reversed, and an announcement conjunct as
on rings of every size (specs/all_n/hs_lecture.py): an <out> token moves on only past processes
with larger ids (``pass_out`` and ``turn_back`` require m.id < p.id), in the direction it was
sent, so a token back at its sender has passed every other process and the sender has the
smallest id. <terminate, j> carries only the leader's id, so a process that learns j from it
records the leader's id. Phases, hop counts and the <in> replies decide when a token comes
home, not who can win.

``check hs-lecture --n 4 --prove`` proves it for every arrangement of four ids; at-most-one-leader
and leader-is-smallest follow from it.
"""
from __future__ import annotations

from algorithms.hs_lecture import HirschbergSinclairLecture, Out, Terminate
from models import Implies

from .invariants import ForAll, Invariant, conjunct


class HSLectureInvariant(Invariant, algorithm=HirschbergSinclairLecture):
    symmetric = True  # positions are read only through path_from and position comparisons

    @conjunct
    def no_bypass(s):
        """An <out> token has passed, in the direction it travels, only processes with larger ids."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(Out), lambda m:
            ForAll(s.with_id(m.id), lambda q: ForAll(ch.path_from(q), lambda r: m.id < r.id))))

    @conjunct
    def leader_min(s):
        """A leader's id is smaller than every other process's."""
        return ForAll(s.processes, lambda p: Implies(s.is_leader(p),
            ForAll(s.processes, lambda q: Implies(q.position != p.position, p.id < q.id))))

    @conjunct
    def terminate_from_leader(s):
        """Every <terminate> in a channel carries the id of a leader."""
        return s.every_carried_id(Terminate, s.is_leader)
