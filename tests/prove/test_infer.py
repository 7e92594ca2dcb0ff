"""``check ALGO --n N --infer`` (checker/prove/infer.py), through the CLI.

  * on lcr, cr, hs and franklin it finds an invariant, writes it, and the file is then proved by
    ``--prove --invariant FILE`` on its own;
  * on lelann it finds one with the order templates (FIFO order between tokens), which the
    file's own --prove proves, and on lelann's mutant it finds none;
  * on a mutant that breaks at-most-one-leader (leader-is-largest: franklin_smallest_wins) it
    finds none, says which property in one line and exits 1 (never 0), and the explorer says
    the violation is real; on peterson, correct but beyond the templates, the explorer says
    the property holds at that n;
  * on a mutant where no process ever wins (hs_ttl_not_decremented), what a leader would be is
    asked too, and its safety is proved;
  * on hs-unoriented, whose port labelling is the adversary's, it infers on the unswapped
    labelling (its mirror symmetry proved; else on one labelling of each class) and the file is
    proved in every labelling; its mutant that breaks safety is refused, its mutant that breaks
    only termination keeps its safety proof;
  * bad input is one line on stderr, exit 2.
"""
from __future__ import annotations

import pytest

from checker.cli import main
from checker.prove.labellings import classes, labellings, tag

from conftest import MUTANTS
from tests.docs.test_examples import assert_the_page_shows


@pytest.mark.slow  # 6 to 10 s each, franklin 20 s: the fast loop has the refusals and the mutants below
@pytest.mark.parametrize("algorithm", ["lcr", "cr", "hs", "franklin"])
def test_infer_writes_an_invariant_that_prove_then_proves(algorithm, tmp_path, capsys):
    out = tmp_path / f"{algorithm}_found.py"
    assert main([algorithm, "--n", "3", "--infer", "--infer-out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"written to {out}" in printed and "PROVED at-most-one-leader" in printed
    text = out.read_text()
    assert "check " + algorithm + " --n 3 --infer" in text and "@conjunct" in text
    # --infer proved the file as --invariant loads it (cli/proofs.py: choose_invariant); once, as a user
    # types it, for lcr (a proof that takes franklin 5 s more)
    if algorithm == "lcr":
        assert main([algorithm, "--n", "3", "--prove", "--invariant", str(out)]) == 0
        assert "PROVED at-most-one-leader" in capsys.readouterr().out


@pytest.mark.parametrize("mutant, broken", [
    ("cr_forwards_smaller", "at-most-one-leader"),
    # franklin with its comparisons reversed elects the smallest id: among franklin's thousands of
    # candidates (held tokens, the largest process's colour) none gives it leader-is-largest
    ("franklin_smallest_wins", "leader-is-largest"),
    # nor do the order templates give lelann's mutant what it lacks
    ("lelann_forgets_largest", "at-most-one-leader"),
])
def test_a_mutant_breaking_safety_is_not_proved(mutant, broken, tmp_path, capsys):
    out = tmp_path / "mutant.py"
    status = main([f"{MUTANTS}/{mutant}.py", "--n", "3", "--infer", "--infer-out", str(out)])
    assert status == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("NOT FOUND") and f"implies {broken}" in lines[0]
    # false on a state the inference explored: no candidate true there can imply it, z3 is not asked
    assert f"{broken} is false on a reachable state" in lines[0] and "nothing given to z3" in lines[0]
    assert len(lines) == 2  # a real bug: the explorer's trace is the answer, no state of the candidates
    assert lines[1].startswith(f"the explorer at n = 3 finds a real violation of {broken}")
    assert not out.exists()


@pytest.mark.parametrize("mutant, broken", [
    ("lelann_forgets_largest", "at-most-one-leader"),
    pytest.param("cr_forwards_smaller", "at-most-one-leader", marks=pytest.mark.slow),  # 11 s of CPU
    pytest.param("franklin_smallest_wins", "leader-is-largest", marks=pytest.mark.slow),
])
def test_houdini_alone_does_not_prove_a_mutant_breaking_safety(mutant, broken, tmp_path, capsys, monkeypatch):
    """Without the look at the reachable states first, z3's weakening must come to the same
    answer on its own: no inductive subset of the candidates implies the broken property."""
    from checker.prove import infer
    monkeypatch.setattr(infer, "refuse_a_safety_property_violated", lambda *args, **kwargs: None)
    out = tmp_path / "mutant.py"
    assert main([f"{MUTANTS}/{mutant}.py", "--n", "3", "--infer", "--infer-out", str(out)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("NOT FOUND") and "no inductive subset" in lines[0] and f"implies {broken}" in lines[0]
    assert lines[1].startswith(f"the explorer at n = 3 finds a real violation of {broken}")
    assert not out.exists()


@pytest.mark.slow  # about 20 s (load 1 to 2): 57 candidates to z3, then the proof
def test_a_mutant_where_nobody_wins_keeps_its_safety_proof(capsys):
    """hs_ttl_not_decremented never answers phase 0, so no process ever becomes leader: the
    inference asks what a leader would be (the largest), not only that there is none
    (tests/prove/test_infer_masks.py), and --prove proves it."""
    assert main([f"{MUTANTS}/hs_ttl_not_decremented.py", "--n", "3", "--infer"]) == 0
    out = capsys.readouterr().out
    assert "leader_largest_among_all" in out and "PROVED at-most-one-leader, leader-is-largest, stability" in out


@pytest.mark.slow  # 17 to 31 s at a load average of 2 to 7 (12.5 s of CPU): Houdini without, then with the order templates
def test_lelann_is_inferred_with_the_order_of_its_tokens(tmp_path, capsys):
    """An initiator decides only after every other initiator's token has passed it: FIFO order
    between tokens in different channels, which the order templates say (issue 33)."""
    out = tmp_path / "lelann_found.py"
    assert main(["lelann", "--n", "3", "--infer", "--infer-out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert_the_page_shows("docs/proofs.md", "check lelann --n 3 --infer", 0, printed)
    assert printed.splitlines()[-1] == ("lelann on a unidirectional ring, n = 3: PROVED at-most-one-leader, "
                                        "leader-is-largest, stability")
    text = out.read_text()
    assert "token_id_none_behind_passed" in text or "token_id_none_left_behind" in text
    # no second `--prove --invariant` of the file: --infer's PROVED is already that, the written
    # file loaded by --invariant's own reader (cli.proofs.run_infer, choose_invariant), proved
    # from scratch; test_infer_writes_an_invariant_that_prove_then_proves runs both for the others


@pytest.mark.slow  # about 5 s: Houdini without, then with the order templates, then the explorer
def test_a_property_the_templates_cannot_explain_is_told_apart_from_a_bug(capsys):
    """peterson is correct, but its invariant relates a process's alias to the one its
    predecessor had a round earlier, which the templates do not say: the explorer finds no
    violation at that n."""
    assert main(["peterson", "--n", "3", "--infer"]) == 1
    printed = capsys.readouterr().out
    assert_the_page_shows("docs/proofs.md", "check peterson --n 3 --infer", 1, printed)
    lines = printed.splitlines()
    assert lines[0].startswith("NOT FOUND") and "at-most-one-leader" in lines[0]
    assert lines[1] == ("the explorer at n = 3 finds no violation of at-most-one-leader: it holds at this n, and the "
                        "templates cannot say why; write the invariant by hand, or the part they miss for "
                        "--infer --invariant PARTIAL.py (docs/proofs.md)")
    # what the templates miss, on z3's state: every candidate left holds there, the property not,
    # and the explorer does not reach it (it cannot: the property holds on every reachable state)
    assert lines[3].startswith("What the templates miss: a state that satisfies the ")
    assert lines[4].startswith("The invariant does not imply at-most-one-leader")
    assert lines[-1].startswith("not reachable: the explorer visited all ")


# hs-unoriented (seed 004's unoriented ring): checker/prove/infer_labellings.py. Its mirror symmetry
# is proved, so the inference reads labelling 000 alone and the proof of the file derives 7 of the 8
# labellings from 000's (checker/prove/labelling_symmetry.py); with --symmetry none it reads one
# labelling per class and proves each labelling as a ring of its own
@pytest.mark.slow  # about 23 s (25 s wall, 23 s of CPU, load 3): inference on 000, then one proof
def test_infer_on_hs_unoriented_is_proved_in_every_labelling(tmp_path, capsys):
    out = tmp_path / "hsu_found.py"
    assert main(["hs-unoriented", "--n", "3", "--infer", "--infer-out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert (f"written to {out}" in printed and "hs-unoriented on a non-oriented ring, n = 3, every port labelling: "
            "PROVED at-most-one-leader, leader-is-largest, stability (8 of 8 labellings, 1 proved as a ring of its "
            "own, 7 derived from 000's proof by the mirror symmetry proved" in printed)
    text = out.read_text()
    assert "check hs-unoriented --n 3 --infer" in text and "reachable states of labelling 000 (a digit" in text
    # the file says no_bypass in the shipped invariant's words: a {from} has passed only smaller ids
    assert "def from_id_passed_smaller(s):" in text
    assert "_left" not in text and "_right" not in text  # no atom of one port's slot was a candidate


def test_the_inference_reads_the_unswapped_labelling_alone_only_where_the_symmetry_is_proved():
    from checker.prove.infer_labellings import read_labellings
    from checker.cli.loader import load_algorithm

    unoriented = load_algorithm("hs-unoriented")
    assert read_labellings(unoriented, 4) == ([(False,) * 4], True)
    assert read_labellings(unoriented, 4, "none") == (classes(4), False)  # --symmetry none: one per class
    left_ok = load_algorithm(f"{MUTANTS}/../trust/variants/hs_unoriented_left_ok.py")
    assert read_labellings(left_ok, 3) == (classes(3), False)


def test_infer_refuses_hs_unoriented_mutant_breaking_safety(capsys):
    assert main([f"{MUTANTS}/hs_unoriented_comparisons_flipped.py", "--n", "3", "--infer"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("NOT FOUND: hs-unoriented-comparisons-flipped at n = 3: leader-is-largest is false on "
                               "a reachable state")
    assert lines[1].startswith("the explorer at n = 3 finds a real violation of leader-is-largest")
    assert len(lines) == 2


@pytest.mark.slow  # about 6 s (load 2.7): the inference on 000 fails, and the explorer finds the real violation
def test_houdini_in_every_labelling_alone_does_not_prove_the_hs_unoriented_mutant(capsys, monkeypatch):
    from checker.prove import infer_labellings
    monkeypatch.setattr(infer_labellings, "refuse_a_safety_property_violated", lambda *args, **kwargs: None)
    assert main([f"{MUTANTS}/hs_unoriented_comparisons_flipped.py", "--n", "3", "--infer"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("NOT FOUND: hs-unoriented-comparisons-flipped at n = 3: no inductive subset")
    assert "implies leader-is-largest in labelling " in lines[0]
    assert lines[1].startswith("the explorer at n = 3 finds a real violation of leader-is-largest")
    assert len(lines) == 2


@pytest.mark.slow  # about 13 s (load 2.6): inference on 000, then one proof
def test_infer_keeps_the_safety_of_hs_unoriented_mutant_breaking_termination(capsys):
    assert main([f"{MUTANTS}/hs_unoriented_responses_turn_back.py", "--n", "3", "--infer"]) == 0
    out = capsys.readouterr().out
    assert "not written: " in out and ("every port labelling: PROVED at-most-one-leader, leader-is-largest, "
                                       "stability (8 of 8 labellings") in out


@pytest.mark.parametrize("n, representatives", [(1, ["0"]), (2, ["00", "01"]), (3, ["000", "001"]),
                                                (4, ["0000", "0001", "0011", "0101"])])
def test_every_labelling_is_a_rotation_or_mirror_image_of_one_class_representative(n, representatives):
    """Inference reads one labelling per class; each class is the same labelled ring read from
    another process (a rotation) or the other way round (positions reversed, labels toggled)."""
    assert [tag(s) for s in classes(n)] == representatives

    def images(swapped):
        mirrored = tuple(not swapped[-i % n] for i in range(n))
        return {tag(s[k:] + s[:k]) for s in (swapped, mirrored) for k in range(n)}

    covered = [images(s) for s in classes(n)]
    assert set().union(*covered) == {tag(s) for s in labellings(n)}
    assert sum(map(len, covered)) == 2 ** n  # the classes do not overlap


@pytest.mark.parametrize("argv, says", [
    (["bully", "--n", "3", "--infer"], "--infer does not read timeouts, which bully has"),
    (["flooding", "--n", "3", "--infer"], "--infer and --prove are for the asynchronous model"),
    (["lcr", "--n", "3", "--infer", "--prove"], "drop --prove"),
    (["lcr", "--n", "3", "--infer-out", "x.py"], "--infer-out goes with --infer"),
    (["lcr", "--n", "3", "--infer", "--infer-out", "x.txt"], "ending in .py"),
    (["lcr", "--all-n", "--infer"], "unrecognized arguments: --infer"),
])
def test_bad_input_is_one_line_and_exit_2(argv, says, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1
