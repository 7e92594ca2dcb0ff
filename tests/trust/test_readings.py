"""checker/trust/readings.py: every symbolic reading is compared with the concrete one before
anything is built from it, and what is built (footprints, the C engine) uses only the
readings that agree.

The variants below are written so that the symbolic reading accepts them (no construct
models/reading/faithful.py refuses) and yet says something else than Python: ``str`` or
``isinstance`` of a z3 term, a negative power. Each kind of evidence has a variant that only
it catches: a disagreement on a reachable context only, on a z3 witness only, on samples
only. Some of them the lint would reject at load; it is switched off while they are defined,
since the lint is a convenience and these checks are the guarantee.
"""
from __future__ import annotations

import os
from contextlib import contextmanager

import pytest

import models.dsl.algorithm
from algorithms import RINGS, builtin
from algorithms.cr import ChangRoberts
from algorithms.cr import Token as CrToken
from algorithms.lcr import LCR, Token
from checker import check, load_algorithm
from checker.cli import main
from checker.trust.readings import (
    DISAGREES,
    FAITHFUL,
    REACHABLE,
    SAMPLE,
    UNREADABLE,
    WITNESS,
)
from checker.trust.remembered import reading_report
from models import NEXT, TRUE, And, AsyncSystem, Local, Message, Or, receive
from models.reading.dependence import DependenceTables
from models.reading.footprint import Footprint
from models.systems.interned import InternedSystem
from models.native.engine import NativeEngine

from conftest import MUTANTS

MUTANT_FILES = sorted(f for f in os.listdir(MUTANTS)
                      if f.endswith(".py") and not load_algorithm(os.path.join(MUTANTS, f)).randomized)


@contextmanager
def unlinted():
    saved = models.dsl.algorithm.lint_algorithm_class
    models.dsl.algorithm.lint_algorithm_class = lambda cls: None
    try:
        yield
    finally:
        models.dsl.algorithm.lint_algorithm_class = saved


class Quad(Message):
    a: int
    b: int
    c: int
    d: int


with unlinted():
    class ReachableOnly(LCR, name="reachable-only"):
        """2 ** count for a count that only the execution makes negative: Python 0.5, z3 0."""

        count = Local(int, 0)
        x = Local(int, 1)

        @receive(Token,
                 when=lambda p, m, port: m.id < p.id)  # a line of its own: the note names the body's
        def pass_on(p, m, port):
            p.x = 2 ** p.count
            p.count = p.count - 1
            p.send(NEXT, m)

    class WitnessOnly(LCR, name="witness-only"):
        """A command only a z3 witness enables (no sample hits four fields at once, no Quad is sent),
        whose body reads str() of a term: the term's name in z3, the value's digits in Python."""

        @receive(Quad, when=lambda p, m, port: And(m.a == 5, m.b == 6, m.c == 7, m.d == 3))
        def odd(p, m, port):
            p.leader = len(str(m.a))

    class SampleOnly(LCR, name="sample-only"):
        """Disagrees only on a token with id 5, which a ring of 3 never carries but samples draw."""

        flagged = Local(bool, False)

        @receive(Token, when=lambda p, m, port: m.id > p.id)
        def discard(p, m, port):
            p.flagged = str(m.id) == "5"

    class HiddenLeader(LCR, name="hidden-leader"):
        """is_leader rewritten: z3 reads isinstance(term, int) as False and hides every leader but 1."""

        def is_leader(p):
            return And(p.leader == p.id, Or(p.id == 1, isinstance(p.id, int)))


    class SendsDigits(LCR, name="sends-digits"):
        """Passes on a token that carries how many digits the id has: z3's str() of a term is its
        name, so the reading sends another value in the same field, and nothing else differs."""

        @receive(Token, when=lambda p, m, port: m.id < p.id)
        def pass_on(p, m, port):
            p.send(NEXT, Token(len(str(m.id))))

    class SendsFloats(LCR, name="sends-floats"):
        """Passes on Token(1.0) for Token(1) in Python (isinstance of a term is False, so z3 reads
        the plain id): equal values, but not an int."""

        @receive(Token, when=lambda p, m, port: m.id < p.id)
        def pass_on(p, m, port):
            p.send(NEXT, Token(m.id * 1.0 if isinstance(m.id, int) else m.id))

    class FloatLeader(LCR, name="float-leader"):
        """Records the leader as 2.0 in Python and as the Int 2 in z3, the same way."""

        def leader_id(p):
            return p.leader * 1.0 if isinstance(p.leader, int) else p.leader


    class SendsWhenInt(LCR, name="sends-when-int"):
        """Sends two messages where Python finds an int (isinstance of a term is False: z3 sends none)."""

        @receive(Token, when=lambda p, m, port: m.id < p.id)
        def pass_on(p, m, port):
            if isinstance(m.id, int):
                p.send(NEXT, Quad(m.id, 1, 2, 3))
                p.send(NEXT, m)

    class RaisesInPython(LCR, name="raises-in-python"):
        """A guard that divides by len(str(id)) - 1: zero in Python, not for z3's name of the term."""

        @receive(Token, when=lambda p, m, port: len(str(m.id)) // (len(str(m.id)) - 1) >= 0)
        def pass_on(p, m, port):
            p.send(NEXT, m)


def _disagreement(report):
    found = [v for v in report.instances + report.decisions if not v.faithful]
    assert len(found) == 1, [v.detail for v in found]
    return found[0]


@pytest.mark.parametrize("name", RINGS)  # readings are checked on rings
def test_every_builtin_reads_faithfully(name):
    report = reading_report(builtin(name), 3)
    assert report.faithful, report.problems
    assert report.contexts[REACHABLE] > 0 and report.contexts[SAMPLE] > 0
    assert all(v.contexts > 0 for v in report.instances + report.decisions)
    trusted = report.trusted
    assert trusted.decisions and trusted.reason is None
    assert len(trusted.instances) == len(report.instances)


@pytest.mark.parametrize("filename", MUTANT_FILES)
def test_every_mutant_reads_faithfully(filename):
    report = reading_report(load_algorithm(os.path.join(MUTANTS, filename)), 3)
    assert report.faithful, report.problems


def test_a_disagreement_on_a_reachable_context_only():
    assert reading_report(ReachableOnly, 3, evidence=(WITNESS, SAMPLE)).faithful
    verdict = _disagreement(reading_report(ReachableOnly, 3))
    assert (verdict.status, verdict.evidence, verdict.command, verdict.port) == (DISAGREES, REACHABLE, "pass_on", "PREV")
    assert verdict.detail.startswith(f"ReachableOnly.pass_on (line {ReachableOnly.pass_on.line}): at id=")
    assert "count=-1" in verdict.detail and "after the step z3 says x=0, Python says x=0.5" in verdict.detail


def test_a_disagreement_on_a_z3_witness_only():
    assert reading_report(WitnessOnly, 3, evidence=(REACHABLE, SAMPLE)).faithful
    verdict = _disagreement(reading_report(WitnessOnly, 3))
    assert (verdict.evidence, verdict.command) == (WITNESS, "odd")
    assert "m=Quad(5, 6, 7, 3) on PREV" in verdict.detail
    assert "after the step z3 says leader=3, Python says leader=1" in verdict.detail


def test_a_disagreement_on_samples_only():
    assert reading_report(SampleOnly, 3, evidence=(REACHABLE, WITNESS)).faithful
    verdict = _disagreement(reading_report(SampleOnly, 3))
    assert (verdict.evidence, verdict.command) == (SAMPLE, "discard")
    assert "m=Token(5)" in verdict.detail and "z3 says flagged=false, Python says flagged=true" in verdict.detail


def test_a_decision_function_that_reads_differently():
    verdict = _disagreement(reading_report(HiddenLeader, 3))
    assert verdict.reading == "HiddenLeader.is_leader" and verdict.command is None
    assert "z3 says false, Python says true" in verdict.detail
    trusted = reading_report(HiddenLeader, 3).trusted
    assert not trusted.decisions and len(trusted.instances) == len(reading_report(HiddenLeader, 3).instances)


def test_a_send_whose_field_differs_is_a_disagreement():
    verdict = _disagreement(reading_report(SendsDigits, 3))
    assert verdict.command == "pass_on" and "Python sends Token(1) on NEXT" in verdict.detail
    assert "z3 sends Token(1) on NEXT" not in verdict.detail


def test_a_value_that_is_not_an_int_is_a_disagreement_though_equal():
    verdict = _disagreement(reading_report(SendsFloats, 3))
    assert verdict.command == "pass_on" and "z3 sends Token(1) on NEXT, Python sends Token(1.0) on NEXT" in verdict.detail
    verdict = _disagreement(reading_report(FloatLeader, 3))
    assert verdict.reading == "FloatLeader.leader_id" and "z3 says 0, Python says 0.0" in verdict.detail


def test_a_disagreement_note_shows_the_context_and_both_sends_in_full():
    verdict = _disagreement(reading_report(SendsWhenInt, 3))
    assert verdict.detail == (f"SendsWhenInt.pass_on (line {SendsWhenInt.pass_on.line}): at id=2, asleep=false, "
                              "leader=NIL, m=Token(1) on PREV: z3 sends nothing, Python sends Quad(1, 1, 2, 3) on NEXT, "
                              "Token(1) on NEXT")


def test_a_guard_python_cannot_evaluate_is_a_disagreement_that_names_the_error():
    verdict = _disagreement(reading_report(RaisesInPython, 3))
    assert verdict.detail.endswith(
        ": z3 says the guard is true, Python raises ZeroDivisionError: integer division or modulo by zero")


def test_a_refused_reading_is_unreadable_with_the_refusal():
    with unlinted():
        class Dividing(LCR, name="dividing"):
            @receive(Token, when=lambda p, m, port: m.id / 2 < p.id)
            def pass_on(p, m, port):
                p.send(NEXT, m)

    verdict = _disagreement(reading_report(Dividing, 3))
    assert verdict.status == UNREADABLE and "`/` on integers" in verdict.detail and "write //" in verdict.detail


def test_a_guard_that_disagrees_names_the_guard_line():
    with unlinted():
        class Identity(ChangRoberts, name="identity"):
            @receive(CrToken,
                     when=lambda p, m, port: And(p.initiated is True, m.id < p.id))
            def remove(p, m, port):
                pass

    verdict = _disagreement(reading_report(Identity, 3))
    guard_line = Identity.remove.guard.__code__.co_firstlineno
    assert guard_line == Identity.remove.line + 1  # the guard's own line, not the command's
    assert verdict.detail.startswith(f"Identity.remove (line {guard_line}): at id=")
    assert verdict.detail.endswith("z3 says the guard is false, Python says true")


def test_footprints_of_an_unfaithful_instance_assume_the_worst():
    report = reading_report(ReachableOnly, 3)
    system = AsyncSystem(ReachableOnly, (1, 3, 2))
    tables = DependenceTables.of(system, report.trusted)
    worst = Footprint.worst(len(system.layout.slots), ("NEXT",))
    for instance, footprint in zip(system.instances, map(tables._footprint, system.instances)):
        if instance.command is not None and instance.command.name == "pass_on":
            assert footprint == worst
        elif instance.command is not None and instance.command.name == "send_my_id":
            assert footprint != worst  # a faithful instance keeps its symbolic footprint


def test_the_issues_first_variant_is_violated_by_a_plain_check(tmp_path):
    """A tuple comparison the lint cannot see (through operator.eq): z3 read it as never true,
    so the C engine, built from that reading, said VERIFIED. Now the reading is refused, the
    Python engine runs the algorithm with worst-case footprints for that command, and the
    second leader is found."""
    path = tmp_path / "smaller_token.py"
    path.write_text(
        "import operator\n"
        "from algorithms.cr import ChangRoberts, Leader, Token\n"
        "from models import NEXT, receive\n"
        "class ElectsOnSmallerToken(ChangRoberts, name='cr-smaller-token'):\n"
        "    @receive(Token, when=lambda p, m, port: operator.eq((p.initiated, m.id < p.id), (True, True)))\n"
        "    def remove(p, m, port):\n"
        "        p.L = p.id\n"
        "        p.send(NEXT, Leader(p.id))\n"
    )
    result = check(load_algorithm(str(path)), 3, jobs=1)
    assert result.verdict == "violated" and result.engine == "interned"
    (note,) = [note for note in result.notes if note.startswith("not trusted: ")]
    assert "ElectsOnSmallerToken.remove (line 5) cannot be read symbolically" in note
    assert "the Python engine ran it" in note and "partial-order reduction assumed the worst" in note
    assert main([str(path), "--n", "3"]) == 1


def test_the_lint_names_the_issues_first_variant_as_written(tmp_path):
    path = tmp_path / "smaller_token.py"
    path.write_text(
        "from algorithms.cr import ChangRoberts, Leader, Token\n"
        "from models import NEXT, receive\n"
        "class ElectsOnSmallerToken(ChangRoberts, name='cr-smaller-token'):\n"
        "    @receive(Token, when=lambda p, m, port: (p.initiated, m.id < p.id) == (True, True))\n"
        "    def remove(p, m, port):\n"
        "        p.L = p.id\n"
        "        p.send(NEXT, Leader(p.id))\n"
    )
    assert main([str(path), "--n", "3"]) == 2


def test_a_hidden_leader_is_observed_by_python_not_by_the_reading():
    """A mutant that elects two leaders, with is_leader rewritten so that z3 sees only one."""
    base = load_algorithm(os.path.join(MUTANTS, "hs_never_swallows.py"))
    with unlinted():
        class TwoLeadersHidden(base, name="two-leaders-hidden"):
            def is_leader(p):
                return And(p.leader == TRUE, Or(p.id == 1, isinstance(p.id, int)))

    result = check(TwoLeadersHidden, 2, jobs=1)
    assert result.verdict == "violated" and result.counterexample.property == "at-most-one-leader"
    assert any(note.startswith("not trusted: TwoLeadersHidden.is_leader") for note in result.notes)
    reference = check(TwoLeadersHidden, 2, jobs=1, engine="interned", por=False)
    assert reference.counterexample.property == "at-most-one-leader"


def test_floor_division_and_modulo_compile_to_c_that_computes_pythons_values():
    """// and % with negative operands on reachable states: the C engine, generated from the
    floor-semantics reading (SMT-LIB div and mod inside ite), explores the Python graph."""
    with unlinted():
        class Floors(LCR, name="floors"):
            quotient = Local(int, 0)
            remainder = Local(int, 0)
            by_id = Local(int, 0)

            @receive(Token, when=lambda p, m, port: m.id < p.id)
            def pass_on(p, m, port):
                p.quotient = (m.id - 2) // -2  # -1 // -2: Python 0, SMT-LIB div 1
                p.remainder = (m.id - 5) % -3  # -4 % -3: Python -1, SMT-LIB mod 2
                p.by_id = (m.id - 4) // (p.id - 4) + (p.id - 4) % m.id  # symbolic divisors
                p.send(NEXT, m)

    assert reading_report(Floors, 3).faithful
    for ids in ((1, 2, 3), (1, 3, 2)):  # every terminal state, with its r values, is Python's
        facts = NativeEngine.for_algorithm(Floors, 3, reading_report(Floors, 3).trusted).explore(ids)
        system = InternedSystem(AsyncSystem(Floors, ids))
        seen, pending, terminals = {system.initial_state}, [system.initial_state], set()
        while pending:
            state = pending.pop()
            successors = [target for target, *_ in system.successor_list(state)]
            if not successors:
                terminals.add(system.decode(state))
            for target in successors:
                if target not in seen:
                    seen.add(target)
                    pending.append(target)
        assert set(facts.terminal_states) == terminals
        stored = {state[i][2:5] for state in terminals for i in range(3)}
        assert any(q == 0 and r == -1 for q, r, _ in stored)  # values where SMT-LIB's div and mod differ
    native = check(Floors, 3, jobs=1, por=False)
    python = check(Floors, 3, jobs=1, por=False, engine="interned")
    assert native.engine == "native" and python.engine == "interned"
    assert (native.verdict, native.states, native.transitions, native.messages_min, native.messages_max) == (
        python.verdict, python.states, python.transitions, python.messages_min, python.messages_max)


def test_a_report_is_per_n_and_memoised():
    assert reading_report(LCR, 3) is reading_report(LCR, 3)
    assert reading_report(LCR, 4).n == 4


def test_the_faithful_and_unreadable_words():
    report = reading_report(LCR, 3)
    assert {v.status for v in report.instances} == {FAITHFUL}
    assert report.verdict("pass_on", "PREV").faithful

