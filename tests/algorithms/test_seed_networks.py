"""The seeds' synchronous ring algorithms and their network algorithms against the closed forms
their docstrings pin (docs/complexity.md has the tables)."""
import json
import os
from math import factorial

import pytest

from algorithms import builtin
from checker import check
from checker.cli import main
from checker.cli.loader import load_algorithm

KEEP_HELD = os.path.join(os.path.dirname(os.path.dirname(__file__)), "examples", "variable_speeds_keep_held.py")


def test_timeslice_sends_n_messages_and_takes_min_id_plus_one_phases_and_a_round():
    result = check(builtin("timeslice"), 5, id_values=range(1, 8))
    assert result.verdict == "verified"
    assert result.arrangements_represented == result.arrangements_total == 21 * 120
    for exploration in result.per_arrangement:
        smallest = min(exploration.ids)
        assert exploration.messages_min == exploration.messages_max == 5
        assert exploration.rounds_min == exploration.rounds_max == (smallest + 1) * 5 + 1


@pytest.mark.parametrize("name,per_hop", [("variable-speeds", lambda u: 2 ** u),
                                          ("variable-speeds-half", lambda u: 2 ** (u - 1) + 1)])
def test_variable_speeds_rounds_are_one_hop_then_the_slowdown_of_the_smallest_id(name, per_hop):
    n = 4
    result = check(builtin(name), n, id_values=range(1, 6))
    assert result.verdict == "verified"
    for exploration in result.per_arrangement:
        assert exploration.rounds_max == 2 + (n - 1) * per_hop(min(exploration.ids))
        assert 2 * n - 1 <= exploration.messages_max <= 2 * n  # at n = 4 at most 2n, the slides' "fewer" not always


def test_variable_speeds_exact_message_maximum_passes_2n_at_six():
    # the exact maxima (docs/complexity.md): 3, 5, 8, 10, 13 for n = 2..6, the same for ids 1..n and
    # for every choice from larger ranges; at n = 6 more than the slides' 2n
    maxima = {n: check(builtin("variable-speeds"), n, id_values=range(1, n + 1)).messages_max for n in range(2, 7)}
    assert maxima == {2: 3, 3: 5, 4: 8, 5: 10, 6: 13}
    worst = check(builtin("variable-speeds"), 6, ids=(1, 3, 4, 2, 5, 6))
    assert worst.messages_max == 13 and worst.verdict == "verified"  # within the 3n checked


def test_the_literal_reading_keeps_every_delayed_token_and_passes_2n_at_four(capsys):
    # the slides swallow only a token that arrives: one being delayed is kept when a smaller one arrives
    assert main(["variable-speeds-literal", "--n", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["messages"]["max"] == 6
    assert main(["variable-speeds-literal", "--n", "4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["messages"]["min"], summary["messages"]["max"]) == (7, 9)
    # tokens delayed past the election: 10 rounds, where variable-speeds is quiet after 2 + 3 x 2
    assert main(["variable-speeds-literal", "--ids", "1,2,3,4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] == {"min": 10, "max": 10}


def test_the_literal_reading_is_the_keep_held_example_written_with_conditional_sends():
    # the example writes a command for each set of tokens released together, for ids 1..4
    example, literal = load_algorithm(KEEP_HELD), builtin("variable-speeds-literal")
    for n in (3, 4):
        figures = [{e.ids: (e.messages_min, e.messages_max, e.rounds_min, e.rounds_max)
                    for e in check(algorithm, n, symmetry="none", jobs=1).per_arrangement}
                   for algorithm in (example, literal)]
        assert figures[0] == figures[1] and len(figures[0]) == factorial(n)


def test_the_literal_reading_exact_message_maxima_stay_within_3n():
    # docs/rounds.md: 3(n - 1) up to n = 6 (19 at n = 7)
    literal = builtin("variable-speeds-literal")
    results = {n: check(literal, n, id_values=range(1, n + 1), jobs=1) for n in range(2, 7)}
    assert {n: r.messages_max for n, r in results.items()} == {2: 3, 3: 6, 4: 9, 5: 12, 6: 15}
    assert all(r.verdict == "verified" for r in results.values())


def test_the_literal_reading_delays_the_largest_uid_its_table_holds(capsys):
    # id 9 swallows 8 at once; 8 is delayed 2^8 - 1 rounds at 9, in the table's last entry
    assert main(["variable-speeds-literal", "--ids", "8,9", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["verdict"] == "verified" and summary["rounds"] == {"min": 2 + 2 ** 8, "max": 2 + 2 ** 8}


@pytest.mark.parametrize("argv, given", [
    (["--n", "10"], "--n 10 (ids 1..10)"),
    (["--ids", "1,2,10"], "--ids 1,2,10"),
    (["--n", "3", "--id-values", "1..10"], "--id-values 1..10"),
    (["--n", "10", "--simulate", "3"], "--n 10 (ids 1..10)"),
])
def test_the_literal_reading_refuses_ids_past_its_table_in_one_line(capsys, argv, given):
    assert main(["variable-speeds-literal", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"check: variable-speeds-literal is written for ids up to 9 (largest_id: a local "
                                 f"per id), and {given} gives id 10; use ids up to 9\n")


def test_no_system_of_the_literal_reading_is_built_with_an_id_past_its_table():
    # what the planning does not see (a mode that builds its own systems) is refused as well
    from models import AlgorithmError, AsyncSystem

    with pytest.raises(AlgorithmError, match="the arrangement 1, 10, 2 gives id 10; use ids up to 9"):
        AsyncSystem(builtin("variable-speeds-literal"), (1, 10, 2))


def test_dfs_election_on_every_connected_graph_of_three_and_small_graphs_of_four():
    dfs = builtin("dfs-election")
    assert check(dfs, 3).verdict == "verified"
    for graph in ("path", "star", "ring"):
        result = check(dfs, 4, graphs=graph, por=False)
        assert result.verdict == "verified", graph
        assert result.messages_max <= dfs.message_bound(4, _setting(result))


def _setting(result):
    from specs import Setting

    network = result.networks[0]
    return Setting(result.n, tuple(range(1, result.n + 1)), network.edge_count, network.diameter)


def test_the_literal_dfs_reading_elects_two_leaders_on_a_path_of_three():
    result = check(builtin("dfs-election-literal"), 3, graphs="path")
    assert result.verdict == "violated"
    assert result.counterexample.property == "at-most-one-leader"
    assert result.counterexample.ids == (1, 3, 2)  # the middle process accepts both searches at once
