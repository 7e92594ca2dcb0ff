"""The outcome of a z3 proof obligation, and of a list of them, with the CLI's exit status."""
from __future__ import annotations

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
