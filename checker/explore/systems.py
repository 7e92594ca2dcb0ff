"""Which system runs an arrangement, which engines can run it, and how its traces are replayed.

An arrangement on a ring runs in ``AsyncSystem`` (models/systems/semantics.py), one on a network in
``NetworkSystem`` (models/systems/network_semantics.py); a synchronous algorithm runs in
``RoundSystem`` (models/systems/rounds.py) over either. The native engine is built for the
asynchronous model on rings and networks, with crash failures and timeouts too: anything else
runs in Python, and the run says so.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from models import SYNCHRONOUS, AlgorithmError, AsyncSystem

from .anonymous import RealIds, hidden_ids
from .arrangements import Arrangement

if TYPE_CHECKING:
    from ..render.trace import Trace

# The systems other than a ring's AsyncSystem, and the trace renderers, are imported where they
# are needed: a plain check of a ring needs none of them, and start-up is part of its time.


def system_for(algorithm, arrangement: Arrangement, blind: tuple = (), crashes: int = 0,
               premature_timeouts: bool = False, recoveries: int = 0, synchronizer=None, reduce: bool = True,
               fifo: bool = False):
    """The system of ``algorithm`` with ``arrangement``'s ids (and graph, labelling); ``blind``
    (the run's id values): with ids that refuse every use instead, each step checked against
    those values (checker/explore/anonymous.py); ``crashes``: up to
    that many processes may crash, and ``recoveries`` times in all restart (models/systems/crashes.py); ``premature_timeouts``: a timeout may fire
    whenever its guard holds (models/systems/semantics.py's ``timeout_steps``); ``synchronizer``: a synchronous
    algorithm run through it on the asynchronous network (models/systems/synchronized.py), reduced unless
    ``reduce`` is false, its links FIFO if ``fifo``."""
    ids = hidden_ids(len(arrangement.ids)) if blind else arrangement.ids
    if arrangement.topology is not None:
        from models.systems.network_semantics import NetworkSystem
        local = NetworkSystem(algorithm, ids, arrangement.topology, arrangement.numbered)
    else:
        local = AsyncSystem(algorithm, ids, arrangement.swapped or None)
    if blind:  # every local step that reads p.id is also taken with the run's real ids, and must come out the same
        local.real_ids = RealIds(local, blind)
    local.premature_timeouts = premature_timeouts
    if crashes:
        if algorithm.timing == SYNCHRONOUS:
            raise AlgorithmError(f"--crashes is for the asynchronous model; {algorithm.name} runs in synchronous rounds")
        from models.systems.crashes import CrashSystem
        return CrashSystem(local, crashes, recoveries)
    if algorithm.timing != SYNCHRONOUS and synchronizer is None:
        return local
    from models.systems.rounds import RoundSystem
    if synchronizer is not None:
        if algorithm.timing != SYNCHRONOUS:
            raise AlgorithmError(f"--synchronizer runs a synchronous algorithm on an asynchronous network; "
                                 f"{algorithm.name} is asynchronous already")
        from models.systems.abd import ABD, ABDSystem
        from models.systems.synchronized import SynchronizedSystem
        if isinstance(synchronizer, ABD):
            if fifo:
                raise AlgorithmError("--fifo: the abd synchronizer's messages take any delay up to its bound, so "
                                     "they overtake each other; drop --fifo")
            return ABDSystem(RoundSystem(local), synchronizer)
        return SynchronizedSystem(RoundSystem(local), synchronizer, reduce, fifo)
    return RoundSystem(local)


def interned_engine_runs(system) -> bool:
    """Can a memoised engine run this system? models/systems/interned.py an asynchronous one without
    timeouts (which read the whole system), synchronized_interned.py one run through alpha, beta,
    gamma or a variant of theirs (not ABD's clocks, which move every process at once)."""
    return system.has_interned_twin


def interned_twin(system):
    """``system`` on interned states, in the memoised engine that runs it (``interned_engine_runs``),
    or ``system`` itself if none does."""
    if not interned_engine_runs(system):
        return system
    if system.synchronizer is not None:
        from models.systems.synchronized_interned import InternedSynchronizedSystem
        return InternedSynchronizedSystem(system)
    from models.systems.interned import InternedSystem
    return InternedSystem(system)


def python_only(algorithm, planning, crashes: int = 0, synchronizer=None, fifo: bool = False,
                por: bool = True, premature_timeouts: bool = False) -> str | None:
    """Why the native engine cannot run this run, or None if it may try."""
    if synchronizer is not None:
        if not synchronizer.reduces:
            return f"{synchronizer} runs in the Python engine, without reduction (time passes for every process at once)"
        if not fifo:
            bags = "; its links hold their messages as multisets, one state for every order" if por else ""
            return (f"{synchronizer} is not compiled to C (its steps are computed in Python) and runs without "
                    f"partial-order reduction (on links that reorder, any message may enable a step of its "
                    f"receiver: models/systems/synchronized.py){bags}")
        return (f"{synchronizer} runs in the Python engine, which reduces the interleavings itself on FIFO links "
                "(models/systems/synchronized.py)")
    if algorithm.timing == SYNCHRONOUS:
        return "the native engine is built for the asynchronous model, not for synchronous rounds"
    if premature_timeouts:
        # a timeout that fires at any time may send for ever (bid again and again): the state
        # space has no end, and only a search that stops at the first violation gives an answer
        return ("premature timeouts may send without end, so the Python engine explores them, stopping at the "
                "first violation")
    return None


def trace_of(system, ordinals: list[int], loop_start: int | None = None) -> Trace:
    """The trace of the path ``ordinals`` (round by round for a synchronous system)."""
    if system.synchronous:
        from ..render.rounds import replay_rounds
        return replay_rounds(system, ordinals, loop_start)
    from ..render.trace import replay
    return replay(system, ordinals, loop_start)[0]
