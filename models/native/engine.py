"""The native engine: the explorer of models/native/explorer.c compiled for one algorithm and n.

``NativeEngine.for_algorithm(algorithm, n, trusted)`` generates the C (``models.native.codegen``) from
the symbolic readings ``trusted`` says were checked against the concrete semantics, compiles it
once with the system's C compiler into a shared library cached under
``$XDG_CACHE_HOME/ringleader`` (keyed by the source's hash, so an edited algorithm compiles
anew), and loads it with ctypes. ``explore(ids)`` runs the whole breadth-first search of one
arrangement in C and returns ``NativeFacts``: the graph's figures and the distinct things the
specification is evaluated on, decoded back into the Python engine's values, and the local
contexts the search met (``Context``: what a command can see, with every outcome the C code
gave there), which models/native/audit.py re-executes in Python before a verdict rests on them.

When no compiler is found or the algorithm cannot be compiled, ``NativeUnavailable`` says why;
the checker then uses the Python engine, which stays the reference.
"""
from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
from dataclasses import dataclass
from enum import IntEnum
from operator import getitem, itemgetter
from typing import Callable

from ..reading import derived_cache
from ..dsl.algorithm import Algorithm
from .codegen import NotCompilable, complete_channel, generate, instance_offsets, on_network, padded_ports, topology_tables
from ..reading.dependence import LONGEST_CHAIN
from ..reading.footprint import TrustedReadings
from ..dsl.messages import Message
from .audit import verified
from ..systems.semantics import Observation

OK, STATE_LIMIT, MEMORY_LIMIT, NO_MEMORY, FAULT, CYCLE, VIOLATED = range(7)
VECTORS, CHANGES, TERMINALS = range(3)  # explorer.c's kinds of witnesses (rl_witnesses)
# the checker's judge of the witnesses met so far (checker/explore/early_stop.py): true stops the search
JUDGE = ctypes.CFUNCTYPE(ctypes.c_int)
# the bytes the checker's process grows by for each local context a search records, once it is
# decoded (Context) and re-executed by the audit, by the numbers the C code hands over for it
# (an estimate: uncounted, the fuzzer's class9 variant grew to 983 MB under --max-memory 256M,
# counted so it stops at 228 MB; tests/models/test_native_early_stop.py)
CONTEXT_BYTES, CONTEXT_BYTES_PER_NUMBER = 1024, 40
FLAGS = ("-O3", "-march=native")  # the popcount instruction matters to the stubborn-set masks
_MACHINE = os.uname().machine if hasattr(os, "uname") else os.environ.get("PROCESSOR_ARCHITECTURE", "")  # not platform: an import
if _MACHINE in ("x86_64", "AMD64"):
    # 512-bit vectors, which gcc uses for a few small copies, slow the whole search down (the
    # core's frequency) on the Xeons measured: hs at n = 5 took 2 % longer with them
    FLAGS += ("-mno-avx512f",)
PLAIN_FLAGS = ("-O2",)
# tests/models/test_native_work.py: every offset encode_work derives is checked against decode
CHECK_FLAGS = ("-DRL_CHECK_WORK",) if os.environ.get("RINGLEADER_CHECK_NATIVE") else ()
# docs/engines.md: one line per search on stderr, the bytes per stored state of each of its arrays
CHECK_FLAGS += ("-DRL_FOOTPRINT",) if os.environ.get("RINGLEADER_NATIVE_FOOTPRINT") else ()
# tests/models/test_native_memo.py: a stubborn-set memo that fills and starts afresh at once
_MEMO_SLOTS = os.environ.get("RINGLEADER_NATIVE_MEMO_SLOTS", "")
if _MEMO_SLOTS.isdigit() and int(_MEMO_SLOTS) > 0 and int(_MEMO_SLOTS) & (int(_MEMO_SLOTS) - 1) == 0:  # a power of two
    CHECK_FLAGS += (f"-DRL_MEMO_SLOTS_WITH_FAULTS={int(_MEMO_SLOTS)}ull",)
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
        ("contexts", ctypes.POINTER(ctypes.c_int64)), ("contexts_count", ctypes.c_uint64),
        ("contexts_len", ctypes.c_uint64),
    ]


def _int64s(pointer, count: int) -> list[int]:
    """``count`` int64s the C search handed back, as a list (one copy in C: slicing the
    pointer converts them one at a time, a tenth of a small arrangement's time)."""
    return memoryview(ctypes.string_at(pointer, count * 8)).cast("q").tolist() if count else []


def _varints(data: bytes) -> list[int]:
    """The zigzag varints of models/native/explorer.c's packed states, in order."""
    found, z, shift = [], 0, 0
    for b in data:
        z |= (b & 0x7F) << shift
        if b & 0x80:
            shift += 7
        else:
            found.append((z >> 1) ^ -(z & 1))
            z = shift = 0
    return found


@dataclass(frozen=True)
class Outcome:
    """One step the C code takes in a context: a command instance (its offset among its
    process's instances, models/native/codegen.py's numbering) or the unmatched consumption of the head."""

    offset: int
    command: str | None  # None: the head matched no command and is consumed
    locals: tuple  # the process's locals after the step
    sends: tuple  # (out port, message) in order
    observed: tuple | None  # rl_observe of the new locals, where the engine observes
    rank: int = 0  # a timeout's rank
    awaited: int | None = None  # the id a timeout waits for (waits_for), if it waits for one


@dataclass(frozen=True)
class Context:
    """A local context the C search evaluated: what a command can see (the process's id and
    locals; for a receive, the head and its arrival port) and the complete ordered list of
    outcomes the C code produced there. ``key`` is the C search's own numbers for it."""

    key: tuple
    id: int
    degree: int | None  # on a network, the process's degree (its ports are 0..degree-1); None on a ring
    locals: tuple
    port: str | None  # the arrival port of ``message``; None for the process's own context
    message: Message | None
    timeouts: bool  # the process's own context, for its timeouts (whose outcomes say which may fire)
    observed: tuple | None  # rl_observe's four numbers for the locals (process contexts, where the engine observes)
    outcomes: tuple[Outcome, ...]


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
    # what the properties read: where the engine ``reduces`` (it has the decision functions in
    # C), each process's Observation; otherwise the locals (Python values) to observe
    local_vectors: list[tuple]  # each: one per process
    changes: list[tuple]  # each: (process, before, after), for steps that change its locals
    observed: bool  # the two above hold Observations, not locals
    terminal_states: list[tuple]  # in the reference engine's form (with whole_terminals, or not observed)
    # where observed and not whole_terminals: per (fields, channels) that explore's terminal_reads
    # names, a terminal state of each class of those that agree in those fields of each
    # process's observation (and in the channels, if channels): (observations, channels), the
    # channels () when not read
    terminal_observations: dict[tuple, list[tuple]]
    # the local contexts whose outcomes the search used and no audit has verified yet
    # (models/native/audit.py): those it met first, and any an earlier search left unaudited
    contexts: list[Context]


def compiler() -> str | None:
    return os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


def _cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ringleader")


def _build(source: str) -> str:
    cc = compiler()
    if cc is None:
        raise NativeUnavailable("no C compiler found (install gcc, or set CC)")
    digest = hashlib.sha256((cc + "\0" + " ".join(FLAGS + CHECK_FLAGS) + "\0" + source).encode()).hexdigest()[:24]
    directory = _cache_dir()
    library = os.path.join(directory, f"explorer-{digest}.so")
    if os.path.exists(library):
        return library
    import subprocess  # here: a plain run finds the library compiled
    import tempfile

    os.makedirs(directory, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=directory) as work:
        c_file, so_file = os.path.join(work, "explorer.c"), os.path.join(work, "explorer.so")
        with open(c_file, "w") as f:
            f.write(source)
        for flags in (FLAGS, PLAIN_FLAGS):  # a compiler that refuses -march=native still builds it
            done = subprocess.run([cc, *flags, *CHECK_FLAGS, "-shared", "-fPIC", "-o", so_file, c_file],
                                  capture_output=True, text=True)
            if done.returncode == 0:
                break
        else:
            raise NativeUnavailable(f"the C compiler failed: {done.stderr.strip().splitlines()[:1]}")
        os.replace(so_file, library)  # atomic: concurrent runs never load half a file
    return library


def _generated(algorithm, n, trusted, crashes=False, recoveries=False):
    """generate()'s C source, message types, layout and reduction flag, or why it cannot compile."""
    try:
        return generate(algorithm, n, trusted, crashes, recoveries)
    except NotCompilable as why:
        return str(why)


class NativeEngine:
    _loaded: dict = {}

    @classmethod
    def for_algorithm(cls, algorithm: type[Algorithm], n: int, trusted: TrustedReadings, crashes: bool = False,
                      recoveries: bool = False) -> "NativeEngine":
        """The engine of ``algorithm`` at n, built from ``trusted`` readings; with ``crashes``
        (and ``recoveries``) one whose states hold crash failures (models/systems/crashes.py)."""
        faults = (crashes, crashes and recoveries)
        key = (algorithm, n, trusted, faults)
        engine = cls._loaded.get(key)
        if engine is None:
            what = ("native source", trusted) + (faults if crashes else ())
            compiled = derived_cache.remembered(algorithm, n, what, lambda: _generated(algorithm, n, trusted, *faults))
            if isinstance(compiled, str):
                raise NativeUnavailable(compiled)
            source, types, layout, reduces = compiled
            engine = cls._loaded[key] = cls(algorithm, n, source, types, layout, reduces, trusted, faults[1])
        return engine

    def __init__(self, algorithm, n, source, types, layout, reduces: bool, trusted: TrustedReadings,
                 recoveries: bool = False):
        self._observed_by_id: dict = {}  # id -> rl_observe's numbers -> Observation (explore())
        self._projections: dict = {}  # (fields, id, numbers) -> Observation (_projected)
        self._decoded: dict = {}  # a process's numbers -> its locals (_locals)
        self.algorithm, self.n, self.source, self.trusted = algorithm, n, source, trusted
        self.reduces = reduces  # can run partial-order reduction
        self.types, self.layout = types, layout
        self.slots = len(layout.slots)
        self.network = on_network(algorithm)
        # on a network, the most ports a process has and the complete graph's channels: those of
        # a sparser graph are among them (models/native/codegen.py)
        self.in_ports, self.out_ports = padded_ports(algorithm, n)
        self.channel_count = len(algorithm.topology(n).channels)
        self._picked: tuple | None = None  # a network's channels, in the C code's numbers (explore())
        self._recoveries = recoveries  # its states end with the counts of crashes and recoveries
        self._bool_slot = [variable.type is bool for _, _, variable in layout.slots]
        self._slot_types = [variable.type for _, _, variable in layout.slots]
        library = ctypes.CDLL(_build(source))
        self._explore = library.rl_explore
        self._explore.argtypes = [
            ctypes.POINTER(ctypes.c_int64), ctypes.c_uint64, ctypes.c_uint64, ctypes.c_int, ctypes.c_uint64, *[ctypes.c_int] * 12,
            *[ctypes.POINTER(ctypes.c_int)] * 4, *[ctypes.POINTER(ctypes.c_uint64)] * 7, ctypes.POINTER(ctypes.c_int),
            ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(_Result),
        ]
        self._explore.restype = ctypes.c_int
        self._set_judge = library.rl_set_judge
        self._set_judge.argtypes = [JUDGE]
        self._read_witnesses = library.rl_witnesses
        self._read_witnesses.restype = ctypes.POINTER(ctypes.c_uint8)
        self._read_witnesses.argtypes = [ctypes.c_int, *[ctypes.POINTER(ctypes.c_uint64)] * 2, ctypes.POINTER(ctypes.c_int)]
        self._tables: dict = {}  # the topology's channels -> its tables as C arrays
        self._pickers: dict = {}  # observation fields -> what picks them from a terminal row
        self._release = library.rl_release
        self._release.argtypes = [ctypes.POINTER(_Result)]
        # the C search's table of local contexts, kept across arrangements (each context is
        # computed in C and audited in Python once); freed with the engine
        new_table = self._new_table = library.rl_contexts_new
        new_table.restype = ctypes.c_void_p
        self._contexts = ctypes.c_void_p(new_table())
        if not self._contexts:
            raise NativeUnavailable("out of memory for the native engine's context table")
        self._free_contexts = library.rl_contexts_free
        self._free_contexts.argtypes = [ctypes.c_void_p]
        shape = (ctypes.c_int * 7).in_dll(library, "rl_shape")
        self._context_numbers, self._outcome_numbers, self._width, self._max_sends, _, _, observed = shape
        ctypes.c_uint64.in_dll(library, "rl_context_cost").value = \
            CONTEXT_BYTES + CONTEXT_BYTES_PER_NUMBER * (self._context_numbers + self._outcome_numbers)
        # the numbers the C code gives per process observed: rl_observe's four, then with crashes
        # whether it crashed and whether the leader it records crashed
        self._observed_width = observed
        offsets, per_process = instance_offsets(algorithm, self.in_ports, self.out_ports if self.network else ())
        # with crashes or timeouts the C reduction keeps a process's hopeless receives in one word
        self._reduces_faults = per_process <= 64
        self._instance_at = {offset: name for (name, _port), offset in offsets.items()}
        self.unaudited: list[Context] = []  # reported by the C search, not yet verified by an audit
        self.last_contexts: list[Context] = []  # those the last search recorded (every one it used, after start_afresh)
        # set by the checker when an audit (models/native/audit.py) finds the C code disagreeing
        # with Python: the engine is then not used again for this algorithm and n
        self.disagreement = None

    def start_afresh(self) -> None:
        """Empty the table of local contexts, so that the next search records every context it
        evaluates (checker/explore/twins.py reads them from ``last_contexts``). The audit
        remembers what it verified: only the decoding is done again."""
        table = self._new_table()
        if not table:
            raise NativeUnavailable("out of memory for the native engine's context table")
        old, self._contexts = self._contexts, ctypes.c_void_p(table)
        self._free_contexts(old)

    def __del__(self):
        table, self._contexts = getattr(self, "_contexts", None), None
        if table:
            self._free_contexts(table)

    def _topology(self, topology, ids, premature: bool = False) -> list:
        """rl_explore's table arguments for this topology (one per port labelling, and on a
        network per graph, and with timeouts whether they are premature); on a ring the ports
        must be the compiled ones (NativeUnavailable otherwise)."""
        key = (topology.channels, premature)
        arrays = self._tables.get(key)
        if arrays is None:
            if not self.network and any(topology.in_ports(i) != self.in_ports or topology.out_ports(i) != self.out_ports
                                        for i in range(self.n)):
                raise NativeUnavailable("the arrangement's processes have other ports than the compiled ones")
            if self.network and topology.n != self.n:
                raise NativeUnavailable("the network has another number of vertices than the compiled one")
            tables = topology_tables(self.algorithm, topology, tuple(ids), self.trusted, self._crashes,
                                     self._recoveries, premature, self.types)
            arrays = [(ctypes.c_int * len(tables[k]))(*tables[k]) for k in ("in", "out", "degree", "reads_channel")]
            arrays += [(ctypes.c_uint64 * len(tables[k]))(*tables[k])
                       for k in ("conflicts", "writers_of_guard", "senders", "readers", "typed_senders", "closable",
                                 "seedable")]
            arrays += [(ctypes.c_int * len(tables["detector"]))(*tables["detector"]), tables["refined"]]
            self._tables[key] = arrays
        return arrays

    @property
    def reduces_like_python(self) -> bool:
        """Does this engine's search reduce wherever the Python engine's does? With timeouts and
        crash failures too (models/reading/dependence.py's refinements, one designated faulty
        process at a time: checker/explore/designated.py), where its decision functions compiled
        (``reduces``) and a process has at most 64 command instances."""
        return self.reduces and (self._reduces_faults or not (self._crashes or self.algorithm.has_timeouts))

    @property
    def _crashes(self) -> bool:
        """Was it built for crash failures (its states say who crashed)?"""
        return self._observed_width > 4

    def explore(self, ids, max_states: int | None = None, max_memory: int | None = None,
                want_locals: bool = True, want_changes: bool = True, por: bool = False, chains: bool = True,
                watched: tuple[str, ...] = (), fingerprint: bool = False, topology=None,
                vector_fields: tuple[str, ...] = OBSERVED_FIELDS, whole_terminals: bool = True,
                terminal_reads: tuple[tuple[tuple[str, ...], bool], ...] = ((OBSERVED_FIELDS, True),),
                crashes: int = 0, recoveries: int = 0, premature_timeouts: bool = False,
                max_chain_steps: int | None = None, designated: int | None = None,
                judge: Callable[[], bool] | None = None, trace: bool = False) -> NativeFacts:
        """Search one arrangement: the full graph, or with ``por`` (where the engine ``reduces``)
        the graph checker/explorer.py's reduction explores, ``chains`` as there; ``watched``
        names the observation fields whose changes the visibility proviso keeps in order. With
        ``fingerprint`` the search stores 64-bit fingerprints of states, not states. ``topology``
        is the arrangement's (an unoriented ring's labelling), by default the algorithm's. Where
        the C code observes processes, the observation vectors keep ``vector_fields`` only (the
        state properties' ``observes``; the others read False or None), each distinct one once,
        and unless ``whole_terminals`` the terminal states come as what the terminal properties
        read of them: ``terminal_observations``, for each (fields, channels) of ``terminal_reads``
        (fields in OBSERVED_FIELDS' order). ``crashes``, ``recoveries`` and ``premature_timeouts``
        are models/systems/crashes.py's and models/systems/semantics.py's (an engine built for crashes).
        ``max_chain_steps`` bounds the steps taken on one-transition chains in all (their states
        are not stored, so ``max_states`` does not bound them). With one crash, ``designated``
        (a position) is the one process that may crash (``CrashSystem.designating``); the search
        is reduced under crashes only so (checker/explore/designated.py). ``judge``, if given, is
        called now and then during the search (checker/explore/early_stop.py) and says whether
        the witnesses met so far (``new_witnesses``) violate a property: the search then stops,
        status VIOLATED. What it raises is raised here, once the search has stopped. With
        ``trace`` (a search of the full graph, without fingerprints) the search keeps what
        checker/explore/native_trace.py reads after it (``trace_parent``, ``trace_figures``,
        ``witnesses(TERMINALS)``), and a judge's stop expands the states stored but not yet
        expanded before it stops (explorer.c's rl_trace)."""
        topology = topology if topology is not None else self.algorithm.topology(self.n)
        # the arrangement's channels among the C code's (a network's graph has some of them)
        self._picked = tuple(complete_channel(self.n, c.sender, c.receiver) for c in topology.channels) \
            if self.network else None
        ids_array = (ctypes.c_int64 * self.n)(*ids)
        # a process's observation depends on its id and the C code's numbers only: made once
        # per engine, not per arrangement (cr at n = 6 meets the same few in all 120)
        self._ids, self._observations = tuple(ids), [self._observed_by_id.setdefault(v, {}) for v in ids]
        self._vector_fields, self._whole_terminals = vector_fields, whole_terminals
        self._terminal_reads = terminal_reads
        result = _Result()
        watched_mask = sum(1 << OBSERVED_FIELDS.index(name) for name in watched)
        # under crashes: one crash, no recoveries, one designated process (CrashSystem.supports_por)
        faults_reducible = crashes == 0 if not self._crashes else (
            crashes == 1 and not recoveries and designated is not None)
        reduced = por and self.reduces_like_python and faults_reducible
        kept_fields = sum(1 << OBSERVED_FIELDS.index(name) for name in vector_fields)
        raised: list[BaseException] = []

        def judged() -> int:
            try:
                return int(bool(judge()))
            except BaseException as error:  # noqa: BLE001 -- not lost in ctypes: raised after the search
                raised.append(error)
                return 1

        callback = JUDGE(judged) if judge is not None else JUDGE()
        self._set_judge(callback)
        if trace:
            self._stopped_reader("rl_set_trace", None, [ctypes.c_int])(1)
        self._explore(ids_array, max_states or 0, max_chain_steps or 0, LONGEST_CHAIN, max_memory or 0, int(want_locals), int(want_changes), kept_fields,
                      int(whole_terminals), int(reduced), int(chains), watched_mask, int(fingerprint), crashes, recoveries,
                      int(premature_timeouts), -1 if designated is None else designated,
                      *self._topology(topology, ids, premature_timeouts), self._contexts, ctypes.byref(result))
        self._set_judge(JUDGE())
        if trace:
            self._stopped_reader("rl_set_trace", None, [ctypes.c_int])(0)
        try:
            if raised:
                raise raised[0]
            # whatever the status: the C search replays these contexts from now on
            self.unaudited = [c for c in self.unaudited if c.key not in verified(self.algorithm, self.n)]
            self.last_contexts = self._decode_contexts(result)
            self.unaudited += self.last_contexts
            return self._facts(result, reduced)
        finally:
            self._release(ctypes.byref(result))

    # -- what the last search saw, read after it (a search stopped at a limit) -----------
    def _stopped_reader(self, name: str, restype, argtypes):
        function = getattr(ctypes.CDLL(_build(self.source)), name)
        function.restype, function.argtypes = restype, argtypes
        return function

    def kept_bytes(self) -> int:
        """The bytes of the arrays the last search left for the next one to reuse: resident in
        the process, and counted by the next search as its own."""
        return self._stopped_reader("rl_kept_bytes", ctypes.c_uint64, [])()

    def witnesses(self, changes: bool) -> tuple[list[tuple[int, tuple]], bool]:
        """Where the last search first met each distinct observation vector (or, with
        ``changes``, each distinct change), in the order met: (the stored state it was expanding,
        the state met, in the reference engine's form); and whether every one was kept."""
        found, _, complete = self._witnesses_from(changes, 0)
        return found, complete

    def new_witnesses(self, changes: bool, offset: int) -> tuple[list[tuple], int]:
        """During a search (from its judge): the states where it first met each distinct
        observation vector (or, with ``changes``, each distinct change) recorded from byte
        ``offset`` of their record on, in the reference engine's form, and the offset after them."""
        found, end, _ = self._witnesses_from(changes, offset)
        return [state for _, state in found], end

    def terminal_witnesses(self) -> tuple[list[tuple[int, tuple]], bool]:
        """In a search for a trace (explore's ``trace``), the first terminal state of each
        distinct kind the terminal properties read (each process's observation and the channels),
        as ``witnesses`` gives them: (the state's number, the state); whether every one was kept."""
        found, _, complete = self._witnesses_from(TERMINALS, 0)
        return found, complete

    def new_terminal_witnesses(self, offset: int) -> tuple[list[tuple], int]:
        """``new_witnesses`` of the terminal states (a search for a trace)."""
        found, end, _ = self._witnesses_from(TERMINALS, offset)
        return [state for _, state in found], end

    def _witnesses_from(self, which: int, offset: int) -> tuple[list[tuple[int, tuple]], int, bool]:
        """The witnesses of kind ``which`` (VECTORS, CHANGES, TERMINALS) recorded from byte
        ``offset`` of their record on, as (origin, state); the record's length; whether every
        witness was kept (explorer.c's rl_witnesses)."""
        length, count, complete = ctypes.c_uint64(), ctypes.c_uint64(), ctypes.c_int()
        pointer = self._read_witnesses(int(which), ctypes.byref(length), ctypes.byref(count), ctypes.byref(complete))
        end = length.value
        data = ctypes.string_at(ctypes.cast(pointer, ctypes.c_void_p).value + offset, end - offset) if end > offset else b""
        found, at = [], 0
        while at < len(data):
            origin, size = memoryview(data[at:at + 16]).cast("Q").tolist()
            found.append((origin, self._decode_states(data[at + 16:at + 16 + size])[0]))
            at += 16 + size
        return found, end, bool(complete.value)

    def stored_path(self, number: int) -> list[tuple]:
        """The states of the last search's path from its initial state to stored state
        ``number`` along the edges that found them (breadth first), in the reference engine's form."""
        path_to = self._stopped_reader("rl_path_to", ctypes.c_uint64,
                                       [ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64), ctypes.c_uint64])
        state_of = self._stopped_reader("rl_stored_state", ctypes.POINTER(ctypes.c_uint8),
                                        [ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)])
        room = (ctypes.c_uint64 * 65536)()
        count = path_to(number, room, len(room))
        states = []
        for k in reversed(range(count)):
            length = ctypes.c_uint64()
            pointer = state_of(room[k], ctypes.byref(length))
            states.append(self._decode_states(ctypes.string_at(pointer, length.value))[0])
        return states

    # -- what the last search for a trace kept (explore's ``trace``) ------------------
    def trace_parent(self, number: int) -> int | None:
        """The stored state whose expansion found stored state ``number`` (0 for the initial
        state), or None if the last search was not a search for a trace."""
        parent = self._stopped_reader("rl_trace_parent", ctypes.c_int64, [ctypes.c_uint64])(number)
        return None if parent < 0 else parent

    def trace_figures(self, number: int, taken: int) -> tuple[int, int, int, int, int] | None:
        """What the Python explorer has counted once it has expanded the states before stored
        state ``number`` and taken ``taken`` edges of it: (transitions, states stored, unmatched
        receptions before ``number``'s edges, terminal states, depth of the last state stored);
        None if the last search for a trace did not expand ``number``, or it has fewer edges."""
        out = (ctypes.c_uint64 * 5)()
        figures = self._stopped_reader("rl_trace_figures", ctypes.c_int,
                                       [ctypes.c_uint64, ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)])
        return tuple(out) if figures(number, taken, out) else None

    def stored_state(self, number: int) -> tuple:
        """Stored state ``number`` of the last search, in the reference engine's form."""
        state_of = self._stopped_reader("rl_stored_state", ctypes.POINTER(ctypes.c_uint8),
                                        [ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64)])
        length = ctypes.c_uint64()
        pointer = state_of(number, ctypes.byref(length))
        if not pointer:
            raise IndexError(f"the last search stored no state {number}")
        return self._decode_states(ctypes.string_at(pointer, length.value))[0]

    # -- decoding ---------------------------------------------------------------------
    def _values(self, numbers) -> tuple:
        return tuple(bool(v) if is_bool else v for v, is_bool in zip(numbers, self._bool_slot))

    def _locals(self, numbers: tuple) -> tuple:
        """One process's numbers as its locals, decoded once per search (few distinct ones)."""
        values = self._decoded.get(numbers)
        if values is None:
            values = self._decoded[numbers] = self._values(numbers)
        return values

    def _observation(self, i: int, numbers: tuple) -> Observation:
        """rl_observe's four numbers (with crashes, six: then whether the process crashed and
        whether the leader it records did) as the Observation models/systems/semantics.py (or
        models/systems/crashes.py) makes of process i (each made once: a process is observed in few ways)."""
        seen = self._observations[i].get(numbers)
        if seen is None:
            seen = self._observations[i][numbers] = self._made(i, dict(zip(OBSERVED_FIELDS, numbers)), numbers[4:])
        return seen

    def _made(self, i: int, values: dict, crash: tuple) -> Observation:
        """Process i's Observation from the fields ``values`` names (the others read False or
        None) and, with crashes, (crashed, leader crashed)."""
        if crash and crash[0]:
            return Observation(self._ids[i], False, False, None, False, crashed=True)
        leader_id = values.get("leader_id") if self.algorithm.leader_id else None
        return Observation(id=self._ids[i], decided=bool(values.get("decided", False)),
                           is_leader=bool(values.get("is_leader", False)), leader_id=leader_id,
                           candidate=bool(values.get("candidate", False)), leader_crashed=bool(crash and crash[1]))

    def _observation_vectors(self, flat: list) -> list[tuple]:
        """The distinct vectors of n observations in rl_observe's numbers, four per process (six
        with crashes), kept to ``vector_fields`` (the C code keeps those fields only, and the
        others are 0: cr at n = 6 has 442 vectors an arrangement, 7 of them distinct in the one
        field the state properties read)."""
        n, fields, width = self.n, self._vector_fields, self._observed_width
        if fields == OBSERVED_FIELDS:
            known, observation = self._observations, self._observation
            quads = list(zip(*[iter(flat)] * width))
            return [tuple(known[i].get(quad) or observation(i, quad) for i, quad in enumerate(quads[at:at + n]))
                    for at in range(0, len(quads), n)]
        # each process's kept numbers (and whether it and its leader crashed), then each vector
        # of them, distinct, in the order met
        columns = [flat[OBSERVED_FIELDS.index(name)::width] for name in fields]
        columns += [flat[k::width] for k in range(4, width)]
        kept = zip(*columns) if columns else iter([()] * (len(flat) // width))
        vectors = dict.fromkeys(zip(*[kept] * n))
        return [tuple(self._projected(i, numbers) for i, numbers in enumerate(vector)) for vector in vectors]

    def _projected(self, i: int, numbers: tuple) -> Observation:
        """Process i observed in ``vector_fields`` only (``numbers``, in their order, then
        with crashes whether it and its leader crashed)."""
        key = (self._vector_fields, self._ids[i], numbers)
        seen = self._projections.get(key)
        if seen is None:
            fields = len(self._vector_fields)
            seen = self._projections[key] = self._made(i, dict(zip(self._vector_fields, numbers)), numbers[fields:])
        return seen

    def _facts(self, r: _Result, reduced: bool) -> NativeFacts:
        slots, n = self.slots, self.n
        local_vectors, changes, terminals = [], [], []
        if r.status == OK and self.reduces:
            # the C search observed every process itself (rl_observe): decode observations
            width = self._observed_width
            local_vectors = self._observation_vectors(_int64s(r.locals, r.locals_count * width * n))
            flat = _int64s(r.changes, r.changes_count * (1 + 2 * width))
            for k in range(r.changes_count):
                row = flat[k * (1 + 2 * width):(k + 1) * (1 + 2 * width)]
                changes.append((row[0], self._observation(row[0], tuple(row[1:1 + width])),
                                self._observation(row[0], tuple(row[1 + width:]))))
        elif r.status == OK:
            width = n * slots
            flat = _int64s(r.locals, r.locals_count * width)
            for k in range(r.locals_count):
                local_vectors.append(tuple(self._locals(tuple(flat[k * width + i * slots:k * width + (i + 1) * slots]))
                                           for i in range(n)))
            width = 1 + 2 * slots
            flat = _int64s(r.changes, r.changes_count * width)
            for k in range(r.changes_count):
                row = flat[k * width:(k + 1) * width]
                changes.append((row[0], self._locals(tuple(row[1:1 + slots])), self._locals(tuple(row[1 + slots:]))))
        terminal_observations = {}
        if r.status == OK and self.reduces and not self._whole_terminals:
            rows = self._terminal_rows(ctypes.string_at(r.terminal_bytes, r.terminal_bytes_len))
            terminal_observations = self._terminals_reading(rows, self._terminal_reads)
        elif r.status == OK:
            terminals = self._decode_states(ctypes.string_at(r.terminal_bytes, r.terminal_bytes_len))
        acyclic = bool(r.acyclic) and r.status == OK
        return NativeFacts(
            status=r.status, reduced=reduced, observed=self.reduces, states=r.states, transitions=r.transitions, unmatched=r.unmatched,
            terminal_count=r.terminals, depth=r.depth, acyclic=acyclic,
            messages_min=r.messages_min if acyclic and r.messages_min >= 0 else None,
            messages_max=r.messages_max if acyclic and r.messages_max >= 0 else None,
            local_vectors=local_vectors, changes=changes, terminal_states=terminals,
            terminal_observations=terminal_observations,
            contexts=list(self.unaudited),
        )

    def _typed(self, value_type: type, number: int):
        """A number from C as the Python engine holds a value of this declared type."""
        if value_type is bool:
            return bool(number)
        if isinstance(value_type, type) and issubclass(value_type, IntEnum):
            try:
                return value_type(number)
            except ValueError:
                return number
        return number

    def _message(self, numbers) -> Message:
        message_type = self.types.types[numbers[0]]
        return message_type.from_values(tuple(
            self._typed(t, v) for t, v in zip(message_type.field_types, numbers[1:])))

    def _decode_contexts(self, r: _Result) -> list[Context]:
        """The contexts the search recorded (explorer.c's report()), as Python values."""
        if not r.contexts_count:
            return []
        flat = _int64s(r.contexts, r.contexts_len)
        slots, width, observes = self.slots, self._width, self.reduces
        types, in_ports, out_ports = self._slot_types, self.in_ports, self.out_ports
        # where things are in a context's numbers: kind, id, degree, locals, head, seen (4), outcome count
        head_at = 3 + slots
        seen_at = head_at + width
        # and in an outcome's: offset, unmatched, locals, seen (4), send count, (port, message) per
        # send, then a timeout's rank, whether it waits for a process, and which
        outcome_seen_at = 2 + slots
        sends_at = outcome_seen_at + 4
        rank_at = sends_at + 1 + self._max_sends * (1 + width)
        contexts, at = [], 0
        for _ in range(r.contexts_count):
            row = flat[at:at + self._context_numbers]
            at += self._context_numbers
            kind, pid, degree, numbers = row[0], row[1], row[2], tuple(row[3:head_at])
            head = tuple(row[head_at:seen_at]) if kind >= 0 else ()
            outcomes = []
            for _ in range(row[-1]):
                out = flat[at:at + self._outcome_numbers]
                at += self._outcome_numbers
                sends = []
                for m in range(out[sends_at]):
                    sent = out[sends_at + 1 + m * (1 + width):sends_at + 1 + (m + 1) * (1 + width)]
                    sends.append((out_ports[sent[0]], self._message(sent[1:])))
                rank, awaits, awaited = out[rank_at:rank_at + 3]
                outcomes.append(Outcome(
                    offset=out[0], command=None if out[1] else self._instance_at[out[0]],
                    locals=tuple(self._typed(t, v) for t, v in zip(types, out[2:outcome_seen_at])),
                    sends=tuple(sends), observed=tuple(out[outcome_seen_at:sends_at]) if observes else None,
                    rank=rank, awaited=awaited if awaits else None))
            contexts.append(Context(
                key=(kind, pid, degree, numbers, head), id=pid, degree=degree if self.network else None,
                timeouts=kind == -2,
                locals=tuple(self._typed(t, v) for t, v in zip(types, numbers)),
                port=in_ports[kind] if kind >= 0 else None, message=self._message(head) if kind >= 0 else None,
                observed=tuple(row[seen_at:seen_at + 4]) if observes and kind < 0 else None,
                outcomes=tuple(outcomes)))
        return contexts

    def _decode_states(self, data: bytes) -> list[tuple]:
        """Packed states in the reference engine's form (with crashes, models/systems/crashes.py's: a
        crashed process's locals wrapped, and with recoveries the counts at the end)."""
        numbers, at = _varints(data), 0
        slots, n = self.slots, self.n
        crashes = self._observed_width > 4
        if crashes:
            from ..systems.crashes import Crashed  # here: a ring's plain check imports no other system
        states = []
        while at < len(numbers):
            locals_ = []
            for _ in range(n):
                values = self._locals(tuple(numbers[at:at + slots]))
                at += slots
                if crashes:
                    values, at = (Crashed(values) if numbers[at] else values), at + 1
                locals_.append(values)
            channels, at = self._channels(numbers, at)
            trailer = ()
            if self._recoveries:
                trailer, at = (tuple(numbers[at:at + 2]),), at + 2
            states.append(tuple(locals_) + channels + trailer)
        return states

    def _terminal_rows(self, data: bytes) -> list[tuple]:
        """explorer.c's note_terminal(), a row per distinct terminal state: its 4n
        rl_observe numbers (6n with crashes) and its channels' numbers, not decoded yet."""
        numbers, at, width = memoryview(data).cast("q").tolist(), 0, self._observed_width * self.n
        rows = []
        while at < len(numbers):
            end = at + width + 1 + numbers[at + width]
            rows.append((tuple(numbers[at:at + width]), tuple(numbers[at + width + 1:end])))
            at = end
        return rows

    def _terminals_reading(self, rows: list[tuple], reads) -> dict[tuple, list[tuple]]:
        """For each (fields, channels) of ``reads``: one row of each class of rows that agree in
        ``fields`` of every process's observation (and in the channels, if channels), as
        (observations, channels), the channels () where not read. cr at n = 6 has 63 terminal
        states an arrangement, which differ only in who was a candidate: one class in what
        election reads."""
        n, known, observation, width = self.n, self._observations, self._observation, self._observed_width
        observed: dict[int, tuple] = {}
        decoded: dict[tuple, tuple] = {}
        by_read = {}
        for fields, channels in reads:
            if len(rows) == 1:  # lcr, hs: every arrangement ends in one terminal state
                first = [0]
            else:
                pick = self._pickers.get(fields)
                if pick is None:  # the fields read, and with crashes whether a process and its leader crashed
                    positions = [width * i + k for i in range(n)
                                 for k in [OBSERVED_FIELDS.index(name) for name in fields] + list(range(4, width))]
                    pick = self._pickers[fields] = itemgetter(*positions) if positions else (lambda quads: ())
                classes: dict = {}
                for k, (quads, raw) in enumerate(rows):
                    classes.setdefault((pick(quads), raw if channels else None), k)
                first = classes.values()
            terminals = []
            for k in first:
                quads, raw = rows[k]
                if k not in observed:
                    try:  # each process's observation as met before (map: no Python loop)
                        observed[k] = tuple(map(getitem, known, zip(*[iter(quads)] * width)))
                    except KeyError:  # else made
                        observed[k] = tuple(known[i].get(quad) or observation(i, quad)
                                            for i, quad in enumerate(zip(*[iter(quads)] * width)))
                if channels and raw not in decoded:
                    decoded[raw] = self._channels(list(raw), 0)[0]
                terminals.append((observed[k], decoded[raw] if channels else ()))
            by_read[fields, channels] = terminals
        return by_read

    def _channels(self, numbers: list[int], at: int) -> tuple[tuple, int]:
        """The channels packed from ``at`` on, as the reference engine holds them (on a network,
        those of the arrangement's graph, in its order), and where they end."""
        types = self.types.types
        channels = []
        for _ in range(self.channel_count):
            messages = []
            length, at = numbers[at], at + 1
            for _ in range(length):
                message_type, at = types[numbers[at]], at + 1
                fields = message_type.field_types
                raw = numbers[at:at + len(fields)]
                at += len(fields)
                messages.append(message_type.from_values(
                    tuple(bool(v) if t is bool else v for v, t in zip(raw, fields))))
            channels.append(tuple(messages))
        if self._picked is not None:
            channels = [channels[c] for c in self._picked]
        return tuple(channels), at
