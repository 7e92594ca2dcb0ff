"""Conditions that read exactly what the checker's shortcuts rest on.

A *hazard* is a boolean DSL expression that a generated command puts in a guard, or that splits
a command into two (the processes where it holds do something else). Each reads one thing a
shortcut depends on: an id through arithmetic, parity, ``str``, ``repr``, ``hash`` or
``isinstance`` (symmetry, twins, the id-blind search, the symbolic reading), a port by its
number or through ``Port(k)`` (one port labelling standing for all), a ring port by its name
(the mirror proof), a helper function or a constant outside the class (the lint, the
checkpoint key). Ids are small here (1..n, n <= 3, or a few more with ``--id-values``), so every
hazard holds at some processes and not at others.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from .choices import Choices

# What a hazard may read, by where it is used (see ``Scope``).
ID_ARITHMETIC = "id-arithmetic"
ID_TEXT = "id-text"  # str, repr, format, an f-string: what an id-blind search must refuse
ID_TYPE = "id-type"  # isinstance, type
ID_HASH = "id-hash"
HELPER = "helper"  # a function outside the class, in the same file
HELPER_MODULE = "helper-module"  # a function in a module of its own, which the algorithm imports
CONSTANT = "constant"  # a module-level constant
MESSAGE = "message-field"
RING_PORT = "ring-port"  # CW, LEFT, ... by name
PORT_NUMBER = "port-number"  # port.number, p.port(k)
PORT_BUILT = "port-built"  # Port(k) built by hand
DEGREE = "degree"
LOCAL = "local"


@dataclass(frozen=True)
class Scope:
    """Where a hazard goes: the command's kind and arguments and what the algorithm may read."""

    command: str  # "spontaneous", "receive" or "timeout"
    ports: str  # "unidirectional", "bidirectional", "unoriented" or "network"
    p: str = "p"  # the names of the command's arguments
    m: str | None = None  # the message, in a receive
    port: str | None = None  # the arrival port, or the chosen port of an any_port command
    message_fields: tuple[str, ...] = ()  # the message's int fields
    reads_ids: bool = True  # False for an anonymous algorithm (p.id refuses every use)
    knows_n: bool = False
    int_locals: tuple[str, ...] = ()
    blind_search: bool = False  # randomized, on a ring: the checker tries an id-blind search first


@dataclass(frozen=True)
class Hazard:
    expression: str  # a DSL expression over the scope's names
    feature: str  # what it reads (the constants above)
    support: str = ""  # module-level code it needs (a helper function, a constant)
    helper_module: str | None = None  # the source of the module it imports, if any
    uses_n: bool = False
    reads_id: bool = False
    imports: tuple[str, ...] = field(default=())  # names from models it needs


def _id_hazards(choices: Choices, scope: Scope, tag: str) -> list[Hazard]:
    return [replace(h, reads_id=True) for h in _hazards_of_ids(choices, scope, tag)]


def _hazards_of_ids(choices: Choices, scope: Scope, tag: str) -> list[Hazard]:
    p = scope.p
    k = choices.integer(1, 3)
    text = [
        Hazard(f'str({p}.id) == "{k}"', ID_TEXT),
        Hazard(f'str({p}.id) != "{k}"', ID_TEXT),
        Hazard(f'repr({p}.id) == "{k}"', ID_TEXT),
        Hazard(f'format({p}.id, "d") != "{k}"', ID_TEXT),
        Hazard(f'f"{{{p}.id}}" == "{k}"', ID_TEXT),
        Hazard(f'len(str({p}.id * 5)) == 2', ID_TEXT),
    ]
    hazards = [
        Hazard(f"{p}.id % 2 == 0", ID_ARITHMETIC),
        Hazard(f"{p}.id % 2 == 1", ID_ARITHMETIC),
        Hazard(f"{p}.id == {k}", ID_ARITHMETIC),
        Hazard(f"{p}.id != {k}", ID_ARITHMETIC),
        Hazard(f"{p}.id > {k}", ID_ARITHMETIC),
        Hazard(f"({p}.id * 3 + {k}) % 4 < 2", ID_ARITHMETIC),
        Hazard(f"({p}.id + {k}) % 3 == 0", ID_ARITHMETIC),
        Hazard(f"{p}.id * {p}.id > {k + 2}", ID_ARITHMETIC),
        Hazard(f"hash({p}.id) % 2 == {k % 2}", ID_HASH),
        Hazard(f"isinstance({p}.id, int)", ID_TYPE),
        Hazard(f"type({p}.id) == int", ID_TYPE),
        Hazard(f"fz_odd_{tag}({p}.id)", HELPER,
               support=f"def fz_odd_{tag}(x):\n    return x % 2 == {k % 2}\n"),
        Hazard(f"{p}.id <= FZ_LIMIT_{tag}", CONSTANT, support=f"FZ_LIMIT_{tag} = {k}\n"),
        Hazard(f"fz_helpers_{tag}.low({p}.id)", HELPER_MODULE,
               helper_module=f'"""Helpers of a generated algorithm (tests/fuzz): a module of its own."""\n'
                             f"LIMIT = {k}\n\n\ndef low(x):\n    return x <= LIMIT\n"),
        *text,
    ]
    if scope.knows_n:
        hazards.append(Hazard(f"{p}.id * 2 > {p}.n + {k - 1}", ID_ARITHMETIC, uses_n=True))
    if scope.blind_search:  # what an id-blind search must notice: weigh those up
        hazards += text + [Hazard(f"isinstance({p}.id, int)", ID_TYPE), Hazard(f'str({p}.id) == "{k}"', ID_TEXT)]
    return hazards


def _port_hazards(choices: Choices, scope: Scope) -> list[Hazard]:
    port = scope.port
    k = choices.integer(0, 1)
    if scope.ports == "network":
        hazards = [Hazard(f"{scope.p}.degree == {k + 1}", DEGREE)]
        if port is not None:
            hazards += [
                Hazard(f"{port} == Port({k})", PORT_BUILT, imports=("Port",)),
                Hazard(f"{port} != Port({k})", PORT_BUILT, imports=("Port",)),
                Hazard(f"{port}.number == {k}", PORT_NUMBER),
                Hazard(f"{port} == {scope.p}.port({k})", PORT_NUMBER),
            ]
        return hazards
    if port is None:
        return []
    names = {"bidirectional": ("CW", "CCW"), "unoriented": ("LEFT", "RIGHT")}.get(scope.ports)
    if names is None:
        return []
    name = choices.pick(names)
    return [Hazard(f"{port} == {name}", RING_PORT, imports=(name,)),
            Hazard(f"{port} != {name}", RING_PORT, imports=(name,))]


def hazard(choices: Choices, scope: Scope, tag: str) -> Hazard:
    """One hazard for a command in ``scope``; ``tag`` keeps helper names apart."""
    hazards = _port_hazards(choices, scope)
    if scope.reads_ids:
        hazards += _id_hazards(choices, scope, tag)
    if scope.m is not None:
        for name in scope.message_fields:
            k = choices.integer(0, 2)
            hazards += [Hazard(f"{scope.m}.{name} % 2 == {k % 2}", MESSAGE), Hazard(f"{scope.m}.{name} == {k}", MESSAGE)]
    for name in scope.int_locals:
        hazards.append(Hazard(f"{scope.p}.{name} == {choices.integer(0, 2)}", LOCAL))
    if not hazards:
        return Hazard("True", LOCAL)
    return choices.pick(hazards, "hazard")
