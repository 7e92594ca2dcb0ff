"""The checker: exploring, proving, measuring, rendering, and the command line, one room each.

    explore/  every arrangement searched, reductions, the Result     (checker.explore)
    prove/    z3 proofs of invariants, fixed n and all n              (checker.prove)
    measure/  message tables, open schedules, comparisons             (checker.measure)
    quantify/ exact probabilities and expectations of randomized ones (checker.quantify)
    render/   traces, snapshots and their pictures and files          (checker.render)
    web/      the explorer in the browser (--explore)                 (checker.web)
    cli/      the `check` command                                     (checker.cli)

Each room's docstring says what it owns and what it may import (tests/test_layout.py checks
it). This module is the public Python API. Its names are imported when first used: a plain
`check` from the command line does not load the rooms it does not need.
"""
from __future__ import annotations

import importlib

_HOME = {
    "load_algorithm": ".cli.loader",
    "Counterexample": ".explore.result", "PropertyOutcome": ".explore.result", "Result": ".explore.result",
    "check": ".explore.run",
    "Comparison": ".measure.compare", "compare": ".measure.compare",
    "MessageRow": ".measure.complexity", "MessageTable": ".measure.complexity", "message_table": ".measure.complexity",
    "OpenScheduleReport": ".measure.open_schedules", "Pasting": ".measure.open_schedules",
    "attiya_welch_bound": ".measure.open_schedules", "open_schedules": ".measure.open_schedules",
    "Bounds": ".quantify", "Quantities": ".quantify", "quantify": ".quantify",
    "Trace": ".render.trace", "replay": ".render.trace",
}

__all__ = ["check", "load_algorithm", "Result", "PropertyOutcome", "Counterexample", "Trace", "replay",
           "message_table", "MessageTable", "MessageRow", "open_schedules", "OpenScheduleReport", "Pasting",
           "attiya_welch_bound", "compare", "Comparison", "quantify", "Quantities", "Bounds"]


def __getattr__(name: str):
    if name not in _HOME:
        raise AttributeError(f"module 'checker' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name], __name__), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
