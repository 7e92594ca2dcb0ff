"""Partial-order reduction keeps what the checker reports: verdicts, violated properties,
terminal states and the message min/max, on every algorithm and on every mutant.

The searches here do not stop at the first violation, so each property's outcome is compared,
not just whichever violation a breadth-first order happens to meet first.
"""
import os

import pytest

from algorithms import BUILTIN, builtin
from checker.arrangements import arrangements
from checker.explorer import Explorer
from checker.loader import load_algorithm
from models import AsyncSystem
from models.interned import InternedSystem
from specs import election_spec

from conftest import MUTANTS

MUTANT_FILES = sorted(f for f in os.listdir(MUTANTS) if f.endswith(".py"))


def _explore(algorithm, ids, por):
    system = InternedSystem(AsyncSystem(algorithm, ids))
    explorer = Explorer(system, election_spec(algorithm), por=por, stop_at_first=False, record_terminals=True)
    exploration = explorer.run()
    terminals = {system.decode(s) for s in explorer.terminals}
    return exploration, terminals


def _agree(algorithm, ids):
    full, full_terminals = _explore(algorithm, ids, por=False)
    reduced, reduced_terminals = _explore(algorithm, ids, por=True)
    assert reduced.holds == full.holds
    assert reduced_terminals == full_terminals
    assert (reduced.messages_min, reduced.messages_max) == (full.messages_min, full.messages_max)
    assert reduced.states <= full.states
    return full, reduced


def _all_arrangements(algorithm, n):
    return [a.ids for a in arrangements(n)]


@pytest.mark.parametrize("name", sorted(BUILTIN))
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_reduction_agrees_on_builtins(name, n):
    algorithm = builtin(name)
    plan = _all_arrangements(algorithm, n)
    if name == "hs" and n == 4:
        plan = plan[:2]  # 51,140 and 51,154 states each; the other four take longer to no new effect
    for ids in plan:
        full, _ = _agree(algorithm, ids)
        assert all(full.holds.values())


@pytest.mark.parametrize("filename", MUTANT_FILES)
def test_reduction_agrees_on_mutants(filename):
    algorithm = load_algorithm(os.path.join(MUTANTS, filename))
    violated = set()
    for n in (2, 3):
        for ids in _all_arrangements(algorithm, n):
            full, _ = _agree(algorithm, ids)
            violated |= {name for name, holds in full.holds.items() if holds is False}
    assert violated, "a mutant must violate something"


def test_reduction_actually_reduces():
    full, reduced = _agree(builtin("lcr"), (1, 3, 2, 4, 6, 5))
    assert reduced.states * 4 < full.states
