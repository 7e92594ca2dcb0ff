"""Boolean structure that works on Python values and on z3 terms alike.

Python's ``and``/``or``/``not``/``if`` ask a value for its truth; on a z3 term that question
either raises or silently compares structure. Guards and bodies therefore use these
functions, which build z3 terms when any argument is one and compute plain values otherwise.
"""
from __future__ import annotations


def is_symbolic(value: object) -> bool:
    """True for z3 expressions; checked by module name so the concrete path never imports z3."""
    return type(value).__module__.startswith("z3")


def _any_symbolic(values) -> bool:
    return any(is_symbolic(v) for v in values)


def And(*conditions):
    if _any_symbolic(conditions):
        import z3

        return z3.And(*conditions)
    return all(conditions)


def Or(*conditions):
    if _any_symbolic(conditions):
        import z3

        return z3.Or(*conditions)
    return any(conditions)


def Not(condition):
    if is_symbolic(condition):
        import z3

        return z3.Not(condition)
    return not condition


def Implies(premise, conclusion):
    if is_symbolic(premise) or is_symbolic(conclusion):
        import z3

        return z3.Implies(premise, conclusion)
    return (not premise) or bool(conclusion)


def ite(condition, then_value, else_value):
    """The value-level choice ``condition ? then_value : else_value``."""
    if _any_symbolic((condition, then_value, else_value)):
        import z3

        return z3.If(condition, then_value, else_value)
    return then_value if condition else else_value
