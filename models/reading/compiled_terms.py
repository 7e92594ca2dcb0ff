"""z3 terms compiled to Python functions of plain values, with z3's meaning.

Checking a symbolic reading against the concrete semantics (checker/trust/readings.py) means
evaluating its terms on thousands of plain contexts; ``z3.substitute`` and ``z3.simplify``
take about a millisecond each. ``CompiledTerms`` prints the terms once as Python source (a
function of the variables' values) and calls it instead: microseconds per context.

The source computes what z3 means, not what Python would: ``div`` and ``mod`` are SMT-LIB's
(the remainder is never negative), as the term says. Where z3's meaning is not a plain
computation (a division by zero, a negative power, an operator not printed here) the value
comes from ``z3.substitute`` and ``z3.simplify`` for that context, so the compiled function
agrees with z3 everywhere by construction; a term z3 leaves unevaluated there (``5 div 0``)
is ``UNDEFINED``.
"""
from __future__ import annotations

from collections.abc import Sequence

import z3


class _Undefined:
    """z3 gives this term no value under the substitution (for instance ``x div 0``)."""

    def __repr__(self) -> str:
        return "undefined"


UNDEFINED = _Undefined()


class _NoPlainValue(Exception):
    """The compiled code met a case it does not compute itself; z3 evaluates it instead."""


def smt_div(a: int, b: int) -> int:
    if b == 0:
        raise _NoPlainValue
    r = a % abs(b)
    return (a - r) // b


def smt_mod(a: int, b: int) -> int:
    if b == 0:
        raise _NoPlainValue
    return a % abs(b)


def smt_power(a: int, b: int) -> int:
    if b < 0 or b > 4096:  # z3's rule for negative exponents is its own; huge powers are its business
        raise _NoPlainValue
    return a ** b


class _Unprintable(Exception):
    pass


def _kinds():
    return {
        z3.Z3_OP_LE: "<=", z3.Z3_OP_LT: "<", z3.Z3_OP_GE: ">=", z3.Z3_OP_GT: ">",
        z3.Z3_OP_EQ: "==", z3.Z3_OP_IFF: "==", z3.Z3_OP_XOR: "!=",
    }


class _Source:
    """Python source for a set of terms: shared subterms bound once, the rest inline."""

    def __init__(self, names: dict[int, str]):
        self.names = dict(names)  # term id -> expression (variables and bound subterms)
        self.lines: list[str] = []
        self.uses: dict[int, int] = {}
        self.infix = _kinds()

    def count(self, term) -> None:
        pending = [term]
        while pending:
            t = pending.pop()
            k = t.get_id()
            self.uses[k] = self.uses.get(k, 0) + 1
            if self.uses[k] == 1 and k not in self.names:
                pending.extend(t.children())

    def expression(self, term) -> str:
        k = term.get_id()
        if k in self.names:
            return self.names[k]
        text = self._print(term)
        if self.uses.get(k, 0) > 1 and term.num_args() > 0:
            name = f"t{len(self.lines)}"
            self.lines.append(f"    {name} = {text}")
            self.names[k] = name
            return name
        return text

    def _print(self, term) -> str:
        if z3.is_true(term):
            return "True"
        if z3.is_false(term):
            return "False"
        if z3.is_int_value(term):
            return str(term.as_long())
        if term.num_args() == 0:
            raise _Unprintable(f"the constant {term}")
        if not (z3.is_int(term) or z3.is_bool(term)):
            raise _Unprintable(f"{term} of sort {term.sort()}")
        kind = term.decl().kind()
        args = [self.expression(child) for child in term.children()]
        if kind == z3.Z3_OP_AND:
            return "(" + " and ".join(args) + ")"
        if kind == z3.Z3_OP_OR:
            return "(" + " or ".join(args) + ")"
        if kind == z3.Z3_OP_NOT:
            return f"(not {args[0]})"
        if kind == z3.Z3_OP_IMPLIES:
            return f"((not {args[0]}) or {args[1]})"
        if kind == z3.Z3_OP_ITE:
            return f"({args[1]} if {args[0]} else {args[2]})"
        if kind == z3.Z3_OP_DISTINCT:
            return "(" + " and ".join(f"{a} != {b}" for i, a in enumerate(args) for b in args[i + 1:]) + ")"
        if kind in self.infix and len(args) == 2:
            return f"({args[0]} {self.infix[kind]} {args[1]})"
        if kind == z3.Z3_OP_ADD:
            return "(" + " + ".join(args) + ")"
        if kind == z3.Z3_OP_SUB:
            return "(" + " - ".join(args) + ")"
        if kind == z3.Z3_OP_MUL:
            return "(" + " * ".join(args) + ")"
        if kind == z3.Z3_OP_UMINUS:
            return f"(-{args[0]})"
        if kind == z3.Z3_OP_IDIV:
            return f"smt_div({args[0]}, {args[1]})"
        if kind == z3.Z3_OP_MOD:
            return f"smt_mod({args[0]}, {args[1]})"
        if kind == z3.Z3_OP_POWER:
            return f"smt_power({args[0]}, {args[1]})"
        raise _Unprintable(f"the operation {term.decl()}")


class CompiledTerms:
    """``terms`` as one function of the values of ``variables`` (Int and Bool constants)."""

    def __init__(self, variables: Sequence[z3.ExprRef], terms: Sequence[z3.ExprRef]):
        self.variables, self.terms = tuple(variables), tuple(terms)
        self._bool = tuple(z3.is_bool(v) for v in self.variables)
        self._bool_positions = [k for k, b in enumerate(self._bool) if b]
        try:
            self._function = self._compile()
            self.compiled = True
        except _Unprintable:
            self._function = None
            self.compiled = False  # every call goes through z3

    def _compile(self):
        parameters = [f"v{k}" for k in range(len(self.variables))]
        source = _Source({v.get_id(): name for v, name in zip(self.variables, parameters)})
        for term in self.terms:
            source.count(term)
        results = [source.expression(term) for term in self.terms]
        text = "\n".join([
            f"def compiled({', '.join(parameters)}):",
            *source.lines,
            f"    return ({''.join(r + ', ' for r in results)})",
        ])
        namespace = {"smt_div": smt_div, "smt_mod": smt_mod, "smt_power": smt_power}
        exec(compile(text, "<compiled terms>", "exec"), namespace)  # noqa: S102 -- our own printed terms
        return namespace["compiled"]

    def __call__(self, values: Sequence) -> tuple:
        """The terms' values (bool or int, or UNDEFINED) when the variables hold ``values``."""
        if self._bool_positions:  # ints (an IntEnum too) compute as they are; a bool slot is made a bool
            values = list(values)
            for k in self._bool_positions:
                values[k] = bool(values[k])
        if self._function is not None:
            try:
                return self._function(*values)
            except _NoPlainValue:
                pass
        return self.by_z3(values)

    def by_z3(self, values: Sequence) -> tuple:
        """The same values from z3.substitute and z3.simplify (the slow reference)."""
        pairs = [(v, z3.BoolVal(bool(x)) if b else z3.IntVal(int(x))) for v, x, b in zip(self.variables, values, self._bool)]
        return tuple(_value(z3.simplify(z3.substitute(term, *pairs) if pairs else term)) for term in self.terms)


def _value(term):
    if z3.is_true(term):
        return True
    if z3.is_false(term):
        return False
    if z3.is_int_value(term):
        return term.as_long()
    return UNDEFINED
