"""A synchronous algorithm run through a synchronizer on an asynchronous network (seed 002, 11.3).

"A synchronizer is a protocol that transforms an asynchronous model into a synchronous process
model ... by simulating the ticks on an asynchronous network", and it must satisfy

    (Synch) Every message sent in tick k must be received in tick k.

``SynchronizedSystem`` is that two-layered system, explored like any asynchronous one: every
interleaving of every message, the algorithm's and the synchronizer's. Each process runs the
synchronous algorithm's rounds (models/systems/rounds.py: round k reads the messages sent to it in
round k - 1, then takes its compute step) one tick at a time, and the synchronizer
(models/systems/synchronizers.py) decides when it may start the next tick. What a process holds:

  * the algorithm's locals and ``tick``, the rounds it has simulated;
  * the algorithm's messages received and not yet read, each with the tick it was sent in
    (messages carry their tick, as the text's m[j], ack[j], safe[j] do);
  * the synchronizer's own variables.

Links deliver in any order by default (Awerbuch's asynchronous network promises delivery, not
order), and such a link is then held as a multiset (``as_bag``: its messages in one canonical
order, unless ``reduce`` is off), since states that differ only in the order in which the same
messages were sent have the same futures; with ``fifo`` each link is a FIFO queue, under which
alpha is correct even without its acknowledgments (docs/synchronizers.md).

Round k + 1 reads exactly the messages of tick k. (Synch) is checked where it matters: when a
process starts round k + 1, it must have received every message the synchronous run delivers to
it in that round, and no message of a tick it has read already may arrive later; either failure
is recorded in the process (``missed``) and reported with a trace. The simulated run must also
*be* the synchronous run: after every round, each process's locals are the ones the synchronous
run has after that round (``diverged`` otherwise), so its decisions are the synchronous run's.

A synchronizer runs forever; the simulated algorithm is finished when its synchronous run is
quiet. Processes simulate as many ticks as that run has rounds on the arrangement (computed
first: the algorithm must be deterministic, one round from each state), with no handshake after
the last; the state graph is then finite and acyclic, and a terminal state has every process
done and, unless a message was lost in the simulation, every channel empty.
"""
from __future__ import annotations

import sys
import traceback
from collections import Counter
from itertools import islice, permutations
from types import SimpleNamespace
from typing import NamedTuple

from ..errors import AlgorithmError
from ..topology.ports import Port, PortNumbersRead, read_numbers
from .interface import SystemDefaults
from .semantics import Step

MAX_TICKS = 1000  # a synchronous run this long is not one a synchronizer should be checked on
HANDLERS = ("places", "start", "ready", "advanced", "receive", "actions", "describe")  # what the system calls


class Envelope(NamedTuple):
    """What travels on a channel: the algorithm's message of a tick (kind "m"), or a signal."""

    kind: str
    tick: int
    message: object = None

    def __str__(self):
        return f"{self.message}[{self.tick}]" if self.kind == "m" else f"{self.kind}[{self.tick}]"


class Place(NamedTuple):
    """What a process knows of the structure: its ports, and its part of a tree or cluster."""

    ports: tuple  # every port (a handler must not rely on their order: that reads their numbers)
    parent: object = None  # the port towards the root (beta) or the cluster leader (gamma); None at a root
    children: tuple = ()  # the ports towards its children
    inter: tuple = ()  # gamma: the ports of the designated edges to neighbouring clusters


class Node(NamedTuple):
    """One process of the synchronized system (see the module)."""

    values: tuple  # the algorithm's locals
    tick: int  # rounds simulated so far
    inbox: tuple  # ((tick, port, message), ...): the algorithm's messages received, not yet read
    sync: tuple  # the synchronizer's variables
    missed: tuple | None = None  # (tick, port): a message of that tick was not there when read
    diverged: int | None = None  # the round after which the locals left the synchronous run's


class SynchronizedSystem(SystemDefaults):
    """``rounds`` (a RoundSystem on a network, built on ``local``) simulated by ``synchronizer``
    (see the module)."""

    supports_por = False  # the explorer's reduction reads the DSL's footprints; this system reduces itself
    has_interned_twin = True  # models/systems/synchronized_interned.py
    missing_locals = {"inbox": "-", "missed": "no", "diverged": "no"}  # what a trace shows for a local not listed

    def __init__(self, rounds, synchronizer, reduce: bool = True, fifo: bool = False):
        local = rounds.local
        if not local.topology.numbered_ports:
            # --graph would not help: the algorithm itself is written for a ring
            raise AlgorithmError(f"a synchronizer sends acknowledgments back along every link, so it runs algorithms "
                                 f"written for a general network (topology = Network, e.g. flooding); "
                                 f"{local.algorithm.name} is written for a {local.topology.kind}: check it without "
                                 "--synchronizer")
        self.rounds, self.local, self.synchronizer = rounds, local, synchronizer
        self.handlers = PortHandlers(synchronizer, numbered=local.numbered is not False)
        self.algorithm, self.ids, self.n = local.algorithm, local.ids, local.n
        self.topology, self.layout, self.channel_count = local.topology, local.layout, local.channel_count
        self.swapped = ()
        self.expected, self.expected_inbox = _synchronous_run(rounds)
        self.ticks = len(self.expected) - 1
        self.fifo = fifo
        self.places = self.handlers.places(self.topology, self.ids)
        n = self.n
        self._in = [tuple((port, k - n) for port, k in local._in_ports[i]) for i in range(n)]
        self._out = local._out_channel
        self.reduce = reduce
        self.bags = reduce and not fifo  # links that reorder, as multisets (``as_bag``)
        self._observed = {}
        self._senders = [tuple((k, local.topology.channels[k].sender) for _, k in self._in[i]) for i in range(n)]
        self.initial_state = tuple(
            Node(rounds.initial_state[i], 0, (), self.handlers.start(self.places[i])) for i in range(n)
        ) + ((),) * self.channel_count

    # -- transitions ---------------------------------------------------------------------
    def steps(self, state) -> list[Step]:
        """Every step enabled in ``state``, or with ``reduce`` a persistent subset of them.

        The reduction (on FIFO links, unless ``--no-por``) rests on what the system is, not on
        what a synchronizer declares: a step reads and writes its own process, takes a message from
        one of its incoming channels and appends to its outgoing ones, so steps of different
        processes commute (taking from a channel and appending to it commute while it is not
        empty). Steps of one process are taken as dependent. On FIFO links a step of process p
        can be enabled by another process only by a message on an empty channel into p (a
        message behind others is received after them); so the enabled steps of a set of
        processes closed under "may send on an empty channel into a member" are persistent.
        On links that reorder, a message sent later may be received first, so any message into
        p may enable a step of p: the closure is every process of a connected graph, and the
        system is explored whole. The explorer expands the smallest such set, from one process; complete
        executions are kept, one interleaving of each (so their messages are counted exactly),
        and (Synch) and the simulation are marks that every complete execution after a
        violation still carries. A set holding a step that changes what a property of the
        algorithm observes (a leader, a decision) is replaced by every enabled step, so those
        properties are judged on every order of such steps."""
        every = self._enabled(state)
        return self._persistent(state, every) if self.reduce and self.fifo and len(every) > 1 else every

    def successor_list(self, state) -> list[tuple]:
        return [(s.target, len(s.sent), s.process, False, s.instance) for s in self.steps(state)]

    def _persistent(self, state, every: list[Step]) -> list[Step]:
        return persistent_subset(state, every, self.n, self._senders, lambda step: step.process, self._visible)

    def _visible(self, state, step: Step) -> bool:
        i = step.process
        if state[i].values == step.target[i].values:
            return False
        return observation_moved(self.observe_process(state, i), self.observe_process(step.target, i))

    def _enabled(self, state) -> list[Step]:
        result = []
        for i in range(self.n):
            for port, k in self._in[i]:
                channel = state[self.n + k]
                for j in ((0,) if self.fifo and channel else distinct_positions(channel)):
                    result.append(self._receive(state, i, port, k, j))
            result += self._spontaneous(state, i)
        return result

    def _spontaneous(self, state, i: int) -> list[Step]:
        """Process i's steps that take no message: its next round when the synchronizer lets it
        start one, then the synchronizer's control steps. They read process i's node alone."""
        node, place = state[i], self.places[i]
        result = []
        if node.tick < self.ticks and self.handlers.ready(place, node.sync, node.tick):
            result.append(self._compute(state, i))
        if 0 < node.tick < self.ticks:
            for name, sync, sends in self.handlers.actions(place, node.sync, node.tick):
                result.append(self._step(state, i, name, None, None, node._replace(sync=sync), sends, 2))
        return result

    def _receive(self, state, i: int, port, k: int, j: int) -> Step:
        node = state[i]
        envelope = state[self.n + k][j]
        if envelope.kind == "m":
            if envelope.tick < node.tick:  # its round has been read already: received too late
                node = node._replace(missed=node.missed or (envelope.tick, port))
            else:
                inbox = node.inbox + ((envelope.tick, port, envelope.message),)
                node = node._replace(inbox=inbox if not self.bags else tuple(sorted(inbox, key=lambda x: (x[0], x[1]))))
        sync, sends = self.handlers.receive(self.places[i], node.sync, node.tick, port, envelope)
        command = "receive" if envelope.kind == "m" else f"on_{envelope.kind}"
        return self._step(state, i, command, port, envelope, node._replace(sync=sync), sends, 0, popped=(k, j))

    def _compute(self, state, i: int) -> Step:
        node = state[i]
        tick = node.tick
        missed = node.missed
        reading = tuple((port, tuple(m for t, p, m in node.inbox if t == tick and p == port))
                        for port, _ in self._in[i])
        if missed is None:  # every message the synchronous run delivers in round tick + 1 must be here
            expected = self.expected_inbox[tick][i]
            if reading != expected:  # links need not keep order: the same messages, in any order, will do
                short = [port for (port, got), (_, due) in zip(reading, expected) if Counter(got) != Counter(due)]
                missed = (tick, short[0]) if short else None
        (part, *others) = self.rounds._process_round(i, node.values, tuple(x for x in reading if x[1]))
        if others:
            raise AlgorithmError(f"{self.algorithm.name}: process {i} has several possible rounds; a synchronizer "
                                 "simulates deterministic synchronous algorithms")
        diverged = node.diverged
        if diverged is None and part.values != self.expected[tick + 1][i]:
            diverged = tick + 1
        sends = tuple((port, Envelope("m", tick + 1, message)) for port, message in part.sent)
        sync, signals = self.handlers.advanced(self.places[i], node.sync, tick + 1, len(part.sent),
                                                   last=tick + 1 == self.ticks)
        after = Node(part.values, tick + 1, tuple(x for x in node.inbox if x[0] > tick), sync, missed, diverged)
        events = [e.command for e in part.events if e.received is None]
        name = f"round {tick + 1}" + (f" ({', '.join(events)})" if events else "")
        return self._step(state, i, name, None, None, after, sends + signals, 1)

    def _step(self, state, i: int, command: str, port, received, node: Node, sends, kind: int,
              popped: tuple | None = None) -> Step:
        target = list(state)
        target[i] = node
        if popped is not None:
            k, j = popped
            channel = state[self.n + k]
            target[self.n + k] = channel[:j] + channel[j + 1:]
        out = self._out[i]
        for port_out, envelope in sends:
            k = out[port_out]
            target[self.n + k] = self._appended(target[self.n + k], envelope)
        instance = (i * 3 + kind) * (self.channel_count + 1) + (0 if popped is None else popped[0] + 1)
        return Step(i, command, port, received, tuple(sends), tuple(target), instance)

    def _appended(self, channel: tuple, envelope: Envelope) -> tuple:
        """``channel`` with ``envelope`` sent on it: at its end, or where a multiset keeps it."""
        return as_bag(channel + (envelope,)) if self.bags else channel + (envelope,)

    # -- what the specification and traces read -------------------------------------------
    def _plain(self, state) -> tuple:
        return tuple(node.values for node in state[: self.n]) + ((),) * self.channel_count

    def observe(self, state):
        return tuple(self.observe_process(state, i) for i in range(self.n))

    def observe_process(self, state, i: int):
        # what a process shows depends on its algorithm locals alone, which repeat across the
        # many states that differ only in the synchronizer's variables and the channels
        key = (i, state[i].values)
        seen = self._observed.get(key)
        if seen is None:
            seen = self._observed[key] = self.local.observe_process(self._plain(state), i)
        return seen

    def process_values(self, state, i: int) -> tuple:
        return state[i].values

    def locals_of(self, state, i: int) -> dict[str, str]:
        return {**self.algorithm_locals(state, i), **self.synchronizer_locals(state, i)}

    def algorithm_locals(self, state, i: int) -> dict[str, str]:
        """The simulated algorithm's locals of process i."""
        return self.local.locals_of(self._plain(state), i)

    def synchronizer_locals(self, state, i: int) -> dict[str, str]:
        """What process i holds beside the algorithm's locals: its tick, the synchronizer's
        variables, the messages received and not yet read, and the marks of a violation."""
        node = state[i]
        shown = {"tick": str(node.tick), **self.handlers.describe(self.places[i], node.sync)}
        if node.inbox:
            shown["inbox"] = " ".join(f"{m}[{t}]" for t, _, m in node.inbox)
        if node.missed is not None:
            shown["missed"] = f"tick {node.missed[0]} on port {node.missed[1]}"
        if node.diverged is not None:
            shown["diverged"] = f"after round {node.diverged}"
        return shown

    def channels(self, state) -> tuple:
        return state[self.n:]

    def channel(self, state, k: int) -> tuple:
        return state[self.n + k]

    def heads(self, state) -> tuple:
        return tuple(c[0].kind if c else None for c in state[self.n:])


class PortHandlers:
    """The synchronizer's handlers as the system calls them: port numbers (plain ints) in and
    out, while the synchronizer's code sees its ports only as ``Port`` values, as an algorithm's
    commands do (models/topology/ports.py). Its place's ports, parent, children and intercluster ports,
    and the arrival port of a signal, are Port values; what it sends on must be one of them.

    In a run that lets one port labelling stand for all (``numbered`` false), a Port value
    refuses to give its number (``PortNumbersRead``), and the order in which a place lists its
    ports (port order) is the other way to read them: so every handler call is made again with
    the place's ports listed in every other order, and must give the same outcome (the same
    variables; on each port the same signals in the same order; the same set of control
    steps), or ``PortNumbersRead`` is raised and the checker starts again with every labelling.
    What a handler can compute is then the same under any renumbering of its process's ports,
    so the system with one labelling is the system with any other, its ports renamed. Outcomes
    are remembered per call, so each distinct call is checked once."""

    def __init__(self, synchronizer, numbered: bool):
        self.guarded = guarded_handlers(synchronizer)
        self.numbered = numbered
        self.name = type(synchronizer).__name__
        self._outcomes: dict = {}

    def places(self, topology, ids) -> list:
        places = self.guarded.places(topology, ids)
        if not isinstance(places, (list, tuple)) or len(places) != topology.n or not all(
                isinstance(place, Place) for place in places):
            raise AlgorithmError(f"{self.name}.places must give a models.systems.synchronizers.Place for each of the "
                                 f"{topology.n} processes")
        return [self._place(place, topology.degree(v), v) for v, place in enumerate(places)]

    def _place(self, place, degree: int, v: int):
        def port(value):
            number = read_numbers(value)
            if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < degree:
                raise AlgorithmError(f"{self.name}.places gives process {v} the port {value!r}, which it does not have "
                                     f"(its ports are 0..{degree - 1})")
            return Port(number, self.numbered)

        return place._replace(ports=tuple(map(port, place.ports)),
                              parent=None if place.parent is None else port(place.parent),
                              children=tuple(map(port, place.children)), inter=tuple(map(port, place.inter)))

    def start(self, place) -> tuple:
        return self._call("start", place, ())

    def ready(self, place, sync: tuple, tick: int) -> bool:
        return self._call("ready", place, (sync, tick))

    def advanced(self, place, sync: tuple, tick: int, sent: int, last: bool) -> tuple[tuple, tuple]:
        return self._call("advanced", place, (sync, tick, sent, last))

    def receive(self, place, sync: tuple, tick: int, port: int, envelope) -> tuple[tuple, tuple]:
        return self._call("receive", place, (sync, tick, Port(port, self.numbered), envelope))

    def actions(self, place, sync: tuple, tick: int) -> list:
        return self._call("actions", place, (sync, tick))

    def describe(self, place, sync: tuple) -> dict:
        return self.guarded.describe(place, sync)

    def _call(self, handler: str, place, arguments: tuple):
        key = (handler, place, arguments)
        try:
            return self._outcomes[key]
        except KeyError:
            pass
        except TypeError:  # variables that cannot be hashed: the state cannot be either, and says so
            key = None
        outcome = getattr(self.guarded, handler)(place, *arguments)
        plain = self._plain(handler, outcome)
        if not self.numbered:
            self._same_in_every_order(handler, place, arguments, outcome)
        if key is not None:
            self._outcomes[key] = plain
        return plain

    def _same_in_every_order(self, handler: str, place, arguments: tuple, outcome) -> None:
        expected = _normal(handler, outcome)
        for order in islice(permutations(range(len(place.ports))), 1, None):
            try:
                other = getattr(self.guarded, handler)(_listed_in(place, order), *arguments)
            except AlgorithmError as error:
                if isinstance(error, PortNumbersRead):
                    raise
                other = error
            if isinstance(other, AlgorithmError) or _normal(handler, other) != expected:
                raise PortNumbersRead(f"{self.name}.{handler} depends on the order in which its place lists its "
                                      "ports, which reads their numbers")

    def _plain(self, handler: str, outcome):
        """``outcome`` with the ports it sends on as the numbers the system uses."""
        try:
            if handler in ("advanced", "receive"):
                sync, sends = outcome
                return sync, self._sends(handler, sends)
            if handler == "actions":
                return [(name, sync, self._sends(handler, sends)) for name, sync, sends in outcome]
        except (TypeError, ValueError):
            shape = "a list of (name, variables, sends)" if handler == "actions" else "(variables, sends)"
            raise AlgorithmError(f"{self.name}.{handler} returned {outcome!r}, not {shape} with sends as "
                                 "(port, Envelope) pairs") from None
        return outcome

    def _sends(self, handler: str, sends) -> tuple:
        plain = []
        for port, envelope in sends:
            if not isinstance(port, Port):
                raise AlgorithmError(f"{self.name}.{handler} sends on {port!r}; a synchronizer sends on the Port values "
                                     "it is given (its place's ports, parent, children and inter, the arrival port)")
            if _holds_a_port(envelope):
                raise AlgorithmError(f"{self.name}.{handler} sends {envelope!r}, which carries a port: ports are local "
                                     "to their process")
            plain.append((read_numbers(port), envelope))
        return tuple(plain)


def _listed_in(place, order: tuple):
    """``place`` with its ports listed in ``order`` (positions in port order), its children and
    intercluster ports in the same order."""
    ports = tuple(place.ports[j] for j in order)
    position = {read_numbers(port): k for k, port in enumerate(ports)}

    def listed(some):
        return tuple(sorted(some, key=lambda port: position[read_numbers(port)]))

    return place._replace(ports=ports, children=listed(place.children), inter=listed(place.inter))


def _normal(handler: str, outcome):
    """What must not depend on the order of a place's ports: ``outcome`` with every Port as its
    number, the signals sent as each port's in order (signals on different links are not
    ordered), and the control steps as a set."""
    if handler in ("advanced", "receive"):
        sync, sends = outcome
        return _numbers(sync), _by_port(sends)
    if handler == "actions":
        return sorted(((name, _numbers(sync), _by_port(sends)) for name, sync, sends in outcome), key=repr)
    return _numbers(outcome)


def _by_port(sends) -> tuple:
    return tuple(sorted(((_numbers(port), _numbers(envelope)) for port, envelope in sends), key=lambda s: repr(s[0])))


def _numbers(value):
    if isinstance(value, Port):
        return ("port", read_numbers(value))
    if isinstance(value, (tuple, list)):
        return tuple(_numbers(x) for x in value)
    if isinstance(value, dict):
        return tuple(sorted(((repr(k), _numbers(v)) for k, v in value.items())))
    return value


def _holds_a_port(value) -> bool:
    if isinstance(value, Port):
        return True
    return isinstance(value, (tuple, list)) and any(_holds_a_port(x) for x in value)


def guarded_handlers(synchronizer) -> SimpleNamespace:
    """``synchronizer``'s handlers (``HANDLERS``), each raising AlgorithmError where the
    synchronizer's code raises, as an algorithm's command does (models/systems/semantics.py): one line
    naming the file, the handler, the line and the exception. The error is made where the
    handler runs, so a worker sends back the same error as one process raises."""
    return SimpleNamespace(**{handler: _guarded(synchronizer, handler) for handler in HANDLERS})


def _guarded(synchronizer, handler: str):
    method = getattr(synchronizer, handler)

    def call(*arguments, **keywords):
        try:
            return method(*arguments, **keywords)
        except Exception as error:  # noqa: BLE001 -- the synchronizer's code, named in one line
            raise _handler_error(synchronizer, handler, error) from None

    return call


def _handler_error(synchronizer, handler: str, error: Exception) -> AlgorithmError:
    """The error of ``handler`` that raised ``error``, at the innermost line of the file that
    defines the synchronizer's class (a user's file), else at the innermost line of any (the code
    a user's class inherits, given variables it does not expect)."""
    cls = type(synchronizer)
    own_file = getattr(sys.modules.get(cls.__module__), "__file__", None)
    frames = traceback.extract_tb(error.__traceback__)[1:]  # the first is ``call``'s own
    own = [frame for frame in frames if frame.filename == own_file]
    innermost = (own or frames)[-1] if frames else None
    where = f"{innermost.filename}:{innermost.lineno}" if innermost else own_file or cls.__module__
    if isinstance(error, AlgorithmError):  # of its own class, as models/systems/semantics.py keeps it
        return type(error)(f"{where}: {cls.__name__}.{handler}: {error}")
    return AlgorithmError(f"{where}: {cls.__name__}.{handler} raised {type(error).__name__}: {error}")


def as_bag(channel: tuple) -> tuple:
    """A channel whose links deliver in any order, in one canonical order: states that differ
    only in the order of such a channel have the same futures, so they are one state."""
    return tuple(sorted(channel, key=repr)) if len(channel) > 1 else channel


def distinct_positions(channel: tuple):
    """The position of the first copy of each distinct envelope: any may be received next."""
    seen = set()
    for j, envelope in enumerate(channel):
        if envelope not in seen:
            seen.add(envelope)
            yield j


def persistent_subset(state, every: list, n: int, senders: list, process_of, visible) -> list:
    """The reduction of ``SynchronizedSystem.steps`` on FIFO links: the steps of the smallest set
    of processes closed under "may send on an empty channel into a member", or ``every`` step
    when that set holds one that ``visible`` says a property of the algorithm sees. ``senders``:
    each process's (incoming channel, its sender); an empty channel is a false part of ``state``
    (an empty tuple, or the interned engine's number 0)."""
    best = None
    for p in sorted({process_of(step) for step in every}):
        members, pending = {p}, [p]
        while pending:
            for k, sender in senders[pending.pop()]:
                if not state[n + k] and sender not in members:
                    members.add(sender)
                    pending.append(sender)
        chosen = [step for step in every if process_of(step) in members]
        if best is None or len(chosen) < len(best):
            best = chosen
        if len(best) == 1:
            break
    if len(best) < len(every) and any(visible(state, step) for step in best):
        return every
    return best


def observation_moved(before, after) -> bool:
    """Does a step that takes a process's observation from ``before`` to ``after`` change what a
    property of the algorithm reads (a leader, a decision, a candidacy)?"""
    return (before.is_leader, before.decided, before.candidate) != (after.is_leader, after.decided, after.candidate) \
        or after.decided and before.leader_id != after.leader_id


def _synchronous_run(rounds) -> tuple[list, list]:
    """The locals of every process after each round of the (deterministic) synchronous run, and
    what each process reads in the round after: ((port, messages), ...) for each of its ports."""
    n = rounds.n
    state = rounds.initial_state
    run, inboxes = [state[:n]], []
    while True:
        inboxes.append([tuple((port, state[k]) for port, k in rounds._in_ports[i]) for i in range(n)])
        following = rounds.steps(state)
        if not following:
            return run, inboxes
        if len(following) > 1:
            raise AlgorithmError(f"{rounds.algorithm.name} has several possible rounds from one state; a synchronizer "
                                 "simulates deterministic synchronous algorithms")
        state = following[0].target
        run.append(state[:n])
        if len(run) > MAX_TICKS:
            raise AlgorithmError(f"{rounds.algorithm.name}'s synchronous run has more than {MAX_TICKS} rounds here")


def synch_violation(observations, state) -> str | None:
    """(Synch): the first process that started a tick without a message of the tick before it."""
    for o, node in zip(observations, state):
        if node.missed is not None:
            tick, port = node.missed
            return (f"id {o.id} started tick {tick + 1} before the message sent to it in tick {tick} "
                    f"(on its port {port}) arrived")
    return None


def simulation_violation(observations, state) -> str | None:
    for o, node in zip(observations, state):
        if node.diverged is not None:
            return f"id {o.id}'s locals after round {node.diverged} differ from the synchronous run's"
    return None
