"""Two algorithms side by side, per n: ``compare(original, variant, range(3, 6))``.

For every n both are checked exactly as ``check`` does (verdict, states, messages min/max and
the mean over all arrangements of each one's worst case), so a user sees at once what a
modification changed. The first violation of each side (at the smallest n where it has one)
is kept with its shortest counterexample.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field

from models import Algorithm

from ..explore.result import VIOLATED, Counterexample
from ..explore.run import check
from .complexity import MessageRow, format_mean, row_from_result


@dataclass
class Side:
    algorithm: str
    rows: list[MessageRow] = field(default_factory=list)
    counterexample: Counterexample | None = None
    counterexample_n: int | None = None
    notes: list[str] = field(default_factory=list)  # e.g. a declared symmetry not proved at some n

    def to_json(self) -> dict:
        return {"algorithm": self.algorithm, "rows": [r.to_json() for r in self.rows], "notes": self.notes,
                "counterexample": None if self.counterexample is None else
                {"n": self.counterexample_n, **self.counterexample.to_json()}}


@dataclass
class Comparison:
    left: Side
    right: Side

    @property
    def exit_status(self) -> int:
        verdicts = {r.verdict for side in (self.left, self.right) for r in side.rows}
        return 1 if VIOLATED in verdicts else 3 if "incomplete" in verdicts else 0

    def to_json(self) -> dict:
        return {"left": self.left.to_json(), "right": self.right.to_json()}

    def __str__(self) -> str:
        return self.render()

    def render(self) -> str:
        from rich import box
        from rich.console import Console
        from rich.table import Table

        out = io.StringIO()
        console = Console(file=out, width=170, no_color=True, highlight=False, soft_wrap=False)
        console.print(f"A = {self.left.algorithm}, B = {self.right.algorithm}; messages min..max per complete "
                      f"execution, mean over all n! arrangements of each one's worst case", markup=False)
        table = Table(box=box.SIMPLE_HEAD)
        table.add_column("n", justify="right")
        rounds = any(r.rounds_max is not None for side in (self.left, self.right) for r in side.rows)
        for side in ("A", "B"):
            for column in ("verdict", "states", "messages", "mean of worst") + (("rounds",) if rounds else ()):
                table.add_column(f"{side} {column}", justify="right")
        for a, b in zip(self.left.rows, self.right.rows):
            cells = [str(a.n)]
            for r in (a, b):
                messages = "-" if r.min is None else f"{r.min}..{r.max}"
                cells += [r.verdict, f"{r.states:,}", messages, format_mean(r.mean_worst)]
                if rounds:
                    cells.append("-" if r.rounds_min is None else f"{r.rounds_min}..{r.rounds_max}")
            table.add_row(*cells)
        console.print(table)
        for side in (self.left, self.right):
            if side.counterexample is not None:
                console.print(f"{side.algorithm} violates {side.counterexample.property} at n = {side.counterexample_n} "
                              f"(ids {','.join(map(str, side.counterexample.ids))}); a shortest counterexample:",
                              markup=False)
                console.print(side.counterexample.trace.to_text(), markup=False, end="")
        for side in (self.left, self.right):
            for note in side.notes:
                console.print(f"note: {note}", markup=False)
        return out.getvalue()


def compare(left: type[Algorithm], right: type[Algorithm], ns, **check_options) -> Comparison:
    sides = (Side(left.name), Side(right.name))
    if sides[0].algorithm == sides[1].algorithm:
        sides[1].algorithm += " (2)"
    for n in ns:
        for side, algorithm in zip(sides, (left, right)):
            result = check(algorithm, n, **check_options)
            side.rows.append(row_from_result(result, algorithm))
            if result.symmetry_note and result.symmetry_note not in side.notes:
                side.notes.append(result.symmetry_note)
            if result.counterexample is not None and side.counterexample is None:
                side.counterexample, side.counterexample_n = result.counterexample, n
    return Comparison(*sides)

