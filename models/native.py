"""The native engine: the explorer of models/native_explorer.c compiled for one algorithm and n.

``NativeEngine.for_algorithm(algorithm, n)`` generates the C (``models.codegen``), compiles it
once with the system's C compiler into a shared library cached under
``$XDG_CACHE_HOME/ringleader`` (keyed by the source's hash, so an edited algorithm compiles
anew), and loads it with ctypes. ``explore(ids)`` runs the whole breadth-first search of one
arrangement in C and returns ``NativeFacts``: the graph's figures and the distinct things the
specification is evaluated on, decoded back into the Python engine's values.

When no compiler is found or the algorithm cannot be compiled, ``NativeUnavailable`` says why;
the checker then uses the Python engine, which stays the reference.
"""
from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass

from .algorithm import Algorithm
from .codegen import NotCompilable, generate

OK, STATE_LIMIT, MEMORY_LIMIT, NO_MEMORY, FAULT, CYCLE = range(6)
OBSERVED_FIELDS = ("decided", "is_leader", "leader_id", "candidate")  # rl_observe's order


class NativeUnavailable(Exception):
    """The native engine cannot run this algorithm here; the message says why."""


class _Result(ctypes.Structure):
    _fields_ = [
        ("status", ctypes.c_int),
        ("states", ctypes.c_uint64), ("transitions", ctypes.c_uint64),
        ("unmatched", ctypes.c_uint64), ("terminals", ctypes.c_uint64),
        ("depth", ctypes.c_int64), ("acyclic", ctypes.c_int),
        ("messages_min", ctypes.c_int64), ("messages_max", ctypes.c_int64),
        ("locals", ctypes.POINTER(ctypes.c_int64)), ("locals_count", ctypes.c_uint64),
        ("changes", ctypes.POINTER(ctypes.c_int64)), ("changes_count", ctypes.c_uint64),
        ("terminal_bytes", ctypes.POINTER(ctypes.c_uint8)), ("terminal_bytes_len", ctypes.c_uint64),
    ]


@dataclass
class NativeFacts:
    """One arrangement's full state graph as the native search saw it."""

    status: int
    reduced: bool  # partial-order reduced (else the full graph)
    states: int
    transitions: int
    unmatched: int
    terminal_count: int
    depth: int
    acyclic: bool
    messages_min: int | None
    messages_max: int | None
    local_vectors: list[tuple]  # each: the locals of every process (Python values)
    changes: list[tuple]  # each: (process, its locals before, after), before != after
    terminal_states: list[tuple]  # in the reference engine's form


def compiler() -> str | None:
    return os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


def _cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ringleader")


def _build(source: str) -> str:
    cc = compiler()
    if cc is None:
        raise NativeUnavailable("no C compiler found (install gcc, or set CC)")
    digest = hashlib.sha256((cc + "\0" + source).encode()).hexdigest()[:24]
    directory = _cache_dir()
    library = os.path.join(directory, f"explorer-{digest}.so")
    if os.path.exists(library):
        return library
    os.makedirs(directory, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=directory) as work:
        c_file, so_file = os.path.join(work, "explorer.c"), os.path.join(work, "explorer.so")
        with open(c_file, "w") as f:
            f.write(source)
        done = subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", so_file, c_file],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise NativeUnavailable(f"the C compiler failed: {done.stderr.strip().splitlines()[:1]}")
        os.replace(so_file, library)  # atomic: concurrent runs never load half a file
    return library


class NativeEngine:
    _loaded: dict = {}

    @classmethod
    def for_algorithm(cls, algorithm: type[Algorithm], n: int) -> "NativeEngine":
        key = (algorithm, n)
        engine = cls._loaded.get(key)
        if engine is None:
            try:
                source, types, layout, reduces = generate(algorithm, n)
            except NotCompilable as why:
                raise NativeUnavailable(str(why)) from None
            engine = cls._loaded[key] = cls(algorithm, n, source, types, layout, reduces)
        return engine

    def __init__(self, algorithm, n, source, types, layout, reduces: bool):
        self.algorithm, self.n, self.source = algorithm, n, source
        self.reduces = reduces  # can run partial-order reduction
        self.types, self.layout = types, layout
        self.slots = len(layout.slots)
        self.channels = algorithm.topology(n).channels  # the port-to-channel map compiled in
        self.channel_count = len(self.channels)
        self._bool_slot = [variable.type is bool for _, _, variable in layout.slots]
        library = ctypes.CDLL(_build(source))
        self._explore = library.rl_explore
        self._explore.argtypes = [
            ctypes.POINTER(ctypes.c_int64), ctypes.c_uint64, ctypes.c_uint64, ctypes.c_int, ctypes.c_int,
            ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.POINTER(_Result),
        ]
        self._explore.restype = ctypes.c_int
        self._release = library.rl_release
        self._release.argtypes = [ctypes.POINTER(_Result)]

    def explore(self, ids, max_states: int | None = None, max_memory: int | None = None,
                want_locals: bool = True, want_changes: bool = True, por: bool = False, chains: bool = True,
                watched: tuple[str, ...] = (), fingerprint: bool = False) -> NativeFacts:
        """Search one arrangement: the full graph, or with ``por`` (where the engine ``reduces``)
        the graph checker/explorer.py's reduction explores, ``chains`` as there; ``watched``
        names the observation fields whose changes the visibility proviso keeps in order. With
        ``fingerprint`` the search stores 64-bit fingerprints of states, not states."""
        ids_array = (ctypes.c_int64 * self.n)(*ids)
        result = _Result()
        watched_mask = sum(1 << OBSERVED_FIELDS.index(name) for name in watched)
        reduced = por and self.reduces
        self._explore(ids_array, max_states or 0, max_memory or 0, int(want_locals), int(want_changes),
                      int(reduced), int(chains), watched_mask, int(fingerprint), ctypes.byref(result))
        try:
            return self._facts(result, reduced)
        finally:
            self._release(ctypes.byref(result))

    # -- decoding ---------------------------------------------------------------------
    def _values(self, numbers) -> tuple:
        return tuple(bool(v) if is_bool else v for v, is_bool in zip(numbers, self._bool_slot))

    def _facts(self, r: _Result, reduced: bool) -> NativeFacts:
        slots, n = self.slots, self.n
        local_vectors, changes, terminals = [], [], []
        if r.status == OK:
            width = n * slots
            flat = r.locals[: r.locals_count * width]
            for k in range(r.locals_count):
                row = flat[k * width:(k + 1) * width]
                local_vectors.append(tuple(self._values(row[i * slots:(i + 1) * slots]) for i in range(n)))
            width = 1 + 2 * slots
            flat = r.changes[: r.changes_count * width]
            for k in range(r.changes_count):
                row = flat[k * width:(k + 1) * width]
                changes.append((row[0], self._values(row[1:1 + slots]), self._values(row[1 + slots:])))
            terminals = self._decode_states(bytes(r.terminal_bytes[: r.terminal_bytes_len]))
        acyclic = bool(r.acyclic) and r.status == OK
        return NativeFacts(
            status=r.status, reduced=reduced, states=r.states, transitions=r.transitions, unmatched=r.unmatched,
            terminal_count=r.terminals, depth=r.depth, acyclic=acyclic,
            messages_min=r.messages_min if acyclic and r.messages_min >= 0 else None,
            messages_max=r.messages_max if acyclic and r.messages_max >= 0 else None,
            local_vectors=local_vectors, changes=changes, terminal_states=terminals,
        )

    def _decode_states(self, data: bytes) -> list[tuple]:
        states, at = [], 0

        def number():
            nonlocal at
            z, shift = 0, 0
            while True:
                b = data[at]
                at += 1
                z |= (b & 0x7F) << shift
                shift += 7
                if not b & 0x80:
                    return (z >> 1) ^ -(z & 1)

        types = self.types.types
        while at < len(data):
            locals_ = tuple(self._values([number() for _ in range(self.slots)]) for _ in range(self.n))
            channels = []
            for _ in range(self.channel_count):
                messages = []
                for _ in range(number()):
                    message_type = types[number()]
                    values = tuple(
                        bool(number()) if t is bool else number() for t in message_type.field_types
                    )
                    messages.append(message_type.from_values(values))
                channels.append(tuple(messages))
            states.append(locals_ + tuple(channels))
        return states
