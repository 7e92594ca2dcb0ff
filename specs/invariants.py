"""Inductive invariants in the DSL's vocabulary, as named conjuncts (the style of mypyvy and Ivy).

    class CRInvariant(Invariant, algorithm=ChangRoberts):
        @conjunct
        def leader_max(s):
            "A leader's id is at least every initiator's."
            return ForAll(s.processes, lambda p: Implies(p.L == p.id,
                ForAll(s.processes, lambda q: Implies(q.initiated, q.id <= p.id))))

A conjunct is a function of a ring state ``s``:
  * ``s.processes``: one view per position, with the algorithm's locals (``p.L``,
    ``p.replied[CW]``), ``p.id`` and ``p.position``; ``s.is_leader(p)``, ``s.candidate(p)``
    ask the algorithm's own decision functions;
  * ``s.channels`` and ``s.inbox(p, port)``: FIFO channels, each with ``sender``,
    ``receiver``, ``port`` (where it arrives) and ``messages(Type)``, the messages of a type
    in it; ``ch.path_from(q)`` lists the processes a message that left q has passed to be in
    ch, in order (every process but q when ch leads back into q), ``ch.channels_from(q)``
    the channels it went through before ch;
  * ``s.with_id(x)``: the process whose id is x (ids are symbolic in a proof, so "the origin
    of message m" is ``s.with_id(m.id)``, not a position);
  * ``ForAll(domain, predicate)`` and ``Exists(domain, predicate)`` over a list of processes,
    ``s.with_id(x)``, or a channel's ``messages(Type)``; inside, And/Or/Not/Implies/ite as in
    commands.
The same text evaluates on a state the explorer found (plain values: ``RingState.of_state``,
``Invariant.failing``) and on z3 terms (``models.reading.symbolic_ring``), where a quantifier over a channel's messages becomes a z3
quantifier over positions of a sequence and one over processes a finite conjunction (n is
fixed). Every invariant implicitly starts with ``well_typed``: each local within its
declared domain (an Id in 0..n, an enum one of its members), which a proof must preserve too.
"""
from __future__ import annotations

import functools
import importlib
import inspect
import sys
from dataclasses import dataclass
from typing import Callable

from models import Algorithm, AlgorithmError, And, Implies, Or, ite
from models.dsl.algorithm import Layout
from models.systems.process import ProcessView, view_class
from models.topology.ring import CCW, CW, NEXT
from models.dsl.values import domain_of

from .election import Property

# ---------------------------------------------------------------------------------------------
# The ring state a conjunct reads


_STEP = {NEXT: 1, CW: 1, CCW: -1}  # which way a message sent on this port travels round the ring
_views: dict = {}


def _process_class(algorithm: type[Algorithm], layout: Layout, network: bool = False) -> type[ProcessView]:
    """The DSL's process view for this algorithm, with a ``position`` besides the locals; on a
    network the view of a network process (Port values, ``p.degree``), its port numbers readable:
    an invariant is written for one graph and its labelling."""
    key = (algorithm, tuple(layout.slots), network)
    if key not in _views:
        if network:
            from models.systems.network_process import NetworkProcessView

            base = view_class(algorithm, layout, NetworkProcessView, _numbered=True, _diameter=None)
        else:
            base = view_class(algorithm, layout)
        _views[key] = type(f"{algorithm.__name__}State", (base,), {"__slots__": ("position",)})
    return _views[key]


@functools.lru_cache(maxsize=64)
def _topology(algorithm: type[Algorithm], n: int):
    """The ring of ``n`` of ``algorithm``, built once: an invariant reads it at every state."""
    return algorithm.topology(n)


@functools.lru_cache(maxsize=1024)
def _out_ports(topology, process: int) -> tuple[str, ...]:
    return topology.out_ports(process)


class RingState:
    """One state of the ring, concrete or symbolic, as an invariant reads it."""

    def __init__(self, algorithm: type[Algorithm], ids, local_values, contents, messages=None, topology=None):
        """``ids`` and ``local_values`` per position, ``contents`` per channel: a tuple of
        Messages, or (symbolically) a ``ChannelTerms`` together with the ``messages`` sort.
        ``topology``: a general network's graph (models/topology/network.py), whose channels are
        one per direction of every edge; by default the algorithm's ring of ``n``."""
        self.algorithm = algorithm
        self.n = n = len(ids)
        self.topology = topology = topology if topology is not None else _topology(algorithm, n)
        self.network = topology.numbered_ports
        self.layout = Layout.of(algorithm, topology.ports)
        view = _process_class(algorithm, self.layout, self.network)
        self.processes = []
        for i in range(n):
            p = view(list(local_values[i]), ids[i], n, _out_ports(topology, i), algorithm)
            p.position = i
            self.processes.append(p)
        self.channels = [Channel(self, k, link, contents[k], messages) for k, link in enumerate(topology.channels)]

    @classmethod
    def of_state(cls, algorithm: type[Algorithm], ids, state, topology=None) -> "RingState":
        """The explorer's state (locals per process, then contents per channel) with these ids."""
        return cls(algorithm, ids, state[: len(ids)], state[len(ids):], topology=topology)

    def channel(self, sender, receiver) -> "Channel":
        """On a network, the channel from process ``sender`` to process ``receiver`` (neighbours)."""
        for ch in self.channels:
            if ch.sender is sender and ch.receiver is receiver:
                return ch
        raise AlgorithmError(f"no channel from p{sender.position} to p{receiver.position}: they are not neighbours")

    def neighbour(self, p, port: int):
        """On a network, the process that ``p``'s port number ``port`` leads to (its labelling's)."""
        return self.processes[self.topology.labelling[p.position][port]]

    def inbox(self, p, port: str | None = None) -> "Channel":
        """The channel into process ``p`` on ``port`` (on a unidirectional ring, its only one)."""
        ports = self.topology.in_ports(p.position)
        if port is not None and self.topology.port_labellings:
            raise AlgorithmError(_UNLABELLED.format(what=f"inbox(p, {port})", kind=self.topology.kind))
        if port is None:
            if len(ports) != 1:
                raise AlgorithmError(f"inbox(p) on a {self.topology.kind} needs a port: one of {', '.join(ports)}")
            port = ports[0]
        return self.channels[self.topology.in_channel(p.position, port)]

    def with_id(self, x):
        """The process whose id is ``x`` (none if no process has it), as a domain for ForAll/Exists."""
        return Guarded(self.processes, lambda q: q.id == x)

    def every_carried_id(self, message_type, condition):
        """Every message of this type in a channel carries the id of a process that meets
        ``condition``: ``s.every_carried_id(Token, lambda q: q.initiated)``."""
        return ForAll(self.channels, lambda ch: ForAll(ch.messages(message_type), lambda m:
            Exists(self.with_id(m.id), condition)))

    def is_leader(self, p):
        return self.algorithm.is_leader(p)

    def decided(self, p):
        return self.algorithm.decided(p)

    def candidate(self, p):
        return self.algorithm.candidate(p) if self.algorithm.candidate else True


# a ring state is given its topology built from n alone: on a ring whose port labelling is the
# adversary's, which port a channel arrives on is not known to it
_UNLABELLED = ("{what} on a {kind}: which port a channel leaves or arrives by is the port labelling's, "
               "which an invariant is not given; quantify over s.channels (path_from says where each leads)")


def _step(topology, link) -> int:
    """Which way round the ring a channel leads: +1 clockwise (to the next position), -1
    anticlockwise. Named by its sending port on the oriented rings; on an unoriented ring
    (``port_labellings``) by the labelling of the sender's ports (``toward``)."""
    if link.out_port in _STEP:
        return _STEP[link.out_port]
    clockwise = topology.toward(link.sender, True)
    if clockwise is None:
        raise AlgorithmError(f"path_from on a {topology.kind}: its ports {link.out_port} name no direction round a ring")
    return 1 if link.out_port == clockwise else -1


class Channel:
    """A FIFO link as an invariant reads it."""

    def __init__(self, ring: RingState, index: int, link, contents, messages):
        self.ring, self.index = ring, index
        self.sender, self.receiver = ring.processes[link.sender], ring.processes[link.receiver]
        self._ports = link.in_port, link.out_port
        self.contents, self._sort = contents, messages
        # +1 clockwise, -1 anticlockwise: on an unoriented ring the same for every labelling (the
        # channels are listed by where they lead, and only their ports' names change)
        self.step = None if ring.network else _step(ring.topology, link)  # no way round a network

    @property
    def port(self) -> str:
        """The port the channel arrives on (at ``receiver``)."""
        return self._port_named("port", 0)

    @property
    def out_port(self) -> str:
        """The port it leaves by (at ``sender``)."""
        return self._port_named("out_port", 1)

    def _port_named(self, what: str, k: int) -> str:
        if self.ring.topology.port_labellings and not self.ring.network:  # a network's proof is for its labelling
            raise AlgorithmError(_UNLABELLED.format(what=f"a channel's {what}", kind=self.ring.topology.kind))
        return self._ports[k]

    def messages(self, message_type) -> "Messages":
        """The messages of this type in the channel, to quantify over."""
        return Messages(self, message_type)

    def size(self):
        """How many messages the channel holds (symbolically an Int term)."""
        if self._sort is None:
            return len(self.contents)
        import z3

        contents = self.contents
        held = 0 if contents.base is None else z3.Length(contents.base) - contents.taken
        return held + len(contents.appended)

    def at(self, k: int) -> "Slot":
        """The k-th message from the head (0: delivered next), which may be absent
        (``present``): no quantifier, so a conjunct can say what the first few messages of a
        channel are, of every type, in order (a bounded channel's whole contents)."""
        return Slot(self, k)

    def path_from(self, origin) -> list:
        """The processes, in order, that a message sent by ``origin`` has passed to be here: the
        way the channel leads round the ring, which on an unoriented ring (seed 004) its
        labelling says (a message forwarded on the port opposite its arrival port keeps going
        the same way, whatever the labels)."""
        n, step = self.ring.n, self.step
        passed, position = [], (origin.position + step) % n
        while position != self.receiver.position:
            passed.append(self.ring.processes[position])
            position = (position + step) % n
        return passed

    def channels_from(self, origin) -> list["Channel"]:
        """The channels, in order, that a message sent by ``origin`` went through before this
        one: those into each process of ``path_from(origin)``, the same way round the ring.
        A FIFO order between messages in different channels is said with them."""
        into = {c.receiver.position: c for c in self.ring.channels if c.step == self.step}
        return [into[p.position] for p in self.path_from(origin)]

    def __repr__(self) -> str:
        if self.ring.network:
            return f"channel p{self.sender.position}->p{self.receiver.position} (port {self._ports[1]})"
        way = ("clockwise" if self.step == 1 else "anticlockwise") if self.ring.topology.port_labellings else self._ports[1]
        return f"channel p{self.sender.position}->p{self.receiver.position} ({way})"


class Slot:
    """Position k of a channel (``ch.at(k)``): ``present``, ``is_(Type)``, and a field of the
    message there, ``field(name)`` (of whichever type it has; when the position is empty, or
    the message has no such field, any value symbolically, 0 concretely)."""

    def __init__(self, channel: Channel, k: int):
        self.channel, self.k = channel, k
        self.present = k < channel.size()
        if channel._sort is None:
            self._message = channel.contents[k] if k < len(channel.contents) else None
        else:
            self._message = self._term()

    def _term(self):
        """The message term at position k: from the state-before's sequence while it lasts, then
        the appended ones (an arbitrary message when there is none)."""
        import z3

        contents, sort = self.channel.contents, self.channel._sort
        appended = contents.appended
        if contents.base is None:
            if self.k < len(appended):
                return appended[self.k]
            return z3.FreshConst(sort.sort, "absent")
        held = z3.Length(contents.base) - contents.taken
        term = contents.base[contents.taken + self.k]
        for j in reversed(range(min(len(appended), self.k + 1))):
            term = z3.If(held == self.k - j, appended[j], term)
        return term

    def is_(self, message_type):
        """A message of this type is at this position."""
        if self.channel._sort is None:
            return self._message is not None and type(self._message) is message_type
        import z3

        return z3.And(self.present, self.channel._sort.is_a(message_type, self._message))

    def field(self, name: str):
        """The message's field ``name``."""
        if self.channel._sort is None:
            return getattr(self._message, name, 0) if self._message is not None else 0
        sort, term = self.channel._sort, self._message
        having = [t for t in sort.types if name in t.fields]
        if not having:
            raise AlgorithmError(f"no message type has a field {name!r}")
        value = sort.field(having[-1], name, term)
        for t in reversed(having[:-1]):
            value = ite(sort.is_a(t, term), sort.field(t, name, term), value)
        return value


class Messages:
    """The messages of one type in one channel: a domain for ForAll and Exists."""

    def __init__(self, channel: Channel, message_type):
        self.channel, self.type = channel, message_type

    def _symbolic(self, predicate, quantifier):
        """A z3 quantifier over the positions of the channel's sequence, and the messages
        appended by a step one by one (models.reading.symbolic_ring.ChannelTerms)."""
        import z3

        sort, contents = self.channel._sort, self.channel.contents
        parts = []
        if contents.base is not None:
            k = z3.FreshInt("k")
            body = _formula(predicate(SymbolicMessage(sort, self.type, contents.base[k])))
            parts.append(_bounded(quantifier, [k], self._held(k), body))
        for message in self._appended():
            parts.append(_formula(predicate(SymbolicMessage(sort, self.type, message))))
        return (And if quantifier == "forall" else Or)(*parts) if parts else quantifier == "forall"

    def _held(self, k):
        """Position k of the channel's sequence holds a message of this type not yet taken."""
        import z3

        contents = self.channel.contents
        return z3.And(contents.taken <= k, k < z3.Length(contents.base),
                      self.channel._sort.is_a(self.type, contents.base[k]))

    def _appended(self) -> list:
        """The messages of this type a step appended, in order."""
        return [m for m in self.channel.contents.appended if m.decl().name() == self.type.__name__]

    def _concrete(self):
        return [m for m in self.channel.contents if m[0] == self.type.__name__]

    def forall(self, predicate):
        if self.channel._sort is not None:
            return self._symbolic(predicate, "forall")
        return ForAll(self._concrete(), predicate)

    def exists(self, predicate):
        if self.channel._sort is not None:
            return self._symbolic(predicate, "exists")
        return Exists(self._concrete(), predicate)

    def in_order(self) -> "InOrder":
        """Every two of these messages, the one nearer the head (delivered first on a FIFO link)
        first: ``ForAll(ch.messages(Token).in_order(), lambda ahead, behind: ...)``."""
        return InOrder(self)


class InOrder:
    """The ordered pairs of a channel's messages of one type: a domain for ForAll and Exists,
    whose predicate takes the message ahead and the one behind it. Symbolically a quantifier
    over two positions of the channel's sequence (and over one, for a message a step appended):
    a universal one is what z3 decides well, which is how an invariant reads FIFO order."""

    def __init__(self, messages: Messages):
        self._messages = messages

    def forall(self, predicate):
        return self._quantified(predicate, "forall")

    def exists(self, predicate):
        return self._quantified(predicate, "exists")

    def _quantified(self, predicate, quantifier):
        channel, message_type = self._messages.channel, self._messages.type
        if channel._sort is None:
            found = self._messages._concrete()
            pairs = [(a, b) for i, a in enumerate(found) for b in found[i + 1:]]
            return (ForAll if quantifier == "forall" else Exists)(pairs, lambda pair: predicate(*pair))
        import z3

        sort, contents, messages = channel._sort, channel.contents, self._messages
        message = lambda term: SymbolicMessage(sort, message_type, term)  # noqa: E731
        appended = messages._appended()
        parts = [_formula(predicate(message(a), message(b))) for i, a in enumerate(appended) for b in appended[i + 1:]]
        if contents.base is not None:
            sequence, i, j = contents.base, z3.FreshInt("i"), z3.FreshInt("j")
            parts.append(_bounded(quantifier, [i, j], z3.And(messages._held(i), messages._held(j), i < j),
                                  _formula(predicate(message(sequence[i]), message(sequence[j])))))
            parts += [_bounded(quantifier, [i], messages._held(i), _formula(predicate(message(sequence[i]), message(b))))
                      for b in appended]
        return (And if quantifier == "forall" else Or)(*parts) if parts else quantifier == "forall"


def _bounded(quantifier: str, variables, where, body):
    """z3's quantifier over ``variables`` restricted to ``where``."""
    import z3

    return z3.ForAll(variables, z3.Implies(where, body)) if quantifier == "forall" else z3.Exists(variables, z3.And(where, body))


class SymbolicMessage:
    """A message in a z3 sequence, read like a Message: ``m.id`` is its field's term."""

    def __init__(self, sort, message_type, term):
        self._sort, self._type, self._term = sort, message_type, term

    def __getattr__(self, name):
        if name in self._type.fields:
            return self._sort.field(self._type, name, self._term)
        raise AttributeError(f"{self._type.__name__} has no field {name!r}; its fields: {', '.join(self._type.fields)}")


def _formula(value):
    import z3

    return value if z3.is_expr(value) else z3.BoolVal(bool(value))


class Guarded:
    """Processes of a list that meet a condition which may be symbolic: ``s.with_id(m.id)``."""

    def __init__(self, processes, condition: Callable):
        self.processes, self.condition = processes, condition


def ForAll(domain, predicate: Callable):
    """``predicate`` holds for every process of a list, or every message of a ``messages(Type)``."""
    if isinstance(domain, (Messages, InOrder)):
        return domain.forall(predicate)
    if isinstance(domain, Guarded):
        return ForAll(domain.processes, lambda p: _implies(domain.condition(p), lambda: predicate(p)))
    terms = []
    for x in domain:  # a plain False decides the conjunction, symbolic or not
        value = predicate(x)
        if _plain(value):
            if not value:
                return False
        else:
            terms.append(value)
    return And(*terms) if terms else True


def Exists(domain, predicate: Callable):
    """``predicate`` holds for some process of a list, or some message of a ``messages(Type)``."""
    if isinstance(domain, (Messages, InOrder)):
        return domain.exists(predicate)
    if isinstance(domain, Guarded):
        return Exists(domain.processes, lambda p: _and(domain.condition(p), lambda: predicate(p)))
    terms = []
    for x in domain:
        value = predicate(x)
        if _plain(value):
            if value:
                return True
        else:
            terms.append(value)
    return Or(*terms) if terms else False


def _plain(value) -> bool:
    return isinstance(value, (bool, int))


def _implies(condition, conclusion: Callable):
    if _plain(condition):
        return conclusion() if condition else True
    return Implies(condition, conclusion())


def _and(condition, conjunct: Callable):
    if _plain(condition):
        return conjunct() if condition else False
    return And(condition, conjunct())


# ---------------------------------------------------------------------------------------------
# Invariants: named conjuncts


@dataclass(frozen=True)
class Conjunct:
    name: str
    predicate: Callable
    doc: str = ""
    line: int = 0

    def __call__(self, s: RingState):
        try:
            return self.predicate(s)
        except AlgorithmError:
            raise
        except Exception as error:
            if type(error).__module__.startswith("z3"):
                raise  # the symbolic reading names it (checker/prove.py)
            raise AlgorithmError(
                f"invariant conjunct {self.name} (line {self.line}) raised {type(error).__name__}: {error}"
            ) from None


def conjunct(predicate: Callable) -> Conjunct:
    """Declare one named conjunct of an invariant: its name is the function's, its docstring
    says what it states."""
    doc = (inspect.getdoc(predicate) or "").split("\n\n")[0].replace("\n", " ")
    try:
        line = inspect.getsourcelines(predicate)[1]
    except (OSError, TypeError):
        line = 0
    return Conjunct(predicate.__name__, predicate, doc, line)


def _well_typed(s: RingState):
    return ForAll(s.processes, lambda p: And(*(
        domain_of(variable.type, p._values[k], s.n) for k, (_, _, variable) in enumerate(s.layout.slots)
    )))


WELL_TYPED = Conjunct("well_typed", _well_typed, "every local holds a value of its declared type (Id: 0..n)")


class Invariant:
    """Base of an algorithm's inductive invariant: ``class X(Invariant, algorithm=A)`` with
    ``@conjunct`` methods. A subclass drops an inherited conjunct with ``name = None``."""

    algorithm: type[Algorithm] | None = None
    conjuncts: tuple[Conjunct, ...] = ()
    # True if rotating the ring (and mirroring it, for mirror-symmetric algorithms) maps the
    # invariant to itself: it reads positions only through path_from and comparisons of
    # positions, never a fixed position. Then the explorer may check it on one arrangement per
    # symmetry class; otherwise it checks every arrangement.
    symmetric = False

    def __init_subclass__(cls, algorithm: type[Algorithm] | None = None, **kwargs):
        super().__init_subclass__(**kwargs)
        if algorithm is not None:
            cls.algorithm = algorithm
        found: dict[str, Conjunct] = {}
        for klass in reversed(cls.__mro__):
            for name, value in vars(klass).items():
                if isinstance(value, Conjunct):
                    found[name] = value
                elif value is None and name in found:
                    del found[name]
        cls.conjuncts = (WELL_TYPED, *found.values())

    @classmethod
    def conjunct(cls, name: str) -> Conjunct:
        return next(c for c in cls.conjuncts if c.name == name)

    @classmethod
    def failing(cls, s: RingState) -> list[str]:
        """The names of the conjuncts that are false in a concrete state."""
        return [c.name for c in cls.conjuncts if not c(s)]


# ---------------------------------------------------------------------------------------------
# Which invariant an algorithm has

BUILTIN_INVARIANTS = {
    "algorithms.cr:ChangRoberts": "specs.cr_invariant:CRInvariant",
    "algorithms.cr_all:ChangRobertsAllInitiators": "specs.cr_all_invariant:CRAllInvariant",
    "algorithms.lcr:LCR": "specs.lcr_invariant:LCRInvariant",
    "algorithms.hs:HirschbergSinclair": "specs.hs_invariant:HSInvariant",
    "algorithms.hs_lecture:HirschbergSinclairLecture": "specs.hs_lecture_invariant:HSLectureInvariant",
    "algorithms.lelann:LeLann": "specs.lelann_invariant:LeLannInvariant",
    "algorithms.franklin:Franklin": "specs.franklin_invariant:FranklinInvariant",
    "algorithms.hs_unoriented:HirschbergSinclairUnoriented": "specs.hs_unoriented_invariant:HSUnorientedInvariant",
    "algorithms.peterson:Peterson": "specs.peterson_invariant:PetersonInvariant",
    # on a graph where id 1 neighbours every process (the complete graph): check ... --graph complete --prove
    "algorithms.dfs_election:DfsElectionLiteral": "specs.dfs_literal_invariant:DfsLiteralInvariant",
}


def _import(path: str):
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def invariant_for(algorithm: type[Algorithm]) -> type[Invariant] | None:
    """An Invariant written for ``algorithm``: one defined beside it in its module, else the one
    of the nearest built-in algorithm it derives from (a variant is held to its original's
    invariant, which is how a broken variant shows up as a failed proof)."""
    module = sys.modules.get(algorithm.__module__)
    for value in vars(module).values() if module else ():
        if isinstance(value, type) and issubclass(value, Invariant) and value.algorithm in algorithm.__mro__:
            return value
    for klass in algorithm.__mro__:
        path = BUILTIN_INVARIANTS.get(f"{klass.__module__}:{klass.__qualname__}")
        if path:
            return _import(path)
    return None


def require_invariant(algorithm: type[Algorithm]) -> type[Invariant]:
    """``invariant_for(algorithm)``, or one line saying what to do when there is none."""
    invariant = invariant_for(algorithm)
    if invariant is None:
        raise AlgorithmError(
            f"{algorithm.name} has no inductive invariant: write one (see docs/proofs.md) beside the "
            "algorithm, or give one with --invariant FILE.py"
        )
    return invariant


# ---------------------------------------------------------------------------------------------
# The invariant as properties the explorer checks on every reachable state


def symmetry_for(invariant: type[Invariant], requested: str = "reflection",
                 algorithm: type[Algorithm] | None = None) -> str:
    """The arrangement symmetry the explorer may use while it checks this invariant: rotation at
    most, and only for an invariant that declares itself symmetric, on a ring whose rotations
    are plain (no port labellings) and that rotating maps to itself (``rotation_symmetric``: not
    a ring with one port labelling fixed, bench/prove_labellings.py's ``at_labelling``). The declaration
    is not trusted: ``invariant_properties`` evaluates each conjunct on every rotation of every
    state it is given, which is exactly what checking the other arrangements of each rotation
    class would evaluate."""
    if not invariant.symmetric or requested == "none":
        return "none"
    if algorithm is not None and (algorithm.topology.port_labellings
                                  or not algorithm.topology.rotation_symmetric):
        return "none"
    return "rotation"


def rotations(algorithm: type[Algorithm], ids: tuple, state: tuple):
    """(k, ids, state) for every rotation of the ring by k = 1..n-1 positions: process i's
    locals, id and channels moved to process i + k. Each is the state the rotated arrangement
    reaches by the rotated execution (processes do not know their position)."""
    n = len(ids)
    topology = algorithm.topology(n)
    for k in range(1, n):
        moved_ids, moved_locals = [None] * n, [None] * n
        for i in range(n):
            moved_ids[(i + k) % n], moved_locals[(i + k) % n] = ids[i], state[i]
        channels = [None] * len(topology.channels)
        for j, target in enumerate(topology.rotated_channels(k)):  # a rotation-symmetric ring: never None
            channels[target] = state[n + j]
        yield k, tuple(moved_ids), tuple(moved_locals) + tuple(channels)


def invariant_properties(invariant: type[Invariant], algorithm: type[Algorithm],
                         rotated: bool = False, topology=None) -> list[Property]:
    """One state Property per conjunct, named ``invariant.<conjunct>``; ``rotated`` (the explorer
    checks one arrangement per rotation class): also on every rotation of each state.

    They read whole states (locals and channels, ``reads_state``), so the explorer checks
    them without partial-order reduction: its visibility proviso only knows decisions.
    """
    last: list = [None, None]  # the ring state of the last state looked at, shared by the conjuncts
    last_rotated: list = [None, None]  # and its rotations, (k, ids, ring state) each

    def ring_of(observations, state) -> RingState:
        if last[0] is not state:
            last[0], last[1] = state, RingState.of_state(algorithm, tuple(o.id for o in observations), state, topology)
        return last[1]

    def rotated_rings_of(observations, state) -> list:
        if last_rotated[0] is not state:
            ids = tuple(o.id for o in observations)
            last_rotated[0], last_rotated[1] = state, [
                (k, moved_ids, RingState.of_state(algorithm, moved_ids, moved))
                for k, moved_ids, moved in rotations(algorithm, ids, state)]
        return last_rotated[1]

    def property_of(c: Conjunct) -> Property:
        def check(observations, state):
            if not c(ring_of(observations, state)):
                return f"conjunct {c.name} is false: {c.doc}"
            if rotated:
                for k, moved_ids, moved_ring in rotated_rings_of(observations, state):
                    if not c(moved_ring):
                        return (f"conjunct {c.name} is false of this state rotated by {k} (ids "
                                f"{','.join(map(str, moved_ids))}, a state that arrangement reaches): {c.doc}")
            return None

        return Property(f"invariant.{c.name}", "state", c.doc, check, reads_state=True)

    return [property_of(c) for c in invariant.conjuncts]
