"""Variants of the built-in algorithms, written as a user writes one: a subclass in a file.

A variant overrides a few commands of its built-in (the command's own text, read with ``ast``
from the built-in's module, then changed) and perhaps a declaration. The changes:

* **split**: the command keeps its body where a hazard (tests/fuzz/hazards.py) fails, and a
  new command does something else where it holds: only some processes misbehave, so a verdict
  depends on which arrangement, labelling or id values the run looks at;
* **restrict**: the command is disabled where a hazard holds (or fails);
* **mutate**: the command does something else everywhere (a plain mutant);
* **remove**: the command is removed (``name = None``);

and, for the class: a message or round bound of its own (by n, or by the arrangement's
``setting``, tighter than the built-in's or not, perhaps declared exact), ``mirror_symmetric =
True``, another ``winner``, ``anonymous = True``.

What "something else" is: one statement dropped, a send repeated, a message field changed, a
send turned to another port, or a local set to another value of its type.
"""
from __future__ import annotations

import ast
import copy
import inspect
import sys
import textwrap
from enum import IntEnum

from models import Id, Port
from models.dsl.algorithm import bound_takes_setting, message_bound_at
from models.dsl.values import Decision

from .choices import Choices
from .hazards import Scope


def ports_of(algorithm) -> str:
    topology = algorithm.topology
    if getattr(topology, "numbered_ports", False):
        return "network"
    return {"unidirectional ring": "unidirectional", "bidirectional ring": "bidirectional",
            "non-oriented ring": "unoriented"}[topology.kind]


class CommandText:
    """A command of ``algorithm`` as its source says it: the decorated def, parsed."""

    def __init__(self, algorithm, command):
        self.algorithm, self.command = algorithm, command
        self.module = sys.modules[command.body.__module__]
        self.function: ast.FunctionDef = ast.parse(textwrap.dedent(inspect.getsource(command.body))).body[0]
        [self.decorator] = self.function.decorator_list
        self.arguments = [a.arg for a in self.function.args.args]

    def scope(self, reads_ids: bool, knows_n: bool, blind_search: bool) -> Scope:
        kind, names = self.command.kind, self.arguments
        m = names[1] if kind == "receive" else None
        port = names[2] if kind == "receive" else names[1] if self.command.any_port else None
        fields = ()
        if kind == "receive":
            message = self.command.message
            fields = tuple(f for f, t in zip(message.fields, message.field_types) if t is int)
        int_locals = tuple(v.name for v in self.algorithm.variables if v.type is int and not v.per_port)
        return Scope(kind, ports_of(self.algorithm), names[0], m, port, fields, reads_ids, knows_n, int_locals,
                     blind_search)

    def guard(self) -> ast.expr | None:
        for keyword in self.decorator.keywords:
            if keyword.arg == "when":
                lam = keyword.value
                renames = dict(zip([a.arg for a in lam.args.args], self.arguments))
                return _Renamer(renames).visit(copy.deepcopy(lam.body))
        return None

    def with_guard(self, name: str, guard: ast.expr | None, body: list[ast.stmt] | None = None) -> ast.FunctionDef:
        """The command as a new def named ``name``, with ``guard`` and ``body`` (default: its own)."""
        function = copy.deepcopy(self.function)
        function.name = name
        if body is not None:
            function.body = body
        decorator = function.decorator_list[0]
        decorator.keywords = [k for k in decorator.keywords if k.arg != "when"]
        if guard is not None:
            arguments = ast.arguments(posonlyargs=[], args=[ast.arg(a) for a in self.arguments], kwonlyargs=[],
                                      kw_defaults=[], defaults=[])
            decorator.keywords.append(ast.keyword("when", ast.Lambda(arguments, guard)))
        return ast.fix_missing_locations(function)


class _Renamer(ast.NodeTransformer):
    def __init__(self, renames):
        self.renames = renames

    def visit_Name(self, node):
        if node.id in self.renames:
            return ast.copy_location(ast.Name(self.renames[node.id], node.ctx), node)
        return node


def parsed(text: str) -> ast.expr:
    return ast.parse(text, mode="eval").body


def call(name: str, *arguments: ast.expr) -> ast.expr:
    return ast.Call(ast.Name(name, ast.Load()), list(arguments), [])


def conjoined(guard: ast.expr | None, condition: ast.expr) -> ast.expr:
    return condition if guard is None else call("And", guard, condition)


def _local_assigned(statement: ast.stmt, p: str) -> str | None:
    """``p.x = ...`` or ``p.x[...] = ...``: x."""
    if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
        return None
    target = statement.targets[0]
    if isinstance(target, ast.Subscript):
        target = target.value
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == p:
        return target.attr
    return None


def _send(statement: ast.stmt, p: str) -> ast.Call | None:
    """The call of ``p.send(...)`` or ``p.send_all(...)`` in an expression statement."""
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        func = statement.value.func
        if isinstance(func, ast.Attribute) and func.attr in ("send", "send_all") and isinstance(func.value, ast.Name) \
                and func.value.id == p:
            return statement.value
    return None


class BodyMutation:
    """Changes to a command's body, each described in words."""

    def __init__(self, choices: Choices, text: CommandText, reads_ids: bool, needed: set[str]):
        self.choices, self.text, self.reads_ids, self.needed = choices, text, reads_ids, needed
        self.p = text.arguments[0]
        self.types = {v.name: v.type for v in text.algorithm.variables}

    def apply(self, body: list[ast.stmt]) -> tuple[list[ast.stmt], str]:
        body = copy.deepcopy(body)
        options = []
        sends = [k for k, s in enumerate(body) if _send(s, self.p) is not None]
        assigned = [k for k, s in enumerate(body) if _local_assigned(s, self.p) in self.types]
        real = [k for k, s in enumerate(body) if not isinstance(s, (ast.Pass, ast.Expr)) or _send(s, self.p)]
        if real:
            options.append("drop")
        if sends:
            options += ["repeat send", "change field"]
            turnable = [k for k in sends if _send(body[k], self.p).func.attr == "send"]
            if turnable and ports_of(self.text.algorithm) != "unidirectional":
                options.append("turn send")
        if assigned:
            options += ["change value", "change value"]
        if not options:
            return body, "nothing to change"
        what = self.choices.pick(options, "mutation")
        if what == "drop":
            k = self.choices.pick(real)
            line = ast.unparse(body[k])
            del body[k]
            return body or [ast.Pass()], f"drops `{line}`"
        if what == "repeat send":
            k = self.choices.pick(sends)
            body.insert(k + 1, copy.deepcopy(body[k]))
            return body, f"repeats `{ast.unparse(body[k])}`"
        if what == "change field":
            return self._change_field(body, self.choices.pick(sends))
        if what == "turn send":
            return self._turn(body, self.choices.pick(turnable))
        return self._change_value(body, self.choices.pick(assigned))

    def _change_field(self, body, k):
        call = _send(body[k], self.p)
        message = call.args[-1] if call.args else None
        if isinstance(message, ast.Call) and message.args:
            j = self.choices.integer(0, len(message.args) - 1)
            message.args[j] = ast.BinOp(message.args[j], ast.Add(), ast.Constant(1))
            return body, f"sends `{ast.unparse(message)}` instead"
        return self._turn(body, k)

    def _turn(self, body, k):
        call = _send(body[k], self.p)
        ports = ports_of(self.text.algorithm)
        port_argument = self.text.arguments[2] if self.text.command.kind == "receive" else None
        if call.func.attr == "send_all" or ports == "unidirectional":
            return body, "nothing to change"
        old = ast.unparse(call.args[0])
        if ports == "network":
            new = f"{self.p}.port(0)" if self.choices.chance(50) or port_argument is None else port_argument
        else:
            a, b = ("CW", "CCW") if ports == "bidirectional" else ("LEFT", "RIGHT")
            turns = {a: b, b: a}
            if port_argument is not None:
                turns[f"opposite({port_argument})"] = port_argument
                turns[port_argument] = f"opposite({port_argument})"
            new = turns.get(old, self.choices.pick((a, b)))
        call.args[0] = parsed(new)
        return body, f"sends on {new} instead of {old}"

    def _change_value(self, body, k):
        statement = body[k]
        name = _local_assigned(statement, self.p)
        kind = self.types[name]
        old = ast.unparse(statement.value)
        p = self.p
        if kind is bool:
            new = {"True": "False", "False": "True"}.get(old, f"Not({old})")
        elif kind is int:
            new = f"{old} + {self.choices.pick((1, -1, 2))}"
        elif kind is Id:
            new = f"{p}.id" if self.reads_ids and old != f"{p}.id" else "NIL"
        elif kind is Decision:
            new = self.choices.pick([v for v in ("TRUE", "FALSE", "NIL") if v != old] or ["NIL"])
        elif kind is Port:
            new = "NO_PORT"
        elif isinstance(kind, type) and issubclass(kind, IntEnum):
            members = [f"{kind.__name__}.{m.name}" for m in kind if f"{kind.__name__}.{m.name}" != old]
            new = self.choices.pick(members)
            self.needed.add(kind.__name__)
        else:
            return body, "nothing to change"
        statement.value = parsed(new)
        return body, f"sets {name} to `{new}` instead of `{old}`"


def bound_function(choices: Choices, algorithm, base_name: str, which: str, n: int, tag: str) -> tuple[str, str, str]:
    """(module-level code, the name of a new bound function, a word on it): ``which`` is
    "message_bound" or "round_bound", by n or by the arrangement, the built-in's bound
    less 0 to 2, or a guess where it has none."""
    base_bound = getattr(algorithm, which)
    takes_setting = bound_takes_setting(base_bound)
    declared = takes_setting or (message_bound_at(algorithm, n) if which == "message_bound" else base_bound(n)) is not None
    less = choices.pick((0, 0, 1, 2), "less")
    by_setting = takes_setting or choices.chance(60, "bound by setting")
    name = f"fz_{which}_{tag}"
    if declared:
        call = f"{base_name}.{which}(n, setting)" if takes_setting else f"{base_name}.{which}(n)"
    else:
        call = f"{choices.integer(1, 3)} * n * n"
    if by_setting:
        extra = choices.pick(("setting.largest_id - n", "setting.smallest_id - 1", "setting.edges - n + (n < 3)", "0"))
        code = f"def {name}(n, setting):\n    return {call} + {extra} - {less}\n"
        what = f"{which}(n, setting) = {call} + {extra} - {less}"
    else:
        code = f"def {name}(n):\n    return {call} - {less}\n"
        what = f"{which}(n) = {call} - {less}"
    return code, name, what
