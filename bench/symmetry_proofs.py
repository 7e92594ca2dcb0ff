"""Time the proofs of mirror symmetry (checker/trust/symmetry.py) for every built-in that declares it.

    python bench/symmetry_proofs.py            # n = 3, 4, 5
    python bench/symmetry_proofs.py 3 4 5 6

Each figure is the median of five proofs, each in a fresh cache (a run proves once per class
and n). The first proof of a process also pays z3's first use; it is printed apart ("first").
Prints a markdown table: milliseconds per proof, and the command instances compared.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# each proof made afresh: a proof remembered on disk from an earlier run (models/reading/derived_cache.py)
# would be timed as a look-up
os.environ["RINGLEADER_NO_CACHE"] = "1"

from algorithms import BUILTIN, builtin
from checker.trust import symmetry
from models.reading import derived_cache


def timed(algorithm, n: int) -> tuple[float, symmetry.SymmetryProof]:
    symmetry._proofs.clear()
    derived_cache._entries.clear()  # and not remembered in this process either
    started = time.perf_counter()
    proof = symmetry.prove_mirror_symmetry(algorithm, n)
    return (time.perf_counter() - started) * 1000, proof


def parser() -> argparse.ArgumentParser:
    command_line = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command_line.add_argument("sizes", metavar="N", nargs="*", type=int, default=[3, 4, 5],
                              help="the ring sizes to prove at (default: 3 4 5)")
    return command_line


def main(argv: list[str]) -> None:
    ns = parser().parse_args(argv).sizes
    declaring = [name for name in sorted(BUILTIN) if builtin(name).mirror_symmetric]
    first, _ = timed(builtin(declaring[0]), ns[0])
    print(f"first proof in this process ({declaring[0]}, n = {ns[0]}): {first:.0f} ms\n")
    print("| algorithm | " + " | ".join(f"n = {n}" for n in ns) + " |")
    print("|---|" + "---|" * len(ns))
    for name in declaring:
        cells = []
        for n in ns:
            runs = [timed(builtin(name), n) for _ in range(5)]
            proof = runs[-1][1]
            cells.append(f"{statistics.median(t for t, _ in runs):.0f} ms" + ("" if proof.proved else " NOT PROVED"))
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
