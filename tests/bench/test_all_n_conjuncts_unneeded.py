"""bench/all_n_conjuncts_unneeded.py: a conjunct the proof does without is left out; a needed one is not."""
from __future__ import annotations

from dataclasses import replace

from bench.all_n_conjuncts_unneeded import main


def test_a_conjunct_not_needed_is_left_out_and_a_needed_one_is_kept(capsys, monkeypatch):
    """cr's leader_initiated is not needed by cr-all, whose every process initiates (its shipped
    invariant leaves it out); uninitiated_red is (without it cr-all's proof fails:
    docs/proofs-all-n.md). Written into cr-all's invariant, the first is left out, the second stays,
    and the proof without it stops at an obligation not proved."""
    from specs.all_n import cr, cr_all
    monkeypatch.setattr(cr_all, "INVARIANT", replace(cr_all.INVARIANT,
                                                      conjuncts=cr_all.INVARIANT.conjuncts + (cr.leader_initiated,)))
    assert main(["cr-all", "--only", "leader_initiated,uninitiated_red", "--timeout", "5", "--limit", "120"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("without leader_initiated: UNNEEDED, ")
    assert lines[1].startswith("without uninitiated_red: NOT SHOWN UNNEEDED, ") and " failed" in lines[1]
    assert lines[-1] == "1 of 2 can be left out together: leader_initiated"


def test_bad_arguments_get_one_line_and_exit_2(capsys):
    assert main(["cr-all", "--only", "no_such_conjunct"]) == 2
    assert main(["hs-unoriented"]) == 2
    assert main(["cr-all", "--limit", "0"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all("needs an all-n invariant" in line for line in err)
