"""The symbolic reading of a command (models.reading.symbolic) agrees with the explorer's concrete one."""
from __future__ import annotations

import subprocess
import sys
from functools import lru_cache

import pytest
import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from algorithms.cr import ChangRoberts
from algorithms.hs import HirschbergSinclair, Probe
from algorithms.lcr import LCR
from models import CCW, CW, TRUE, AlgorithmError, AsyncSystem, Command, Id, opposite
from models.dsl.algorithm import Layout
from models.systems.process import view_class
from models.reading.symbolic import SymbolicProcess, bind_message, evaluate, execute

ALGORITHMS = (HirschbergSinclair, LCR, ChangRoberts)


def _cases():
    """(algorithm, command, port) for every command and every port it receives on."""
    for algorithm in ALGORITHMS:
        in_ports = algorithm.topology(2).in_ports(0)
        for command in algorithm.commands:
            if command.kind == "spontaneous":
                yield algorithm, command, None
            else:
                yield from ((algorithm, command, port) for port in in_ports if command.enabled_on(port))


CASES = list(_cases())
CASE_IDS = [f"{a.name}.{c.name}" + (f"@{p}" if p else "") for a, c, p in CASES]


@lru_cache(maxsize=None)
def symbolic_step(algorithm, command_name, port, n):
    command = next(c for c in algorithm.commands if c.name == command_name)
    return execute(algorithm, command, n, port)


@lru_cache(maxsize=None)
def local_values(value_type, n):
    if value_type is bool:
        return st.booleans()
    if value_type is Id:
        return st.integers(0, n)
    if isinstance(value_type, type) and issubclass(value_type, int) and value_type is not int:
        return st.sampled_from(list(value_type))  # an IntEnum: Decision, Color
    return st.integers(-2, 2 * n)


FIELD = st.integers(0, 7)  # ids are 1..n <= 5, so this covers below, equal and above
NEAR = st.sampled_from([-1, 0, 0, 1])


@st.composite
def scenarios(draw, algorithm, command):
    """A ring size, an arrangement of ids, one process's locals, and a message's field values.

    Int fields are non-negative (ids, phases, ttls are): for a negative phase Python's
    ``2 ** k`` is a float while z3's integer power is 0, see test_power_term_evaluates.
    """
    n = draw(st.integers(2, 5))
    ids = draw(st.permutations(range(1, n + 1)))
    i = draw(st.integers(0, n - 1))
    layout = Layout.of(algorithm, algorithm.topology.ports)
    values = tuple(draw(local_values(variable.type, n)) for _, _, variable in layout.slots)
    fields = () if command.kind == "spontaneous" else tuple(
        draw(field_value(t, ids[i])) for t in command.message.field_types
    )
    return n, ids, i, values, fields


def field_value(value_type, pid):
    """Int fields are often 0 or at the receiver's id, so that m.ttl == 0 and m.id == p.id are hit."""
    if value_type is bool:
        return st.booleans()
    return st.one_of(st.just(0), FIELD, NEAR.map(lambda offset: pid + offset))


def run_concretely(algorithm, command, port, n, ids, i, values, fields):
    """The explorer's own step: process i holds ``values`` and the message heads its channel."""
    system = AsyncSystem(algorithm, ids)
    state = list(system.initial_state)
    state[i] = values
    if command.kind == "receive":
        state[n + system.topology.in_channel(i, port)] = (command.message(*fields),)
    return [
        step for step in system.steps(tuple(state))
        if step.process == i and step.command == command.name and step.port == port
    ]


def assert_agree(algorithm, command, port, n, ids, i, values, fields):
    """Guard values agree; when the guard holds, every local and the sends (in order) agree."""
    steps = run_concretely(algorithm, command, port, n, ids, i, values, fields)
    assert len(steps) <= 1
    symbolic = symbolic_step(algorithm, command.name, port, n)
    pairs = symbolic.process.bind(values, ids[i])
    if symbolic.message is not None:
        pairs += bind_message(symbolic.message, fields)
    assert evaluate(symbolic.guard, pairs) == bool(steps)
    if steps:
        (step,) = steps
        assert [evaluate(term, pairs) for term in symbolic.locals] == list(step.target[i])
        assert [(p, t, tuple(evaluate(f, pairs) for f in fs)) for p, t, fs in symbolic.sends] == [
            (p, type(m), tuple(m[1:])) for p, m in step.sent
        ]
    return bool(steps)


@pytest.mark.parametrize("algorithm, command, port", CASES, ids=CASE_IDS)
def test_concrete_and_symbolic_agree(algorithm, command, port):
    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(scenarios(algorithm, command))
    def check(scenario):
        n, ids, i, values, fields = scenario
        assert_agree(algorithm, command, port, n, ids, i, values, fields)

    check()


@pytest.mark.parametrize("algorithm, command, port", CASES, ids=CASE_IDS)
def test_agree_on_a_solution_of_the_guard(algorithm, command, port):
    """Random values rarely satisfy a guard like And(m.id == p.id, m.ttl == 0): ask z3 for some."""
    n = 4
    step = symbolic_step(algorithm, command.name, port, n)
    fields = step.message[1:] if step.message is not None else ()
    solver = z3.Solver()
    solver.add(step.process.domain(), step.guard, *(f >= 0 for f in fields if f.sort() == z3.IntSort()))
    assert solver.check() == z3.sat  # every guard is satisfiable within the locals' domains
    model = solver.model()

    def value(x):
        return evaluate(model.eval(x, model_completion=True), [])

    pid = value(step.process.id)
    ids = (pid, *(k for k in range(1, n + 1) if k != pid))
    values = tuple(value(x) for x in step.process.locals)
    assert assert_agree(algorithm, command, port, n, ids, 0, values, tuple(value(f) for f in fields))


def _command(algorithm, name):
    return next(c for c in algorithm.commands if c.name == name)


def _equivalent(a, b) -> bool:
    solver = z3.Solver()
    solver.add(a != b)
    return solver.check() == z3.unsat


def test_hs_relay_probe_on_cw_reads_as_the_seed_says():
    step = execute(HirschbergSinclair, _command(HirschbergSinclair, "relay_probe"), 3, CW)
    p, m = step.process, step.message
    assert _equivalent(step.guard, z3.And(m.id > p.id, m.ttl > 0))
    assert all(new.eq(old) for new, old in zip(step.locals, p.locals))  # no local changes
    ((port, message_type, fields),) = step.sends
    assert (port, message_type) == (CCW, Probe)
    assert all(_equivalent(f, e) for f, e in zip(fields, (m.id, m.phase, m.ttl - 1)))


def test_hs_second_reply_starts_the_next_phase():
    step = execute(HirschbergSinclair, _command(HirschbergSinclair, "second_reply"), 3, CCW)
    p, m = step.process, step.message
    replied_cw = p.locals[p.layout.slots.index(("replied", CW, HirschbergSinclair.replied))]
    assert _equivalent(step.guard, z3.And(m.id == p.id, replied_cw))
    replied_after = [x for x, (name, _, _) in zip(step.locals, p.layout.slots) if name == "replied"]
    assert [evaluate(x, []) for x in replied_after] == [False, False]
    assert [(port, t) for port, t, _ in step.sends] == [(CW, Probe), (CCW, Probe)]
    ttl = step.sends[0][2][2]  # 2 ** (m.phase + 1) - 1, a z3 power term
    assert evaluate(ttl, [(m.phase, z3.IntVal(2))]) == 7
    solver = z3.Solver()  # the power term is exact for a concrete phase, also inside the solver
    solver.add(m.phase == 2, ttl != 7)
    assert solver.check() == z3.unsat


def test_power_term_evaluates():
    """``2 ** k`` on a z3 Int is z3's integer power; substitute + simplify computes it."""
    k = z3.Int("k")
    ttl = 2 ** (k + 1) - 1
    assert ttl.sort() == z3.IntSort()
    assert [evaluate(ttl, [(k, z3.IntVal(v))]) for v in (0, 1, 3, 10)] == [1, 3, 15, 2047]
    # Outside the domain the readings part: Python's 2 ** -2 is 0.25, z3's integer power is 0.
    assert evaluate(2 ** k, [(k, z3.IntVal(-2))]) == 0


def test_python_branching_on_a_z3_term_fails_loudly():
    """Why models.dsl.lint rejects `if`: bodies written as plain functions, not lint-checked."""

    def branching(p, m, port):
        if m.id > p.id:
            p.send(opposite(port), m)

    command = Command("branching", "receive", branching, None, Probe)
    with pytest.raises(AlgorithmError, match="truth value of `m.id > p.id`.* at tests/models/test_symbolic.py"):
        execute(HirschbergSinclair, command, 3, CW)


def test_python_if_on_an_equality_is_refused_not_read_structurally():
    """z3 answers `if a == b` by asking whether a and b are the same term; the reading refuses it
    (models/reading/faithful.py) instead of silently never taking the branch, as it did before."""

    def structural(p, m, port):
        if m.id == p.id:
            p.leader = TRUE

    with pytest.raises(AlgorithmError, match="comparing the terms' structure"):
        execute(HirschbergSinclair, Command("structural", "receive", structural, None, Probe), 3, CW)
    p = SymbolicProcess(HirschbergSinclair, 3)
    view = view_class(HirschbergSinclair, p.layout)
    concrete = view(list(p.layout.initial_values()), 2, 3, p.out_ports, HirschbergSinclair)
    structural(concrete, Probe(2, 0, 0), CW)
    assert concrete.leader == TRUE  # concretely the branch is taken


def test_the_concrete_path_does_not_import_z3():
    code = (
        "import sys, models, algorithms.hs as hs; "
        "s = models.AsyncSystem(hs.HirschbergSinclair, (1, 2, 3)); s.steps(s.initial_state); "
        "assert 'z3' not in sys.modules, 'z3 imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
