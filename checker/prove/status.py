"""The outcome of a z3 proof obligation, and of a list of them, with the CLI's exit status."""
from __future__ import annotations

import time

import z3

PROVED, FAILED, UNKNOWN = "proved", "failed", "unknown"

EXIT_STATUS = {PROVED: 0, FAILED: 1, UNKNOWN: 3}  # unknown is "incomplete": never reported as proved


def overall(statuses) -> str:
    """Failed if any obligation failed, else unknown if any is unknown, else proved."""
    statuses = set(statuses)
    return FAILED if FAILED in statuses else UNKNOWN if UNKNOWN in statuses else PROVED


class Outcome:
    """Mixin for a proof made of obligations: ``verdict`` and ``exit_status`` from ``statuses()``."""

    def statuses(self):
        raise NotImplementedError

    @property
    def verdict(self) -> str:
        return overall(self.statuses())

    @property
    def exit_status(self) -> int:
        return EXIT_STATUS[self.verdict]


def refute(hypotheses, goal, timeout_ms: int):
    """One obligation, hypotheses => goal, in its own solver: (status, seconds, solver).

    The solver is returned with the negated goal asserted, for its model (failed) or its
    reason_unknown() (unknown).
    """
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(*hypotheses)
    solver.add(z3.Not(goal))
    started = time.perf_counter()
    answer = solver.check()
    status = PROVED if answer == z3.unsat else FAILED if answer == z3.sat else UNKNOWN
    return status, time.perf_counter() - started, solver
