"""``check ALGO --n N --infer`` (checker/prove/infer.py), through the CLI.

  * on lcr, cr, hs and franklin it finds an invariant, writes it, and the file is then proved by
    ``--prove --invariant FILE`` on its own;
  * on lelann it finds one with the order templates (FIFO order between tokens), which the
    file's own --prove proves, and on lelann's mutant it finds none;
  * on a mutant that breaks at-most-one-leader (leader-is-largest: franklin_smallest_wins) it
    finds none, says which property in one line and exits 1 (never 0), and the explorer says
    the violation is real; on peterson, correct but beyond the templates, the explorer says
    the property holds at that n;
  * bad input is one line on stderr, exit 2.
"""
from __future__ import annotations

import pytest

from checker.cli import main

from conftest import MUTANTS


@pytest.mark.slow  # 6 to 10 s each, franklin 20 s: the fast loop has the refusals and the mutants below
@pytest.mark.parametrize("algorithm", ["lcr", "cr", "hs", "franklin"])
def test_infer_writes_an_invariant_that_prove_then_proves(algorithm, tmp_path, capsys):
    out = tmp_path / f"{algorithm}_found.py"
    assert main([algorithm, "--n", "3", "--infer", "--infer-out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"written to {out}" in printed and "PROVED at-most-one-leader" in printed
    text = out.read_text()
    assert "check " + algorithm + " --n 3 --infer" in text and "@conjunct" in text
    assert main([algorithm, "--n", "3", "--prove", "--invariant", str(out)]) == 0
    assert "PROVED at-most-one-leader" in capsys.readouterr().out


def test_a_mutant_breaking_safety_is_not_proved(tmp_path, capsys):
    out = tmp_path / "mutant.py"
    status = main([f"{MUTANTS}/cr_forwards_smaller.py", "--n", "3", "--infer", "--infer-out", str(out)])
    assert status == 1
    printed = capsys.readouterr().out
    lines = printed.splitlines()
    assert lines[0].startswith("NOT FOUND") and "at-most-one-leader" in lines[0]
    assert len(lines) == 2  # a real bug: the explorer's trace is the answer, no state of the candidates
    assert lines[1].startswith("the explorer at n = 3 finds a real violation of at-most-one-leader")
    assert not out.exists()


def test_franklin_smallest_wins_is_not_proved(tmp_path, capsys):
    """Franklin with its comparisons reversed elects the smallest id: among franklin's thousands
    of candidates (held tokens, the largest process's colour) none gives it leader-is-largest."""
    out = tmp_path / "mutant.py"
    status = main([f"{MUTANTS}/franklin_smallest_wins.py", "--n", "3", "--infer", "--infer-out", str(out)])
    assert status == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("NOT FOUND") and "implies leader-is-largest" in lines[0]
    assert lines[1].startswith("the explorer at n = 3 finds a real violation of leader-is-largest")
    assert not out.exists()


@pytest.mark.slow  # 25 to 50 s: Houdini without, then with the order templates, and two proofs of the file
def test_lelann_is_inferred_with_the_order_of_its_tokens(tmp_path, capsys):
    """An initiator decides only after every other initiator's token has passed it: FIFO order
    between tokens in different channels, which the order templates say (issue 33)."""
    out = tmp_path / "lelann_found.py"
    assert main(["lelann", "--n", "3", "--infer", "--infer-out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[-1] == ("lelann on a unidirectional ring, n = 3: PROVED at-most-one-leader, "
                                        "leader-is-largest, stability")
    text = out.read_text()
    assert "token_id_none_behind_passed" in text or "token_id_none_left_behind" in text
    assert main(["lelann", "--n", "3", "--prove", "--invariant", str(out)]) == 0


def test_lelann_mutant_is_not_proved_by_the_order_templates(tmp_path, capsys):
    out = tmp_path / "mutant.py"
    status = main([f"{MUTANTS}/lelann_forgets_largest.py", "--n", "3", "--infer", "--infer-out", str(out)])
    assert status == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("NOT FOUND") and "at-most-one-leader" in lines[0]
    assert lines[1].startswith("the explorer at n = 3 finds a real violation of at-most-one-leader")
    assert not out.exists()


@pytest.mark.slow  # about 5 s: Houdini without, then with the order templates, then the explorer
def test_a_property_the_templates_cannot_explain_is_told_apart_from_a_bug(capsys):
    """peterson is correct, but its invariant relates a process's alias to the one its
    predecessor had a round earlier, which the templates do not say: the explorer finds no
    violation at that n."""
    assert main(["peterson", "--n", "3", "--infer"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("NOT FOUND") and "at-most-one-leader" in lines[0]
    assert lines[1] == ("the explorer at n = 3 finds no violation of at-most-one-leader: it holds at this n, and the "
                        "templates cannot say why; write the invariant by hand (docs/proofs.md)")
    # what the templates miss, on z3's state: every candidate left holds there, the property not,
    # and the explorer does not reach it (it cannot: the property holds on every reachable state)
    assert lines[3].startswith("What the templates miss: a state that satisfies the ")
    assert lines[4].startswith("The invariant does not imply at-most-one-leader")
    assert lines[-1].startswith("not reachable: the explorer visited all ")


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
