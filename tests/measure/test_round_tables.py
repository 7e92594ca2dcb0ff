"""Rounds beside messages: --messages tables, their JSON and plots, and `check compare`."""
import json

import pytest

from algorithms import builtin
from checker.cli import main
from checker.measure.compare import compare
from checker.measure.complexity import message_table


def test_a_table_of_a_synchronous_algorithm_has_exact_rounds_and_means():
    table = message_table(builtin("timeslice"), range(3, 5), id_values=range(1, 6), jobs=1)
    assert table.synchronous and table.round_bound_text == "(min id + 1) n + 1 (exactly)"
    for row in table.rows:
        n = row.n
        assert (row.min, row.max) == (n, n)
        largest_min = 5 - n + 1  # the largest smallest id among n distinct ids from 1..5
        assert (row.rounds_min, row.rounds_max) == (2 * n + 1, (largest_min + 1) * n + 1)
        assert row.arrangements_represented == row.arrangements_checked * n  # one per rotation class
    assert "rounds" in table.render() and "mean rounds" in table.render()
    assert json.loads(json.dumps(table.to_json()))["rows"][0]["rounds_max"] == table.rows[0].rounds_max


def test_the_plot_of_a_synchronous_table_has_a_rounds_panel(tmp_path):
    path = tmp_path / "ts.svg"
    assert main(["timeslice", "--n", "2..3", "--messages", "--plot", str(path)]) == 0
    assert "rounds against n" in path.read_text()


def test_compare_shows_rounds():
    comparison = compare(builtin("variable-speeds"), builtin("variable-speeds-half"), range(3, 4), jobs=1,
                         id_values=range(1, 5))
    text = comparison.render()
    assert "A rounds" in text and "B rounds" in text
    assert comparison.left.rows[0].rounds_max == 2 + 2 * 2 ** 2  # the smallest id is at most 2
    assert comparison.right.rows[0].rounds_max == 2 + 2 * (2 ** 1 + 1)


@pytest.mark.parametrize("argv,message", [
    (["flooding", "--n", "4", "--open-schedules"], "are for the asynchronous model; flooding runs in synchronous"),
    (["dfs-election", "--n", "3", "--open-schedules"], "are for rings; dfs-election runs on a general network"),
    (["timeslice", "--n", "3", "--messages", "--sample", "3"], "random samples (--sample)"),
    (["flooding", "--n", "3", "--prove"], "--prove is for the asynchronous model; flooding runs in synchronous rounds"),
])
def test_modes_built_for_asynchronous_rings_refuse_others_in_one_line(capsys, argv, message):
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2 and message in err and len(err.splitlines()) == 1
