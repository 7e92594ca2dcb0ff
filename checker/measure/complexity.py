"""Exact message complexity over a range of n: ``message_table(algorithm, range(3, 9))``.

Per n, from one ``check`` run (so the numbers are those of ``check --json``): the fewest and
the most messages any complete execution of any arrangement sends, the mean over all n!
arrangements (n! * 2^n on an unoriented ring, where the port labelling is part of the
arrangement) of each arrangement's worst case and of its best case, the arrangement that
attains the maximum, and the bound the algorithm declares (``message_bound(n)`` and its
``message_bound_text``). These are exact: the explorer computes min and max on the whole
(partial-order reduced) state graph, and the reduction keeps both (docs/search.md,
tests/explore/test_reduction.py).

``check`` quotients arrangements by rotation (and reflection): each explored arrangement
stands for ``represents`` of all the arrangements (labellings included), all with the same
state graph up to isomorphism, so the means are weighted by it (tests pin that they equal the unquotiented ones).

An n that cannot be finished (a state or memory limit, or the table's time budget) ends the
table there, with the reason; with ``sample=K`` that n and the later ones are estimated from K
random executions instead (checker/sampling.py) and marked as samples.
"""
from __future__ import annotations

import csv
import io
import time
from dataclasses import asdict, dataclass, field
from fractions import Fraction

from models import Algorithm, message_bound_at
from specs.bounds import bound_at

from ..explore.arrangements import NONE, count_planned
from ..explore.result import INCOMPLETE, VIOLATED, Result, fault_text
from ..explore.run import RunTooLarge, check
from .budget import OutOfTime, TimeBudget
from .sampling import sample_messages

EXACT, SAMPLE = "exact", "sample"


@dataclass
class MessageRow:
    n: int
    kind: str  # "exact" (the whole state graph) or "sample" (random executions)
    verdict: str
    min: int | None
    max: int | None
    mean_worst: Fraction | None  # over all arrangements (and port labellings), of each one's most messages
    mean_best: Fraction | None  # ... of each one's fewest messages
    worst_ids: tuple[int, ...] | None  # an arrangement that attains ``max``
    claimed: int | None  # the algorithm's declared bound at this n
    arrangements_checked: int = 0
    arrangements_represented: int = 0
    states: int = 0
    seconds: float = 0.0
    samples: int | None = None  # executions drawn, for a sample row
    mean_sampled: float | None = None  # mean messages of the sampled executions
    violation: str | None = None  # the property violated and why, for a violated row
    rounds_min: int | None = None  # synchronous algorithms: rounds of a complete execution
    rounds_max: int | None = None
    rounds_mean_worst: Fraction | None = None  # over every arrangement, of each one's most rounds
    rounds_claimed: int | None = None  # the algorithm's round_bound at this n, if it depends on n alone

    def to_json(self) -> dict:
        data = asdict(self)
        for key in ("mean_worst", "mean_best", "rounds_mean_worst"):
            value = data[key]
            data[key] = None if value is None else float(value)
            data[key + "_exact"] = None if value is None else str(value)
        data["worst_ids"] = None if self.worst_ids is None else list(self.worst_ids)
        data["seconds"] = round(self.seconds, 3)
        return data


@dataclass
class MessageTable:
    algorithm: str
    bound_text: str | None  # the algorithm's claimed closed form, e.g. "n(n+1)/2 + n"
    rows: list[MessageRow] = field(default_factory=list)
    stopped: str | None = None  # why the table ends before the last n asked for
    notes: list[str] = field(default_factory=list)  # e.g. a declared symmetry not proved at some n
    round_bound_text: str | None = None  # a synchronous algorithm's claimed rounds
    faults: str = ""  # ", up to 1 crash, weak fairness": the fault model the rows were checked under

    def note(self, result: Result):
        """Keep the result's note on a declared symmetry that was not used, once."""
        if result.symmetry_note and result.symmetry_note not in self.notes:
            self.notes.append(result.symmetry_note)

    @property
    def synchronous(self) -> bool:
        return any(r.rounds_max is not None for r in self.rows)

    @property
    def exit_status(self) -> int:
        if any(r.verdict == VIOLATED for r in self.rows):
            return 1
        return 3 if self.stopped else 0

    def to_json(self) -> dict:
        return {"algorithm": self.algorithm, "bound": self.bound_text, "round_bound": self.round_bound_text,
                "rows": [r.to_json() for r in self.rows], "stopped": self.stopped, "notes": self.notes,
                **({"faults": self.faults.lstrip(", ")} if self.faults else {})}

    def to_csv(self) -> str:
        out = io.StringIO()
        columns = ["n", "kind", "verdict", "min", "max", "mean_worst", "mean_best", "worst_ids", "claimed",
                   "arrangements_checked", "arrangements_represented", "states", "seconds", "samples", "mean_sampled", "violation",
                   "rounds_min", "rounds_max", "rounds_mean_worst", "rounds_claimed"]
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        for row in self.rows:
            data = row.to_json()
            data["worst_ids"] = "" if row.worst_ids is None else " ".join(map(str, row.worst_ids))
            writer.writerow(["" if data[c] is None else data[c] for c in columns])
        return out.getvalue()

    def __str__(self) -> str:
        return self.render()

    def render(self) -> str:
        from rich import box
        from rich.console import Console
        from rich.table import Table

        out = io.StringIO()
        console = Console(file=out, width=160, no_color=True, highlight=False, soft_wrap=False)
        claim = f"claimed {self.bound_text}" if self.bound_text else "claimed"
        what = "messages and rounds" if self.synchronous else "messages"
        table = Table(title=f"{self.algorithm}: {what} per complete execution{self.faults}", box=box.SIMPLE_HEAD)
        columns = ["n", "kind", "min", "max", "mean of worst", "mean of best", "max attained by ids", claim]
        if self.synchronous:
            columns += ["rounds", "mean rounds", f"claimed rounds {self.round_bound_text or ''}".strip()]
        for column in columns + ["arrangements", "states", "time"]:
            table.add_column(column, justify="left" if column in ("kind", "max attained by ids") else "right")
        for r in self.rows:
            rounds = []
            if self.synchronous:
                rounds = ["-" if r.rounds_min is None else f"{r.rounds_min}..{r.rounds_max}",
                          format_mean(r.rounds_mean_worst), _show(r.rounds_claimed)]
            represented = f"{r.arrangements_checked:,} for {r.arrangements_represented:,}" if r.kind == EXACT else "-"
            kind = f"sample of {r.samples}" if r.kind == SAMPLE else "exact" if r.verdict != VIOLATED else "VIOLATED"
            table.add_row(
                str(r.n), kind, _show(r.min), _show(r.max),
                f"{r.mean_sampled:.2f} (sampled)" if r.kind == SAMPLE else format_mean(r.mean_worst),
                format_mean(r.mean_best),
                "-" if r.worst_ids is None else ",".join(map(str, r.worst_ids)), _show(r.claimed), *rounds, represented,
                f"{r.states:,}" if r.kind == EXACT else "-", f"{r.seconds:.1f} s",
            )
        console.print(table)
        if any(r.kind == SAMPLE for r in self.rows):
            console.print("sample rows: min, max and mean over random executions of random arrangements, not "
                          "exact: the sampled max is only a lower bound on the true max", markup=False)
        for r in self.rows:
            if r.violation:
                console.print(f"n = {r.n} VIOLATED {r.violation} (no message figures: the search stopped there; "
                              f"check that n alone for the counterexample)", markup=False)
        if self.stopped:
            console.print(f"stopped: {self.stopped}", markup=False)
        for note in self.notes:
            console.print(f"note: {note}", markup=False)
        return out.getvalue()


def _show(value) -> str:
    return "-" if value is None else str(value)


def format_mean(value: Fraction | None) -> str:
    if value is None:
        return "-"
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.3f}"


def weighted_means(result: Result) -> tuple[Fraction | None, Fraction | None]:
    """The mean over every arrangement the result stands for of each one's worst and best case."""
    explorations = result.per_arrangement
    if not explorations or any(e.messages_max is None for e in explorations):
        return None, None
    total = sum(e.represents for e in explorations)
    worst = Fraction(sum(e.represents * e.messages_max for e in explorations), total)
    best = Fraction(sum(e.represents * e.messages_min for e in explorations), total)
    return worst, best


def weighted_rounds(result: Result) -> Fraction | None:
    """The mean over every arrangement the result stands for of each one's most rounds."""
    explorations = result.per_arrangement
    if not explorations or any(e.rounds_max is None for e in explorations):
        return None
    return Fraction(sum(e.represents * e.rounds_max for e in explorations), sum(e.represents for e in explorations))


def row_from_result(result: Result, algorithm: type[Algorithm]) -> MessageRow:
    """The exact row of ``result``; the figures only if it covers every arrangement of its n
    (and of its id values, port labellings and graphs: ``arrangements_total``)."""
    every = result.arrangements_total or count_planned(result.n, NONE, algorithm.topology(result.n).port_labellings)
    complete = result.arrangements_represented == every and result.messages_max is not None
    worst, best = weighted_means(result) if complete else (None, None)
    worst_ids = None
    if complete:
        worst_ids = next(e.ids for e in result.per_arrangement if e.messages_max == result.messages_max)
    return MessageRow(
        n=result.n, kind=EXACT, verdict=result.verdict,
        min=result.messages_min if complete else None, max=result.messages_max if complete else None,
        mean_worst=worst, mean_best=best, worst_ids=worst_ids, claimed=message_bound_at(algorithm, result.n),
        arrangements_checked=result.arrangements_checked, arrangements_represented=result.arrangements_represented,
        states=result.states, seconds=result.seconds,
        violation=None if result.counterexample is None else
        f"{result.counterexample.property}: {result.counterexample.reason}",
        rounds_min=result.rounds_min if complete else None, rounds_max=result.rounds_max if complete else None,
        rounds_mean_worst=weighted_rounds(result) if complete else None, rounds_claimed=bound_at(algorithm, "round_bound", result.n),
    )


def message_table(
    algorithm: type[Algorithm],
    ns,
    sample: int | None = None,
    seed: int = 0,
    time_limit: float | None = None,
    **check_options,
) -> MessageTable:
    """The message table of ``algorithm`` for every n in ``ns`` (see the module docstring).

    ``check_options`` go to ``check`` (jobs, max_states, max_memory, por, symmetry, ...).
    ``time_limit`` is a budget in seconds for the exact rows together.
    """
    table = MessageTable(algorithm.name, algorithm.message_bound_text, round_bound_text=algorithm.round_bound_text)
    ns = list(ns)
    done = 0
    with TimeBudget(time_limit) as budget:
        for n in ns:
            reason = None
            try:
                if budget.spent():
                    raise OutOfTime()
                result = check(algorithm, n, **check_options)
            except OutOfTime:
                budget.stop()
                reason = f"n = {n} did not finish within the time budget of {time_limit:g} s"
            except RunTooLarge as error:
                reason = str(error)
            else:
                if result.verdict == INCOMPLETE:
                    reason = f"n = {n}: " + "; ".join(result.notes)
            if reason is not None:
                exact = [r.n for r in table.rows]
                table.stopped = reason + (f"; the largest n done exactly is {exact[-1]}" if exact else "")
                break
            table.rows.append(row_from_result(result, algorithm))
            table.note(result)
            table.faults = fault_text(result.crashes, result.recoveries, result.premature_timeouts, result.fairness)
            done += 1
    if table.stopped and sample:  # outside the budget: the sample is what the user asked for instead
        for n in ns[done:]:
            table.rows.append(sample_row(algorithm, n, sample, seed, bound_at(algorithm, "message_bound", n)))
    return table


def sample_row(algorithm: type[Algorithm], n: int, count: int, seed: int, claimed: int | None) -> MessageRow:
    started = time.perf_counter()
    drawn = sample_messages(algorithm, n, count, seed)
    return MessageRow(
        n=n, kind=SAMPLE, verdict="sampled", min=drawn.min, max=drawn.max, mean_worst=None, mean_best=None,
        worst_ids=drawn.worst_ids, claimed=claimed, seconds=time.perf_counter() - started,
        samples=drawn.count, mean_sampled=drawn.mean,
    )
