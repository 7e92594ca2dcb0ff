"""The verdict on each symbolic reading of one algorithm at one n: what the engines may build from.

checker/trust/readings.py computes it (with z3); checker/trust/remembered.py hands it out,
from an earlier run of the same code when there was one.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from models.dsl.algorithm import Algorithm
from models.reading.footprint import TrustedReadings

FAITHFUL, DISAGREES, UNREADABLE = "faithful", "disagrees", "unreadable"
REACHABLE, WITNESS, SAMPLE = "reachable", "witness", "sample"
EVIDENCE = (REACHABLE, WITNESS, SAMPLE)

SMALL_SIZES = (2, 3)
STATE_BUDGET = 2_000  # states explored per small size, over all its arrangements
SAMPLES = 32  # per reading
BOOLEAN_DECISIONS = ("decided", "is_leader", "candidate")


@dataclass(frozen=True)
class ReadingVerdict:
    """One reading: a command instance (command, port) or a decision function (command None);
    on a network, at a process of one degree."""

    reading: str  # "ChangRoberts.remove on PREV", "ChangRoberts.is_leader", "DfsElection.join on port 1 at degree 3"
    command: str | None
    port: str | int | None
    status: str  # FAITHFUL, DISAGREES or UNREADABLE
    detail: str | None = None  # the one line saying why not
    evidence: str | None = None  # which evidence found the disagreement
    contexts: int = 0  # contexts compared
    degree: int | None = None  # on a network: the degree of the process it was read at

    @property
    def faithful(self) -> bool:
        return self.status == FAITHFUL


@dataclass(frozen=True)
class ReadingReport:
    algorithm: type[Algorithm]
    n: int
    instances: tuple[ReadingVerdict, ...]
    decisions: tuple[ReadingVerdict, ...]
    contexts: dict = field(default_factory=dict)  # evidence kind -> distinct contexts it offered
    seconds: float = 0.0

    @property
    def faithful(self) -> bool:
        return all(v.faithful for v in self.instances + self.decisions)

    @property
    def commands_faithful(self) -> bool:
        return all(v.faithful for v in self.instances)

    @property
    def problems(self) -> list[str]:
        """One line per reading that is not faithful."""
        return [v.detail for v in self.instances + self.decisions if not v.faithful]

    @property
    def trusted(self) -> TrustedReadings:
        """What models/ may build from: the faithful command instances and decision functions."""
        return TrustedReadings(
            frozenset((v.command, v.port) if v.degree is None else (v.command, v.port, v.degree)
                      for v in self.instances if v.faithful),
            all(v.faithful for v in self.decisions),
            self.problems[0] if self.problems else None,
        )

    def verdict(self, command: str, port: str | int | None = None, degree: int | None = None) -> ReadingVerdict:
        return next(v for v in self.instances if v.command == command and v.port == port and v.degree == degree)
