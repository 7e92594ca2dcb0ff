"""The compiled evaluator of z3 terms (models/reading/compiled_terms.py) computes what z3 computes.

Random terms over Int and Bool constants, with the operators the symbolic reading produces
(SMT-LIB div and mod, powers, ite, the boolean connectives), on random values including
zero divisors and negative numbers: the compiled function gives z3.substitute + simplify's
value, or UNDEFINED where z3 leaves the term unevaluated.
"""
from __future__ import annotations

import pytest
import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from algorithms import RINGS, builtin
from models.reading.compiled_terms import UNDEFINED, CompiledTerms, _NoPlainValue
from models.reading.symbolic import reading

X, Y, Z = z3.Ints("x y z")
P, Q = z3.Bools("p q")
VARIABLES = (X, Y, Z, P, Q)

ints = st.deferred(lambda: st.one_of(
    st.sampled_from([X, Y, Z]),
    st.integers(-5, 5).map(z3.IntVal),
    st.tuples(ints, ints).map(lambda t: t[0] + t[1]),
    st.tuples(ints, ints).map(lambda t: t[0] - t[1]),
    st.tuples(ints, ints).map(lambda t: t[0] * t[1]),
    st.tuples(ints, ints).map(lambda t: t[0] / t[1]),  # SMT-LIB div on Int terms
    st.tuples(ints, ints).map(lambda t: t[0] % t[1]),
    st.tuples(ints, st.integers(0, 3)).map(lambda t: t[0] ** t[1]),
    st.tuples(ints, st.sampled_from([X, Y])).map(lambda t: t[0] ** t[1]),
    ints.map(lambda a: -a),
    st.tuples(bools, ints, ints).map(lambda t: z3.If(*t)),
    bools.map(lambda b: z3.If(b, 1, 0) + 2),
))
bools = st.deferred(lambda: st.one_of(
    st.sampled_from([P, Q, z3.BoolVal(True), z3.BoolVal(False)]),
    st.tuples(ints, ints, st.sampled_from(["<", "<=", ">", ">=", "==", "!="])).map(_compare),
    st.lists(bools, min_size=1, max_size=3).map(lambda bs: z3.And(*bs)),
    st.lists(bools, min_size=1, max_size=3).map(lambda bs: z3.Or(*bs)),
    bools.map(z3.Not),
    st.tuples(bools, bools).map(lambda t: z3.Implies(*t)),
    st.tuples(bools, bools).map(lambda t: z3.Xor(*t)),
    st.tuples(bools, bools).map(lambda t: t[0] == t[1]),
    st.lists(ints, min_size=2, max_size=3).map(lambda xs: z3.Distinct(*xs)),
    st.tuples(bools, bools, bools).map(lambda t: z3.If(*t)),
))


def _compare(t):
    a, b, op = t
    return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[op]


values = st.tuples(st.integers(-6, 6), st.integers(-6, 6), st.integers(-6, 6), st.booleans(), st.booleans())


def _computes_what_z3_computes(terms, context):
    compiled = CompiledTerms(VARIABLES, terms)
    assert compiled.compiled
    assert compiled(context) == compiled.by_z3(context)
    try:  # the plain computation itself, where it does not hand the case to z3
        plain = compiled._function(*context)
    except _NoPlainValue:
        return
    assert plain == compiled.by_z3(context)


# 30 examples in the fast loop (3 s); 100 with the slow tests (about 10 s), which CI runs too. The
# recursive strategies make hypothesis discard terms too deep to build, sometimes many of the
# first few: not filtering of ours, so that health check is off.
GENEROUS = dict(deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@settings(max_examples=30, **GENEROUS)
@given(st.lists(st.one_of(ints, bools), min_size=1, max_size=3), values)
def test_the_compiled_function_computes_what_z3_computes(terms, context):
    _computes_what_z3_computes(terms, context)


@pytest.mark.slow
@settings(max_examples=100, **GENEROUS)
@given(st.lists(st.one_of(ints, bools), min_size=1, max_size=3), values)
def test_the_compiled_function_computes_what_z3_computes_on_more_terms(terms, context):
    _computes_what_z3_computes(terms, context)


def test_a_division_by_zero_is_undefined_as_in_z3():
    compiled = CompiledTerms(VARIABLES, [X / Y, X % Y, X + 1])
    assert compiled((7, 0, 0, False, False)) == (UNDEFINED, UNDEFINED, 8)
    assert compiled((-7, 2, 0, False, False)) == (-4, 1, -6)
    assert compiled((7, -2, 0, False, False)) == (-3, 1, 8)  # SMT-LIB: the remainder is never negative


def test_every_builtin_reading_compiles():
    for name in RINGS:  # readings are checked on rings
        algorithm = builtin(name)
        if algorithm.randomized:  # only the concrete semantics reads a draw (models/dsl/draws.py)
            continue
        topology = algorithm.topology(3)
        for command in algorithm.commands:
            ports = [None] if command.kind == "spontaneous" else [
                p for p in topology.in_ports(0) if command.enabled_on(p)]
            for port in ports:
                step = reading(algorithm, command, 3, port)
                variables = (*step.process.locals, step.process.id, *(step.message[1:] if step.message else ()))
                terms = [step.guard, *step.locals, *(v for _, _, fields in step.sends for v in fields)]
                assert CompiledTerms(variables, terms).compiled, (name, command.name, port)
