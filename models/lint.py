"""Reject Python constructs that would make the concrete and the symbolic reading differ.

On a z3 term, ``a and b`` asks for the term's truth value (and raises, or worse, compares
structure), ``min(a, b)`` compares with ``<`` and then branches, and ``if`` picks one side at
translation time. The DSL has ``And``, ``Or``, ``Not``, ``Implies`` and ``ite`` for these,
and a data-dependent branch is a separate guarded command. This module reads the class's
source once, when the class is created, and names the file, the line and the fix.
"""
from __future__ import annotations

import ast
import inspect
import textwrap

from .errors import AlgorithmError

# Plain Python functions of n, not translated to z3.
_UNCHECKED_FUNCTIONS = {"message_bound"}

_BRANCH_FIX = (
    "write each branch as a command of its own with the condition in its guard "
    "(the alternatives of a do ... od), or use ite(c, a, b) for a value"
)


def _problem(node: ast.AST) -> str | None:
    if isinstance(node, ast.BoolOp):
        word = "and" if isinstance(node.op, ast.And) else "or"
        fix = "And(a, b)" if word == "and" else "Or(a, b)"
        return f"Python `{word}` is not allowed; write {fix} (from models)"
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return "Python `not` is not allowed; write Not(a) (from models)"
    if isinstance(node, ast.IfExp):
        return "`x if c else y` is not allowed; write ite(c, x, y) (from models)"
    if isinstance(node, ast.If):
        return f"`if` is not allowed in a guard or body; {_BRANCH_FIX}"
    if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        return "loops are not allowed: bodies are straight-line; send to each port with its own p.send, or use p.send_all"
    if isinstance(node, (ast.Try, ast.With, ast.AsyncWith, ast.Match)):
        return f"`{type(node).__name__.lower()}` is not allowed: bodies are straight-line assignments and sends"
    if isinstance(node, ast.Compare):
        if len(node.ops) > 1:
            return "chained comparisons (a < b < c) are not allowed; write And(a < b, b < c)"
        op = node.ops[0]
        if isinstance(op, (ast.In, ast.NotIn)):
            return "`in` on data is not allowed; write Or(x == a, x == b), or restrict a receive to ports with ports=(...)"
        if isinstance(op, (ast.Is, ast.IsNot)):
            return "`is` compares object identity; write == (or != )"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id in ("min", "max"):
            return f"`{node.func.id}` is not allowed (it branches on its arguments); write ite(a < b, a, b)"
        if node.func.id in ("bool", "all", "any", "abs", "sorted"):
            return f"`{node.func.id}` asks for concrete values; write the comparison with And/Or/ite"
    return None


def _class_node(tree: ast.AST, name: str) -> ast.ClassDef | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    return None


def lint_algorithm_class(cls) -> None:
    """Raise AlgorithmError at the first forbidden construct in the class's guards and bodies."""
    try:
        lines, first_line = inspect.getsourcelines(cls)
        filename = inspect.getsourcefile(cls) or "<unknown>"
    except (OSError, TypeError) as error:
        raise AlgorithmError(
            f"cannot read the source of algorithm class {cls.__name__} ({error}); "
            "define it in a .py file so its guards and bodies can be checked"
        ) from None
    tree = ast.parse(textwrap.dedent("".join(lines)))
    class_node = _class_node(tree, cls.__name__)
    if class_node is None:
        return
    for statement in class_node.body:
        functions = []
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if statement.name in _UNCHECKED_FUNCTIONS:
                continue
            functions.append((statement.name, statement))
        else:
            functions.extend(("lambda", n) for n in ast.walk(statement) if isinstance(n, ast.Lambda))
        for function_name, function in functions:
            for node in ast.walk(function):
                message = _problem(node)
                if message:
                    line = first_line + getattr(node, "lineno", 1) - 1
                    raise AlgorithmError(f"{filename}:{line}: in {cls.__name__}.{function_name}: {message}")
