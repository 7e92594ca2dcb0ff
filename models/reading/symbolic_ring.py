"""The symbolic (z3) reading of a whole ring of n processes: every local, every channel, one step.

``models.reading.symbolic`` reads one command of one process on z3 terms. This module puts n copies of
that reading on the ring, so that a proof can say "the invariant holds before this step and
fails after it" about the very algorithm text the explorer runs:

  * the ids are n Int constants, pairwise distinct and within 1..n, so one query covers every
    arrangement of the ids at once;
  * a channel is a z3 sequence (unbounded) over a datatype with one constructor per message
    type, its fields the message's fields. After a step it is kept as (that sequence, how many
    messages were taken from its head, the message terms appended), not as z3's concatenation
    and extraction: a quantifier over the messages in a channel then ranges over the positions
    of the state-before's sequence only, plus the appended terms one by one, which z3 decides
    at once (over Concat/Extract terms it timed out at n = 3);
  * a step of command c at process i (arrival port q for a receive) is c's reading
    (``models.reading.symbolic.reading``: the one reading per command instance and n that
    checker/trust/readings.py compares with Python, and a proof checks first), with the
    reading's process constants replaced by process i's locals and id and the message's
    fields by the head of the channel into q; the head is removed and the sends are
    appended in order, as in models.systems.semantics;
  * a head that no command accepts is consumed with no other effect (an unmatched reception).

On a general network (``topology`` a models.topology.network.Network) the same holds with one
channel per direction of every edge, as the explorer lists them: process i's reading is the one
at its degree (a process reads ``p.degree`` and has ports 0..degree-1), and a send on port k
goes to the channel the network's labelling gives (``out_channel``), a reception on port k
takes the head of the channel ``in_channel`` gives. A send on a port held in a local (an Int
term, not a number) is refused: it would go to a channel chosen by the term.

A ``RingTerms`` has the shape of the explorer's state (locals per process, contents per
channel) with terms in place of values; ``decode`` turns a z3 model back into the explorer's
own state, so the explorer can be asked whether that state is reachable.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
import z3

from ..dsl.algorithm import Algorithm, Command
from ..dsl.messages import Message
from ..errors import AlgorithmError
from ..systems.semantics import UNMATCHED
from .symbolic import SymbolicProcess, SymbolicStep, as_term, reading, sort_of


_rings = itertools.count()


class MessageSort:
    """The z3 datatype of an algorithm's messages: ``Token(id)``, ``Leader(id)``, ..."""

    def __init__(self, name: str, message_types):
        self.types = tuple(sorted(set(message_types), key=lambda t: t.__name__))
        datatype = z3.Datatype(f"{name}.Message")
        for t in self.types:
            datatype.declare(t.__name__, *(
                (f"{t.__name__}.{field}", sort_of(ft)) for field, ft in zip(t.fields, t.field_types)
            ))
        self.sort = datatype.create()
        self._by_name = {t.__name__: t for t in self.types}

    def _constructor(self, t: type[Message]):
        return getattr(self.sort, t.__name__)

    def make(self, t: type[Message], fields) -> z3.ExprRef:
        constructor = self._constructor(t)
        return constructor(*fields) if t.fields else constructor

    def is_a(self, t: type[Message], term: z3.ExprRef) -> z3.BoolRef:
        return getattr(self.sort, f"is_{t.__name__}")(term)

    def field(self, t: type[Message], name: str, term: z3.ExprRef) -> z3.ExprRef:
        return getattr(self.sort, f"{t.__name__}.{name}")(term)

    def fields(self, t: type[Message], term: z3.ExprRef) -> tuple[z3.ExprRef, ...]:
        return tuple(self.field(t, name, term) for name in t.fields)

    def decode(self, value: z3.ExprRef) -> Message:
        """A message value from a model, as the explorer's Message."""
        t = self._by_name[value.decl().name()]
        return t.from_values(tuple(_plain(value.arg(k), ft) for k, ft in enumerate(t.field_types)))


def _plain(value: z3.ExprRef, value_type: type):
    """A model's value of a local or field as the plain Python value the explorer stores."""
    if value_type is bool:
        return z3.is_true(value)
    number = value.as_long()
    return value_type(number) if value_type is not int and issubclass(value_type, int) else number


@dataclass(frozen=True)
class ChannelTerms:
    """A channel's contents: ``base[taken:]`` (a sequence term, or none) followed by ``appended``."""

    base: z3.SeqRef | None = None
    taken: int = 0
    appended: tuple[z3.ExprRef, ...] = ()

    def pop(self) -> "ChannelTerms":
        return replace(self, taken=self.taken + 1)

    def push(self, message: z3.ExprRef) -> "ChannelTerms":
        return replace(self, appended=self.appended + (message,))


@dataclass(frozen=True)
class RingTerms:
    """A state of the ring as terms: ids, locals per process (layout order), contents per channel."""

    ids: tuple[z3.ExprRef, ...]
    locals: tuple[tuple[z3.ExprRef, ...], ...]
    channels: tuple[ChannelTerms, ...]


@dataclass(frozen=True)
class SymbolicTransition:
    """One command instance as a guard over ``before`` and the state ``after`` it leads to."""

    process: int
    command: str  # a command's name, or UNMATCHED
    port: str | None
    guard: z3.BoolRef
    after: RingTerms


class SymbolicRing:
    """An algorithm on its ring of n, read symbolically."""

    def __init__(self, algorithm: type[Algorithm], n: int, topology=None):
        self.algorithm, self.n = algorithm, n
        self.topology = topology if topology is not None else algorithm.topology(n)
        # on a network each process reads its own degree; on a ring every process is alike (None)
        self.network = self.topology.numbered_ports
        self.degrees = tuple(self.topology.degree(i) if self.network else None for i in range(n))
        self.template = SymbolicProcess(algorithm, n, name="template")
        self.layout = self.template.layout
        self.in_ports = self.template.in_ports
        self._steps: dict[tuple[str, str | int | None, int | None], tuple[Command, SymbolicStep]] = {}
        for degree in sorted(set(self.degrees), key=lambda d: -1 if d is None else d):
            for command in algorithm.commands:
                for port in self._ports_of(command, degree):
                    step = reading(algorithm, command, n, port, degree=degree)
                    self._steps[(command.name, port, degree)] = (command, step)
        received = {c.message for c in algorithm.commands if c.kind == "receive"}
        sent = {t for _, step in self._steps.values() for _, t, _ in step.sends}
        # a new datatype per ring, numbered in creation order so that runs are repeatable
        self.messages = MessageSort(f"{algorithm.__name__}{next(_rings)}", received | sent)

    def _in_ports(self, degree: int | None):
        return self.in_ports if degree is None else tuple(range(degree))

    def _ports_of(self, command: Command, degree: int | None):
        """The ports a command instance is read at: none for a spontaneous command (each port of
        the process for an ``any_port`` one, on a network), else the arrival ports it accepts."""
        if command.kind == "spontaneous":
            return tuple(range(degree)) if degree is not None and command.any_port else (None,)
        return tuple(p for p in self._in_ports(degree) if command.enabled_on(p))

    # -- states ----------------------------------------------------------------------------
    def fresh(self, name: str = "s") -> RingTerms:
        """A state whose every id, local and channel is a fresh constant."""
        ids = tuple(z3.Int(f"{name}.id{i}") for i in range(self.n))
        local_terms = tuple(
            tuple(z3.Const(f"{name}.p{i}.{self.layout.slot_name(k)}", sort_of(variable.type))
                  for k, (_, _, variable) in enumerate(self.layout.slots))
            for i in range(self.n)
        )
        channels = tuple(
            ChannelTerms(z3.Const(f"{name}.ch{k}", z3.SeqSort(self.messages.sort)))
            for k in range(len(self.topology.channels))
        )
        return RingTerms(ids, local_terms, channels)

    def rotated(self, state: RingTerms) -> RingTerms | None:
        """``state`` with every process moved one place on: process i's id and locals at i + 1,
        and each channel's contents at the channel between the moved processes by the same ports.
        None where that is no state of this ring (a network, or a ring whose rotation does not map
        its channels onto its channels)."""
        moved = None if self.network else self.topology.rotated_channels(1)
        if moved is None:
            return None
        n, channels = self.n, [None] * len(moved)
        for k, target in enumerate(moved):
            channels[target] = state.channels[k]
        return RingTerms(tuple(state.ids[(i - 1) % n] for i in range(n)),
                         tuple(state.locals[(i - 1) % n] for i in range(n)), tuple(channels))

    def initial(self, ids: tuple[z3.ExprRef, ...]) -> RingTerms:
        """The initial state (every local at its initial value, channels empty) with these ids."""
        values = tuple(as_term(variable.initial, variable.type, name) for name, _, variable in self.layout.slots)
        return RingTerms(ids, tuple(values for _ in range(self.n)), tuple(ChannelTerms() for _ in self.topology.channels))

    def arrangement(self, state: RingTerms) -> z3.BoolRef:
        """The ids are a permutation of 1..n: distinct, and each within 1..n."""
        return z3.And(z3.Distinct(*state.ids) if self.n > 1 else True, *(z3.And(1 <= x, x <= self.n) for x in state.ids))

    # -- steps ------------------------------------------------------------------------------
    def transitions(self, state: RingTerms) -> list[SymbolicTransition]:
        """Every command instance, in the explorer's order (process, command, port), plus the
        unmatched reception on each port."""
        result = []
        for i in range(self.n):
            degree = self.degrees[i]
            for command in self.algorithm.commands:
                if command.kind == "spontaneous":
                    for port in self._ports_of(command, degree):
                        result.append(self._step(state, i, command, port))
            for port in self._in_ports(degree):
                accepting = []
                for command in self.algorithm.commands:
                    if command.kind == "receive" and command.enabled_on(port):
                        transition = self._step(state, i, command, port)
                        accepting.append(transition.guard)
                        result.append(transition)
                result.append(self._unmatched(state, i, port, accepting))
        return result

    def _head(self, state: RingTerms, i: int, port: str) -> tuple[int, z3.BoolRef, z3.ExprRef]:
        """(channel index, "it is non-empty", its head) for the channel into process i on port."""
        k = self.topology.in_channel(i, port)
        channel = state.channels[k]
        if channel.base is None or channel.taken or channel.appended:
            raise ValueError("steps are taken from a state of fresh constants only")
        return k, z3.Length(channel.base) > 0, channel.base[0]

    def _step(self, state: RingTerms, i: int, command: Command, port: str | None) -> SymbolicTransition:
        _, step = self._steps[(command.name, port, self.degrees[i])]
        template = step.process
        pairs = list(zip(template.locals, state.locals[i])) + [(template.id, state.ids[i])]
        guard = []
        channels = list(state.channels)
        if command.kind == "receive":
            k, nonempty, head = self._head(state, i, port)
            guard += [nonempty, self.messages.is_a(command.message, head)]
            pairs += list(zip(step.message[1:], self.messages.fields(command.message, head)))
            channels[k] = channels[k].pop()

        def substituted(term):
            return z3.substitute(term, *pairs)

        guard.append(substituted(step.guard))
        for out_port, message_type, fields in step.sends:
            if z3.is_expr(out_port):
                raise AlgorithmError(
                    f"{self.algorithm.__name__}.{command.name} sends on a port held in a local; the symbolic "
                    "network does not read such a send yet (it would go to a channel the term chooses)")
            k = self.topology.out_channel(i, out_port)
            message = self.messages.make(message_type, [substituted(f) for f in fields])
            channels[k] = channels[k].push(message)
        new_locals = list(state.locals)
        new_locals[i] = tuple(substituted(term) for term in step.locals)
        after = RingTerms(state.ids, tuple(new_locals), tuple(channels))
        return SymbolicTransition(i, command.name, port, z3.And(*guard), after)

    def _unmatched(self, state: RingTerms, i: int, port: str, accepting) -> SymbolicTransition:
        k, nonempty, _ = self._head(state, i, port)
        channels = list(state.channels)
        channels[k] = channels[k].pop()
        guard = z3.And(nonempty, z3.Not(z3.Or(*accepting)) if accepting else True)
        return SymbolicTransition(i, UNMATCHED, port, guard, RingTerms(state.ids, state.locals, tuple(channels)))

    def equals(self, terms: RingTerms, ids, state) -> z3.BoolRef:
        """``terms`` (with a whole sequence per channel) is exactly this state of the explorer's."""
        n = len(ids)
        equal = [x == v for x, v in zip(terms.ids, ids)]
        for symbolic, values in zip(terms.locals, state[:n]):
            equal += [x == v for x, v in zip(symbolic, values)]
        for channel, messages in zip(terms.channels, state[n:]):
            equal.append(z3.Length(channel.base) == len(messages))
            equal += [channel.base[j] == self.messages.make(type(m), m[1:]) for j, m in enumerate(messages)]
        return z3.And(*equal)

    def holds(self, after: RingTerms, before, state) -> z3.BoolRef:
        """``after`` (a step's result from a state of fresh constants pinned to the explorer's
        ``before`` by ``equals``) is exactly the explorer's ``state``."""
        n = self.n
        equal = [x == v for terms, values in zip(after.locals, state[:n]) for x, v in zip(terms, values)]
        for channel, held, messages in zip(after.channels, before[n:], state[n:]):
            elements = [channel.base[j] for j in range(channel.taken, len(held))] if channel.base is not None else []
            elements += channel.appended
            if len(elements) != len(messages):
                return z3.BoolVal(False)
            equal += [x == self.messages.make(type(m), m[1:]) for x, m in zip(elements, messages)]
        return z3.And(*equal)

    # -- models -----------------------------------------------------------------------------
    def decode(self, model: z3.ModelRef, state: RingTerms) -> tuple[tuple[int, ...], tuple]:
        """(ids, the explorer's state) of ``state`` in ``model``."""

        def value(term):
            return model.eval(term, model_completion=True)

        ids = tuple(value(x).as_long() for x in state.ids)
        local_values = tuple(
            tuple(_plain(value(x), variable.type) for x, (_, _, variable) in zip(terms, self.layout.slots))
            for terms in state.locals
        )
        channels = []
        for channel in state.channels:
            terms = list(channel.appended)
            if channel.base is not None:
                length = value(z3.Length(channel.base)).as_long()
                terms[:0] = [channel.base[j] for j in range(channel.taken, length)]
            channels.append(tuple(self.messages.decode(value(term)) for term in terms))
        return ids, local_values + tuple(channels)
