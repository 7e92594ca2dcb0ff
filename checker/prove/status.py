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


# z3's quantifier instantiation is a heuristic search whose course depends on its random seed and
# on the order terms were made in: one lcr termination obligation is proved in 0.1 s with most
# seeds and not in 20 s with one in ten. So each obligation is asked in a z3 context of its own,
# its formulas translated into it in one fixed order (what other proofs or tests made before in
# the same process no longer changes its course), and its time is shared among restarts with
# different seeds (half, then a quarter, then a quarter); the first that decides stands: unsat
# under any seed is a proof, sat a model.
RESTARTS = ((0, 0.5), (1, 0.25), (2, 0.25))
RESTART_FROM_MS = 4000  # below this the whole time goes to one attempt: a quarter would be too short


def refute(hypotheses, goal, timeout_ms: int):
    """One obligation, hypotheses => goal, in its own solver and z3 context: (status, seconds, solver).

    The solver is returned with the negated goal asserted, for its model (failed; ``in_main``
    brings it and what it is asked back to the caller's context) or its reason_unknown()
    (unknown). With ``timeout_ms`` of at least RESTART_FROM_MS, a query not decided in its share
    of the time is asked again with another random seed (RESTARTS).
    """
    attempts = RESTARTS if timeout_ms >= RESTART_FROM_MS else ((RESTARTS[0][0], 1.0),)
    started = time.perf_counter()
    for seed, share in attempts:
        context = z3.Context()
        solver = z3.Solver(ctx=context)
        solver.set("timeout", max(1, int(timeout_ms * share)))
        solver.set("random_seed", seed)
        solver.add(*(formula.translate(context) for formula in hypotheses))
        solver.add(z3.Not(goal).translate(context))
        answer = solver.check()
        if answer != z3.unknown:
            break
    status = PROVED if answer == z3.unsat else FAILED if answer == z3.sat else UNKNOWN
    return status, time.perf_counter() - started, solver


def in_main(model_or_formula):
    """A model or formula of refute's own context, in z3's main context (where the caller's terms are)."""
    return model_or_formula.translate(z3.main_ctx())
