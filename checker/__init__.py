"""Exploration, results, traces and the command line."""
from .result import Counterexample, PropertyOutcome, Result
from .run import check
from .trace import Trace, replay
from .complexity import MessageRow, MessageTable, message_table
from .open_schedules import OpenScheduleReport, Pasting, attiya_welch_bound, open_schedules
from .compare import Comparison, compare

__all__ = ["check", "Result", "PropertyOutcome", "Counterexample", "Trace", "replay",
           "message_table", "MessageTable", "MessageRow", "open_schedules", "OpenScheduleReport", "Pasting",
           "attiya_welch_bound", "compare", "Comparison"]
