"""The asynchronous FIFO semantics of docs/design.md, concretely.

A state is a flat tuple: the locals of processes 0..n-1 (each a tuple of plain values), then
the contents of every channel (each a tuple of messages, head first). Nothing else is stored.
A transition is one command of one process, run atomically:
  * a spontaneous command is enabled when its guard holds;
  * a receive command for port q is enabled when the channel into q is non-empty, its head has
    the command's message type and the guard holds; firing it removes the head;
  * a head that no receive command accepts is consumed with no other effect (an *unmatched*
    reception, seed 001: "the second time ... lines 11-13 are not executed").
Transitions are listed in a fixed order (process, then command declaration order, then port),
so that a trace stored as successor ordinals replays to the same states. A command that draws
random values (``p.draw``, models/dsl/draws.py) has one transition per outcome, listed together in
the order of the draws; each outcome's probability is kept by the *_distributions functions.
"""
from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import NamedTuple

from ..dsl import draws
from ..dsl.algorithm import Algorithm, Command, Layout, refuse_ids_beyond_largest
from ..errors import AlgorithmError
from ..dsl.messages import Message
from ..topology.ports import PortNumbersRead, carries_a_port
from .interface import SystemDefaults
from .process import view_class
from ..dsl.values import HiddenId, render

UNMATCHED = "(unmatched)"
ONE = 1  # the probability of a command that draws nothing: an int is exact, and Fraction arithmetic keeps it so
_GUARD_COINS = draws.NoDraws("a guard cannot draw; draw in the body and test the value in a later command's guard")
# a draw the source did not show (through a helper function): refused, so that the checker never
# takes a random command for a deterministic one
_HIDDEN_DRAW = draws.NoDraws("p.draw is called outside the command's own body (a helper?); call p.draw in "
                             "the body itself, so that the checker knows the command is random")


def _flatten(distributions) -> list[tuple[Command, tuple, tuple]]:
    return [(command, new_locals, sent) for command, outcomes in distributions for _, new_locals, sent in outcomes]


class Step(NamedTuple):
    """One transition with what a trace shows of it."""

    process: int
    command: str
    port: str | None
    received: Message | None
    sent: tuple
    target: tuple
    instance: int  # which command instance (see ``AsyncSystem.instances``) took it


class Instance(NamedTuple):
    """A command of one process, for one arrival port if it receives: the unit of transitions.

    Each instance is enabled at most once in a state (a command is deterministic and reads the
    head of one channel), so a state's transitions are its enabled instances. ``command`` is
    None for the unmatched reception on ``port`` (a head no command accepts).
    """

    process: int
    command: Command | None
    port: str | None


@dataclass(frozen=True)
class Observation:
    """What the specification reads of one process."""

    id: int
    decided: bool
    is_leader: bool
    leader_id: int | None
    candidate: bool
    crashed: bool = False  # stopped by a crash failure (models/systems/crashes.py): it decides nothing
    leader_crashed: bool = False  # the leader it records has crashed: its decision may change


def _failing_line(command: Command, error: Exception) -> int:
    """The line of the command's file where ``error`` was raised: the innermost frame of the
    traceback in that file (the body, its guard, or a helper it calls there), else the command's
    first line (its decorator)."""
    source = getattr(getattr(command.body, "__code__", None), "co_filename", None)
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == source]
    return frames[-1].lineno if frames else command.line


def _command_error(algorithm, command: Command, error: Exception, where: str = "") -> AlgorithmError:
    """The error, named with its command and line; ``where`` (AsyncSystem.where_it_ran) is a
    second line saying in which arrangement and local state it was raised."""
    line = _failing_line(command, error)
    # a PortNumbersRead is not shown as an error: the run starts again with every labelling
    where = f"\n{where}" if where and not isinstance(error, PortNumbersRead) else ""
    if isinstance(error, AlgorithmError):  # of its own class: a PortNumbersRead stays one
        return type(error)(f"{algorithm.__name__}.{command.name} (line {line}): {error}{where}")
    return AlgorithmError(
        f"{algorithm.__name__}.{command.name} (line {line}) raised "
        f"{type(error).__name__}: {error}{where}"
    )


_shapes: dict = {}  # (algorithm, n, labelling) -> AsyncSystem._shape's attributes


class AsyncSystem(SystemDefaults):
    """An algorithm on its topology with one arrangement of ids, under the asynchronous semantics
    (a ``System``: models/systems/interface.py)."""

    observes_mover_only = True  # a command reads and writes its own process only
    numbered = None  # on a network (NetworkSystem): whether commands may read port numbers; a ring's ports have names

    def __init__(self, algorithm: type[Algorithm], ids, swapped=None, topology=None):
        """``swapped``: the port labelling, for a topology with ``port_labellings`` (default: none swapped);
        ``topology``: the topology itself, when the algorithm's class cannot build it from n (a network)."""
        ids = tuple(ids)
        if not algorithm.defines_decisions():
            raise AlgorithmError(
                f"{algorithm.__name__} does not say how to read a decision: define "
                "is_leader(p) and decided(p) in the class"
            )
        if getattr(algorithm, "largest_id", None) is not None and ids:  # a planned run is refused first, naming the option
            refuse_ids_beyond_largest(algorithm, max(ids), f"the arrangement {', '.join(map(str, ids))}")
        self.algorithm = algorithm
        self.ids = ids
        self.n = n = len(ids)
        self._visible_ids = self.seen_ids(ids)
        # an id-blind search's RealIds (checker/explore/anonymous.py): every local step that reads
        # p.id is taken with the real ids too, and must come out the same
        self.real_ids = None
        self._local_steps: dict = {}  # _run's memo
        self.premature_timeouts = False  # --premature-timeouts: a timeout fires whenever its guard holds
        # what follows depends on the algorithm and its topology, not on the ids: made once per
        # (class, n, labelling) and shared, since a run makes a system per arrangement
        key = None if topology is not None else (algorithm, n, None if swapped is None else tuple(swapped))
        shape = _shapes.get(key) if key is not None else None
        if shape is None:
            shape = self._shape(algorithm, n, swapped, topology)
            if key is not None:
                _shapes[key] = shape
        self.__dict__.update(shape)

    def seen_ids(self, ids: tuple) -> tuple:
        """What the processes see as ``p.id`` with ``ids``: nothing, for an anonymous algorithm."""
        return (HiddenId(self.algorithm.__name__),) * len(ids) if self.algorithm.anonymous else tuple(ids)

    def _shape(self, algorithm, n: int, swapped, topology) -> dict:
        """The attributes fixed by the algorithm and the topology (read-only once made)."""
        if topology is None:
            topology = algorithm.topology(n) if swapped is None else algorithm.topology(n, swapped)
        self.topology = topology
        self.swapped = topology.swapped
        self.layout = Layout.of(algorithm, topology.ports)
        self._view = view_class(algorithm, self.layout)
        self.channel_count = len(topology.channels)
        self._out_ports = [topology.out_ports(i) for i in range(n)]
        self._out_channel = [
            {port: topology.out_channel(i, port) for port in self._out_ports[i]} for i in range(n)
        ]
        self._in_ports = [
            tuple((port, n + topology.in_channel(i, port)) for port in topology.in_ports(i))
            for i in range(n)
        ]
        self._spontaneous = tuple(c for c in algorithm.commands if c.kind == "spontaneous" and not c.any_port)
        self._timeouts = tuple(c for c in algorithm.commands if c.kind == "timeout")
        self._port_choices = tuple(c for c in algorithm.commands if c.any_port)
        self._handlers: dict[tuple[str, str], tuple[Command, ...]] = {}
        for port in topology.ports:
            for command in algorithm.commands:
                if command.kind == "receive" and command.enabled_on(port):
                    key = (port, command.message.__name__)
                    self._handlers[key] = self._handlers.get(key, ()) + (command,)
        self.instances: tuple[Instance, ...] = tuple(self._instances())
        self._instance_id = {
            (x.process, x.command.name if x.command else UNMATCHED, x.port): k for k, x in enumerate(self.instances)
        }
        initial = self.layout.initial_values()
        self.initial_state = tuple(initial for _ in range(n)) + tuple(() for _ in topology.channels)
        names = ("topology", "swapped", "layout", "_view", "channel_count", "_out_ports", "_out_channel", "_in_ports",
                 "_spontaneous", "_timeouts", "_port_choices", "_handlers", "instances", "_instance_id", "initial_state")
        return {name: getattr(self, name) for name in names}

    def _instances(self):
        for i in range(self.n):
            for command in self._spontaneous + self._timeouts:
                yield Instance(i, command, None)
            for command in self._port_choices:
                for port in self._out_ports[i]:
                    yield Instance(i, command, port)
            for port, _ in self._in_ports[i]:
                for command in self.algorithm.commands:
                    if command.kind == "receive" and command.enabled_on(port):
                        yield Instance(i, command, port)
                yield Instance(i, None, port)

    def instance_id(self, process: int, command: str, port: str | None) -> int:
        return self._instance_id[(process, command, port)]

    def handler_commands(self, port: str, message_type: str) -> tuple[Command, ...]:
        """The receive commands for a head of this type on this port (empty: it is unmatched)."""
        return self._handlers.get((port, message_type), ())

    # -- views -------------------------------------------------------------------------
    def process_values(self, state, i: int) -> tuple:
        return state[i]

    def locals_of(self, state, i: int) -> dict[str, str]:
        """A process's locals by name, rendered for traces."""
        return {
            self.layout.slot_name(k): render(variable.type, state[i][k])
            for k, (_, _, variable) in enumerate(self.layout.slots)
        }

    def where_it_ran(self, values: tuple, i: int, message=None, port=None) -> str:
        """Process i with ``values`` as its locals, in this arrangement, receiving ``message`` on
        ``port`` (if any), in a line under a command's error (the memo that runs each local step
        once knows nothing of the rest of the state)."""
        process = f"p{i}"
        if not self.algorithm.anonymous:
            process += f" (id {self.ids[i]}) with ids {', '.join(map(str, self.ids))}"
        shown = self.locals_of({i: values}, i)  # it reads state[i] only
        locals_text = ", ".join(f"{name}={value}" for name, value in shown.items())
        if message is None:
            return f"  at {process}: {locals_text}"
        on = port if isinstance(port, str) else f"port {port}"  # a ring's ports have names, a network's numbers
        return f"  at {process}: {locals_text}; receiving {message} on {on}"

    def channel(self, state, k: int) -> tuple:
        return state[self.n + k]

    def channels(self, state) -> tuple:
        return state[self.n:]

    def heads(self, state) -> tuple:
        """The type name of each channel's head message (None for an empty channel)."""
        return tuple(c[0][0] if c else None for c in state[self.n:])

    # -- transitions -------------------------------------------------------------------
    # A command reads and writes only its own process, so what it does depends on nothing but
    # (process, its locals, the message, the port). These functions are that local core;
    # ``steps`` adds the channels, and the interned engine (models/systems/interned.py) memoises them.
    # A command that draws (models/dsl/draws.py) has several outcomes, each with its probability:
    # the *_distributions functions give them grouped per command, the *_outcomes functions
    # list them one after the other (the state graph under every scheduler and every coin).
    def spontaneous_distributions(self, i: int, values: tuple) -> list[tuple[Command, list]]:
        """(command, [(probability, new locals, sends), ...]) for every spontaneous command enabled at i."""
        distributions = []
        for command in self._spontaneous:
            outcomes = self._run(values, i, command, None, None)
            if outcomes is not None:
                distributions.append((command, outcomes))
        return distributions

    def receive_distributions(self, i: int, values: tuple, port: str, message) -> list[tuple[Command, list]]:
        """The same for every command that accepts ``message`` on ``port`` (empty: unmatched)."""
        distributions = []
        for command in self._handlers.get((port, message[0]), ()):
            outcomes = self._run(values, i, command, message, port)
            if outcomes is not None:
                distributions.append((command, outcomes))
        return distributions

    def spontaneous_outcomes(self, i: int, values: tuple) -> list[tuple[Command, tuple, tuple]]:
        """(command, new locals, sends) for every spontaneous command enabled at process i."""
        return _flatten(self.spontaneous_distributions(i, values))

    def port_choice_outcomes(self, i: int, values: tuple) -> list[tuple[Command, object, tuple, tuple]]:
        """(command, port, new locals, sends) for every ``any_port`` command and port of process i
        where its guard holds (networks only; none elsewhere)."""
        outcomes = []
        for command in self._port_choices:
            for port in self._out_ports[i]:
                outcome = self._run(values, i, command, None, port)
                if outcome is not None:
                    outcomes += [(command, port, new_locals, sent) for _, new_locals, sent in outcome]
        return outcomes

    def receive_outcomes(self, i: int, values: tuple, port: str, message) -> list[tuple[Command, tuple, tuple]]:
        """(command, new locals, sends) for every command that accepts ``message`` on ``port``;
        an empty list means no command accepts it (an unmatched reception)."""
        return _flatten(self.receive_distributions(i, values, port, message))

    def _run(self, values: tuple, i: int, command: Command, message, port):
        """Evaluate the guard on ``values``; if it holds, run the body once per sequence of draws
        and return [(probability, locals, sends), ...] (one outcome of probability 1 without draws).
        A local step depends on nothing else, so each is run once and remembered: the searches
        that read the whole state (crashes, timeouts) meet the same local steps in many states."""
        key = (values, i, command.name, message, port)
        try:
            return self._local_steps[key]
        except KeyError:
            outcomes = self._local_steps[key] = self._run_once(values, i, command, message, port)
            return outcomes
        except TypeError:  # locals that cannot be hashed: run it every time
            return self._run_once(values, i, command, message, port)

    def _run_once(self, values: tuple, i: int, command: Command, message, port):
        if self.real_ids is not None:
            return self.real_ids.same(i, self._visible_ids[i],
                                      lambda seen_id: self._take(values, i, command, message, port, seen_id))
        return self._take(values, i, command, message, port, self._visible_ids[i])

    def _take(self, values: tuple, i: int, command: Command, message, port, seen_id):
        """The outcomes of ``command`` at process i, which sees ``seen_id`` as its id (see ``_run``)."""
        algorithm = self.algorithm
        try:
            # a receive gets (message, port), a port choice (port), a spontaneous command nothing
            arguments = () if port is None else (self._port_argument(port),) if message is None else (
                message, self._port_argument(port))
            if command.guard is not None:
                guard_view = self._view(values, seen_id, self.n, self._out_ports[i], algorithm, _GUARD_COINS)
                if not command.guard(guard_view, *arguments):
                    return None

            def run(coins):
                process = self._view(list(values), seen_id, self.n, self._out_ports[i], algorithm, coins)
                command.body(process, *arguments)
                return tuple(process._values), tuple(process._sent)

            if command.draws:
                outcomes = [(probability, *result) for probability, result in draws.outcomes(run)]
            else:
                outcomes = [(ONE, *run(_HIDDEN_DRAW))]
        except Exception as error:  # an error in the user's algorithm, named with its command
            raise _command_error(algorithm, command, error, self.where_it_ran(values, i, message, port)) from None
        for _, _, sent in outcomes:
            for _, item in sent:
                if not isinstance(item, Message):
                    raise AlgorithmError(
                        f"{algorithm.__name__}.{command.name} (line {command.line}) sends "
                        f"{item!r}, which is not a Message"
                    )
                if carries_a_port(item):  # another process could compare it with its own ports
                    raise AlgorithmError(f"{algorithm.__name__}.{command.name} (line {command.line}) sends "
                                         f"{item!r}, which carries a port: ports are local to their process "
                                         "(another process cannot tell what it names); send an id or a value instead")
        return outcomes

    def _port_argument(self, port):
        """The arrival port as a command sees it (a ring's ports are their names)."""
        return port

    def _apply(self, state, i: int, in_channel: int | None, new_locals, sent):
        successor = list(state)
        successor[i] = new_locals
        if in_channel is not None:
            successor[in_channel] = state[in_channel][1:]
        out = self._out_channel[i]
        for port, message in sent:
            k = self.n + out[port]
            successor[k] = successor[k] + (message,)
        return tuple(successor)

    @property
    def local(self) -> AsyncSystem:
        """The asynchronous system whose commands this one runs: itself."""
        return self

    supports_por = True  # timeouts too: checker/explore/reduction.py says why

    @property
    def has_interned_twin(self) -> bool:
        """models/systems/interned.py memoises the local steps; a timeout reads the whole system."""
        return not self.algorithm.has_timeouts

    def steps(self, state) -> list[Step]:
        """Every transition enabled in ``state``, in the fixed order: the processes' commands,
        then the timeouts that may fire (models/timeouts.py's rules)."""
        result = self.process_steps(state)
        if self._timeouts:
            result += self.timeout_steps(state, range(self.n), quiet=not result, crashed=frozenset())
        return result

    def timeout_steps(self, state, live, quiet: bool, crashed: frozenset) -> list[Step]:
        """The timeouts of the ``live`` processes that fire in ``state``. Premature timeouts fire
        whenever their guard holds. Otherwise one that waits for a process (``waits_for``) fires
        once that process is among the ``crashed`` ids, and the others only when the system is
        ``quiet`` (no other command of a live process is enabled), those of the smallest rank
        among the enabled ones first."""
        detected, waiting = [], []  # (rank, step)
        for i in live:
            values = state[i]
            for command in self._timeouts:
                if not self.premature_timeouts:
                    if command.waits_for is None:
                        if not quiet:
                            continue
                    elif self._awaited(i, values, command) not in crashed:
                        continue
                for _, new_locals, sent in self._run(values, i, command, None, None) or ():
                    target = self._apply(state, i, None, new_locals, sent)
                    step = Step(i, command.name, None, None, sent, target, self.instance_id(i, command.name, None))
                    (waiting if command.waits_for is None else detected).append((command.rank, step))
        if waiting and not self.premature_timeouts:
            shortest = min(rank for rank, _ in waiting)
            waiting = [(rank, step) for rank, step in waiting if rank == shortest]
        return sorted((step for _, step in detected + waiting), key=lambda step: step.instance)

    def timeout_outcomes(self, i: int, values: tuple) -> list[tuple[Command, tuple, tuple, object]]:
        """(command, new locals, sends, the id it waits for or None) for every timeout of process
        i whose guard holds at ``values``, in declaration order: what ``timeout_steps`` chooses
        from (a ``waits_for`` is read whether the guard holds or not, as there)."""
        outcomes = []
        for command in self._timeouts:
            awaited = self._awaited(i, values, command) if command.waits_for is not None else None
            for _, new_locals, sent in self._run(values, i, command, None, None) or ():
                outcomes.append((command, new_locals, sent, awaited))
        return outcomes

    def _awaited(self, i: int, values: tuple, command: Command):
        if self.real_ids is not None:
            return self.real_ids.same(i, self._visible_ids[i],
                                      lambda seen_id: self._awaited_by(i, values, command, seen_id))
        return self._awaited_by(i, values, command, self._visible_ids[i])

    def _awaited_by(self, i: int, values: tuple, command: Command, seen_id):
        view = self._view(values, seen_id, self.n, self._out_ports[i], self.algorithm, _GUARD_COINS)
        try:
            return command.waits_for(view)
        except Exception as error:  # noqa: BLE001 -- the user's function, named in one line
            raise _command_error(self.algorithm, command, error, self.where_it_ran(values, i)) from None

    def process_steps(self, state, processes=None) -> list[Step]:
        """The commands' transitions (no timeout) of ``processes`` (default: all), in the fixed order."""
        result: list[Step] = []
        for i in range(self.n) if processes is None else processes:
            for command, new_locals, sent in self.spontaneous_outcomes(i, state[i]):
                target = self._apply(state, i, None, new_locals, sent)
                result.append(Step(i, command.name, None, None, sent, target, self.instance_id(i, command.name, None)))
            for command, port, new_locals, sent in self.port_choice_outcomes(i, state[i]):
                target = self._apply(state, i, None, new_locals, sent)
                result.append(Step(i, command.name, port, None, sent, target, self.instance_id(i, command.name, port)))
            for port, channel_index in self._in_ports[i]:
                channel = state[channel_index]
                if not channel:
                    continue
                head = channel[0]
                outcomes = self.receive_outcomes(i, state[i], port, head)
                for command, new_locals, sent in outcomes:
                    target = self._apply(state, i, channel_index, new_locals, sent)
                    result.append(Step(i, command.name, port, head, sent, target, self.instance_id(i, command.name, port)))
                if not outcomes:
                    target = self._apply(state, i, channel_index, state[i], ())
                    result.append(Step(i, UNMATCHED, port, head, (), target, self.instance_id(i, UNMATCHED, port)))
        return result

    def successor_list(self, state) -> list[tuple[tuple, int, int, bool, int]]:
        """(next state, messages sent, moving process, unmatched?, instance) per transition, in order."""
        return [
            (step.target, len(step.sent), step.process, step.command == UNMATCHED, step.instance)
            for step in self.steps(state)
        ]

    # -- what the specification observes -----------------------------------------------
    def observe_process(self, state, i: int) -> Observation:
        return self.observe_locals(i, state[i])

    def observe_locals(self, i: int, values: tuple) -> Observation:
        if self.real_ids is not None:
            decisions = self.real_ids.same(i, self._visible_ids[i], lambda seen_id: self._decisions(i, values, seen_id),
                                           key=(i, values))
        else:
            decisions = self._decisions(i, values, self._visible_ids[i])
        return Observation(self.ids[i], *decisions)

    def _decisions(self, i: int, values: tuple, seen_id) -> tuple:
        """What the decision functions say of process i with these locals, seeing ``seen_id`` as
        its id: (decided, is_leader, leader_id, candidate), as ``Observation`` orders them."""
        algorithm = self.algorithm
        p = self._view(values, seen_id, self.n, self._out_ports[i], algorithm)
        return (bool(algorithm.decided(p)), bool(algorithm.is_leader(p)),
                algorithm.leader_id(p) if algorithm.leader_id else None,
                bool(algorithm.candidate(p)) if algorithm.candidate else True)

    def observe(self, state) -> tuple[Observation, ...]:
        return tuple(self.observe_process(state, i) for i in range(self.n))
