"""The seeds' synchronous ring algorithms and their network algorithms against the closed forms
their docstrings pin (docs/complexity.md has the tables)."""
import json
import os

import pytest

from algorithms import builtin
from checker import check
from checker.cli import main

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


def test_keeping_a_held_token_passes_2n_at_four(capsys):
    # docs/algorithms.md's other reading: a delayed token is kept when a smaller one arrives
    assert main([KEEP_HELD, "--n", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["messages"]["max"] == 6
    assert main([KEEP_HELD, "--n", "4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["messages"]["max"] == 9 and summary["messages"]["min"] == 7


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
