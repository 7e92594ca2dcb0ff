"""itai-rodeh-sync against PRISM's own model of the protocol, both solved by Storm, exactly.

    python bench/prism_leader_sync.py DIR            # DIR: PRISM's prism-examples/dtmcs/leader_sync
    python bench/prism_leader_sync.py DIR 3 4        # some N only

For each N = 3..6 and K = 2..5 for which DIR holds leaderN_K.pm: the states of PRISM's model (as
Storm builds it) and of ringleader's, and the expected rounds of each (PRISM's
R{"num_rounds"}=? [F "elected"], ringleader's `check itai-rodeh-sync --n N --k K --expected
rounds`), which must be equal: the same protocol, encoded differently (docs/complexity.md says
how). Not run by CI (PRISM's files are not part of this project).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from fractions import Fraction

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def prism(path: str) -> tuple[int, Fraction]:
    import stormpy  # here, so that the command line is read (and -h works) without Storm installed

    program = stormpy.parse_prism_program(path)
    formula = stormpy.parse_properties('R{"num_rounds"}=? [ F "elected" ]', program)
    model = stormpy.build_model[stormpy.numbers.Rational](program, formula)
    result = stormpy.model_checking(model, formula[0], only_initial_states=True)
    value = result.get_value(model.initial_states[0])
    return model.nr_states, Fraction(str(value))


def ringleader(n: int, k: int) -> tuple[int, Fraction]:
    done = subprocess.run([sys.executable, "-m", "checker", "itai-rodeh-sync", "--n", str(n), "--k", str(k),
                           "--expected", "rounds", "--json"], cwd=ROOT, capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)["results"][0]
    return result["states"], Fraction(result["expected"]["rounds"]["min"])


def parser() -> argparse.ArgumentParser:
    command_line = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command_line.add_argument("folder", metavar="DIR", help="PRISM's prism-examples/dtmcs/leader_sync")
    command_line.add_argument("sizes", metavar="N", nargs="*", type=int, default=[3, 4, 5, 6],
                              help="the ring sizes (default: 3 4 5 6), each with every K = 2..5 DIR has")
    return command_line


def main(argv: list[str]) -> None:
    arguments = parser().parse_args(argv)
    folder, sizes = arguments.folder, arguments.sizes
    print("| N | K | PRISM states | ringleader states | expected rounds (PRISM) | expected rounds (ringleader) | equal |")
    print("|---|---|---|---|---|---|---|")
    for n in sizes:
        for k in (2, 3, 4, 5):
            path = os.path.join(folder, f"leader{n}_{k}.pm")
            if not os.path.exists(path):
                continue
            (theirs, their_rounds), (ours, our_rounds) = prism(path), ringleader(n, k)
            print(f"| {n} | {k} | {theirs:,} | {ours:,} | {their_rounds} | {our_rounds} | "
                  f"{'yes' if their_rounds == our_rounds else 'NO'} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
