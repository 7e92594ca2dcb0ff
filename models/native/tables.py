"""The search of models/native/tables.c: interned states, steps from tables that Python fills.

``search(system, max_states, max_memory)`` explores a system that lists its steps as memoised
local moves (models/systems/synchronized_interned.py's ``InternedSynchronizedSystem``) in C:
the C code stores and numbers the states, follows the moves and keeps the graph, and asks the
system, through a callback, for each table entry the first time it needs one. Every move is
thus computed by the system's own Python (the reference semantics, once per local context), and
the C code only combines them: it finds the graph the Python engine finds, state for state.
What it hands back is what the properties are judged on (checker/explore/synchronized_search.py).
With ``by_levels`` the C search keeps two breadth-first levels instead of every state and edge
(the same figures), where ranks of nodes it checks show the graph graded (tables.c says why).
"""
from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from typing import Protocol

from .engine import NativeUnavailable, _build

SPONTANEOUS, RECEPTION, RECEIVABLE, PUSH, VECTOR, TERMINAL = range(6)
OK, STATE_LIMIT, NO_MEMORY, CALLBACK_FAILED, MEMORY_LIMIT, VIOLATED, NOT_GRADED = range(7)

_FILL = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32,
                         ctypes.c_int32, ctypes.POINTER(ctypes.c_int32), ctypes.c_int32)


class _Result(ctypes.Structure):
    _fields_ = [("states", ctypes.c_int64), ("transitions", ctypes.c_int64), ("terminal_states", ctypes.c_int64),
                ("depth", ctypes.c_int64), ("messages_min", ctypes.c_int64), ("messages_max", ctypes.c_int64),
                ("status", ctypes.c_int32), ("acyclic", ctypes.c_int32)]


@dataclass
class TableFacts:
    """What one search found (``status`` OK: the whole graph; else where it stopped)."""

    status: int
    states: int
    transitions: int = 0
    terminal_states: int = 0
    depth: int = 0
    acyclic: bool = True
    messages_min: int | None = None
    messages_max: int | None = None


class Judge(Protocol):
    """What the search asks as it goes; True stops it (a property is violated)."""

    def vector(self, classes: tuple) -> bool:
        """A vector of the processes' node classes (``system.node_class``) met for the first time."""

    def terminal(self, state: tuple) -> bool:
        """A terminal state (interned)."""

    def step(self, i: int, node: int, after: int) -> bool:
        """A step of process i from ``node`` to ``after``, met for the first time."""


class _Violated(Exception):
    pass


_library = None


def _load():
    global _library
    if _library is None:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables.c")) as f:
            library = ctypes.CDLL(_build(f.read()))
        for search in (library.ts_search, library.ts_search_levels):
            search.restype = ctypes.c_int
            search.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_int32),
                               ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_uint32),
                               ctypes.POINTER(ctypes.c_int32), _FILL, ctypes.c_int64, ctypes.c_int64,
                               ctypes.POINTER(_Result)]
        _library = library
    return _library


def available() -> str | None:
    """None if the C search can run here, else why not."""
    try:
        _load()
    except (NativeUnavailable, OSError) as why:
        return str(why)
    return None


def _move(system, judge: Judge, i: int, node: int, move) -> list[int]:
    new_node, count, instance, sends = move
    if judge.step(i, node, new_node):
        raise _Violated
    return [new_node, system.node_class(new_node), count, instance, len(sends)] + [x for send in sends for x in send]


def _entry(system, judge: Judge, kind: int, a: int, b: int, c: int, d: int, out) -> list[int] | bool:
    if kind == SPONTANEOUS:
        moves = system.spontaneous(a, b)
        return [len(moves)] + [x for move in moves for x in _move(system, judge, a, b, move)]
    if kind == RECEPTION:
        return _move(system, judge, a, b, system.reception(a, b, c, d))
    if kind == VECTOR:
        return judge.vector(tuple(out[:a]))
    if kind == TERMINAL:
        return judge.terminal(tuple(out[:a]))
    if kind == RECEIVABLE:
        taken = system.receivable(a)
        return [len(taken)] + [x for pair in taken for x in pair]
    return [system.push(a, b)]


def search(system, judge: Judge, max_states: int | None, max_memory: int | None,
           by_levels: bool = False) -> TableFacts:
    """Explore ``system`` (see the module), stopping where ``judge`` finds a violation. An error
    the system's code raises is raised here. ``by_levels``: keep two breadth-first levels
    instead of every state and edge (tables.c's ``ts_search_levels``, the same figures), or give
    up with status NOT_GRADED where the graph is not graded by the ranks of nodes it checks."""
    library = _load()
    n, width = system.n, system.n + system.channel_count
    failure: list[BaseException] = []

    def fill(kind, a, b, c, d, out, capacity):
        try:
            values = _entry(system, judge, kind, a, b, c, d, out)
            if isinstance(values, bool):
                return int(values)
            if len(values) <= capacity:
                ctypes.memmove(out, (ctypes.c_int32 * len(values))(*values), 4 * len(values))
            return len(values)
        except _Violated:
            return -2
        except BaseException as error:  # noqa: BLE001 -- raised again below, outside the C search
            failure.append(error)
            return -1

    callback = _FILL(fill)
    offsets, slots = [0], []
    for i in range(n):
        slots += system.in_slots(i)
        offsets.append(len(slots))
    initial = system.initial_state
    result = _Result()
    status = (library.ts_search_levels if by_levels else library.ts_search)(
        n, width, (ctypes.c_int32 * len(offsets))(*offsets), (ctypes.c_int32 * max(1, len(slots)))(*slots),
        (ctypes.c_uint32 * width)(*initial), (ctypes.c_int32 * n)(*(system.node_class(x) for x in initial[:n])),
        callback, -1 if max_states is None else max_states, max_memory or 0, ctypes.byref(result))
    if status == CALLBACK_FAILED:
        raise failure[0]
    if status != OK:
        return TableFacts(status, result.states)
    return TableFacts(OK, result.states, result.transitions, result.terminal_states, result.depth,
                      bool(result.acyclic), result.messages_min if result.messages_min >= 0 else None,
                      result.messages_max if result.messages_max >= 0 else None)
