"""Traces and how they look: the trace itself (a path replayed from ordinals), ring snapshots,
and pure functions from a trace (or a state) to text, DOT, SVG, PNG, ITF JSON or HTML.

Owns: checker/render/*. May import: models (and the graphviz, itf_py, rich and networkx libraries);
nothing else of checker, so that every other room can draw what it finds.

``write_trace(trace, path)`` picks the format by the file's extension. Pictures need
graphviz's ``dot`` program; without it the DOT text is written next to the requested file and
the user is told, in one line, how to install graphviz.
"""
import importlib

# imported when first used, as in checker/__init__.py: a run that shows no trace loads none of it
_HOME = {"FORMATS": ".formats", "write_trace": ".formats", "ChannelState": ".snapshot", "RingState": ".snapshot",
         "ring_state": ".snapshot", "Trace": ".trace", "TraceStep": ".trace", "replay": ".trace"}

__all__ = ["FORMATS", "write_trace", "Trace", "TraceStep", "replay", "RingState", "ChannelState", "ring_state"]


def __getattr__(name: str):
    if name not in _HOME:
        raise AttributeError(f"module 'checker.render' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name], __name__), name)
    globals()[name] = value
    return value
