"""``check(algorithm, n)``: explore every arrangement and gather one Result.

Arrangements are independent, so they are explored in worker processes (``jobs``) and the
results are merged in arrangement order: the output is the same whatever the job count. The
run stops at the first arrangement, in that order, that has a violation, or when the states
stored so far (in that order) pass ``max_states``.
"""
from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from models import Algorithm, AlgorithmError
from models.dsl.algorithm import BOUNDS, declared_bound_at
from models.topology.ports import PortNumbersRead
from models.native import tables
from models.native.engine import NativeEngine, NativeUnavailable
from specs import Property, election_spec

from ..trust.remembered import reading_report
from .anonymous import IdRead, may_be_anonymous
from .arrangements import NONE, REFLECTION, Arrangement
from .explorer import Exploration, Explorer, MemoryLimitReached, StateLimitReached
from .memory import default_limit, format_size
from .native_search import search_natively
from .synchronized_search import judged_here, search_in_c
from .twins import Searched, derived
from .planning import MAX_ARRANGEMENTS, RunTooLarge, plan_run  # noqa: F401  (the CLI's RunTooLarge)
from .progress import Progress
from .result import (
    INCOMPLETE,
    VERIFIED,
    VIOLATED,
    Counterexample,
    PropertyOutcome,
    Result,
)
from .systems import interned_twin, python_only, system_for, trace_of
from .checkpoint import Checkpoint, run_key
from .workers import WorkerDied, Workers, explore_group, probed

if TYPE_CHECKING:  # a plain check needs neither traces (until one is shown) nor the cluster
    from ..render.trace import Trace
    from ..trust.report import ReadingReport
    from .cluster import Cluster, RemoteRun

ENGINES = ("auto", "native", "interned", "reference")


@dataclass
class _Task:
    algorithm: type[Algorithm]
    properties: list[Property]
    engine: str
    max_states: int | None
    por: bool
    max_memory: int | None
    chains: bool = True
    fingerprint: bool = False
    native: NativeEngine | None = None  # compiled in the parent, so forked workers share it
    blind: tuple = ()  # the run's id values, if it explores with hidden ids checked against them (anonymous.py)
    crashes: int = 0  # the adversary may crash up to this many processes (models/systems/crashes.py)
    premature_timeouts: bool = False  # timeouts fire whenever their guard holds
    recoveries: int = 0  # crashed processes may restart this many times in all
    fairness: str = "weak"  # of fair-termination (checker/explore/fairness.py)
    synchronizer: object = None  # run the synchronous algorithm through it (models/systems/synchronized.py)
    fifo: bool = False  # its links keep order
    twins: bool = True  # derive an arrangement from its group's first one, renamed, where proved (twins.py)
    in_c: bool = False  # a synchronized system searched in C over its memoised steps (synchronized_search.py)
    keep_going: bool = False  # an arrangement stopped at a limit leaves the others to be searched (--keep-going)


_task: _Task | None = None  # set in the parent before workers fork, so they inherit it


@dataclass
class _Stopped:
    """An arrangement whose search hit the state or memory limit: why, and the states stored by then."""

    reason: str
    states: int


# The states of an arrangement's search that a run with workers explores first, for every
# arrangement: arrangements whose prefixes have the same figures are then explored by one worker,
# one after the other, and the second one finds the first one's stubborn sets in the worker's
# memo (hs at n = 5 has three such pairs: docs/checking.md). An arrangement that stores fewer
# states (every one of lcr and cr at n = 6) is simply finished by its probe.
PROBE_STATES = int(os.environ.get("RINGLEADER_PROBE_STATES", "5000"))  # the tests set fewer


def _probe(arrangement: Arrangement) -> tuple[bool, object]:
    """(True, the arrangement's result) if the native search finished it within PROBE_STATES
    states, else (False, the figures of that prefix of its search, or None where the Python
    engine has to explore it)."""
    result = _explore(arrangement, prefix_of=PROBE_STATES)
    return (False, result[0] or None) if isinstance(result[0], tuple) else (True, result)


_leader: Searched | None = None  # in a worker: the native search of its group's first arrangement


def _explore(arrangement: Arrangement, progress=None, prefix_of: int | None = None, like: Arrangement | None = None,
             leads: bool = False) -> tuple[Exploration | _Stopped | tuple, Trace | None]:
    """Explore one arrangement; (_Stopped, None) if it hit the state or memory limit; with
    ``prefix_of`` and the native engine, (the figures of the search's first states, None) if
    it stores more states than that (native_search.py). In a group of arrangements alike
    (workers.py), the first one ``leads`` and the others are ``like`` it: they are derived from
    its search where twins.py proves them its renaming."""
    global _leader
    task = _task
    reference = system_for(task.algorithm, arrangement, blind=task.blind, crashes=task.crashes,
                           premature_timeouts=task.premature_timeouts, recoveries=task.recoveries,
                           synchronizer=task.synchronizer, reduce=task.por, fifo=task.fifo)

    def explore(por: bool, limit: int | None, properties=task.properties) -> Exploration:
        system = reference if task.engine == "reference" else interned_twin(reference)
        if task.in_c and system is not reference:
            found = search_in_c(system, properties, limit, task.max_memory)
            if found is not None:
                return found  # every property holds; else the Python engine finds the violation and its trace
        return Explorer(system, properties, limit, progress=progress, por=por, max_memory=task.max_memory,
                        chains=task.chains, fairness=task.fairness).run()

    native = task.native is not None and task.native.disagreement is None
    # (twins are argued for the asynchronous ring without faults: docs/checking.md, "Arrangements")
    renames = native and task.twins and not task.fingerprint and not task.blind and arrangement.topology is None \
        and not task.crashes
    try:
        exploration = None
        if renames and like is not None and _leader is not None and _leader.ids == like.ids \
                and like.swapped == arrangement.swapped:
            exploration = derived(_leader, reference, task.properties)
        if leads:
            _leader = None
            if renames:
                try:
                    task.native.start_afresh()  # so that the search records every context it uses
                except NativeUnavailable:  # no memory for a new table: the group is searched whole
                    renames = False
        if exploration is None and native:
            # verified in C (and audited), or None: then the Python engine finds the violation
            # and its trace, or runs the arrangement the C code would have got wrong
            judged: list = []
            exploration = search_natively(task.native, reference, task.properties, task.max_states, task.max_memory,
                                          task.por, task.chains, task.fingerprint, prefix_of, keep=judged)
            if isinstance(exploration, tuple):
                return exploration, None
            if leads and renames and judged:
                _leader = Searched(arrangement.ids, exploration, task.native.last_contexts, judged[0])
        if exploration is None and prefix_of is not None:
            return (), None  # a probe is a few states of the native search, not the Python engine's run
        if exploration is None:
            # where the C engine explores the full graph (it cannot reduce this algorithm), so
            # does Python in its stead: the run's arrangements and its summary line speak of one
            # kind of graph
            exploration = explore(task.por and (not native or task.native.reduces_like_python), task.max_states)
    except StateLimitReached as stop:
        return _Stopped(f"stopped at --max-states {task.max_states:,} before the state space was complete"
                        f"{_how_deep(stop)}{_held(stop)}", stop.args[0]), None
    except MemoryLimitReached as stop:
        return _Stopped(
            f"stopped at the memory limit ({format_size(task.max_memory)} per worker) after {stop.args[0]:,} "
            f"states of arrangement {','.join(map(str, arrangement.ids))}{_how_deep(stop)}; raise it with "
            f"--max-memory, use fewer --jobs, or check a smaller n{_held(stop)}", stop.args[0]), None
    exploration.represents = arrangement.represents
    exploration.swapped = arrangement.swapped
    exploration.network = arrangement.topology
    if task.native is not None:
        exploration.disagreement = task.native.disagreement
    if task.blind:
        exploration.ids = arrangement.ids
        if exploration.violations:  # search again with the ids, for reasons and a trace that name them
            task.blind = ()
            found = _explore(arrangement, progress)
            if isinstance(found[0], Exploration) and not found[0].violations:
                raise IdRead  # the ids change the graph after all: explore every arrangement with its ids
            return found
    if not exploration.violations:
        return exploration, None
    first = exploration.violations[0]
    # (a graph that was not reduced, as with a property of whole states, is that full graph already)
    if task.por and exploration.reduced and not exploration.stopped and first.property not in ("termination", "message-bound", "round-bound"):
        # The reduced graph finds that the arrangement violates the specification; the full
        # graph's breadth-first search gives what --no-por reports: the first violation in
        # breadth-first order (perhaps of another property) with a shortest trace.
        try:
            full = explore(False, task.max_states)
        except (StateLimitReached, MemoryLimitReached):
            pass  # keep the reduced search's finding: a real violation, perhaps not a shortest trace
        else:
            if full.violations:  # always, since the reduced graph's paths are the full graph's
                full.represents = arrangement.represents
                full.swapped = arrangement.swapped
                full.network = arrangement.topology
                full.disagreement = exploration.disagreement
                exploration, first = full, full.violations[0]
    trace = trace_of(reference, first.ordinals, first.loop_start)  # ordinals are engine-independent
    trace.property, trace.reason = first.property, first.reason
    return exploration, trace


def default_jobs() -> int:
    """Every core, or $RINGLEADER_JOBS (the test suite sets 1: fewer forks, and --jobs tests set it)."""
    if os.environ.get("RINGLEADER_JOBS", "").isdigit() and int(os.environ["RINGLEADER_JOBS"]) > 0:
        return int(os.environ["RINGLEADER_JOBS"])
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def check(algorithm: type[Algorithm], n: int, ids: tuple[int, ...] | None = None, **options) -> Result:
    """Check ``algorithm`` on every arrangement of n ids (or on ``ids`` alone); see ``check_plan``
    for the options. On a network the run first relies on one port labelling standing for all
    (checker/explore/networks.py); if the algorithm reads a port number, it starts again with
    every labelling and says so."""
    try:
        return check_plan(algorithm, n, ids, **options)
    except PortNumbersRead as why:
        result = check_plan(algorithm, n, ids, numbered=True, port_numbers_read=str(why), **options)
        result.notes.insert(0, f"{why}, so every port labelling was checked")
        return result


def check_plan(
    algorithm: type[Algorithm],
    n: int,
    ids: tuple[int, ...] | None = None,
    properties: list[Property] | None = None,
    max_states: int | None = None,
    progress: bool | None = None,
    engine: str = "auto",
    jobs: int | None = None,
    por: bool = True,
    max_memory: int | None = None,
    symmetry: str = REFLECTION,
    chains: bool = True,
    fingerprint: bool = False,
    graphs=None,
    id_values: range | None = None,
    numbered: bool | str = False,
    checkpoint: str | None = None,
    cluster: Cluster | None = None,
    crashes: int = 0,
    premature_timeouts: bool = False,
    fairness: str = "weak",
    recoveries: int = 0,
    without: tuple[str, ...] = (),
    synchronizer=None,
    fifo: bool = False,
    twins: bool = True,
    port_numbers_read: str | None = None,
    own_properties: tuple[Property, ...] = (),
    keep_going: bool = False,
) -> Result:
    """Check ``algorithm`` on every arrangement of n ids (or on ``ids`` alone) against ``properties``.

    Stops at the first violation (its trace is a shortest one for that arrangement) or when
    more than ``max_states`` states have been stored in all (verdict ``incomplete``, never
    ``verified``). ``engine`` "reference" runs the plain semantics, "interned" the memoised one
    (same states, same order); ``jobs`` worker processes explore arrangements in parallel;
    ``por`` explores a persistent-set reduction of each state graph (checker/reduction.py),
    which keeps every verdict, terminal state and the message min/max, not the state counts;
    with ``chains`` it also passes through, without storing, states whose stubborn set is a
    single transition. ``fingerprint`` (native engine only) stores 64-bit fingerprints of
    states instead of states; the result gives the probability that one was wrongly taken as
    already seen. With ``twins`` (and the native engine: in workers, in one process or on a
    cluster), an arrangement proved to be another's with the ids renamed is derived from that
    one's search (checker/explore/twins.py).
    ``max_memory`` (bytes per worker; default three quarters of the machine shared by the
    workers) stops a run cleanly as ``incomplete`` before the machine runs out. ``symmetry``
    is the most the arrangements may be quotiented by: "reflection" (rotations, and mirror
    images for algorithms whose mirror_symmetric declaration is proved at this n,
    checker/trust/symmetry.py; a note says when it is not), "rotation", or "none"; on a
    network, anything but "none" takes the graph's automorphisms. ``graphs`` are the graphs of
    an algorithm on a network (checker/explore/planning.py's ``graphs_for``: by default every
    connected graph on n vertices, or a family name, an edge-list file, networkx graphs),
    ``checkpoint`` a file recording each finished arrangement, from which a run started again
    resumes (checkpoint.py); ``cluster`` a Dask cluster whose workers explore the arrangements
    instead of ``jobs`` local processes (cluster.py); ``id_values`` a range of id values to choose the n ids from in every way, ``numbered``
    lists every port labelling of a network (networks.GIVEN_LABELLING: the given graph's own labelling
    only, port numbers readable, as a proof reads it); ``crashes`` lets the adversary crash up to that
    many processes at any point (models/systems/crashes.py: the specification is then about live ones);
    ``premature_timeouts`` lets a timeout fire whenever its guard holds (an unreliable failure detector);
    ``fairness`` ("weak" or "strong", per command instance) is what fair-termination assumes of
    the scheduler; ``recoveries`` lets crashed processes restart from their initial state, that
    many times in all; ``without`` names properties of the election specification not to check
    (a fault model under which the algorithm does not promise them); ``synchronizer`` (one of
    models/systems/synchronizers.py) runs a synchronous algorithm through it on the asynchronous network,
    checking (Synch) and the simulation beside the algorithm's specification; its links deliver in
    any order unless ``fifo``. ``own_properties`` (specs/user_properties.py) are judged beside the
    specification, by the Python engine, on every arrangement (a property of one's own may tell
    positions apart, which a quotient by symmetry assumes no property does). ``port_numbers_read``: why ``check`` started this run again with
    every port labelling (``numbered``), kept in the checkpoint so that a resumed run starts there.
    With ``keep_going`` an arrangement whose search stops at a limit does not end the run: the
    others are searched, each to ``max_states`` of its own, and a violation in one of them is the
    run's verdict (otherwise it is INCOMPLETE, naming the stopped arrangements).
    """
    global _task
    if n < 1:
        raise AlgorithmError("--n must be at least 1")
    if engine not in ENGINES:
        raise AlgorithmError(f"unknown engine {engine!r}; use one of {', '.join(ENGINES)}")
    for bound in BOUNDS:  # a bound declared at small n but not at this one (or the reverse) is an error
        declared_bound_at(algorithm, bound, n)
    if not 0 <= crashes < n:
        raise AlgorithmError(f"--crashes must be between 0 and n - 1 = {n - 1} (someone must be left to elect), got {crashes}")
    if recoveries < 0 or recoveries and not crashes:
        raise AlgorithmError("--recoveries restarts crashed processes: give it with --crashes F (F >= 1)")
    if fairness not in ("weak", "strong"):
        raise AlgorithmError(f"--fairness {fairness}: choose weak or strong")
    if premature_timeouts and not algorithm.has_timeouts:
        raise AlgorithmError(f"--premature-timeouts: {algorithm.name} has no timeout (@timeout) to fire early")
    if crashes and cluster is not None:
        raise AlgorithmError("--crashes runs on this machine only; drop --cluster")
    if keep_going and cluster is not None:
        raise AlgorithmError("--keep-going runs on this machine only; drop --cluster")
    if cluster is not None and properties is not None:
        raise AlgorithmError("--cluster checks the election specification only; drop --check-invariant")
    if without and (cluster is not None or properties is not None):
        raise AlgorithmError("--without leaves out properties of the election specification on this machine; "
                             "drop --cluster and --check-invariant")
    if fifo and synchronizer is None:
        raise AlgorithmError("--fifo orders the links of a synchronizer's network; give --synchronizer too")
    if synchronizer is not None and (crashes or cluster is not None or properties is not None):
        raise AlgorithmError("--synchronizer checks a failure-free run on this machine; drop --crashes, --cluster "
                             "and --check-invariant")
    properties = properties if properties is not None else specification(algorithm, without, synchronizer)
    if own_properties:
        _refuse_for_own_properties(cluster, synchronizer, engine, fingerprint, properties, own_properties)
        properties = properties + list(own_properties)
        engine = "interned" if engine == "auto" else engine
        symmetry_asked, symmetry = symmetry, NONE
    if synchronizer is not None:
        from models.systems.synchronizers import follows_the_ids
    own_structure = synchronizer is not None and not follows_the_ids(synchronizer)
    if own_structure:  # one arrangement may not stand for its class, nor one labelling for all
        symmetry, numbered = "none", True
    planning = plan_run(algorithm, n, ids, symmetry, graphs, id_values, numbered, progress)
    plan = planning.plan
    # an algorithm that cannot run fails here
    first_system = system_for(algorithm, plan[0], crashes=crashes, recoveries=recoveries, synchronizer=synchronizer)
    python_reason = python_only(algorithm, planning, crashes, synchronizer, fifo, por is not False, premature_timeouts)
    native, engine_note, por = _engines(algorithm, n, engine, por, fingerprint, python_reason, (crashes, recoveries))
    in_c = _synchronized_in_c(synchronizer, engine, fifo and por, properties)
    if in_c:
        engine_note = f"{python_reason}; the search ran in C over those steps (models/native/tables.c)"
    started = time.perf_counter()
    meter = Progress(f"{algorithm.name} n={n}", len(plan), enabled=progress)
    jobs = jobs or default_jobs()
    max_memory = max_memory or default_limit(min(jobs, len(plan)))
    _task = _Task(algorithm, properties, "interned" if engine in ("auto", "native") else engine, max_states, por,
                  max_memory, chains, fingerprint, native, crashes=crashes, premature_timeouts=premature_timeouts,
                  fairness=fairness, recoveries=recoveries, synchronizer=synchronizer, fifo=fifo, twins=twins,
                  in_c=in_c, keep_going=keep_going)
    remote = None
    if cluster is not None:
        from .cluster import RemoteRun
        remote = RemoteRun(cluster, n, engine, por, max_states, max_memory, chains, fingerprint, python_reason, twins)
    # --symmetry none explores every arrangement with its own ids, the id-blind search too
    blind = ids is None and len(plan) > 1 and symmetry != NONE and may_be_anonymous(
        algorithm, None if planning.networks else algorithm.topology(n))
    try:
        if blind:  # one id-blind search for every arrangement, if it never touches an id (anonymous.py)
            _task.blind = tuple(sorted({pid for arrangement in plan for pid in arrangement.ids}))
            try:
                explorations, counterexample, incomplete_reason, unfinished = _run_plan(
                    [Arrangement(plan[0].ids, sum(a.represents for a in plan))], jobs, meter, max_states)
                plan = plan[:1]
            except IdRead:
                _task.blind, blind = (), False
        if not blind:
            explorations, counterexample, incomplete_reason, unfinished = _run_plan(
                plan, jobs, meter, max_states, _checkpoint(
                    checkpoint, algorithm, n, properties, planning.networks, synchronizer, port_numbers_read, dict(
                        ids=ids, engine=engine, por=por, symmetry=symmetry, chains=chains, fingerprint=fingerprint,
                        graphs=graphs, id_values=id_values, crashes=crashes, premature_timeouts=premature_timeouts,
                        fairness=fairness, recoveries=recoveries, synchronizer=_synchronizer_key(synchronizer),
                        fifo=fifo, twins=twins)), remote)
    finally:
        meter.close()
        _task = None
    result = _result(algorithm, n, planning, properties, explorations, counterexample, incomplete_reason, started)
    result.states += unfinished
    result.engine = "native" if native is not None else "reference" if engine == "reference" else "interned"
    disagreement = next((e.disagreement for e in explorations if e.disagreement), None)
    if native is not None and (disagreement or native.disagreement):
        # the audit discarded the C engine: the Python engine ran from that arrangement on (and
        # runs this algorithm at this n from the start in later runs of this process)
        native.disagreement = native.disagreement or disagreement
        result.engine = "interned"
        result.notes.append(str(native.disagreement))
    if synchronizer is not None:
        result.por = por and synchronizer.reduces and fifo
        result.bags = por and not fifo and synchronizer.reduces
    else:
        # a run stopped in its first arrangement says what that search would have done (explorer.py's rule)
        reducible = first_system.supports_por and not algorithm.randomized and not any(
            p.reads_state for p in properties) and (native is None or native.reduces_like_python)
        result.por = por and (any(e.reduced for e in explorations) if explorations else reducible)
    result.chains = result.por and chains and synchronizer is None
    result.fingerprint = fingerprint
    result.randomized = algorithm.randomized
    if engine_note:
        result.notes.append(engine_note)
    if planning.note:
        result.notes.append(planning.note)
        result.symmetry_note = planning.note
    result.symmetry = "id-blind" if blind else planning.symmetry
    if blind and cluster is not None:
        result.notes.append("--cluster was not used: one search with hidden ids stood for every arrangement, and "
                            "it ran on this machine")
    result.crashes = crashes
    result.premature_timeouts = premature_timeouts
    result.recoveries = recoveries
    result.fairness = fairness if any(p.name == "fair-termination" for p in properties) else None
    result.synchronizer = None if synchronizer is None else str(synchronizer) + (", FIFO links" if fifo else "")
    if without:
        result.notes.append(f"not checked (--without): {', '.join(without)}")
    if own_properties and symmetry_asked != NONE:
        result.notes.append("--property: every arrangement was checked, by the Python engine (a property of one's "
                            "own may tell positions apart, which the symmetry reduction assumes no property does)")
    if own_structure:
        result.notes.append(f"{synchronizer} builds its own structure (places), which is not known to follow the ids "
                            "and not the port numbers: every arrangement and every port labelling was checked")
    return result


def _refuse_for_own_properties(cluster, synchronizer, engine: str, fingerprint: bool, properties,
                               own_properties) -> None:
    """One line for a run that cannot judge properties of one's own (--property)."""
    if cluster is not None:
        raise AlgorithmError("--property runs on this machine only (a cluster's workers load the specification "
                             "alone); drop --cluster")
    if synchronizer is not None:
        raise AlgorithmError("--property does not read states through a synchronizer yet; drop --synchronizer")
    if engine == "native" or fingerprint:
        raise AlgorithmError("--property is judged by the Python engine, not the native one; drop "
                             + ("--fingerprint" if fingerprint else "--engine native"))
    names = [p.name for p in properties]
    for prop in own_properties:
        if prop.name in names:
            raise AlgorithmError(f"--property {prop.name}: a property of that name is checked already; rename it")
        names.append(prop.name)


def _synchronizer_key(synchronizer) -> str | None:
    """What a checkpoint records of the synchronizer: its class, where it is defined, its parameters."""
    if synchronizer is None:
        return None
    cls = type(synchronizer)
    return f"{cls.__module__}.{cls.__qualname__} {sorted(vars(synchronizer).items())} {getattr(synchronizer, 'radius', '')}"


def specification(algorithm, without: tuple[str, ...], synchronizer=None) -> list:
    """The election specification of ``algorithm`` (through ``synchronizer``, with (Synch) and the
    simulation) less the properties named in ``without``."""
    if synchronizer is None:
        properties = election_spec(algorithm)
    else:
        from specs.synch import synchronized_spec
        properties = synchronized_spec(algorithm)
    names = [p.name for p in properties]
    unknown = [name for name in without if name not in names]
    if unknown:
        raise AlgorithmError(f"--without {','.join(unknown)}: {algorithm.name}'s specification has no such property; "
                             f"it checks {', '.join(names)}")
    kept = [p for p in properties if p.name not in without]
    if not kept:
        raise AlgorithmError("--without leaves nothing to check; name fewer properties")
    return kept


def _synchronized_in_c(synchronizer, engine: str, fifo_reduced: bool, properties: list[Property]) -> bool:
    """Is a run through ``synchronizer`` searched in C over its memoised steps (synchronized_search.py)?
    By default, where a C compiler is found, for alpha, beta, gamma and their variants (not ABD's
    clocks), unless the links are FIFO and reduced (the reduction runs in Python) or a property
    is one that only the Python explorer judges; ``--engine interned`` keeps the Python engine."""
    return synchronizer is not None and synchronizer.reduces and engine == "auto" and not fifo_reduced \
        and judged_here(properties) and tables.available() is None


def _engines(algorithm, n: int, engine: str, por: bool, fingerprint: bool, python_reason: str | None,
             faults: tuple[int, int] = (0, 0)):
    """(the C engine or None, a note on it, whether to reduce): the symbolic readings the
    footprints and the C engine would be built from are checked against the concrete semantics
    first (before workers fork: they inherit the memoised report). They are checked for the
    asynchronous rings and networks only, and nothing else uses them; an algorithm that draws needs none:
    only the concrete semantics reads draws, and the reduction's independence is not argued for
    commands with several outcomes (models/dsl/draws.py). ``faults``: the run's crashes and recoveries,
    which the C engine is built for."""
    wants_readings = not algorithm.randomized and (por or engine in ("auto", "native")) and not python_reason
    readings = reading_report(algorithm, n) if wants_readings else None
    native, engine_note = _native_engine(algorithm, n, engine, readings, python_reason, fingerprint, faults)
    if fingerprint and native is None:
        raise AlgorithmError(f"--fingerprint needs the native engine; drop --engine {engine}")
    return native, engine_note, por and not algorithm.randomized


_remote_tasks: dict = {}  # on a cluster worker: RemoteRun -> its task, built once per run


def _remote_task(run: RemoteRun) -> None:
    """On a cluster worker (cluster.py): the task a local run builds before its workers fork."""
    global _task
    task = _remote_tasks.get(run)
    if task is None:
        algorithm = run.cluster.load(run.cluster.reference)
        native, _, por = _engines(algorithm, run.n, run.engine, run.por, run.fingerprint, run.python_reason)
        engine = "interned" if run.engine in ("auto", "native") else run.engine
        task = _remote_tasks[run] = _Task(algorithm, election_spec(algorithm), engine, run.max_states, por,
                                          run.max_memory, run.chains, run.fingerprint, native, twins=run.twins)
    _task = task


def explore_remotely(run: RemoteRun, arrangement: Arrangement):
    """On a cluster worker: one arrangement's (exploration, trace)."""
    _remote_task(run)
    return _explore(arrangement)


def probe_remotely(run: RemoteRun, arrangements: list[Arrangement]) -> list:
    """On a cluster worker: ``_probe`` of each arrangement."""
    _remote_task(run)
    return [probed(_probe, arrangement) for arrangement in arrangements]


def explore_group_remotely(run: RemoteRun, arrangements: list[Arrangement]) -> list:
    """On a cluster worker: a group of arrangements alike in a row, the first leading (workers.py)."""
    _remote_task(run)
    return explore_group(list(range(len(arrangements))), arrangements, _explore, _ends_run)


def _ends_run(result: tuple) -> bool:
    """Whether the run stops at this arrangement's result: a violation, or a limit reached
    (unless --keep-going)."""
    exploration, trace = result
    return trace is not None or (isinstance(exploration, _Stopped) and not (_task is not None and _task.keep_going))


def _run_plan(plan: list[Arrangement], jobs: int, meter: Progress, max_states: int | None,
              checkpoint: Checkpoint | None = None, remote: RemoteRun | None = None):
    """Explore the plan's arrangements in order: (explorations, counterexample, why the run stopped
    early, states stored in the arrangement it stopped in, which are not in the explorations).
    With a ``checkpoint``, recorded arrangements are taken from it and each one explored without
    a violation is recorded as soon as it is finished."""
    explorations: list[Exploration] = []
    counterexample = None
    incomplete_reason = None
    stored = 0
    unfinished = 0
    known = checkpoint.recorded if checkpoint is not None else {}
    stopped: list[_Stopped] = []  # with --keep-going, the arrangements whose search stopped at a limit

    def finished(index: int, result) -> None:
        # recorded and counted as soon as it is explored: with probes (or on a cluster)
        # arrangements finish ahead of the plan's order, and a run killed before their turn
        # must not lose them (nor the progress display stand still while they finish)
        exploration, trace = result
        if isinstance(exploration, Exploration):
            meter.arrangement_done(exploration.states)
            if checkpoint is not None and trace is None:
                checkpoint.record(index, result)

    if remote is not None:
        from .cluster import ClusterWorkers
        workers = ClusterWorkers(plan, remote, explore_remotely, known, finished,
                                 (probe_remotely, explore_group_remotely) if _task.native is not None else None)
    else:
        workers = Workers(plan, jobs, _explore, lambda arrangement, **alike: _explore(arrangement, meter.states, **alike), known,
                          probe=_probe if _task.native is not None and not _task.blind else None, finished=finished,
                          ends_run=_ends_run)
    with workers:
        results = iter(workers)
        while True:
            try:
                exploration, trace = next(results)
            except StopIteration:
                break
            except KeyboardInterrupt:
                incomplete_reason = (f"interrupted (Ctrl-C) after {len(explorations)} of {len(plan)} arrangements; "
                                     "the figures are those of the finished ones")
                break
            except WorkerDied as death:
                incomplete_reason = f"{death}; {len(explorations)} of {len(plan)} arrangements were finished"
                break
            if isinstance(exploration, _Stopped):
                if not _task.keep_going:
                    incomplete_reason, unfinished = exploration.reason, exploration.states
                    break
                stopped.append(exploration)  # --keep-going: the others are still searched, each to its own limit
                continue
            if max_states is not None and stored + exploration.states > max_states and not exploration.stopped \
                    and not _task.keep_going:
                incomplete_reason = f"stopped at --max-states {max_states:,} before the state space was complete"
                unfinished = exploration.states
                break
            if len(explorations) in known:  # the others were counted as they finished
                meter.arrangement_done(exploration.states)
            explorations.append(exploration)
            stored += exploration.states
            if trace is not None:
                counterexample = Counterexample(trace.property, trace.reason, exploration.ids, trace,
                                                exploration.swapped, exploration.network)
                break
    if stopped:
        unfinished += sum(s.states for s in stopped)
        went_on = (f"{len(stopped)} of {len(plan)} arrangements stopped at a limit and --keep-going searched the "
                   f"others; the first: {stopped[0].reason}")
        if counterexample is not None:
            went_on += f"; stopped at the first violation, in arrangement {len(explorations) + len(stopped)} of {len(plan)}"
        incomplete_reason = f"{incomplete_reason}; {went_on}" if incomplete_reason else went_on
    return explorations, counterexample, incomplete_reason, unfinished


def _checkpoint(path: str | None, algorithm, n: int, properties, networks, synchronizer,
                port_numbers_read: str | None, options: dict) -> Checkpoint | None:
    """The checkpoint file of this run (checkpoint.py), keyed by the code it runs (the
    algorithm's, the synchronizer's and the properties'), the options that change its results,
    the properties judged and the graphs (one read from a file included). Whether every port
    labelling is planned is not in the key: the run decides it (``check``), and the file says it."""
    if path is None:
        return None
    graphs = hashlib.sha256(repr([(network.n, network.edges) for network in networks]).encode()).hexdigest()
    key = run_key(algorithm, n, {**options, "properties": [p.name for p in properties], "graphs": graphs},
                  code=(synchronizer, *properties))
    return Checkpoint(path, key, f"{algorithm.name} n = {n}", port_numbers_read)


def _native_engine(algorithm, n: int, engine: str, readings: ReadingReport | None,
                   python_reason: str | None = None, fingerprint: bool = False,
                   faults: tuple[int, int] = (0, 0)) -> tuple[NativeEngine | None, str | None]:
    """The compiled engine for "auto" and "native", and a note when "auto" cannot have it or
    when a symbolic reading is not faithful (checker/trust/readings.py): the C engine is never
    built from such a reading, and partial-order reduction assumes the worst of its command.
    ``python_reason``: why the run is for the Python engine only (synchronous, a network).
    ``fingerprint`` needs the C engine as --engine native does: a run without it is refused."""
    required = engine == "native" or fingerprint and engine == "auto"
    if algorithm.randomized:
        if required:
            raise _cannot_run_natively(algorithm, "it draws random values, which only the Python engine reads",
                                       fingerprint)
        return None, (f"{algorithm.name} draws random values, which only the Python engine reads: "
                      "explored without partial-order reduction")
    if engine not in ("auto", "native"):
        return None, _reading_note(readings)
    if python_reason is not None:
        if required:
            raise _cannot_run_natively(algorithm, python_reason, fingerprint)
        return None, f"{python_reason}; the Python engine ran it"
    try:
        native = NativeEngine.for_algorithm(algorithm, n, readings.trusted, faults[0] > 0, faults[1] > 0)
    except NativeUnavailable as why:
        if required:
            raise _cannot_run_natively(algorithm, str(why), fingerprint) from None
        if not readings.commands_faithful:
            return None, _reading_note(readings, "the Python engine ran it")
        return None, f"the native engine cannot run this algorithm ({why}); the Python engine ran it"
    if not readings.trusted.decisions:
        return native, _reading_note(readings, "the native engine explored full graphs, Python observed the processes")
    return native, _reading_note(readings)


def _cannot_run_natively(algorithm, why: str, fingerprint: bool) -> AlgorithmError:
    if fingerprint:
        return AlgorithmError(f"--fingerprint needs the native engine, which cannot run {algorithm.name}: {why}; "
                              "drop --fingerprint")
    return AlgorithmError(f"--engine native cannot run {algorithm.name}: {why}")


def _reading_note(readings: ReadingReport | None, *effects: str) -> str | None:
    """One line naming the first reading that disagrees with its Python, and what it cost."""
    if readings is None or readings.faithful:
        return None
    if not readings.commands_faithful:
        effects = ("partial-order reduction assumed the worst of that command", *effects)
    return f"not trusted: {readings.problems[0]}" + (f" ({'; '.join(effects)})" if effects else "")


def _how_deep(stop: Exception) -> str:
    """How deep a stopped search got, where it says (the native search: the deepest state it
    had expanded, breadth first)."""
    return f" (the deepest state expanded at depth {stop.args[1]:,})" if len(stop.args) > 1 and stop.args[1] else ""


def _held(stop: Exception) -> str:
    """Which properties held on the states a stopped native search expanded, where it says."""
    return f"; {stop.args[2]}" if len(stop.args) > 2 else ""


def _result(algorithm, n, planning, properties, explorations, counterexample, incomplete_reason, started):
    plan = planning.plan
    outcomes = []
    for prop in properties:
        values = [e.holds.get(prop.name) for e in explorations]
        unjudged = next((e.not_checked[prop.name] for e in explorations if prop.name in e.not_checked), None)
        if any(v is False for v in values):
            holds, unjudged = False, None
        elif incomplete_reason or counterexample or not values or any(v is None for v in values):
            holds = None
        else:
            holds = True
        reason = counterexample.reason if counterexample and counterexample.property == prop.name else None
        outcomes.append(PropertyOutcome(prop.name, prop.description, holds, reason, unjudged))
    unjudged = not counterexample and not incomplete_reason and any(o.not_checked for o in outcomes)
    if unjudged:  # a property no engine could judge leaves the run short of a verdict: never VERIFIED on its account
        incomplete_reason = "; ".join(f"{o.name} not checked: {o.not_checked}" for o in outcomes if o.not_checked)
    undecided = [o.name for o in outcomes if o.holds is None and not o.not_checked]
    if not counterexample and not incomplete_reason and undecided:
        # VERIFIED says every property holds: one that no exploration decided leaves the run short
        # of a verdict, whatever the reason (a judge that forgot to decide is a bug, not a proof)
        unjudged = True
        incomplete_reason = f"not decided by any exploration: {', '.join(undecided)}"
    verdict = VIOLATED if counterexample else INCOMPLETE if incomplete_reason else VERIFIED
    all_counted = bool(explorations) and all(e.messages_min is not None for e in explorations)
    notes = []
    if incomplete_reason:
        notes.append(incomplete_reason)
    notes += [e.stopped for e in explorations if e.stopped]
    if counterexample and len(explorations) < len(plan) and not incomplete_reason:  # (--keep-going's says where)
        notes.append(f"stopped at the first violation, in arrangement {len(explorations)} of {len(plan)}")
    return Result(
        algorithm=algorithm.name,
        n=n,
        topology=planning.topology,
        verdict=verdict,
        arrangements_checked=len(explorations),
        arrangements_represented=sum(e.represents for e in explorations),
        arrangements_planned=len(plan),
        states=sum(e.states for e in explorations),
        transitions=sum(e.transitions for e in explorations),
        depth=max((e.depth for e in explorations), default=0),
        seconds=time.perf_counter() - started,
        properties=outcomes,
        messages_min=min(e.messages_min for e in explorations) if all_counted else None,
        messages_max=max(e.messages_max for e in explorations) if all_counted else None,
        unmatched=sum(e.unmatched for e in explorations),
        per_arrangement=explorations,
        counterexample=counterexample,
        notes=notes,
        arrangements_total=planning.total,
        networks=planning.networks,
        rounds_min=_least(e.rounds_min for e in explorations) if all_counted else None,
        rounds_max=_most(e.rounds_max for e in explorations) if all_counted else None,
        unjudged=unjudged,
    )


def _least(values):
    values = [v for v in values if v is not None]
    return min(values) if values else None


def _most(values):
    values = [v for v in values if v is not None]
    return max(values) if values else None
