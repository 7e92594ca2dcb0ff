"""Pictures of counterexamples on networks and in synchronous rounds."""
import os

from conftest import MUTANTS

from algorithms import builtin
from checker import check, load_algorithm
from checker.render.formats import write_trace
from checker.render.network_picture import network_trace_graph
from checker.render.ring import trace_snapshot
from checker.render.spacetime import spacetime_graph

HIGHER_WINS = os.path.join(MUTANTS, "networks", "dfs_higher_uid_wins.py")


def _counterexample(algorithm, n, **options):
    result = check(algorithm, n, **options)
    assert result.verdict == "violated"
    return result.counterexample.trace


def test_a_counterexample_on_a_graph_is_drawn_as_the_graph_with_ids_and_every_message():
    trace = _counterexample(load_algorithm(HIGHER_WINS), 4, graphs="star")
    source = network_trace_graph(trace).source
    assert "layout=neato" in source and "Counterexample to leader-is-smallest" in source
    for i, id_ in enumerate(trace.ids):
        assert f"p{i}\nid {id_}" in source
    for number, step in enumerate(trace.steps, start=1):
        for _port, message in step.sent:
            assert f"{number}: {message}" in source  # each message on its link, marked with its step
    assert source.count(" -- ") == 0 and source.count("arrowhead=none penwidth=1.5") == 3  # the star's 3 links


def test_the_trace_file_of_a_network_counterexample_is_the_graph(tmp_path):
    trace = _counterexample(load_algorithm(HIGHER_WINS), 3)
    write_trace(trace, str(tmp_path / "t.dot"))
    assert (tmp_path / "t.dot").read_text().startswith("digraph network")
    snapshot = trace_snapshot(trace, 2).source  # the HTML page's states are drawn on the graph too
    assert "digraph network_state" in snapshot and "port 0" in snapshot


def test_a_synchronous_trace_is_drawn_one_row_per_round():
    trace = _counterexample(builtin("anonymous-tokens"), 3)
    source = spacetime_graph(trace).source
    assert "one row per round" in source
    for i in range(3):  # the three processes' parts of round 1 side by side, on the same row
        assert f'e{i + 1} [label="r1  start"' in source
    rows = {line.split("pos=")[1].split(",")[1] for line in source.splitlines() if 'label="r1  start"' in line}
    assert len(rows) == 1


def test_flooding_counterexample_marks_messages_by_round(tmp_path):
    mutant = os.path.join(MUTANTS, "networks", "flooding_stops_early.py")
    trace = _counterexample(load_algorithm(mutant), 4, graphs="path")
    source = network_trace_graph(trace).source
    assert "r1: Leader(1)" in source and "by the round that sent them" in source
