"""``reading_report(algorithm, n)``: the verdict on every symbolic reading, checked once per code.

The checks (checker/trust/readings.py) load z3 and run every command symbolically. Their
verdict is a function of the code alone, so it is remembered on disk (models/reading/derived_cache.py)
and a plain check of an algorithm that has not changed since its last run never loads z3.
"""
from __future__ import annotations

import dataclasses

from models.reading import derived_cache
from models.dsl.algorithm import Algorithm

from .report import EVIDENCE, ReadingReport

_reports: dict = {}


def reading_report(algorithm: type[Algorithm], n: int, evidence=EVIDENCE) -> ReadingReport:
    """Every symbolic reading of ``algorithm`` at ring size n, checked against the concrete one."""
    key = (algorithm, n, tuple(evidence))
    report = _reports.get(key)
    if report is None:
        def check():  # the report without its class, which the cache's key already names
            from .readings import check_readings  # z3: loaded only when the verdict is not remembered

            return dataclasses.replace(check_readings(algorithm, n, tuple(evidence)), algorithm=None)

        remembered = derived_cache.remembered(algorithm, n, ("readings", tuple(evidence)), check)
        report = _reports[key] = dataclasses.replace(remembered, algorithm=algorithm)
    return report
