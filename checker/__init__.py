"""The checker: exploring, proving, measuring, rendering, and the command line, one room each.

    explore/  every arrangement searched, reductions, the Result     (checker.explore)
    prove/    z3 proofs of invariants, fixed n and all n              (checker.prove)
    measure/  message tables, open schedules, comparisons             (checker.measure)
    quantify/ exact probabilities and expectations of randomized ones (checker.quantify)
    render/   traces, snapshots and their pictures and files          (checker.render)
    cli/      the `check` command                                     (checker.cli)

Each room's docstring says what it owns and what it may import (tests/test_layout.py checks
it). This module is the public Python API.
"""
from .cli.loader import load_algorithm
from .explore.result import Counterexample, PropertyOutcome, Result
from .explore.run import check
from .measure.compare import Comparison, compare
from .measure.complexity import MessageRow, MessageTable, message_table
from .measure.open_schedules import (
           OpenScheduleReport,
           Pasting,
           attiya_welch_bound,
           open_schedules,
)
from .quantify import Bounds, Quantities, quantify
from .render.trace import Trace, replay

__all__ = ["check", "load_algorithm", "Result", "PropertyOutcome", "Counterexample", "Trace", "replay",
           "message_table", "MessageTable", "MessageRow", "open_schedules", "OpenScheduleReport", "Pasting",
           "attiya_welch_bound", "compare", "Comparison", "quantify", "Quantities", "Bounds"]
