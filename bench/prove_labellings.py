"""Prove an unoriented-ring algorithm's invariant once per port labelling, and time each proof.

    python bench/prove_labellings.py hs-unoriented --n 3
    python bench/prove_labellings.py tests/mutants/hs_unoriented_comparisons_flipped.py --n 3 --first 1

On seed 004's unoriented ring which neighbour each process's LEFT and RIGHT lead to is the
adversary's choice (``port_labellings``), and ``check ALGO --n N --prove`` refuses such a ring:
the symbolic ring reads one labelling, which would prove one of 2^n (checker/prove/fixed_n.py).
Here each labelling is fixed as a ring of its own (``at_labelling``: a topology without
``port_labellings`` or rotations, that labelling at size n and none swapped at other sizes, where
the readings' contexts come from) and the algorithm on it is given to the unchanged prover,
``checker.prove.fixed_n.prove``, faithfulness and vacuity checks included. Every one of the 2^n
labellings is proved (no symmetry is assumed between them); within each, one proof covers every
arrangement of the ids, as always.

Prints one line per labelling (``swapped``, one digit per process, 1 where its ports are
swapped: its RIGHT leads anticlockwise), its verdict, obligations and the report's time, and a
total. Exits 0 if every labelling is PROVED, 1 if an obligation failed in one, 3 if none failed
but one was left unknown. tests/conftest.py takes ``at_labelling`` from here.
"""
from __future__ import annotations

import argparse
import itertools
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def at_labelling(algorithm, swapped):
    """``algorithm`` (on the unoriented ring) with its ports labelled as ``swapped`` says, as a ring
    of its own: every mode then reads that one labelling, --prove included. A rotation or a
    reflection moves the labelling to other processes, so the ring declares neither symmetry."""
    from models.topology.ring import UnorientedRing

    if not issubclass(algorithm.topology, UnorientedRing):
        raise ValueError(f"{algorithm.name} runs on a {algorithm.topology.kind}, not on an unoriented ring")
    swapped = tuple(bool(s) for s in swapped)
    tag = "".join("1" if s else "0" for s in swapped)

    class Labelled(algorithm.topology):
        port_labellings = False
        rotation_symmetric = mirror_symmetric = False

        def __init__(self, n, ignored=None):
            super().__init__(n, swapped if n == len(swapped) else None)

    class AtLabelling(algorithm, name=f"{algorithm.name}-labelled-{tag}"):
        topology = Labelled

    return AtLabelling


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
    labellings = list(itertools.product((False, True), repeat=args.n))[:args.first]
    verdicts, total, started = [], 0.0, time.perf_counter()
    for swapped in labellings:
        proof = prove(at_labelling(algorithm, swapped), args.n, timeout=args.timeout)
        counts = {s: sum(o.status == s for o in proof.obligations) for s in (PROVED, FAILED, UNKNOWN)}
        not_proved = [o.label for o in proof.obligations if o.status != PROVED]
        total += proof.seconds
        verdicts.append(proof.verdict)
        print(f"{''.join('1' if s else '0' for s in swapped)}  {proof.verdict.upper():8} {len(proof.obligations)} obligations "
              f"({counts[PROVED]} proved, {counts[FAILED]} failed, {counts[UNKNOWN]} unknown; {len(proof.dead)} instances dead)  "
              f"{proof.seconds:.1f} s"
              + (f"  not proved: {', '.join(not_proved[:3])}" if not_proved else ""), flush=True)
    print(f"{algorithm.name}, n = {args.n}: {sum(v == PROVED for v in verdicts)} of {len(verdicts)} labellings proved "
          f"({2 ** args.n} in all); {total:.1f} s in the proofs, {time.perf_counter() - started:.1f} s in all")
    return 1 if FAILED in verdicts else 3 if UNKNOWN in verdicts else 0


if __name__ == "__main__":
    sys.exit(main())
