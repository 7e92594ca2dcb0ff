"""Every Python construct whose z3 meaning differs from Python's is refused by the symbolic
reading (models/reading/faithful.py), with the command, the line and the fix; the ones z3 reads as
Python does (and // and %, given Python's floor semantics) are read faithfully.

The commands here are plain functions run through ``models.reading.symbolic.execute`` directly: the
lint (models/dsl/lint.py), which would reject most of them when a class is created, is a
convenience; this is the guarantee.
"""
from __future__ import annotations

import itertools

import pytest

from algorithms.cr import ChangRoberts, Token
from algorithms.hs import HirschbergSinclair
from models import PREV, AlgorithmError, And, Command, Message
from models.reading.symbolic import bind_message, evaluate, execute


class Pair(Message):
    a: int
    b: int


def _guard(when, message=Token, algorithm=ChangRoberts, port=PREV):
    command = Command("probe", "receive", lambda p, m, port: None, when, message, line=7)
    return execute(algorithm, command, 3, port)


def _body(body, message=Token, algorithm=ChangRoberts, port=PREV):
    return execute(algorithm, Command("probe", "receive", body, None, message, line=7), 3, port)


REFUSED = [
    ("tuple ==", lambda p, m, port: (p.initiated, m.id < p.id) == (True, True), "comparing the terms' structure"),
    ("list ==", lambda p, m, port: [m.id] == [p.id], "comparing the terms' structure"),
    ("message ==", lambda p, m, port: m == Token(1), "comparing the terms' structure"),
    ("tuple <", lambda p, m, port: (m.id, 1) < (p.id, 2), "structure"),
    ("in a tuple", lambda p, m, port: m.id in (1, 2), "comparing the terms' structure"),
    ("in a set", lambda p, m, port: m.id in {1, 2}, "was hashed"),
    ("all", lambda p, m, port: all([p.initiated, m.id < p.id]), "truth value"),
    ("any", lambda p, m, port: any([p.initiated, m.id < p.id]), "truth value"),
    ("min", lambda p, m, port: min(m.id, p.id) == m.id, "truth value"),
    ("max", lambda p, m, port: max(m.id, p.id) == m.id, "truth value"),
    ("sorted", lambda p, m, port: sorted([m.id, p.id])[0] == m.id, "truth value"),  # noqa: FURB192
    ("and", lambda p, m, port: p.initiated and m.id < p.id, "truth value"),
    ("or", lambda p, m, port: p.initiated or m.id < p.id, "truth value"),
    ("not", lambda p, m, port: not p.initiated, "truth value"),
    ("if-expression", lambda p, m, port: True if m.id < p.id else False, "truth value"),  # noqa: SIM210
    ("chained comparison", lambda p, m, port: 0 < m.id < p.id, "truth value"),
    ("bool()", lambda p, m, port: bool(m.id < p.id), "truth value"),
    ("truth of an int", lambda p, m, port: And(p.initiated, not m.id), "truth value"),
    ("/", lambda p, m, port: m.id / 2 < 1, "`/` on integers"),
    ("reflected /", lambda p, m, port: 6 / m.id < 1, "`/` on integers"),
    ("&", lambda p, m, port: m.id & 1 == 1, "bit operator"),
    ("|", lambda p, m, port: m.id | 1 == 1, "bit operator"),
    ("^", lambda p, m, port: m.id ^ 1 == 1, "bit operator"),
    ("<<", lambda p, m, port: m.id << 1 == 2, "bit operator"),
    (">>", lambda p, m, port: m.id >> 1 == 0, "bit operator"),
    ("~ on an int", lambda p, m, port: ~m.id == -2, "bit operator"),
    ("~ on a bool", lambda p, m, port: ~p.initiated, "-1 or -2"),
    ("- on a bool", lambda p, m, port: -p.initiated < 0, "on the bool"),
    ("< on a bool", lambda p, m, port: p.initiated < True, "on the bool"),
    ("bool == int", lambda p, m, port: p.initiated == 1, "Z3Exception"),
    ("negative power", lambda p, m, port: m.id ** -1 == 0, "non-negative exponent"),
    ("int()", lambda p, m, port: int(m.id) > 2, "TypeError"),
    ("an index", lambda p, m, port: [True, False, True][m.id], "TypeError"),
    ("divmod", lambda p, m, port: divmod(m.id, 2)[0] == 0, "TypeError"),
    ("// 0", lambda p, m, port: m.id // 0 == 0, "divides by zero"),
]


@pytest.mark.parametrize("construct, guard, what", REFUSED, ids=[r[0] for r in REFUSED])
def test_a_construct_z3_reads_differently_is_refused_with_command_line_and_fix(construct, guard, what):
    with pytest.raises(AlgorithmError) as refusal:
        _guard(guard)
    message = str(refusal.value)
    assert message.startswith("ChangRoberts.probe (line 7) cannot be read symbolically: ")
    assert what in message
    assert "test_readings_constructs.py:" in message  # the line of the construct itself
    assert "; " in message.split("cannot be read symbolically: ")[1]  # and a fix after it


def test_a_refused_body_names_its_line_too():
    def body(p, m, port):
        p.color = 1
        if m.id > p.id:
            p.L = m.id

    with pytest.raises(AlgorithmError, match=r"truth value of `m.id > p.id`.* at tests/trust/test_readings_constructs.py:\d+"):
        _body(body)


def test_a_helper_outside_the_class_is_refused_at_its_own_line():
    def smaller(p, m):  # a helper anywhere: the refusal points into it
        return min(m.id, p.id)

    with pytest.raises(AlgorithmError, match=r"test_readings_constructs.py:\d+"):
        _guard(lambda p, m, port: smaller(p, m) == m.id)


def test_refusals_are_scoped_z3_is_untouched_afterwards():
    import z3

    with pytest.raises(AlgorithmError):
        _guard(lambda p, m, port: m.id / 2 < 1)
    a, b = z3.Ints("a b")
    assert bool(a == a) and not bool(a == b)  # noqa: PLR0124 -- z3's own structural answer, outside the reading
    assert hash(a) == hash(z3.Int("a"))
    assert str(z3.simplify(z3.IntVal(7) / z3.IntVal(2))) == "3"


def _values(step, a, b):
    return evaluate(step.sends[0][2][0], bind_message(step.message, (a, b)))


FLOOR = [
    ("a // b", lambda a, b: a // b),
    ("a % b", lambda a, b: a % b),
    ("a // 3", lambda a, b: a // 3),
    ("a // -3", lambda a, b: a // -3),
    ("a % -3", lambda a, b: a % -3),
    ("-7 // b", lambda a, b: -7 // b),
    ("7 % b", lambda a, b: 7 % b),
]


@pytest.mark.parametrize("name, formula", FLOOR, ids=[f[0] for f in FLOOR])
def test_floor_division_and_modulo_read_as_python_computes_them(name, formula):
    step = _body(lambda p, m, port: p.send("NEXT", Token(formula(m.a, m.b))), message=Pair)
    for a, b in itertools.product(range(-7, 8), [-3, -2, -1, 1, 2, 3]):
        assert _values(step, a, b) == formula(a, b), (name, a, b)


FAITHFUL = [
    ("abs", lambda m: abs(m.a - m.b), lambda a, b: abs(a - b)),
    ("bool + int", lambda m: (m.a < m.b) + 1, lambda a, b: (a < b) + 1),
    ("bool * int", lambda m: (m.a < m.b) * 5, lambda a, b: (a < b) * 5),
    ("sum", lambda m: sum([m.a, m.b, 1]), lambda a, b: a + b + 1),
    ("power", lambda m: 2 ** (m.a * m.a), lambda a, b: 2 ** (a * a)),
    ("== None", lambda m: (m.a == None) + 0, lambda a, b: 0),  # noqa: E711 -- the construct under test
]


@pytest.mark.parametrize("name, term, python", FAITHFUL, ids=[f[0] for f in FAITHFUL])
def test_what_z3_reads_as_python_does_is_read(name, term, python):
    step = _body(lambda p, m, port: p.send("NEXT", Token(term(m))), message=Pair)
    for a, b in itertools.product(range(-3, 4), repeat=2):
        assert _values(step, a, b) == python(a, b), (name, a, b)


def test_the_decision_functions_are_read_in_the_same_scope(monkeypatch):
    from models.reading.symbolic import SymbolicProcess, read_decisions

    monkeypatch.setattr("models.dsl.algorithm.lint_algorithm_class", lambda cls: None)  # the lint would say it first

    class Rewritten(HirschbergSinclair):
        def is_leader(p):
            return (p.leader, True) == (1, True)

    with pytest.raises(AlgorithmError, match=r"Rewritten.is_leader \(line \d+\) cannot be read symbolically"):
        read_decisions(Rewritten, 3, SymbolicProcess(Rewritten, 3))
