"""The claims of docs/complexity.md, checked at the sizes too slow for CI.

    python bench/message_tables.py            # cr and cr-all for n = 3..8 (cr at 8 takes about half an hour)
    python bench/message_tables.py 7          # up to n = 7

Asserts that Chang-Roberts' worst case is exactly n(n+1)/2 + n, and that with every process an
initiator (cr-all) the mean over all n! arrangements of the worst case is exactly n*H_n + n,
then prints both tables. Not run by CI.
"""
from __future__ import annotations

import argparse
import sys
from fractions import Fraction

from algorithms import builtin
from checker import message_table


def harmonic(n: int) -> Fraction:
    return sum((Fraction(1, k) for k in range(1, n + 1)), Fraction(0))


def parser() -> argparse.ArgumentParser:
    command_line = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command_line.add_argument("top", metavar="N", nargs="?", type=int, default=8,
                              help="check n = 3 up to N (default 8)")
    return command_line


def main(argv: list[str]) -> None:
    top = parser().parse_args(argv).top
    for name in ("cr-all", "cr"):
        table = message_table(builtin(name), range(3, top + 1), jobs=1)
        print(table)
        for row in table.rows:
            assert row.max == row.n * (row.n + 1) // 2 + row.n, (name, row.n, row.max)
            if name == "cr-all":
                assert row.mean_worst == row.n * harmonic(row.n) + row.n, (row.n, row.mean_worst)
    print(f"checked: worst case n(n+1)/2 + n for cr and cr-all, mean n*H_n + n for cr-all, n = 3..{top}")


if __name__ == "__main__":
    main(sys.argv[1:])
