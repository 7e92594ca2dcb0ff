"""Is each conjunct of a ring algorithm's shipped invariant needed? Prove it without each in turn.

    python bench/conjuncts_needed.py lelann --n 3            # about 8 minutes
    python bench/conjuncts_needed.py franklin --n 3 --timeout 10

For every conjunct but well_typed, runs ``--prove``'s obligations with that conjunct dropped, in
--prove's order, and prints the first that fails (the conjunct is needed: without it the rest is
not inductive, or does not imply a safety property) or NOT SHOWN NEEDED when none fails (some may
be unknown at the timeout). tests/prove/test_prove.py asserts the same for the invariants whose
proofs are quick; this is for the slower ones. Exits 0 when it ran, 2 on a bad argument.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from checker.cli.loader import load_algorithm  # noqa: E402
from checker.prove.fixed_n import FAILED, PROVED, Prover  # noqa: E402
from models import AlgorithmError  # noqa: E402
from specs.invariants import invariant_for  # noqa: E402


def parser() -> argparse.ArgumentParser:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("algorithm", help="a built-in ring algorithm with a shipped invariant, or a file")
    arguments.add_argument("--n", type=int, default=3, help="ring size (default 3)")
    arguments.add_argument("--timeout", type=float, default=30.0, help="seconds per obligation (default 30)")
    return arguments


def main(argv=None) -> int:
    arguments = parser().parse_args(argv)
    try:
        algorithm = load_algorithm(arguments.algorithm)
    except AlgorithmError as error:
        print(error, file=sys.stderr)
        return 2
    invariant = invariant_for(algorithm)
    if invariant is None or arguments.n < 2 or arguments.timeout <= 0:
        print(f"{arguments.algorithm}: needs a shipped invariant, --n at least 2 and a positive --timeout",
              file=sys.stderr)
        return 2
    for dropped in invariant.conjuncts[1:]:  # well_typed first
        started = time.perf_counter()
        weaker = type(f"Without_{dropped.name}", (invariant,), {dropped.name: None})
        obligations = Prover(algorithm, arguments.n, weaker, arguments.timeout).obligations()
        failed = next((o for o in obligations if o.status == FAILED), None)
        unknown = sum(o.status not in (FAILED, PROVED) for o in obligations)
        verdict = f"needed: {failed.label} fails" if failed else "NOT SHOWN NEEDED"
        print(f"without {dropped.name}: {verdict} ({unknown} unknown) [{time.perf_counter() - started:.1f} s]",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
