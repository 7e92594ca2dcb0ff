"""Exploration, results, traces and the command line."""
from .result import Counterexample, PropertyOutcome, Result
from .run import check
from .trace import Trace, replay

__all__ = ["check", "Result", "PropertyOutcome", "Counterexample", "Trace", "replay"]
