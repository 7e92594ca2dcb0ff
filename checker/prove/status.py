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
# seeds and not in 20 s with one in ten. So a proof's obligations are asked in a z3 context of
# the proof's own (``Translator``), their formulas translated into it in the proof's own order
# (what other proofs or tests made before in the same process no longer changes their course),
# and an obligation's time is shared among restarts with different seeds (half, then a quarter,
# then a quarter); the first that decides stands: unsat under any seed is a proof, sat a model.
# With time enough, every seed is first tried briefly (QUICK_MS each), and the rest of the time is
# then shared the same way: a query one seed leaves undecided is often decided at once by another
# (Peterson's all-n proof at the default 20 s, side by side on the 2 cores: 233 s without the quick
# round, 192 s with it).
RESTARTS = ((0, 0.5), (1, 0.25), (2, 0.25))
RESTART_FROM_MS = 4000  # below this the whole time goes to one attempt: a quarter would be too short
QUICK_MS = 1500
QUICK_FROM_MS = 9000  # below this no quick round: what would be left for the shared attempts is too short


def attempts(timeout_ms: int) -> tuple[tuple[int, int], ...]:
    """(seed, milliseconds) of each attempt at one query, in order, within ``timeout_ms`` in all."""
    if timeout_ms < RESTART_FROM_MS:
        return ((RESTARTS[0][0], timeout_ms),)
    quick = tuple((seed, QUICK_MS) for seed, _ in RESTARTS) if timeout_ms >= QUICK_FROM_MS else ()
    rest = timeout_ms - sum(ms for _, ms in quick)
    return quick + tuple((seed, max(1, int(rest * share))) for seed, share in RESTARTS)


class Translator:
    """Formulas of z3's main context in one context of their own, each translated once (a proof's
    obligations share their axioms and invariant: translating them for each would cost a third
    of the proof's time)."""

    def __init__(self):
        self.context = z3.Context()
        self._translated: dict[int, tuple] = {}  # AST id -> (the formula, kept so its id stays its own; translation)

    def __call__(self, formula):
        known = self._translated.get(formula.get_id())
        if known is None:
            known = self._translated[formula.get_id()] = (formula, formula.translate(self.context))
        return known[1]


def refute(hypotheses, goal, timeout_ms: int, translator: Translator | None = None):
    """One obligation, hypotheses => goal, in its own solver: (status, seconds, solver).

    The solver is in ``translator``'s context (a new one if none is given), with the negated goal
    asserted, for its model (failed; ``in_main`` brings it back to the caller's context) or its
    reason_unknown() (unknown). With ``timeout_ms`` of at least RESTART_FROM_MS, a query not
    decided in its share of the time is asked again with another random seed (``attempts``).
    """
    translator = translator or Translator()
    started = time.perf_counter()
    formulas = [translator(formula) for formula in hypotheses] + [translator(z3.Not(goal))]
    for seed, ms in attempts(timeout_ms):
        solver = z3.Solver(ctx=translator.context)
        solver.set("timeout", ms)
        solver.set("random_seed", seed)
        solver.add(*formulas)
        answer = solver.check()
        if answer != z3.unknown:
            break
    status = PROVED if answer == z3.unsat else FAILED if answer == z3.sat else UNKNOWN
    return status, time.perf_counter() - started, solver


def in_main(model_or_formula):
    """A model or formula of refute's own context, in z3's main context (where the caller's terms are)."""
    return model_or_formula.translate(z3.main_ctx())
