"""Which conjuncts of an all-n invariant can go? Prove it without each, keeping the ones that can.

    python bench/all_n_conjuncts_unneeded.py peterson                     # every conjunct, in order
    python bench/all_n_conjuncts_unneeded.py peterson --only black_idle,relay_black --limit 300

The other half of bench/all_n_conjuncts_needed.py: that one looks for a counterexample to
induction without a conjunct (which shows it needed); this one proves the invariant without it
(which shows it unneeded). Greedily, in the order given: the invariant without the first conjunct
is proved (prove_all_n, every obligation and the safety it implies, the hints and lemmas as
written: a hint never brings back a conjunct the invariant does not have); if every obligation
is proved, the conjunct is UNNEEDED and stays out for the next ones, else the proof stops at its
first obligation not proved and the conjunct is NOT SHOWN UNNEEDED (that obligation, failed or
unknown, is printed: it is where to look for the counterexample that would show it needed). The
set it prints at the end can be left out together: the last proof without it proved everything.
Exit 0 when it ran (whatever it found), 2 on a bad argument.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from bench.all_n_conjuncts_needed import with_invariant  # noqa: E402
from checker.prove.all_n import AllNProof, prove_all_n  # noqa: E402
from checker.prove.status import PROVED  # noqa: E402


def parser() -> argparse.ArgumentParser:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("algorithm", help="a built-in ring algorithm with an all-n invariant, or a file")
    arguments.add_argument("--only", default="", help="comma-separated conjuncts to try, in this order "
                                                       "(default: every one, in the invariant's order)")
    arguments.add_argument("--timeout", type=float, default=20.0, help="seconds per z3 query (default 20, "
                                                                        "check --all-n's)")
    arguments.add_argument("--limit", type=float, default=600.0, help="seconds per proof at most (default 600)")
    return arguments


class _FirstNotProved(Exception):
    """The proof under way has an obligation it did not prove: no need to ask the rest."""


class _Watched(list):
    """AllNProof.obligations that stops the proof at its first obligation not proved."""

    def append(self, obligation):
        super().append(obligation)
        if obligation.status != PROVED:
            raise _FirstNotProved(f"{obligation.step} / {obligation.goal} {obligation.status}"
                                  + (f" ({obligation.reason})" if obligation.reason else ""))


def proved_without(algorithm, invariant, name: str, timeout: float, limit: float) -> tuple[bool, str]:
    """Whether ``invariant`` less the conjunct ``name`` is proved (with every obligation), and the
    first obligation not proved if not."""
    smaller = invariant.without(name)
    proof = AllNProof(algorithm, smaller)
    proof.obligations = _Watched()
    try:
        prove_all_n(algorithm, smaller, timeout=timeout, counterexamples=False, proof=proof, time_limit=limit)
    except _FirstNotProved as stop:
        return False, str(stop)
    if proof.never_enabled:
        return False, f"never enabled: {', '.join(proof.never_enabled)}"
    return True, f"{len(proof.obligations)} obligations proved"


def unneeded(algorithm, invariant, names, timeout: float, limit: float, report=print) -> list[str]:
    """The conjuncts of ``names`` that the greedy search leaves out together (see the docstring)."""
    left_out = []
    for name in names:
        started = time.perf_counter()
        proved, what = proved_without(algorithm, invariant, name, timeout, limit)
        verdict = "UNNEEDED" if proved else "NOT SHOWN UNNEEDED"
        report(f"without {name}: {verdict}, {what} [{time.perf_counter() - started:.1f} s]")
        if proved:
            invariant = invariant.without(name)
            left_out.append(name)
    return left_out


def main(argv=None) -> int:
    arguments = parser().parse_args(argv)
    loaded = with_invariant(arguments.algorithm, arguments.only, arguments.timeout > 0 and arguments.limit > 0,
                            "--timeout and --limit")
    if loaded is None:
        return 2
    algorithm, invariant, only = loaded
    names = only or invariant.names()
    left_out = unneeded(algorithm, invariant, names, arguments.timeout, arguments.limit,
                        report=lambda line: print(line, flush=True))
    print(f"{len(left_out)} of {len(names)} can be left out together" + (f": {', '.join(left_out)}" if left_out else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
