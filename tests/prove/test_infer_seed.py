"""``check ALGO --n N --infer --invariant PARTIAL.py`` (checker/prove/infer_seed.py): the inference
started from a user's partial invariant.

  * a partial invariant in a package (specs/) joins the candidates; the written file imports it
    and calls the conjuncts kept by name, and is proved from scratch;
  * a partial conjunct false on a reachable state is dropped and said, never believed; a partial
    invariant in a file no module name reaches is proved in memory, not written;
  * a partial invariant that does not say it reads positions only through the ring's order
    makes Houdini check every process's steps, not process 0's alone;
  * peterson, which the templates alone cannot prove, is proved from its relay conjuncts
    (specs/peterson_relay_invariant.py) and the templates' bookkeeping.
"""
from __future__ import annotations

import os

import pytest

from checker.cli import main
from checker.prove import infer
from checker.prove.infer_seed import Seed

from algorithms.lcr import LCR
from specs.invariants import ForAll, Invariant, conjunct

from conftest import MUTANTS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_a_partial_invariant_in_specs_is_imported_by_the_written_file(tmp_path, capsys):
    out = tmp_path / "lcr_found.py"
    partial = os.path.join(ROOT, "specs", "lcr_invariant.py")
    assert main(["lcr", "--n", "3", "--infer", "--invariant", partial, "--infer-out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[0].startswith(f"from {partial}: ")
    assert f"written to {out}" in printed and "PROVED at-most-one-leader, leader-is-smallest, stability" in printed
    text = out.read_text()
    assert "from specs.lcr_invariant import LCRInvariant" in text
    assert "Started from the partial invariant specs.lcr_invariant.LCRInvariant" in text
    assert 'LCRInvariant.conjunct("' in text  # at least one of its conjuncts kept, called by name


def test_a_false_partial_conjunct_is_dropped_and_a_file_outside_a_package_proved_in_memory(tmp_path, capsys):
    partial = tmp_path / "partial.py"
    partial.write_text(
        "from algorithms.lcr import LCR\n"
        "from models import NIL\n"
        "from specs.invariants import ForAll, Invariant, conjunct\n\n\n"
        "class Guess(Invariant, algorithm=LCR):\n"
        "    @conjunct\n"
        "    def nobody_leads(s):\n"
        '        """No process has a leader (false once one is elected)."""\n'
        "        return ForAll(s.processes, lambda p: p.leader == NIL)\n")
    out = tmp_path / "lcr_found.py"
    assert main(["lcr", "--n", "3", "--infer", "--invariant", str(partial), "--infer-out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[0] == (f"from {partial}: 0 of its 1 conjuncts kept; false on a reachable state, "
                                       "so dropped: nobody_leads")
    assert f"not written: {partial} is not a module the invariant could import" in printed
    assert "PROVED at-most-one-leader" in printed and not out.exists()


class _Positional(Invariant, algorithm=LCR):  # symmetric is False: it might read position 0
    @conjunct
    def anything(s):
        return ForAll(s.processes, lambda p: p.id >= 1)


def test_a_partial_invariant_not_said_symmetric_is_checked_on_every_process_steps():
    assert Seed(_Positional).rotation_invariant is False
    namespace = Seed(_Positional).namespace(infer.namespace_of(LCR, []))
    every = infer.Weakening(LCR, 3, Seed(_Positional).candidates, namespace, 10.0, every_process=True)
    assert {key[0] for key in every.steps} == {0, 1, 2}
    one = infer.Weakening(LCR, 3, Seed(_Positional).candidates, namespace, 10.0)
    assert {key[0] for key in one.steps} == {0}


@pytest.mark.slow  # about 15 s of CPU: Houdini at n = 3 (the whole run, with the proof of the file, is 65 s of CPU)
def test_peterson_is_completed_from_its_relay_conjuncts():
    """The templates alone leave peterson NOT FOUND (test_infer.py); with the hand-written
    conjuncts that read the relay position by position, they find the rest."""
    from algorithms.peterson import Peterson
    from models.reading.symbolic_ring import SymbolicRing
    from specs.peterson_relay_invariant import PetersonRelayInvariant

    n, seed = 3, Seed(PetersonRelayInvariant)
    message_types = SymbolicRing(Peterson, n).messages.types
    atom_list, ports = infer.atoms(Peterson, Peterson.topology(n).ports), Peterson.topology(n).ports
    namespace = seed.namespace(infer.namespace_of(Peterson, message_types))
    states, complete = infer.reachable_states(Peterson, n)
    assert complete
    process, recorded, messages = infer.template_candidates(Peterson, atom_list, ports, message_types)
    asked, _, held_back = infer.filtered_and_held_back(Peterson, atom_list, namespace, states, process, messages,
                                                      recorded, ports)
    seeds, false = seed.true_on(Peterson, states, namespace)
    assert false == []  # the hand-written conjuncts hold on every reachable state
    core, missing = infer.weakened(infer.Weakening(Peterson, n, asked + held_back + seeds, namespace, 10.0))
    assert missing is None
    assert {"relay_word", "relay_count", "relay_tail"} <= set(core)
    assert any(name not in {c.name for c in seeds} | {"well_typed"} for name in core)  # the templates' part


@pytest.mark.parametrize("argv, says", [
    (["hs-unoriented", "--n", "3", "--infer", "--invariant", "specs/hs_unoriented_invariant.py"],
     "has the adversary's port labellings: drop --invariant"),
    (["lcr", "--n", "3", "--infer", "--invariant", "no_such_partial.py"], "no such invariant file: no_such_partial.py"),
    (["lcr", "--n", "3", "--infer", "--invariant", "specs/franklin_invariant.py"], "is written for franklin, not for lcr"),
    (["lcr", "--n", "3", "--infer", "--invariant", "specs/lcr_invariant.py:Nope"],
     "specs.lcr_invariant has no Invariant subclass named Nope"),
])
def test_a_bad_partial_invariant_is_one_line_and_exit_2(argv, says, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1


def test_on_peterson_s_mutant_the_relay_conjunct_it_breaks_is_dropped_and_named():
    """peterson_leader_by_id loses its returning alias: the relay into a process is one message
    short on a state it reaches, so relay_count is no invariant of it (docs/proofs.md; the whole
    --infer from the partial invariant then exits 1, NOT FOUND, which takes half a minute)."""
    from checker.cli.loader import load_algorithm
    from specs.peterson_relay_invariant import PetersonRelayInvariant

    mutant, seed = load_algorithm(f"{MUTANTS}/peterson_leader_by_id.py"), Seed(PetersonRelayInvariant)
    states, complete = infer.reachable_states(mutant, 3)
    assert complete
    kept, false = seed.true_on(mutant, states, seed.namespace(infer.namespace_of(mutant, [])))
    assert false == ["relay_count"] and len(kept) == 8
