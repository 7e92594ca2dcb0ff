"""Traces and how they look: the trace itself (a path replayed from ordinals), ring snapshots,
and pure functions from a trace (or a state) to text, DOT, SVG, PNG, ITF JSON or HTML.

Owns: checker/render/*. May import: models (and the graphviz, itf_py, rich and networkx libraries);
nothing else of checker, so that every other room can draw what it finds.

``write_trace(trace, path)`` picks the format by the file's extension. Pictures need
graphviz's ``dot`` program; without it the DOT text is written next to the requested file and
the user is told, in one line, how to install graphviz.
"""
from .formats import FORMATS, write_trace
from .snapshot import ChannelState, RingState, ring_state
from .trace import Trace, TraceStep, replay

__all__ = ["FORMATS", "write_trace", "Trace", "TraceStep", "replay", "RingState", "ChannelState", "ring_state"]
