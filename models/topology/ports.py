"""Ports on a general network: what a process knows of its neighbours, and nothing more.

On a network (models/topology/network.py) a process of degree d reaches its neighbours through ports
numbered 0..d-1, and which port leads to which neighbour is the adversary's choice, part of the
arrangement (seeds 000 and 002 assume nothing else: "send M to each neighbor"). A command never
sees a number unless it asks for one: the arrival port, a Port-typed local and ``NO_PORT`` are
``Port`` values that only compare with ``==`` and ``!=``. What a command can compute from them
is then the same under any renumbering of the process's ports, so one labelling of the ports
stands for all of them (checker/explore/networks.py).

Asking for a number (``port.number``, ``p.port(k)``, a receive restricted with ``ports=``, or a
synchronous round whose outcome depends on the order a process reads its ports) is allowed,
and is *noticed*: in a run that relies on one labelling it raises ``PortNumbersRead``, and the
checker starts again with every labelling. So is naming a port by its number, ``Port(k)``
(models exports the class): such a port is the user's constant, and whatever brings it together
with the ports the process was given (comparing them, sending on it, storing it in a Port
local or starting one there, indexing a per-port local with it) reads port number k. Nothing
is declared; what the algorithm does decides.
"""
from __future__ import annotations

from ..errors import AlgorithmError
from ..logic import is_symbolic

NONE_STORED = -1  # how NO_PORT is stored in a state: port numbers are 0..degree-1


class PortNumbersRead(AlgorithmError):
    """The algorithm read a port number in a run that checks one port labelling for all."""


class Port:
    """A port of one process: equal to itself, and to nothing else that is not the same port.

    The checker hands a process its ports (``given_port``): the arrival port, a Port local,
    ``NO_PORT``, ``p.port(k)``. ``Port(k)`` written in the algorithm names the port numbered k:
    comparing it with a given port reads that number, as ``number`` does (reading it makes the
    checker explore every labelling), and so does using it as one of the process's own ports
    (``reads_a_number``). No order, no arithmetic and no truth value: those would read the
    number without saying so.
    """

    __slots__ = ("_number", "_numbered", "_given")

    def __init__(self, number, numbered: bool = True):
        self._number = number  # an int, or a z3 term in the symbolic reading
        self._numbered = numbered  # may the process read the number without notice?
        self._given = False  # handed to the process by the checker (given_port), not built from a number

    @property
    def number(self):
        if not self._numbered:
            raise PortNumbersRead("reads a port's number (port.number)")
        return self._number

    def __eq__(self, other):
        if not isinstance(other, Port):
            raise AlgorithmError(
                f"compares a port with {other!r}; ports compare only with ports (the arrival port, a Port "
                "local, NO_PORT); for its number write port.number"
            )
        if self._given is not other._given:  # one of the process's ports and one named by its number
            given, named = (self, other) if self._given else (other, self)
            if not given._numbered:
                raise PortNumbersRead(f"compares its port with {named!r}, a port named by its number (Port)")
        return self._number == other._number  # a z3 term in the symbolic reading

    def __ne__(self, other):
        equal = self.__eq__(other)
        if is_symbolic(equal):
            import z3

            return z3.Not(equal)
        return not equal

    def __hash__(self):
        return 0  # the same for every port: a set or dict of ports must not order them by number

    def _no_order(self, *_):
        raise AlgorithmError("ports have no order and no arithmetic; compare them with == or read port.number")

    __lt__ = __le__ = __gt__ = __ge__ = __add__ = __sub__ = __radd__ = __rsub__ = _no_order

    def __bool__(self):
        raise AlgorithmError("a port has no truth value; compare it with NO_PORT")

    def __index__(self):
        raise AlgorithmError("a port is not a number; read port.number")

    def __repr__(self) -> str:
        if is_symbolic(self._number):
            return f"port {self._number}"
        if self._number == NONE_STORED:
            return "NO_PORT"
        if not self._given:
            return f"Port({self._number})"
        return "port ?" if not self._numbered else f"port {self._number}"


def given_port(number, numbered: bool) -> Port:
    """Port ``number`` as the checker hands it to a process whose run lets it read numbers
    (``numbered``) or not. Not a constructor argument: ``Port(k)`` in an algorithm is never given."""
    port = Port(number, numbered)
    port._given = True
    return port


NO_PORT = given_port(NONE_STORED, True)  # the value of a Port local that holds no port (e.g. the root's parent)


def reads_a_number(port, numbered: bool) -> bool:
    """Whether a process whose run hides port numbers (``numbered`` false) reads one by using
    ``port`` as one of its own (sending on it, storing it, indexing a per-port local): a port
    built from a number, other than NO_PORT's, names that number."""
    return isinstance(port, Port) and not numbered and not port._given and not (
        not is_symbolic(port._number) and port._number == NONE_STORED)


def stored(value) -> int:
    """The plain int a Port value is stored as in a state (NO_PORT: -1)."""
    if isinstance(value, Port):
        return value._number
    raise AlgorithmError(f"a Port local can hold only a port or NO_PORT, not {value!r}")


def carries_a_port(value) -> bool:
    """Whether ``value`` (a message) holds a Port anywhere: in a field, or inside a field's
    tuples, lists, sets, frozensets, dicts or nested messages."""
    if isinstance(value, Port):
        return True
    if isinstance(value, dict):
        return any(carries_a_port(key) or carries_a_port(item) for key, item in value.items())
    if isinstance(value, (tuple, list, set, frozenset)):
        return any(carries_a_port(item) for item in value)
    return False


def read_numbers(port) -> object:
    """The number of a port the checker handles (no notice: the checker may read numbers)."""
    return port._number if isinstance(port, Port) else port
