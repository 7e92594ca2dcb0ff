"""Is each conjunct of specs/dfs_literal_invariant.py needed? Prove the invariant without it on
K4 and print which obligations then fail (or stay undecided).

    python bench/dfs_literal_conjuncts.py --n 4 --timeout 10
"""
from __future__ import annotations

import argparse
import time

from algorithms.dfs_election import DfsElectionLiteral
from checker.prove.fixed_n import PROVED, prove
from models.topology.network import family
from specs.dfs_literal_invariant import DfsLiteralInvariant


def without(name: str):
    return type(f"Without_{name}", (DfsLiteralInvariant,), {name: None})


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=10.0)
    return parser


def main() -> None:
    args = parser().parse_args()
    graph = family("complete", args.n)
    for c in DfsLiteralInvariant.conjuncts:
        if c.name == "well_typed":
            continue
        started = time.perf_counter()
        proof = prove(DfsElectionLiteral, args.n, without(c.name), timeout=args.timeout, graph=graph)
        open_ = [o for o in proof.obligations if o.status != PROVED]
        shown = ", ".join(f"{o.label} ({o.status})" for o in open_[:2])
        print(f"without {c.name}: {proof.verdict}, {len(open_)} obligations not proved, e.g. {shown} "
              f"[{time.perf_counter() - started:.1f} s]", flush=True)


if __name__ == "__main__":
    main()
