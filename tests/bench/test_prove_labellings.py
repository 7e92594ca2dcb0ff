"""bench/prove_labellings.py: an unoriented-ring algorithm's invariant proved once per port labelling."""
from __future__ import annotations

import os

import pytest

from bench.prove_labellings import main
from checker.prove.labellings import at_labelling
from checker.cli.loader import load_algorithm

from conftest import MUTANTS


def test_a_labelling_is_a_ring_of_its_own_with_no_symmetry():
    unoriented = load_algorithm("hs-unoriented")
    algorithm = at_labelling(unoriented, (True, False, False))
    assert issubclass(algorithm, unoriented) and algorithm.name == "hs-unoriented-labelled-100"
    assert algorithm.topology(3).swapped == (True, False, False)
    assert algorithm.topology(2).swapped == (False, False)  # other sizes: none swapped
    topology = algorithm.topology
    assert not (topology.port_labellings or topology.rotation_symmetric or topology.mirror_symmetric)
    with pytest.raises(ValueError, match="not on an unoriented ring"):
        at_labelling(load_algorithm("hs"), (False, False))


def test_the_first_labelling_of_two_is_proved(capsys):  # about 5 s
    assert main(["hs-unoriented", "--n", "2", "--first", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("00  PROVED   ") and "1 of 1 labellings proved (4 in all)" in out


@pytest.mark.slow  # a failed proof, then the next labelling's
def test_a_mutant_that_breaks_safety_exits_1(capsys):
    assert main([os.path.join(MUTANTS, "hs_unoriented_comparisons_flipped.py"), "--n", "2", "--first", "2"]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "no_bypass preserved by forward_from" in out
