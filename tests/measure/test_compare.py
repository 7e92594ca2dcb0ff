"""Two algorithms side by side (checker/measure/compare.py, `check compare A B --n ...`)."""
import json
import os

from algorithms import builtin
from checker import compare, message_table
from checker.cli import main
from checker.cli.loader import load_algorithm

from conftest import MUTANTS


def test_compare_shows_the_mutants_shortest_counterexample(capsys):
    mutant = os.path.join(MUTANTS, "cr_forwards_smaller.py")
    status = main(["compare", "cr", mutant, "--n", "3..4", "--jobs", "1"])
    out = capsys.readouterr().out
    assert status == 1
    assert "A = cr, B = cr-forwards-smaller" in out
    assert "cr-forwards-smaller violates at-most-one-leader at n = 3" in out
    assert "Counterexample to at-most-one-leader: 2 leaders" in out
    comparison = compare(builtin("cr"), load_algorithm(mutant), range(3, 5), jobs=1)
    assert comparison.left.counterexample is None
    assert comparison.right.counterexample_n == 3 and len(comparison.right.counterexample.trace) == 8
    assert [r.verdict for r in comparison.right.rows] == ["violated", "violated"]


def test_compare_rows_are_the_message_tables(capsys):
    status = main(["compare", "cr", "cr-all", "--n", "3..5", "--json", "--jobs", "1"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    for side, name in (("left", "cr"), ("right", "cr-all")):
        table = message_table(builtin(name), range(3, 6), jobs=1).to_json()["rows"]
        keys = ("n", "verdict", "min", "max", "mean_worst_exact", "states")
        assert [[r[k] for k in keys] for r in data[side]["rows"]] == [[r[k] for k in keys] for r in table]
    # all initiating never costs more than the adversary's choice of initiators
    assert all(a["max"] == b["max"] and a["mean_worst"] >= b["mean_worst"]
               for a, b in zip(data["left"]["rows"], data["right"]["rows"]))


def test_compare_needs_two_algorithms_and_n(capsys):
    status = main(["compare", "cr", "--n", "3"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "check compare ALGO OTHER" in err
    status = main(["compare", "cr", "nosuch", "--n", "3"])
    err = capsys.readouterr().err
    assert status == 2 and "unknown algorithm 'nosuch'" in err
