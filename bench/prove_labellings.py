"""Prove an unoriented-ring algorithm's invariant once per port labelling, and time each proof.

    python bench/prove_labellings.py hs-unoriented --n 3
    python bench/prove_labellings.py tests/mutants/hs_unoriented_comparisons_flipped.py --n 3 --first 1

``check ALGO --n N --prove`` proves every port labelling of an unoriented ring, one at a time
(checker/prove/labellings.py), or derives one's proof from the unswapped labelling's where a
symmetry is proved (checker/prove/labelling_symmetry.py), and stops at the first that fails;
this script proves each one as a ring of its own (as ``--symmetry none`` does), times it and goes
on through them all (``--first K``: only the first K).

Prints one line per labelling (``swapped``, one digit per process, 1 where its ports are
swapped: its RIGHT leads anticlockwise), its verdict, obligations and the report's time, and a
total. Exits 0 if every labelling is PROVED, 1 if an obligation failed in one, 3 if none failed
but one was left unknown.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from checker.prove.labellings import at_labelling, labellings, tag  # noqa: E402


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("algorithm", help="a built-in's name or an algorithm file, on the unoriented ring")
    p.add_argument("--n", type=int, required=True, help="ring size")
    p.add_argument("--timeout", type=float, default=30.0, help="seconds per obligation (as --prove's)")
    p.add_argument("--first", type=int, default=None, help="only the first this many labellings (a quick look)")
    return p


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    from checker.cli.loader import load_algorithm
    from checker.prove.fixed_n import FAILED, PROVED, UNKNOWN, prove

    algorithm = load_algorithm(args.algorithm)
    chosen = labellings(args.n)[:args.first]
    verdicts, total, started = [], 0.0, time.perf_counter()
    for swapped in chosen:
        proof = prove(at_labelling(algorithm, swapped), args.n, timeout=args.timeout)
        counts = {s: sum(o.status == s for o in proof.obligations) for s in (PROVED, FAILED, UNKNOWN)}
        not_proved = [o.label for o in proof.obligations if o.status != PROVED]
        total += proof.seconds
        verdicts.append(proof.verdict)
        print(f"{tag(swapped)}  {proof.verdict.upper():8} {len(proof.obligations)} obligations "
              f"({counts[PROVED]} proved, {counts[FAILED]} failed, {counts[UNKNOWN]} unknown; {len(proof.dead)} instances dead)  "
              f"{proof.seconds:.1f} s"
              + (f"  not proved: {', '.join(not_proved[:3])}" if not_proved else ""), flush=True)
    print(f"{algorithm.name}, n = {args.n}: {sum(v == PROVED for v in verdicts)} of {len(verdicts)} labellings proved "
          f"({2 ** args.n} in all); {total:.1f} s in the proofs, {time.perf_counter() - started:.1f} s in all")
    return 1 if FAILED in verdicts else 3 if UNKNOWN in verdicts else 0


if __name__ == "__main__":
    sys.exit(main())
