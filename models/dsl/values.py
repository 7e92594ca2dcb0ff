"""Value domains of local variables: decisions, optional ids, and the NIL they share.

Every value a state holds is a plain int or bool, so states hash fast and translate to z3
directly; the types below only say how a value is named when a trace is printed and which
range its z3 translation may take.
"""
from __future__ import annotations

from enum import IntEnum

from ..logic import And, Or
from ..topology.ports import NONE_STORED, Port


class Decision(IntEnum):
    """Seed 001's ``leader`` variable: NIL until the process decides, then TRUE or FALSE."""

    NIL = 0
    TRUE = 1
    FALSE = 2


NIL = Decision.NIL
TRUE = Decision.TRUE
FALSE = Decision.FALSE


class Id(int):
    """Type tag for a local that holds a process id or NIL (0): seed 002's L(i).

    Ids are positive integers (1..n unless a run chooses others), so NIL (0) is never a real id.
    """


def render(value_type: type, value: object) -> str:
    """How a value of a declared type is shown in traces."""
    if value_type is bool:
        return "true" if value else "false"
    if value_type is Id:
        return "NIL" if value == 0 else str(value)
    if value_type is Port:
        return "none" if value == NONE_STORED else f"port {value}"
    if isinstance(value_type, type) and issubclass(value_type, IntEnum):
        return value_type(value).name
    return str(value)


def domain_of(value_type: type, x, n: int):
    """The values a local of this type may hold, as a condition on a plain value or a z3 term:
    an Id is 0 (NIL)..n, an IntEnum one of its members, anything else is unconstrained."""
    if value_type is Id:
        return And(0 <= x, x <= n)
    if isinstance(value_type, type) and issubclass(value_type, IntEnum):
        return Or(*(x == int(member) for member in value_type))
    return True


# Every way Python lets code use a value, short of ``type(x)``, ``id(x)`` and ``x is y``:
# comparing, hashing, a truth value, arithmetic and bit operators, conversion to a number, str or
# bytes, formatting (f-strings, %, str.format), containers' protocols, calling, and any attribute
# (isinstance, pickling, copying and dir() go through __getattribute__).
EVERY_USE = tuple(f"__{name}__" for name in """
    eq ne lt le gt ge hash bool int index float complex bytes str repr format
    neg pos abs invert round trunc floor ceil len iter contains getitem setitem delitem call
    add sub mul matmul truediv floordiv mod divmod pow lshift rshift and xor or
    radd rsub rmul rmatmul rtruediv rfloordiv rmod rdivmod rpow rlshift rrshift rand rxor ror
    getattribute setattr delattr dir reduce reduce_ex sizeof
""".split())


def refusing_every_use(refuse):
    """A class decorator: every use of an instance (``EVERY_USE``) calls ``refuse(self, ...)``,
    which raises. What it cannot intercept (``type(x)``, ``x is y``) the id-blind search meets
    with the real ids (checker/explore/anonymous.py)."""

    def decorate(cls):
        for name in EVERY_USE:
            setattr(cls, name, refuse)
        return cls

    return decorate


def _refuse_anonymous(self, *_):
    from ..errors import AlgorithmError

    algorithm = object.__getattribute__(self, "_algorithm")
    raise AlgorithmError(f"{algorithm} is anonymous (anonymous = True): its processes have no id to read")


@refusing_every_use(_refuse_anonymous)
class HiddenId:
    """``p.id`` of an anonymous algorithm: any use of it, printing it included, is an error that says why."""

    __slots__ = ("_algorithm",)

    def __init__(self, algorithm: str):
        object.__setattr__(self, "_algorithm", algorithm)
