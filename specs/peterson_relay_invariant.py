"""A partial invariant of Peterson: what ``--infer``'s templates cannot say, for
``check peterson --n 3 --infer --invariant specs/peterson_relay_invariant.py`` to start from
(checker/prove/infer_seed.py; docs/proofs.md, "Starting from a partial invariant").

The conjuncts of the hand-written invariant (specs/peterson_invariant.py, whose docstring has the
argument) that read the relay into a red process position by position (``ch.at(k)``) or relate a
process's round to its red predecessor's, which no template does; the others (who has started,
turned black or leads, and the facts about aliases the minimal proof at n = 3 does without) are
left for the templates to find, or to show unneeded.
"""
from __future__ import annotations

from .peterson_invariant import PetersonInvariant


class PetersonRelayInvariant(PetersonInvariant):
    """specs/peterson_invariant.py less the conjuncts the templates stand in for at n = 3."""

    # left out: for the templates (or unneeded at n = 3)
    asleep_untouched = None
    leader_alone = None
    alias_at_least_id = None
    relay_values_behind = None
    head_not_own = None
    alias_n_behind = None
    past_round_one = None
    alias_n_owner_near = None
    head_two_not_alias_n = None
    relay_one_two_differ = None
    first_round_blacks_after = None
