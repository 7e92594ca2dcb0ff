"""The guarded-command DSL: an algorithm is a class of locals, message types and commands.

    class HirschbergSinclair(Algorithm, name="hs", seed="001_86390f416016552c.txt"):
        topology = BidirectionalRing
        asleep = Local(bool, True)

        @spontaneous(when=lambda p: p.asleep)
        def wake(p):
            p.asleep = False
            p.send_all(Probe(p.id, 0, 0))

A command sees only its own process ``p`` (its locals, ``p.id``, ``p.n`` if the algorithm
knows n, ``p.send``), and for a receive the message ``m`` and the arrival ``port``. That
locality is what makes the same text executable concretely and translatable to z3.
Guards are expressions; bodies are straight-line assignments and sends; every
data-dependent branch is a separate command, as in a ``do ... od``. The rules are checked
when the class is created (see ``models.dsl.lint``).
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field, replace
from typing import Callable

from .draws import draws_in
from ..errors import AlgorithmError
from .lint import lint_algorithm_class
from .messages import Message
from ..topology.ports import Port, reads_a_number, stored
from ..topology.ring import Topology

LARGEST = "largest"
SMALLEST = "smallest"
ASYNCHRONOUS = "asynchronous"  # DESIGN.md's FIFO semantics (models/systems/semantics.py): the default
SYNCHRONOUS = "synchronous"  # rounds (models/systems/rounds.py)


class Local:
    """A local variable of every process: ``asleep = Local(bool, True)``."""

    per_port = False

    def __init__(self, type_: type, initial):
        self.type = type_
        self.initial = stored(initial) if type_ is Port else initial  # states hold plain values
        # starts at a port built from its number (Port(k)): reads port number k (models/topology/ports.py)
        self.names_a_port = type_ is Port and reads_a_number(initial, numbered=False)
        self.name = "?"

    def __set_name__(self, owner, name):
        self.name = name

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.type.__name__}, {self.initial!r})"


class PerPort(Local):
    """One variable per port of the process, read and written as ``p.replied[port]``."""

    per_port = True


@dataclass
class Command:
    """One guarded command: ``kind`` is "spontaneous", "receive" or "timeout"."""

    name: str
    kind: str
    body: Callable
    guard: Callable | None = None
    message: type[Message] | None = None
    ports: tuple[str, ...] | None = None
    line: int = 0
    order: int = 0
    any_port: bool = False  # a spontaneous command taken on any one of the process's ports (networks)
    draws: bool = False  # the body calls p.draw (read from its source): its outcomes are random
    waits_for: Callable | None = None  # a timeout's awaited process: waits_for(p) is its id
    rank: int = 1  # a timeout's length among the algorithm's: the shorter ones fire first

    def enabled_on(self, port: str) -> bool:
        return self.ports is None or port in self.ports


_declaration_counter = 0


def _next_order() -> int:
    global _declaration_counter
    _declaration_counter += 1
    return _declaration_counter


def _line_of(function) -> int:
    """The line of the function's first decorator (or of its def): inspect.getsourcelines's
    number, without reading and tokenizing the source."""
    return getattr(getattr(function, "__code__", None), "co_firstlineno", 0)


def spontaneous(when: Callable | None = None, any_port: bool = False):
    """A command with no message: enabled whenever ``when(p)`` holds (always, if omitted).

    With ``any_port=True`` (on a network) the command also takes a port, ``when(p, port)`` and
    ``body(p, port)``, and may be taken on any port of the process whose guard holds: the
    choice of the port is nondeterministic, as "for each child" leaves the order open, and every
    choice is explored."""

    def decorate(body):
        return Command(body.__name__, "spontaneous", body, when, None, None, _line_of(body), _next_order(),
                       draws=draws_in(body), any_port=any_port)

    return decorate


def timeout(when: Callable | None = None, waits_for: Callable | None = None, rank: int = 1):
    """A command that fires when what its process waits for can no longer come.

    Under the texts' bounded-delay assumption (the default), a timeout whose guard ``when(p)``
    holds fires only when nothing else can happen: no other command of any live process is
    enabled (so no awaited message is in transit or still to be sent), nor a timeout of a
    smaller ``rank`` (a shorter timeout: seed 002's Bully waits for a leader longer than the
    leader waits for replies). With ``waits_for(p)`` (an id) it waits for that one process
    instead, and fires once that process has crashed (a perfect failure detector).
    ``--premature-timeouts`` lets every timeout fire whenever its guard holds, as an unreliable
    failure detector would (models/systems/semantics.py, ``timeout_steps``)."""

    def decorate(body):
        return Command(body.__name__, "timeout", body, when, None, None, _line_of(body), _next_order(),
                       draws=draws_in(body), waits_for=waits_for, rank=rank)

    return decorate


def receive(message: type[Message], when: Callable | None = None, ports=None):
    """A command for a message of type ``message`` at the head of an incoming channel.

    ``when(p, m, port)`` is the guard; ``ports`` restricts the command to some arrival ports
    (default: every port with an incoming channel).
    """
    if not (isinstance(message, type) and issubclass(message, Message)):
        raise AlgorithmError(f"@receive needs a Message subclass, got {message!r}")
    if isinstance(ports, str):
        ports = (ports,)

    def decorate(body):
        return Command(
            body.__name__, "receive", body, when, message,
            tuple(ports) if ports is not None else None, _line_of(body), _next_order(), draws=draws_in(body),
        )

    return decorate


class Algorithm:
    """Base class of every election algorithm.

    Class keywords: ``name`` (what ``check`` calls it) and ``seed`` (the source text).
    Class attributes a subclass sets:
      topology      -- a Topology class (BidirectionalRing, UnidirectionalRing)
      winner        -- LARGEST or SMALLEST if the algorithm promises the extremal id, else None
      knows_n       -- True for non-uniform algorithms (then ``p.n`` is readable)
      mirror_symmetric -- True if swapping CW and CCW everywhere changes nothing (then the
                       checker also quotients arrangements by reflection, once
                       checker/trust/symmetry.py has proved it for the class loaded)
      timing        -- ASYNCHRONOUS (default) or SYNCHRONOUS (rounds: models/systems/rounds.py)
      anonymous     -- True if processes have no ids (then ``p.id`` cannot be read)
      knows_diameter -- True if a process on a network may read ``p.diameter`` (seed 002's D)
      default_graphs -- on a network, the graphs a run covers unless --graph says otherwise: None
                       (every connected graph on n vertices) or a family name such as "complete"
      round_message -- for an asynchronous algorithm that draws: the Message type that process 0
                       sends once per round, so that ``--expected rounds`` can count rounds
      round_commands -- for a synchronous algorithm that draws: the names of the commands that
                       begin a round of the protocol (a synchronous round in which some process
                       runs one counts once; models/systems/probabilistic_rounds.py)
      largest_id    -- the largest id the algorithm is written for (a local per id value, written
                       out), or None (any id); a run with a larger id is refused
    and the decision functions the specification reads, written in the DSL:
      is_leader(p)  -- this process has decided to be the leader
      decided(p)    -- this process has decided (leader or not)
      leader_id(p)  -- the id it records as leader (seed 002's L(i)); None if not recorded
      candidate(p)  -- may this process win? (default: every process)
      message_bound(n) -- most messages any execution may send (an int at every n), or None
                       at every n (see message_bound_at)
      message_bound_text -- that bound as the text writes it, e.g. "n(n+1)/2 + n" (for tables)
      round_bound(n) -- most rounds any execution of a synchronous algorithm takes, or None
      message_bound_exact, round_bound_exact -- True if every complete execution sends (takes)
                       exactly the bound: both sides are then checked; a bound text that says
                       "exact" needs it
    A bound may also take the arrangement: ``message_bound(n, setting)`` gets a
    ``specs.bounds.Setting`` (n, ids, edges, diameter) when it has a second parameter.
    """

    name: str = ""
    seed: str = ""
    topology: type[Topology] = Topology
    winner: str | None = None
    knows_n = False
    mirror_symmetric = False
    timing = ASYNCHRONOUS
    anonymous = False
    knows_diameter = False
    default_graphs: str | None = None
    largest_id: int | None = None
    round_message: type[Message] | None = None
    round_commands: tuple[str, ...] = ()
    variables: tuple[Local, ...] = ()
    commands: tuple[Command, ...] = ()
    randomized = False  # some command draws (set from the commands, never declared)
    has_timeouts = False  # some command is a @timeout (set from the commands, never declared)

    def __init_subclass__(cls, name: str | None = None, seed: str | None = None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.name = name or cls.__dict__.get("name") or cls.__name__.lower()
        if seed is not None:
            cls.seed = seed
        variables: dict[str, Local] = {}
        commands: dict[str, Command] = {}
        for klass in reversed(cls.__mro__):
            for attribute, value in vars(klass).items():
                if isinstance(value, Local):
                    variables[attribute] = value
                elif isinstance(value, Command):
                    inherited = commands.get(attribute)
                    # an override keeps the place of the command it replaces, so traces and
                    # transition order stay those of the original algorithm
                    commands[attribute] = replace(value, order=inherited.order) if inherited else value
                elif value is None and (attribute in commands or attribute in variables):
                    commands.pop(attribute, None)  # a subclass removes an inherited command or local
                    variables.pop(attribute, None)
        cls.variables = tuple(variables.values())
        cls.commands = tuple(sorted(commands.values(), key=lambda c: c.order))
        lint_algorithm_class(cls)  # what the engines read: its commands wherever defined, and helpers
        cls.randomized = any(command.draws for command in cls.commands)
        cls.has_timeouts = any(command.kind == "timeout" for command in cls.commands)
        cls._validate()

    @classmethod
    def _validate(cls):
        if not (isinstance(cls.topology, type) and issubclass(cls.topology, Topology)):
            raise AlgorithmError(f"{cls.__name__}.topology is {cls.topology!r}: give a topology class, e.g. "
                                 "`topology = BidirectionalRing` (models.topology.ring) or `topology = Network`")
        if cls.topology is Topology and cls.commands:
            raise AlgorithmError(f"{cls.__name__} sets no topology: add e.g. `topology = BidirectionalRing`")
        if cls.winner not in (None, LARGEST, SMALLEST):
            raise AlgorithmError(f"{cls.__name__}.winner must be LARGEST, SMALLEST or None")
        if any(c.any_port for c in cls.commands) and not cls.topology.numbered_ports:
            raise AlgorithmError(f"{cls.__name__}: @spontaneous(any_port=True) is for algorithms on a network "
                                 "(topology = Network); on a ring name the port in the command")
        if cls.timing not in (ASYNCHRONOUS, SYNCHRONOUS):
            raise AlgorithmError(f"{cls.__name__}.timing must be ASYNCHRONOUS or SYNCHRONOUS")
        if cls.anonymous and cls.winner is not None:
            raise AlgorithmError(f"{cls.__name__} is anonymous: it cannot promise the {cls.winner} id (winner = None)")
        unknown = [name for name in cls.round_commands if name not in {c.name for c in cls.commands}]
        if unknown:
            raise AlgorithmError(f"{cls.__name__}.round_commands names {', '.join(unknown)}, which is not a command")
        for name in BOUNDS:
            declared_bound_at(cls, name, 1)  # the declaration at small n; check() adds the n it runs
            _check_exactness(cls, name)
        if cls.timing != SYNCHRONOUS and declares_bound(cls, "round_bound"):
            raise AlgorithmError(f"{cls.__name__} declares round_bound, but it is asynchronous: its executions have "
                                 "no rounds to count; drop round_bound, or set timing = SYNCHRONOUS")
        declared = [name for name in BOUNDS if declares_bound(cls, name)]
        if cls.randomized and declared:  # election_spec asks almost-sure termination instead: no engine would check it
            raise AlgorithmError(f"{cls.__name__} draws random values, so its coins may repeat a round any number of "
                                 f"times and no {declared[0]} holds; drop it (--expected gives the expectations)")

    @classmethod
    def summary(cls) -> str:
        doc = inspect.getdoc(cls) or ""
        return doc.splitlines()[0] if doc else ""

    # The specification's view of a process, written in the DSL; subclasses override.
    def is_leader(p):
        raise NotImplementedError("an algorithm must define is_leader(p)")

    def decided(p):
        raise NotImplementedError("an algorithm must define decided(p)")

    leader_id = None
    candidate = None

    @staticmethod
    def message_bound(n: int) -> int | None:
        return None

    message_bound_text: str | None = None
    message_bound_exact = False

    @staticmethod
    def round_bound(n: int) -> int | None:
        return None

    round_bound_text: str | None = None
    round_bound_exact = False

    @classmethod
    def defines_decisions(cls) -> bool:
        return cls.is_leader is not Algorithm.is_leader and cls.decided is not Algorithm.decided


SMALL_N = (1, 2, 3, 4)


BOUNDS = ("message_bound", "round_bound")


def refuse_ids_beyond_largest(algorithm, largest: int, what: str) -> None:
    """An AlgorithmError if ``largest``, the largest id of a run (``what`` says where it comes
    from, e.g. "--n 10"), is beyond the ids ``algorithm`` is written for (``largest_id``)."""
    limit = getattr(algorithm, "largest_id", None)
    if limit is not None and largest > limit:
        raise AlgorithmError(f"{algorithm.name} is written for ids up to {limit} (largest_id: a local per id), "
                             f"and {what} gives id {largest}; use ids up to {limit}")


def message_bound_at(algorithm, n: int) -> int | None:
    """``algorithm.message_bound(n)``, once the declaration is checked (``declared_bound_at``)."""
    return declared_bound_at(algorithm, "message_bound", n)


def declared_bound_at(algorithm, name: str, n: int) -> int | None:
    """``algorithm.message_bound(n)`` or ``algorithm.round_bound(n)`` (``name``), once the
    declaration is checked at n and at SMALL_N; None for a bound that takes the arrangement
    (specs/bounds.py evaluates it per arrangement, and checks each value the same way).

    A bound is a whole number at every n, or None at every n (no bound). A bound that is None
    at some n would switch its property off there without a word (election_spec asks at small
    n, so a bound that starts at n = 3 would never be checked at all), and one that is not an
    int is compared with a count by accident. Either is an AlgorithmError naming the class and
    the n. ``algorithm`` is a class or a stand-in for one (checker/measure/blocked.py's
    WitnessOfMaximum).
    """
    class_name = getattr(algorithm, "__name__", type(algorithm).__name__)
    function = getattr(algorithm, name)
    if bound_takes_setting(function):
        return None
    bounds = {k: checked_bound(f"{class_name}.{name}({k})", lambda k=k: function(k)) for k in sorted({*SMALL_N, n})}
    missing = [k for k, bound in bounds.items() if bound is None]
    declared = [k for k, bound in bounds.items() if bound is not None]
    if missing and declared:
        k = declared[0]
        raise AlgorithmError(
            f"{class_name}.{name}(n) is None at n = {', '.join(map(str, missing))} but {bounds[k]} at n = {k}: "
            "return a bound for every n, or None for every n (no bound)"
        )
    return bounds[n]


def checked_bound(call: str, evaluate: Callable[[], object]) -> int | None:
    """The value of a user's bound function (``call`` says which, for the error): an int, or
    None; anything else, or an exception, is an AlgorithmError in one line, never a traceback."""
    try:
        bound = evaluate()
    except Exception as error:  # noqa: BLE001 -- the user's function: one line, never a traceback
        raise AlgorithmError(f"{call} raised {type(error).__name__}: {error}") from None
    if bound is not None and (isinstance(bound, bool) or not isinstance(bound, int)):
        raise AlgorithmError(
            f"{call} is {bound!r}, a {type(bound).__name__}, not an int: return a whole "
            "number (n * (n + 1) // 2, not n * (n + 1) / 2)"
        )
    return bound


def _check_exactness(cls, name: str) -> None:
    """A bound declared exact is checked on both sides; a text that calls it exact without the
    declaration would claim what no check looks at, so it is refused."""
    exact, text = getattr(cls, f"{name}_exact"), getattr(cls, f"{name}_text") or ""
    if exact and not declares_bound(cls, name):
        raise AlgorithmError(f"{cls.__name__}.{name}_exact is set but {cls.__name__} declares no {name}: "
                             f"define {name}(n), or drop {name}_exact")
    if not exact and "exact" in text.lower():
        raise AlgorithmError(f"{cls.__name__}.{name}_text says {text!r}, but {name}_exact is not set, so only "
                             f"the upper side would be checked: set {name}_exact = True, or drop the word")


def declares_message_bound(algorithm) -> bool:
    """Whether ``algorithm`` declares a message bound (``declares_bound``)."""
    return declares_bound(algorithm, "message_bound")


def declares_bound(algorithm, name: str) -> bool:
    """Whether ``algorithm`` declares the bound ``name`` (at every n: declared_bound_at checks
    it; or one that takes the arrangement)."""
    return bound_takes_setting(getattr(algorithm, name)) or declared_bound_at(algorithm, name, SMALL_N[0]) is not None


def bound_takes_setting(function) -> bool:
    """Does a bound take the arrangement (``message_bound(n, setting)``: specs/bounds.py)? Such a
    bound is not a number per n; it is checked per arrangement."""
    try:
        return _takes_setting[function]
    except (KeyError, TypeError):  # not asked yet, or a callable that cannot be a key
        pass
    import inspect

    try:
        found = len(inspect.signature(function).parameters) >= 2
    except (TypeError, ValueError):
        found = False
    try:
        _takes_setting[function] = found
    except TypeError:
        pass
    return found


_takes_setting: dict = {}  # bound_takes_setting's answers: it is asked once per arrangement



@dataclass
class Layout:
    """Where each local of a process lives in its tuple of values."""

    slots: list[tuple[str, str | None, Local]] = field(default_factory=list)

    @classmethod
    def of(cls, algorithm: type[Algorithm], ports: tuple[str, ...]) -> "Layout":
        layout = cls()
        for variable in algorithm.variables:
            if variable.per_port:
                for port in ports:
                    layout.slots.append((variable.name, port, variable))
            else:
                layout.slots.append((variable.name, None, variable))
        return layout

    def initial_values(self) -> tuple:
        return tuple(variable.initial for _, _, variable in self.slots)

    def slot_name(self, k: int) -> str:
        name, port, _ = self.slots[k]
        return name if port is None else f"{name}[{port}]"
