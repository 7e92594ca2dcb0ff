"""An inductive invariant of Hirschberg-Sinclair on an unoriented ring (algorithms/hs_unoriented.py,
seed 004_9784b88bd9825df1.txt).

hs's argument (specs/hs_invariant.py) in seed 004's vocabulary. A {from, id, x, y} is sent by
its candidate on both ports, and afterwards moves on only through ``forward_from``, which
requires sender_id > id and sends it on the port opposite its arrival port: "forward the message
in the same direction", which is the same way round the ring whatever the adversary's labels.
So a {from} in a channel has passed, since it left the process with its id, only processes with
smaller ids, in the direction the channel leads (``no_bypass``). ``declare_leader`` takes a {from}
with the process's own id, which has then passed every other process ("a full cycle"), so a
leader's id is larger than every other (``leader_max``). The stages, the hop counts x and y and
the {ok}/{no} responses decide *when* a {from} comes home (termination, message complexity), not
*who* can win; there is no announcement, so nothing like hs-lecture's terminate_from_leader.

The conjuncts read no port: only channels, which way each leads round the ring (``path_from``)
and locals, so the same text holds for every labelling of the ports.

What a proof covers. The symbolic ring of a proof reads one labelling of the ports, the
adversary's choice among 2^n, so ``check hs-unoriented --n N --prove`` proves this invariant
inductive in the unswapped labelling, fixed as a ring of its own and given to the unchanged
prover (checker/prove/labellings.py), and derives the other labellings' proofs from it: the
algorithm's mirror symmetry is proved at n, and every conjunct reads alike on a labelling's state
and on its image with the swapped processes' ok slots exchanged
(checker/prove/labelling_symmetry.py). ``--symmetry none`` proves each labelling as a ring of
its own (``python bench/prove_labellings.py hs-unoriented --n N`` times each): every one of the
2^n at n = 3, 4 and 5 (docs/proofs.md has the times), every arrangement of the ids at once
within each; the tests prove those of n = 2 both ways in the fast loop and one labelling of n = 3
with the slow tests. ``check hs-unoriented --n 3 --infer`` finds these four
conjuncts again from templates (docs/proofs.md). ``check hs-unoriented --n N --check-invariant``
evaluates it on every reachable state of every labelled arrangement.
At-most-one-leader, leader-is-largest and stability follow from it; termination, election
and the message bound are the explorer's.
"""
from __future__ import annotations

from algorithms.hs_unoriented import From, HirschbergSinclairUnoriented, No
from models import Implies, Not

from .invariants import Exists, ForAll, Invariant, conjunct


class HSUnorientedInvariant(Invariant, algorithm=HirschbergSinclairUnoriented):
    symmetric = True  # positions are read only through path_from and position comparisons

    @conjunct
    def no_bypass(s):
        """A {from} has passed, in the direction it travels, only processes with smaller ids."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(From), lambda m:
            ForAll(s.with_id(m.id), lambda q: ForAll(ch.path_from(q), lambda r: r.id < m.id))))

    @conjunct
    def leader_max(s):
        """A leader's id is larger than every other process's."""
        return ForAll(s.processes, lambda p: Implies(s.is_leader(p),
            ForAll(s.processes, lambda q: Implies(q.position != p.position, q.id < p.id))))

    @conjunct
    def no_from_larger(s):
        """A {no} for a candidate was sent by a process with a larger id: one exists."""
        return ForAll(s.channels, lambda ch: ForAll(ch.messages(No), lambda m:
            Exists(s.processes, lambda q: q.id > m.id)))

    @conjunct
    def withdrawn_beaten(s):
        """A process that withdrew has a larger id somewhere (so it never completes a full cycle,
        and its decision, not to lead, stands)."""
        return ForAll(s.processes, lambda p: Implies(Not(p.still_candidate),
            Exists(s.processes, lambda q: q.id > p.id)))
