"""One system interface: what every kind of system is to an engine, a reduction, a judge or a renderer.

A *system* is an algorithm on one arrangement (ids, topology, port labelling) under one
semantics; the checker explores its state graph, judges the properties on it and replays
traces through it. The kinds are compositions of five choices, each stated by a member of
``System`` rather than by the class that makes it:

  * **topology**: a ring or a network (``topology``; on a network, whether commands may read port
    numbers is the asynchronous system's ``numbered``);
  * **timing**: asynchronous steps, or synchronous rounds (``synchronous``: one transition is one
    round, models/systems/rounds.py);
  * **faults**: none, or crash failures and recoveries (``crashes``, ``recoveries``,
    models/systems/crashes.py), the crash and recovery transitions the adversary's (``adversary``);
  * **synchronizer**: a synchronous algorithm simulated tick by tick on the asynchronous network
    (``synchronizer``, models/systems/synchronized.py and abd.py), what a process holds beside
    the algorithm's locals (``synchronizer_locals``);
  * **coins**: an algorithm that draws (``algorithm.randomized``) has one transition per outcome;
    asked quantitatively, the probabilistic kinds give each state's choices as distributions
    (``Markov``: models/systems/probabilistic.py, probabilistic_rounds.py).

Every kind is built on the asynchronous system of its arrangement (models/systems/semantics.py's
``AsyncSystem``, or network_semantics.py's ``NetworkSystem``), which says what a command does at
one process: that system is its ``local`` (an asynchronous system is its own). The interned
engine (interned.py) is that system again with states numbered: its ``reference`` is the
system in the states the rest of the checker reads (``decode`` turns one into the other); every
other kind is its own reference.

The members that only some kinds need have one home, ``SystemDefaults``, which every kind
inherits, so that a kind states only what differs. tests/models/test_system_interface.py builds
every kind the way the command line does and checks that it is a ``System``.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable


@runtime_checkable
class System(Protocol):
    """What an engine, a reduction, a judge or a renderer may read of a system (see the module)."""

    # -- the arrangement -------------------------------------------------------------------
    algorithm: Any  # the algorithm's class (models/dsl/algorithm.py)
    ids: tuple  # the id of the process at each position 0..n-1
    n: int  # how many processes
    topology: Any  # the ring or network, which numbers the channels (models/topology)
    layout: Any  # where each declared local sits in a process's record (models/dsl/algorithm.py's Layout)
    channel_count: int  # how many channels (one per directed link)
    initial_state: tuple  # the one initial state, in this system's own form

    # -- the composition -------------------------------------------------------------------
    local: Any  # the asynchronous system (AsyncSystem, NetworkSystem) whose commands this one runs; itself for one
    reference: Any  # this system with its states in the form decode gives: itself, except for the interned engine
    synchronous: bool  # one transition is one round of every process (round-bound is measured on paths)
    crashes: int  # how many processes the adversary may crash (0: no crash failures)
    recoveries: int  # how many times in all a crashed process may restart
    synchronizer: Any  # the synchronizer that simulates a synchronous algorithm here, or None
    supports_por: bool  # the explorer's partial-order reduction (footprints of the DSL's commands) applies
    observes_mover_only: bool  # a transition changes the observation of its moving process only
    has_interned_twin: bool  # a memoised engine runs it: interned.py (asynchronous, no timeouts) or synchronized_interned.py
    missing_locals: Mapping[str, str]  # how a trace shows a local that one state lists and another leaves out
    instances: Sequence  # local's command instances, which name a transition's ``instance`` (past them: a crash's)

    # -- transitions -------------------------------------------------------------------------
    def steps(self, state) -> list:
        """Every transition enabled in ``state`` in the fixed order, each with what a trace shows of
        it and its ``target``: a process's ``Step`` (models/systems/semantics.py: ``process``,
        ``command``, ``port``, ``received``, ``sent``, ``instance``), or where ``synchronous`` a
        ``RoundStep`` (models/systems/rounds.py: every process's ``parts``, ``sent`` a count)."""

    def successor_list(self, state) -> list:
        """(next state, messages sent, moving process (None: a round), unmatched receptions (a flag,
        a round's count), instance) per transition, in the order of ``steps``: what the explorer
        stores (ordinals index this list)."""

    def adversary(self, instance: int) -> bool:
        """Is the transition of this instance number the adversary's (a crash), not a process's step?"""

    # -- what the specification reads --------------------------------------------------------
    def observe(self, state) -> tuple:
        """Each process's ``Observation`` (models/systems/semantics.py): what the properties read."""

    def observe_process(self, state, i: int):
        """Process i's ``Observation``."""

    def decode(self, state) -> tuple:
        """``state`` in the form ``reference`` reads (a property of whole states reads that)."""

    # -- what a trace shows ------------------------------------------------------------------
    def process_values(self, state, i: int) -> tuple:
        """Process i's locals as the algorithm's layout stores them (a crashed or synchronized
        process keeps them in a record of its own)."""

    def locals_of(self, state, i: int) -> dict[str, str]:
        """Process i's locals by name, rendered: the algorithm's and, through a synchronizer, its own."""

    def algorithm_locals(self, state, i: int) -> dict[str, str]:
        """Process i's locals as the algorithm declares them (and a crash's mark)."""

    def synchronizer_locals(self, state, i: int) -> dict[str, str]:
        """What process i holds beside the algorithm's locals through a synchronizer (nothing otherwise)."""

    def channels(self, state) -> tuple:
        """Every channel's messages, head first, in the topology's channel order."""

    def channel(self, state, k: int) -> tuple:
        """Channel k's messages, head first."""

    def heads(self, state) -> tuple:
        """The type name of each channel's head (None for an empty channel): what a reduction reads."""


@runtime_checkable
class Markov(System, Protocol):
    """A system whose transitions carry probabilities (the quantitative questions read it:
    checker/quantify/mdp.py)."""

    values: list  # the probabilities and rewards, numbered: a choice names them by number
    # places of a state that change together, each group stored as one part
    # (checker/explore/state_store.py's CompactStates); None: each place a part
    state_groups: tuple | None

    def choices(self, state) -> list:
        """Each scheduler choice of ``state`` with its outcomes (probability, next state) and rewards."""

    def keyed_choices(self, state, known) -> tuple:
        """(key, choices): states with one key have the same choices, and choices is None when the
        key is in ``known`` (the caller has them); key None: no key, the choices are given."""


class Derived:
    """A default computed from the system by ``function`` that a kind may still set as a plain
    attribute (a descriptor without ``__set__``: an instance's own value comes first)."""

    def __init__(self, function):
        self.function = function
        self.__doc__ = function.__doc__

    def __get__(self, system, owner=None):
        return self if system is None else self.function(system)


class SystemDefaults:
    """The members a kind need not state: the asynchronous system's answers (no rounds, no
    faults, no synchronizer, its own reference). A kind that differs says so by overriding."""

    reference = Derived(lambda system: system)
    synchronous = False
    crashes = 0
    recoveries = 0
    synchronizer = None
    supports_por = True
    observes_mover_only = False  # the safe answer: a judge then reads every process after a step
    has_interned_twin = False
    missing_locals: Mapping[str, str] = MappingProxyType({})
    instances = Derived(lambda system: system.local.instances)

    def adversary(self, instance: int) -> bool:
        return False

    def decode(self, state) -> tuple:
        return state

    def algorithm_locals(self, state, i: int) -> dict[str, str]:
        return self.locals_of(state, i)

    def synchronizer_locals(self, state, i: int) -> dict[str, str]:
        return {}
