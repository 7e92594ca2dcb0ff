"""Reject Python constructs that would make the concrete and the symbolic reading differ.

On a z3 term, ``a and b`` asks for the term's truth value (and raises, or worse, compares
structure), ``min(a, b)`` compares with ``<`` and then branches, ``if`` picks one side at
translation time, ``(a, b) == (c, d)`` and ``m == Token(1)`` compare the terms' structure, and
``/`` is integer division. The DSL has ``And``, ``Or``, ``Not``, ``Implies`` and ``ite`` for
these, and a data-dependent branch is a separate guarded command. This module reads the
source once, when the class is created, and names the file, the line and the fix.

It reads everything the engines read: the class's own body, every command it has (also those
inherited from a base class or a mixin defined in another file) and its decision functions,
and it follows calls into helper functions defined outside the class (a module-level
function, ``helpers.f`` through an imported module). The lint is a convenience that explains
the rule early; the guarantee is elsewhere: the symbolic reading refuses these constructs
(models/reading/faithful.py) and is compared with the concrete one before it is used
(checker/trust/readings.py).
"""
from __future__ import annotations

import ast
import inspect
import linecache
import os
import sys

from ..errors import AlgorithmError

# Plain Python functions of n (and of the arrangement), not translated to z3.
_UNCHECKED_FUNCTIONS = {"message_bound", "round_bound"}
_DECISIONS = ("is_leader", "decided", "leader_id", "candidate")

_BRANCH_FIX = (
    "write each branch as a command of its own with the condition in its guard "
    "(the alternatives of a do ... od), or use ite(c, a, b) for a value"
)
_CALLS = {
    "min": "`min` is not allowed (it branches on its arguments); write ite(a < b, a, b)",
    "max": "`max` is not allowed (it branches on its arguments); write ite(a > b, a, b)",
    "sum": "`sum` is not allowed; write the terms out, a + b + c",
    "sorted": "`sorted` asks for concrete values; compare with < and choose with ite(c, a, b)",
    "bool": "`bool` asks for concrete values; write the comparison itself, or And/Or/Not",
    "all": "`all` asks for concrete values; write And(a, b, ...) (from models)",
    "any": "`any` asks for concrete values; write Or(a, b, ...) (from models)",
}
_BIT_OPERATORS = (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift)


def _problem(node: ast.AST, resolve) -> str | None:
    """What is wrong with ``node``, with the fix; ``resolve`` maps a name node to its object."""
    if isinstance(node, ast.BoolOp):
        word = "and" if isinstance(node.op, ast.And) else "or"
        fix = "And(a, b)" if word == "and" else "Or(a, b)"
        return f"Python `{word}` is not allowed; write {fix} (from models)"
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return "Python `not` is not allowed; write Not(a) (from models)"
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
        return "`~` is a bit operator (on a bool it gives -1 or -2); write Not(a) (from models)"
    if isinstance(node, ast.IfExp):
        return "`x if c else y` is not allowed; write ite(c, x, y) (from models)"
    if isinstance(node, ast.If):
        return f"`if` is not allowed in a guard or body; {_BRANCH_FIX}"
    if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        return "loops are not allowed: bodies are straight-line; send to each port with its own p.send, or use p.send_all"
    if isinstance(node, (ast.Try, ast.With, ast.AsyncWith, ast.Match)):
        return f"`{type(node).__name__.lower()}` is not allowed: bodies are straight-line assignments and sends"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return "`/` is a float in Python and integer division in z3; write // (floor division)"
    if isinstance(node, ast.BinOp) and isinstance(node.op, _BIT_OPERATORS):
        return "bit operators are not allowed; write And/Or/Not (from models) for logic, // and % for arithmetic"
    if isinstance(node, ast.Compare):
        if len(node.ops) > 1:
            return "chained comparisons (a < b < c) are not allowed; write And(a < b, b < c)"
        op = node.ops[0]
        if isinstance(op, (ast.In, ast.NotIn)):
            return "`in` on data is not allowed; write Or(x == a, x == b), or restrict a receive to ports with ports=(...)"
        if isinstance(op, (ast.Is, ast.IsNot)):
            return "`is` compares object identity; write == (or != )"
        if any(_is_compound(side, resolve) for side in (node.left, *node.comparators)):
            return ("comparing tuples, lists or messages compares z3 terms by their structure; "
                    "compare field by field, And(m.id == 1, m.phase == p.phase)")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _CALLS:
        return _CALLS[node.func.id]
    return None


def _is_compound(node: ast.AST, resolve) -> bool:
    if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict, ast.ListComp, ast.SetComp, ast.DictComp)):
        return True
    if isinstance(node, ast.Call):
        from .messages import Message

        target = resolve(node.func)
        return isinstance(target, type) and issubclass(target, Message)
    return False


# the DSL's own code and the standard library: not the user's to change, not followed
_MODELS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # models/, from models/dsl/lint.py
_LIBRARIES = (_MODELS + os.sep, os.path.dirname(os.path.abspath(os.__file__)) + os.sep)
_PACKAGES = (f"{os.sep}site-packages{os.sep}", f"{os.sep}dist-packages{os.sep}")


def _is_user_code(function) -> bool:
    """A function the user can change: not the DSL's, not the standard library's or a package's."""
    filename = getattr(getattr(function, "__code__", None), "co_filename", None)
    if not filename or filename.startswith("<"):
        return False
    filename = os.path.abspath(filename)
    return not filename.startswith(_LIBRARIES) and not any(folder in filename for folder in _PACKAGES)


def _definition(tree: ast.Module, qualname: str) -> ast.ClassDef | None:
    """The first class statement of ``tree`` whose qualified name is ``qualname`` (as Python
    names it: ``Outer.Inner``, ``function.<locals>.Local``), in source order."""
    wanted = qualname.split(".")

    def search(body: list, path: list[str]):
        for node in body:
            if isinstance(node, ast.ClassDef):
                here = [*path, node.name]
                if here == wanted:
                    return node
                found = search(node.body, here) if wanted[:len(here)] == here else None
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                here = [*path, node.name, "<locals>"]
                found = search(node.body, here) if wanted[:len(here)] == here else None
            else:  # an if, a try, a with: its statements are in the same scope
                found = search([child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt)], path)
            if found is not None:
                return found
        return None

    return search(tree.body, [])


class _Linter:
    def __init__(self, cls):
        self.cls = cls
        self.done: set[tuple[str, int, int]] = set()  # (file, line, column) of functions read
        self.trees: dict[str, dict] = {}  # file -> its defs and lambdas by first line
        self.modules: dict[str, ast.Module | None] = {}  # file -> its syntax tree

    def fail(self, filename: str, line: int, where: str, message: str):
        raise AlgorithmError(f"{filename}:{line}: in {where}: {message}")

    # -- the class's own body, as written -------------------------------------------------
    def class_body(self):
        cls = self.cls
        if not any(callable(value) or isinstance(value, (staticmethod, classmethod, property))
                   for name, value in vars(cls).items() if not name.startswith("__")):
            return  # nothing of its own to read: e.g. --k's subclass, which only sets a constant
        module = sys.modules.get(cls.__module__)
        filename = getattr(module, "__file__", None)
        tree = self._tree(filename, vars(module)) if filename else None
        # found as inspect.getsourcelines finds a class (the first definition with its
        # qualified name), without tokenizing the file again
        class_node = _definition(tree, cls.__qualname__) if tree is not None else None
        if class_node is None:
            why = "no source file" if not filename else f"no definition of {cls.__qualname__} in {filename}"
            raise AlgorithmError(
                f"cannot read the source of algorithm class {cls.__name__} ({why}); "
                "define it in a .py file so its guards and bodies can be checked"
            )
        namespace = {**vars(module), **vars(cls)}
        for statement in class_node.body:
            functions = []
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if statement.name in _UNCHECKED_FUNCTIONS:
                    continue
                functions.append((statement.name, statement))
            else:
                functions.extend(("lambda", n) for n in ast.walk(statement) if isinstance(n, ast.Lambda))
            for name, function in functions:
                self.done.add((os.path.abspath(filename), function.lineno, function.col_offset))
                self.node(function, filename, 0, f"{cls.__name__}.{name}", namespace)

    # -- functions wherever they are defined ----------------------------------------------
    def function(self, function, where: str):
        """Lint a guard, a body, a decision function or a helper, found through its code."""
        code = getattr(function, "__code__", None)
        if code is None or not _is_user_code(function):
            return
        filename = os.path.abspath(code.co_filename)
        for node in self._nodes_at(filename, code):
            key = (filename, node.lineno, node.col_offset)
            if key in self.done:
                continue
            self.done.add(key)
            self.node(node, code.co_filename, 0, where, function.__globals__)

    def _tree(self, filename: str, module_globals: dict | None = None) -> ast.Module | None:
        """The file's syntax tree, parsed once (None: no source, or not Python); with the
        module's globals, linecache also asks its loader (as inspect does)."""
        if filename not in self.modules:
            try:
                source = "".join(linecache.getlines(filename, module_globals))
                self.modules[filename] = ast.parse(source) if source else None
            except (SyntaxError, ValueError):
                self.modules[filename] = None
        return self.modules[filename]

    def _index(self, filename: str) -> dict:
        """first line -> the defs and lambdas starting there (a decorated def: also its decorators' lines)."""
        if filename not in self.trees:
            index: dict[int, list] = {}
            tree = self._tree(filename)
            for node in ast.walk(tree) if tree is not None else ():
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    for line in {node.lineno, *(d.lineno for d in node.decorator_list)}:
                        index.setdefault(line, []).append(node)
                elif isinstance(node, ast.Lambda):
                    index.setdefault(node.lineno, []).append(node)
            self.trees[filename] = index
        return self.trees[filename]

    def _nodes_at(self, filename: str, code) -> list[ast.AST]:
        """The def (or the lambdas) whose code starts at ``code``'s first line."""
        wanted = ast.Lambda if code.co_name == "<lambda>" else (ast.FunctionDef, ast.AsyncFunctionDef)
        return [node for node in self._index(filename).get(code.co_firstlineno, ())
                if isinstance(node, wanted) and getattr(node, "name", code.co_name) == code.co_name]

    def node(self, function: ast.AST, filename: str, offset: int, where: str, namespace: dict):
        def resolve(expression: ast.AST):
            if isinstance(expression, ast.Name):
                return namespace.get(expression.id)
            if isinstance(expression, ast.Attribute) and isinstance(expression.value, ast.Name):
                owner = namespace.get(expression.value.id)
                if inspect.ismodule(owner) or inspect.isclass(owner):
                    return getattr(owner, expression.attr, None)
            return None

        for node in ast.walk(function):
            message = _problem(node, resolve)
            if message:
                self.fail(filename, offset + getattr(node, "lineno", 1), where, message)
        for node in ast.walk(function):
            if isinstance(node, ast.Call):
                helper = resolve(node.func)
                if inspect.isfunction(helper) and all(helper is not getattr(self.cls, name, None)
                                                      for name in _UNCHECKED_FUNCTIONS):
                    self.function(helper, f"helper {helper.__qualname__} (called from {where})")


def lint_algorithm_class(cls) -> None:
    """Raise AlgorithmError at the first forbidden construct in what the engines read of ``cls``:
    its guards, bodies and decision functions, wherever defined, and the helpers they call."""
    linter = _Linter(cls)
    linter.class_body()
    for command in cls.commands:
        for function in (command.guard, command.body):
            if function is not None:
                linter.function(function, f"{cls.__name__}.{command.name}")
    for name in _DECISIONS:
        function = getattr(cls, name, None)
        if function is not None:
            linter.function(function, f"{cls.__name__}.{name}")
