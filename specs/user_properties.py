"""Properties of one's own: decorated functions of a state, given to ``check`` with ``--property``.

    from specs.user_properties import always, always_eventually, eventually

    @always
    def at_most_three_in_transit(s):
        "No more than three messages are ever in transit."
        return len(s.messages()) <= 3

    @eventually
    def everyone_knows(s):
        "Every process learns the leader's id."
        return all(p.decided for p in s.processes)

    @always_eventually
    def quiet(s):
        "The channels are empty again and again (at the end, if the run ends)."
        return not s.messages()

``@always``: the predicate holds in every reachable state (safety; the counterexample is a
shortest path to a state where it is false). ``@eventually``: every execution passes through
a state where it holds: no path from the initial state reaches, through states where it is
false only, a terminal state or a cycle (every execution, fair or not, whatever the coins:
stronger than what fair or almost-sure termination promises of the algorithms that declare
those). The counterexample is a path to such a terminal state, or a lasso.

``@always_eventually`` (LTL's []<>P): every execution passes through states where it holds
infinitely often; a finite execution ends in a terminal state, which stutters forever, so it
must end in a state where it holds. It is violated exactly when some reachable state (not
only the initial one) leads, through states where it is false only, to a terminal state where
it is false or to a cycle of such states. Every state of the graph being reachable, that is
when a terminal state where it is false is reachable (the counterexample: a shortest path to
one) or a reachable cycle has only such states (a lasso to it).

A predicate reads a ``StateView`` (read-only): ``s.processes`` (by position, each with the
algorithm's locals as its commands read them, ``p.id``, ``p.position``, ``p.is_leader``,
``p.decided``, ``p.leader_id``, ``p.candidate``, ``p.crashed``), ``s.channels`` (``sender``,
``receiver``, their ports, ``messages``: head first), ``s.messages(Type)`` (every message of
that type in transit, or every message), ``s.leaders`` and ``s.with_id(x)``. It must return a
bool. Rings, networks, synchronous rounds and crash failures have such views; a system through
a synchronizer is refused.
"""
from __future__ import annotations

import os
import traceback
from typing import Callable

from models import AlgorithmError

from .election import Property

ALWAYS, EVENTUALLY, ALWAYS_EVENTUALLY = "always", "eventually", "always_eventually"
_KIND = "_ringleader_property"  # the attribute the decorators set on a predicate


def always(predicate: Callable) -> Callable:
    """A state predicate that holds in every reachable state."""
    setattr(predicate, _KIND, ALWAYS)
    return predicate


def eventually(predicate: Callable) -> Callable:
    """A state predicate that holds in some state of every execution."""
    setattr(predicate, _KIND, EVENTUALLY)
    return predicate


def always_eventually(predicate: Callable) -> Callable:
    """A state predicate that holds again and again in every execution: infinitely often in an
    infinite one, at the terminal state of a finite one."""
    setattr(predicate, _KIND, ALWAYS_EVENTUALLY)
    return predicate


def declared(module) -> dict[str, Callable]:
    """The decorated predicates a module defines, by name, in the order they are defined."""
    return {name: value for name, value in vars(module).items() if callable(value) and hasattr(value, _KIND)}


# ---------------------------------------------------------------------------------------------
# What a predicate reads


class ProcessState:
    """One process as a predicate reads it: its locals (as the algorithm's commands read them),
    its id and position, and what the algorithm's decision functions say of it."""

    __slots__ = ("_locals", "id", "position", "decided", "is_leader", "leader_id", "candidate", "crashed")

    def __init__(self, local_view, position: int, observation):
        set_slot = object.__setattr__
        set_slot(self, "_locals", local_view)
        set_slot(self, "position", position)
        for name in ("id", "decided", "is_leader", "leader_id", "candidate", "crashed"):
            set_slot(self, name, getattr(observation, name))

    def __getattr__(self, name: str):
        return getattr(self._locals, name)

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"a property reads the state; it cannot set p.{name}")

    def __repr__(self) -> str:
        return f"p{self.position} (id {self.id})"


class ChannelView:
    """A directed FIFO link: ``sender --out_port--> receiver`` (arriving on ``in_port``), head first."""

    __slots__ = ("sender", "receiver", "out_port", "in_port", "messages")

    def __init__(self, sender: ProcessState, receiver: ProcessState, out_port, in_port, messages: tuple):
        self.sender, self.receiver, self.out_port, self.in_port = sender, receiver, out_port, in_port
        self.messages = tuple(messages)

    def __len__(self) -> int:
        return len(self.messages)

    def __repr__(self) -> str:
        return f"channel p{self.sender.position}->p{self.receiver.position}: {list(self.messages)}"


class StateView:
    """One global state as a predicate reads it."""

    def __init__(self, processes: tuple[ProcessState, ...], channels: tuple[ChannelView, ...]):
        self.processes = processes
        self.channels = channels
        self.n = len(processes)

    @property
    def leaders(self) -> list[ProcessState]:
        return [p for p in self.processes if p.is_leader]

    def messages(self, message_type: type | None = None) -> list:
        """The messages in transit (of this type), channel by channel, head first."""
        return [m for c in self.channels for m in c.messages if message_type is None or isinstance(m, message_type)]

    def with_id(self, pid: int) -> ProcessState | None:
        return next((p for p in self.processes if p.id == pid), None)


def view_of(system, state) -> StateView:
    """The StateView of ``state`` in ``system`` (its own form of states; not an interned one)."""
    if system.synchronizer is not None:
        raise AlgorithmError("--property does not read a state through a synchronizer yet; drop --synchronizer")
    local = system.local  # the AsyncSystem (a ring's or a network's) under rounds or crashes
    observations = system.observe(state)
    processes = []
    for i, observation in enumerate(observations):
        values = list(system.process_values(state, i))
        view = local._view(values, local._visible_ids[i], local.n, local._out_ports[i], local.algorithm)
        processes.append(ProcessState(view, i, observation))
    channels = tuple(
        ChannelView(processes[c.sender], processes[c.receiver], c.out_port, c.in_port, contents)
        for c, contents in zip(system.topology.channels, system.channels(state))
    )
    return StateView(tuple(processes), channels)


# ---------------------------------------------------------------------------------------------
# As properties the checker judges


def evaluate(name: str, predicate: Callable, system, state) -> bool:
    """The predicate on a state; a predicate that raises or answers other than a bool is the
    user's mistake, named in one line."""
    view = view_of(system, state)
    try:
        answer = predicate(view)
    except AlgorithmError:
        raise
    except Exception as error:  # noqa: BLE001 -- the user's function, named in one line
        raise AlgorithmError(f"property {name}{_where(predicate, error)} raised {type(error).__name__}: {error}") from None
    if not isinstance(answer, bool):
        raise AlgorithmError(f"property {name} returned {answer!r} ({type(answer).__name__}), not True or False")
    return answer


def _where(predicate: Callable, error: Exception) -> str:
    """`` (file:line)`` of the predicate's line that raised, if it is in the predicate's file."""
    code = getattr(predicate, "__code__", None)
    if code is None:
        return ""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == code.co_filename]
    line = frames[-1].lineno if frames else code.co_firstlineno
    path = os.path.relpath(code.co_filename)
    return f" ({code.co_filename if path.startswith('..') else path}:{line})"


def as_property(name: str, predicate: Callable) -> Property:
    """The checker's Property for a decorated predicate."""
    kind = getattr(predicate, _KIND)
    doc = (predicate.__doc__ or "").strip().splitlines()
    described = doc[0] if doc else f"{kind} {name}"
    if kind == ALWAYS:
        def check(_observations, whole, system) -> str | None:
            return None if evaluate(name, predicate, system, whole) else f"{name} is false in this state"

        return Property(name, "state", described, check, observes=(), reads_state=True, reads_system=True)

    def holds_in(system, whole) -> bool:
        return evaluate(name, predicate, system, whole)

    return Property(name, "graph", described, holds_in, observes=(), reads_state=True, reads_system=True,
                    temporal=kind)


def is_liveness(prop: Property) -> bool:
    """A ``@eventually`` or ``@always_eventually`` property: judged on the whole graph by the
    explorer, at the end of a run (or on a lasso) by a simulation; its ``check`` is the predicate
    on one state, ``check(system, state)``."""
    return prop.temporal in (EVENTUALLY, ALWAYS_EVENTUALLY)


def is_always_eventually(prop: Property) -> bool:
    """A ``@always_eventually`` property (LTL's []<>P)."""
    return prop.temporal == ALWAYS_EVENTUALLY
