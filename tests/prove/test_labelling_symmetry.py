"""checker/prove/labelling_symmetry.py: a port labelling's proof derived from the unswapped one's.

  * only for an algorithm whose mirror symmetry is proved at that n (hs-unoriented), never for
    one that inherits the declaration and breaks it (hs_unoriented_left_ok);
  * only where every conjunct and safety property reads alike: the shipped invariant does in
    every labelling; a conjunct that reads one port's slot of a PerPort local does not, and that
    labelling is then proved as a ring of its own;
  * derived and proved-from-scratch agree, on the algorithm and on its mutants (n = 2).
"""
from __future__ import annotations

import json
import os

import pytest
import z3

from algorithms.hs_unoriented import HirschbergSinclairUnoriented
from checker.cli import main
from checker.cli.loader import load_algorithm
from checker.prove import labelling_symmetry
from checker.prove.fixed_n import Prover
from checker.prove.labelling_symmetry import alike, differences, mirror_symmetry
from checker.prove.labellings import at_labelling, labellings
from models import LEFT, Implies, Not
from specs.hs_unoriented_invariant import HSUnorientedInvariant
from specs.invariants import ForAll, conjunct

from conftest import MUTANTS, ROOT

VARIANTS = os.path.join(ROOT, "tests", "trust", "variants")


def _prover(algorithm, n, invariant=HSUnorientedInvariant):
    return Prover(at_labelling(algorithm, (False,) * n), n, invariant, 30.0)


def test_the_symmetry_is_proved_for_hs_unoriented_and_not_for_a_variant_that_breaks_it():
    assert mirror_symmetry(HirschbergSinclairUnoriented, 3) == (True, "")
    proved, why = mirror_symmetry(load_algorithm(f"{VARIANTS}/hs_unoriented_left_ok.py"), 3)
    assert not proved and "return_ok (line 15) on RIGHT has no counterpart on LEFT" in why


def test_the_shipped_invariant_reads_alike_in_every_labelling():
    prover = _prover(HirschbergSinclairUnoriented, 3)
    for swapped in labellings(3):
        assert differences(prover, at_labelling(HirschbergSinclairUnoriented, swapped), swapped) == [], swapped


class ReadsLeft(HSUnorientedInvariant):
    @conjunct
    def ok_left_awake(s):
        """A process with ok[LEFT] has started."""
        return ForAll(s.processes, lambda p: Implies(p.ok[LEFT], Not(p.asleep)))


def test_a_conjunct_reading_one_port_does_not_read_alike_where_a_process_is_swapped():
    prover = _prover(HirschbergSinclairUnoriented, 2, ReadsLeft)
    for swapped in labellings(2):
        found = differences(prover, at_labelling(HirschbergSinclairUnoriented, swapped), swapped)
        assert found == ([] if not any(swapped) else ["ok_left_awake"]), swapped


def test_terms_alike_up_to_the_names_of_bound_variables_only():
    x, y = z3.Ints("x y")
    k, j = z3.FreshInt("k"), z3.FreshInt("k")
    assert alike(z3.ForAll([k], k + x > 0), z3.ForAll([j], j + x > 0))
    assert not alike(z3.ForAll([k], k + x > 0), z3.ForAll([j], j + y > 0))
    assert not alike(z3.ForAll([k], k + x > 0), z3.Exists([j], j + x > 0))
    assert not alike(x < y, y > x)  # equal, but not the same term: z3 is asked then (differences)
    assert not alike(x + 1, x + 2) and not alike(z3.BoolVal(True), z3.BoolVal(False)) and not alike(x, y)


@pytest.mark.slow  # 5 to 6 s: the fast loop has its parts (a symmetry refused, a conjunct not read alike: above)
def test_a_labelling_that_does_not_read_alike_is_proved_as_a_ring_of_its_own(capsys, monkeypatch):
    """The CLI falls back on the full proof wherever ``derived`` declines (here: labelling 01)."""
    derive = labelling_symmetry.derived
    monkeypatch.setattr(labelling_symmetry, "derived",
                        lambda prover, labelled, swapped: None if swapped == (False, True) else derive(prover, labelled, swapped))
    assert main(["hs-unoriented", "--n", "2", "--prove", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    by_tag = {r["labelling"]: r for r in report["labellings"]}
    assert [t for t, r in by_tag.items() if "derived_from" in r] == ["10", "11"]
    assert by_tag["01"]["verdict"] == "proved" and by_tag["01"]["obligations"]


@pytest.mark.slow  # about 6 s: four proofs (the fast loop has the symmetry refused, above)
def test_a_variant_whose_symmetry_fails_has_every_labelling_proved(capsys):
    """hs_unoriented_left_ok breaks election only: its safety is proved, in each labelling."""
    assert main([f"{VARIANTS}/hs_unoriented_left_ok.py", "--n", "2", "--prove"]) == 0
    out = capsys.readouterr().out
    assert ("labellings    4 of 4, each proved as a ring of its own (HSUnorientedLeftOk declares mirror_symmetric, "
            "but its mirror image differs: ") in out
    assert " derived " not in out


@pytest.mark.slow  # about 10 s: each mutant's labellings proved twice at n = 2
@pytest.mark.parametrize("mutant, status", [("hs_unoriented_comparisons_flipped.py", 1),
                                            ("hs_unoriented_responses_turn_back.py", 0)])
def test_derived_and_proved_from_scratch_agree_on_the_mutants(capsys, mutant, status):
    verdicts = []
    for symmetry in ("reflection", "none"):
        assert main([f"{MUTANTS}/{mutant}", "--n", "2", "--prove", "--json", "--symmetry", symmetry]) == status
        report = json.loads(capsys.readouterr().out)
        verdicts.append((report["verdict"], report["proves"], len(report["labellings"])))
        derived = [r["labelling"] for r in report["labellings"] if "derived_from" in r]
        assert derived == ([] if symmetry == "none" or status else ["01", "10", "11"])
    assert verdicts[0] == verdicts[1]


def test_sigma_maps_a_labellings_state_graph_onto_the_unswapped_ones():
    """What the derivation rests on, checked on the explorer's states (one arrangement, n = 3,
    labelling 011): the image of every reachable state, its PerPort slots swapped at the processes
    whose labels are, is a reachable state of labelling 000, each step's target the image's step's."""
    from collections import deque

    from models import AsyncSystem

    swapped = (False, True, True)
    labelled, unswapped = (AsyncSystem(at_labelling(HirschbergSinclairUnoriented, s), (2, 3, 1))
                           for s in (swapped, (False,) * 3))
    slots = labelled.layout.slots
    where = {(name, port): k for k, (name, port, _) in enumerate(slots)}
    other = {"LEFT": "RIGHT", "RIGHT": "LEFT"}

    def image(state):
        rows = [tuple(row[k if port is None else where[(name, other[port])]] for k, (name, port, _) in enumerate(slots))
                if swapped[i] else row for i, row in enumerate(state[:3])]
        return tuple(rows) + state[3:]

    seen, queue = {labelled.initial_state}, deque([labelled.initial_state])
    assert image(labelled.initial_state) == unswapped.initial_state
    while queue:
        state = queue.popleft()
        targets = {image(step.target) for step in labelled.steps(state)}
        assert targets == {step.target for step in unswapped.steps(image(state))}
        for step in labelled.steps(state):
            if step.target not in seen:
                seen.add(step.target)
                queue.append(step.target)
    assert len(seen) > 1000
