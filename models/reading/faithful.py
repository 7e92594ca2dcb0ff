"""Python operators on z3 terms: each either means what it means on plain values, or is refused.

A command's text runs on plain values (the reference, models/systems/semantics.py) and on z3 terms
(models/reading/symbolic.py). Python hands an operator on a z3 term to z3, and several of z3's answers
differ from Python's without any error:

  * ``bool(t)`` of an equation compares the two sides' *structure*: ``(a, b) == (True, True)``,
    ``m == Token(1)``, ``x in (1, 2)`` and ``if a == b`` become False for different terms;
  * ``/`` on Int terms is integer division (Python gives a float), ``%`` and a missing ``//``
    follow SMT-LIB (the remainder is never negative; Python's takes the divisor's sign);
  * ``~b`` on a Bool term is Not(b) (on a Python bool it is -1 or -2, both true);
  * ``2 ** -1`` is 0 (Python: 0.5); ``hash(t)`` is structural, so ``t in {1, 2}`` is False.

``faithful_operators(where)`` is the scope in which a command (or a decision function) is read
symbolically: inside it ``//`` and ``%`` build terms with Python's floor semantics, and every
construct whose z3 meaning differs raises ``AlgorithmError`` naming ``where``, the line of the
user's code and the fix. Outside the scope z3 is untouched, so the proofs' own use of z3
(``z3.If``, ``z3.And``, a solver's models) is not affected. The operators z3 already reads as
Python does (``+ - *`` and comparisons on ints, ``p + 1`` on a bool, ``abs``, ``&``/``|``/``^``
between bools) are left alone.
"""
from __future__ import annotations

import os
import traceback
from contextlib import contextmanager

import z3

from ..errors import AlgorithmError

_LOGIC_FIX = "write And/Or/Not/ite (from models) on the terms, or split the command into guarded commands"
_BOOL_ARITHMETIC_FIX = "a bool takes part in arithmetic only through ite(b, 1, 0)"


class _Refused(Exception):
    """Raised inside the scope; turned into an AlgorithmError naming the command and the line."""

    def __init__(self, what: str, fix: str):
        super().__init__(what)
        self.what, self.fix = what, fix


def _truth(self):
    if z3.is_true(self):
        return True
    if z3.is_false(self):
        return False
    if z3.is_int_value(self):
        return self.as_long() != 0
    if z3.is_eq(self) or z3.is_distinct(self):
        raise _Refused(
            f"Python asked whether `{self}` holds, which z3 answers by comparing the terms' structure "
            "(a comparison of tuples, lists or messages, `in`, or if/and/or/not/all/any on an equation)",
            "compare field by field with == and combine with And/Or (from models)",
        )
    raise _Refused(
        f"Python asked for the truth value of `{self}` (if/and/or/not, all/any/min/max/sorted, "
        "a chained or tuple comparison, `in`), which a z3 term does not have",
        _LOGIC_FIX,
    )


def _unhashable(self):
    raise _Refused(
        f"`{self}` was hashed (a set or dict lookup, `in` on a set), which z3 does by structure",
        "compare with == and combine with Or (from models)",
    )


def _refuse(what: str, fix: str):
    """An operator that refuses; ``what`` may name the term as {term}."""

    def refused(self, *other):
        raise _Refused(what.format(term=self), fix)

    return refused


def _floor_division(a, b):
    """Python's ``a // b`` (rounding toward minus infinity) from SMT-LIB's div (remainder >= 0)."""
    if isinstance(b, int) and not z3.is_expr(b):
        if b == 0:
            raise _Refused("`// 0` divides by zero", "divide by a non-zero value")
        a, b = _ints(a, b)
        return _div(a, b) if b.as_long() > 0 else _div(-a, z3.IntVal(-b.as_long()))
    a, b = _ints(a, b)
    return z3.If(b >= 0, _div(a, b), _div(-a, -b))


def _floor_modulo(a, b):
    """Python's ``a % b`` (the sign of b) from SMT-LIB's mod (never negative)."""
    if isinstance(b, int) and not z3.is_expr(b):
        if b == 0:
            raise _Refused("`% 0` divides by zero", "take the remainder by a non-zero value")
        a, b = _ints(a, b)
        return _mod(a, b) if b.as_long() > 0 else -_mod(-a, z3.IntVal(-b.as_long()))
    a, b = _ints(a, b)
    return z3.If(b >= 0, _mod(a, b), -_mod(-a, -b))


def _div(a, b):
    """SMT-LIB's div (the operators are replaced inside the scope, so build the term directly)."""
    return z3.ArithRef(z3.Z3_mk_div(a.ctx_ref(), a.as_ast(), b.as_ast()), a.ctx)


def _mod(a, b):
    return z3.ArithRef(z3.Z3_mk_mod(a.ctx_ref(), a.as_ast(), b.as_ast()), a.ctx)


def _ints(a, b):
    a = a if z3.is_expr(a) else z3.IntVal(a)
    b = b if z3.is_expr(b) else z3.IntVal(b)
    if not (z3.is_int(a) and z3.is_int(b)):
        raise _Refused(f"`//` or `%` on `{a}` and `{b}`, which are not both integers", _BOOL_ARITHMETIC_FIX)
    return a, b


def _checked_power(original, reflected: bool):
    def power(self, other):
        exponent = self if reflected else other
        if isinstance(exponent, int) and not z3.is_expr(exponent) and exponent < 0:
            raise _Refused(f"`** {exponent}` is a fraction in Python and 0 or 1 in z3", "use a non-negative exponent")
        return original(self, other)

    return power


_BIT_FIX = "bit operators are not read symbolically; write the arithmetic (// 2, % 2) or And/Or/Not for logic"


def _patches() -> list[tuple[type, str, object]]:
    """(class, attribute, replacement) for the scope."""
    arith, boolean, expr = z3.ArithRef, z3.BoolRef, z3.ExprRef
    truediv = _refuse("`/` on integers is a float in Python and integer division in z3",
                      "write // for floor division (ids and counters are integers)")
    patches = [
        (expr, "__bool__", _truth), (expr, "__hash__", _unhashable),
        (arith, "__truediv__", truediv), (arith, "__rtruediv__", truediv),
        (arith, "__div__", truediv), (arith, "__rdiv__", truediv),
        (arith, "__floordiv__", lambda a, b: _floor_division(a, b)),
        (arith, "__rfloordiv__", lambda a, b: _floor_division(b, a)),
        (arith, "__mod__", lambda a, b: _floor_modulo(a, b)),
        (arith, "__rmod__", lambda a, b: _floor_modulo(b, a)),
        (arith, "__pow__", _checked_power(arith.__pow__, False)),
        (arith, "__rpow__", _checked_power(arith.__rpow__, True)),
        (boolean, "__invert__", _refuse("`~` on the bool `{term}` is -1 or -2 in Python (both true) but Not in z3",
                                        "write Not(b) (from models)")),
    ]
    for name in ("and", "or", "xor", "lshift", "rshift"):
        refused = _refuse(f"the bit operator `{name}` on integers", _BIT_FIX)
        patches += [(arith, f"__{name}__", refused), (arith, f"__r{name}__", refused)]
    patches.append((arith, "__invert__", _refuse("the bit operator `~` on integers", _BIT_FIX)))
    for name in ("sub", "rsub", "truediv", "rtruediv", "floordiv", "rfloordiv", "mod", "rmod", "pow",
                 "rpow", "neg", "pos", "abs", "lt", "le", "gt", "ge", "lshift", "rshift"):
        patches.append((boolean, f"__{name}__", _refuse(
            f"`__{name}__` (arithmetic or ordering) on the bool `{{term}}`, which z3 does not define", _BOOL_ARITHMETIC_FIX)))
    return patches


_installed: list[tuple[type, str, object, bool]] = []
_depth = 0

# frames that are not the user's code: z3, this module, and the DSL's plumbing
_PLUMBING = tuple(os.path.dirname(f) if f.endswith("__init__.py") else f for f in (
    z3.__file__, __file__, *(os.path.join(os.path.dirname(os.path.dirname(__file__)), *name.split("/"))
                             for name in ("logic.py", "systems/process.py", "dsl/messages.py", "reading/symbolic.py")),
))


def _is_plumbing(filename: str) -> bool:
    return filename.startswith(_PLUMBING) or filename.startswith("<frozen") or filename == "<string>"


def _user_line(frames) -> str | None:
    """file:line of the innermost frame that is the user's code (a guard, a body, a helper)."""
    for filename, line in reversed(frames):
        if not _is_plumbing(filename):
            shown = os.path.relpath(filename)
            return f"{filename if shown.startswith('..') else shown}:{line}"
    return None


def _frames_of(error: BaseException) -> list[tuple[str, int]]:
    return [(f.filename, f.lineno) for f in traceback.extract_tb(error.__traceback__)]


@contextmanager
def faithful_operators(where: str):
    """Read ``where`` (e.g. "Cls.command (line 12)") on z3 terms with Python's meaning, or refuse."""
    global _depth
    if _depth == 0:
        for cls, name, replacement in _patches():
            _installed.append((cls, name, cls.__dict__.get(name), name in cls.__dict__))
            setattr(cls, name, replacement)
    _depth += 1
    try:
        yield
    except AlgorithmError:
        raise
    except _Refused as refusal:
        at = _user_line(_frames_of(refusal))
        raise AlgorithmError(
            f"{where} cannot be read symbolically: {refusal.what}{f' at {at}' if at else ''}; {refusal.fix}"
        ) from None
    except Exception as error:  # noqa: BLE001 -- a user's code may do anything with a z3 term
        at = _user_line(_frames_of(error))
        raise AlgorithmError(
            f"{where} cannot be read symbolically: {type(error).__name__}: {error}{f' at {at}' if at else ''}; "
            "the symbolic reading computes with + - * // % ** and comparisons on the locals, the id and "
            f"the message fields; {_LOGIC_FIX}"
        ) from None
    finally:
        _depth -= 1
        if _depth == 0:
            while _installed:
                cls, name, original, own = _installed.pop()
                if own:
                    setattr(cls, name, original)
                else:
                    delattr(cls, name)


def refusals_active() -> bool:
    """True inside ``faithful_operators`` (for tests)."""
    return _depth > 0

