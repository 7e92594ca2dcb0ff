"""General networks: graphs and their ports, arrangements up to automorphisms, one labelling
standing for all when the algorithm reads no port number, and every labelling when it does."""
import os
from math import factorial

import pytest

from checker import check, load_algorithm
from checker.cli import main
from checker.explore.automorphisms import group_order
from checker.explore.networks import labelling_count, rank_classes
from models import AlgorithmError, Network, Port
from models.topology.network import connected_graphs, family
from models.systems.network_semantics import NetworkSystem

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(__file__)), "examples", "exchange.py")
EXCHANGE = load_algorithm(EXAMPLES + ":Exchange")
NUMBERED = load_algorithm(EXAMPLES + ":ExchangeNumbered")


@pytest.mark.parametrize("n,count", [(1, 1), (2, 1), (3, 2), (4, 6), (5, 21), (6, 112)])
def test_connected_graphs_are_those_of_the_atlas(n, count):
    graphs = connected_graphs(n)
    assert len(graphs) == count
    assert all(g.connected() and g.n == n for g in graphs)


@pytest.mark.parametrize("name,n,edges,group", [
    ("complete", 4, 6, 24), ("path", 4, 3, 2), ("star", 5, 4, 24), ("ring", 5, 5, 10), ("grid", 6, 7, 4),
])
def test_families_and_their_automorphisms(name, n, edges, group):
    network = family(name, n)
    assert network.edge_count == edges
    assert len(network.channels) == 2 * edges  # one FIFO channel each way on every edge
    assert group_order(network) == group
    classes = rank_classes(network, "automorphisms")
    assert all(size == group for _, size in classes)  # distinct ids: every class has |Aut| members
    assert sum(size for _, size in classes) == factorial(n)


def test_ports_lead_where_the_labelling_says():
    network = Network(3, [(0, 1), (0, 2)], labelling=[(2, 1), (0,), (0,)])
    by_port = {(c.sender, c.out_port): (c.receiver, c.in_port) for c in network.channels}
    assert by_port[(0, 0)] == (2, 0) and by_port[(0, 1)] == (1, 0)
    assert network.out_ports(0) == (0, 1) and network.out_ports(1) == (0,)


def test_one_labelling_stands_for_all_when_no_port_number_is_read():
    quotient = check(EXCHANGE, 3, graphs="complete", por=False)
    full = check(EXCHANGE, 3, graphs="complete", por=False, symmetry="none")
    assert quotient.arrangements_checked == 1
    assert quotient.arrangements_represented == quotient.arrangements_total == 6 * 8
    assert full.arrangements_checked == full.arrangements_represented == 6 * 8
    # every arrangement, with each labelling, has the state graph its representative has
    assert {e.states for e in full.per_arrangement} == {e.states for e in quotient.per_arrangement}
    assert full.verdict == quotient.verdict == "verified"
    path = check(EXCHANGE, 3, graphs="path", por=False, symmetry="none")
    assert path.verdict == check(EXCHANGE, 3, graphs="path", por=False).verdict == "violated"


def test_reading_a_port_number_makes_the_run_explore_every_labelling():
    result = check(NUMBERED, 3, graphs="complete")
    assert result.verdict == "verified"
    assert result.arrangements_checked == 8 and result.arrangements_represented == 48  # 2!^3 labellings
    assert "every port labelling was checked" in result.notes[0] and "p.port" in result.notes[0]


def test_a_counterexample_on_a_graph_names_the_graph_and_its_ports():
    result = check(EXCHANGE, 4, graphs="path")
    assert result.verdict == "violated"
    text = result.counterexample.trace.to_text()
    assert "on the path (3 edges: 0-1 1-2 2-3); ports p0: 0->p1" in text


def test_ports_only_compare_with_ports():
    system = NetworkSystem(EXCHANGE, (1, 2, 3), family("complete", 3))
    with pytest.raises(AlgorithmError, match="ports compare only with ports"):
        Port(0, False) == 0  # noqa: B015
    with pytest.raises(AlgorithmError, match="no order"):
        Port(0, False) < Port(1, False)  # noqa: B015
    assert system.instances  # the system itself builds


def test_pinned_network_figures():
    # measured with `check tests/examples/exchange.py --n 4 --graph complete --no-por --json`
    result = check(EXCHANGE, 4, graphs="complete", por=False)
    assert (result.arrangements_checked, result.arrangements_represented, result.states,
            result.messages_min, result.messages_max) == (1, 31104, 6561, 12, 12)
    assert labelling_count(family("complete", 4)) == 6 ** 4


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_graph_options(capsys, tmp_path):
    status, out, _ = run(capsys, EXAMPLES + ":Exchange", "--n", 3, "--graphs", "connected")
    assert status == 1 and "every connected graph on 3 vertices (2 graphs)" in out and "graph by graph" in out
    edges = tmp_path / "triangle.txt"
    edges.write_text("# a triangle\na b\nb c\nc a\n")
    status, out, _ = run(capsys, EXAMPLES + ":Exchange", "--graph", edges)
    assert status == 0 and "on the graph triangle.txt, n = 3: VERIFIED" in out


@pytest.mark.parametrize("argv,message", [
    (["--n", 3, "--graph", "hexagon"], "neither a graph family (complete, path, star, ring, grid) nor a file"),
    (["--n", 9], "--graphs connected needs 1 <= n <= 7"),
    (["--n", 3, "--ids", "4,4,1", "--graph", "path"], "distinct positive integers"),
    (["--n", 3, "--id-values", "3..4"], "--id-values needs at least n = 3"),
])
def test_cli_bad_network_input_is_one_line(capsys, argv, message):
    status, out, err = run(capsys, EXAMPLES + ":Exchange", *argv)
    assert status == 2 and message in err and len(err.splitlines()) == 1


def test_cli_disconnected_graph_file(capsys, tmp_path):
    edges = tmp_path / "two.txt"
    edges.write_text("a b\nc d\n")
    status, _, err = run(capsys, EXAMPLES + ":Exchange", "--graph", edges)
    assert status == 2 and "not connected" in err


def test_ring_algorithms_refuse_graphs(capsys):
    status, _, err = run(capsys, "lcr", "--n", 3, "--graph", "path")
    assert status == 2 and "lcr runs on a unidirectional ring" in err


def test_id_values_on_a_ring_take_every_choice_of_ids():
    result = check(load_algorithm("lcr"), 3, id_values=range(1, 5))
    assert result.verdict == "verified"
    assert result.arrangements_checked == 4 * 2 and result.arrangements_represented == 4 * 6
    assert {tuple(sorted(e.ids)) for e in result.per_arrangement} == {(1, 2, 3), (1, 2, 4), (1, 3, 4), (2, 3, 4)}


def test_ids_may_be_any_distinct_positive_integers():
    lcr = load_algorithm("lcr")
    native = check(lcr, 3, ids=(5, 9, 2), por=False)
    python = check(lcr, 3, ids=(5, 9, 2), por=False, engine="interned")
    ranks = check(lcr, 3, ids=(2, 3, 1), por=False, engine="interned")
    assert native.verdict == python.verdict == "verified"
    assert (native.states, native.messages_max) == (python.states, python.messages_max) == (ranks.states, ranks.messages_max)


def test_the_python_api_takes_networkx_graphs_and_id_values_on_a_network():
    import networkx

    wheel = networkx.wheel_graph(4)  # the complete graph on 4 vertices, built another way
    result = check(load_algorithm("flooding"), 4, graphs=[wheel, networkx.path_graph(4)], id_values=range(1, 6))
    assert result.verdict == "verified" and len(result.networks) == 2
    # 5 choices of 4 ids from 1..5, each in every arrangement of each graph
    assert result.arrangements_represented == result.arrangements_total == 5 * 24 * (6 ** 4 + 2 * 2)
    assert {tuple(sorted(e.ids)) for e in result.per_arrangement} == {
        (1, 2, 3, 4), (1, 2, 3, 5), (1, 2, 4, 5), (1, 3, 4, 5), (2, 3, 4, 5)}


def test_both_python_engines_and_the_reduction_agree_on_a_network_algorithm_with_port_choices():
    dfs = load_algorithm("dfs-election")
    reference = check(dfs, 3, engine="reference", por=False)
    interned = check(dfs, 3, engine="interned", por=False)
    reduced = check(dfs, 3, engine="interned", por=True)
    figures = [(r.verdict, r.messages_min, r.messages_max) for r in (reference, interned, reduced)]
    assert figures == [("verified", 8, 17)] * 3
    assert (reference.states, reference.transitions) == (interned.states, interned.transitions) == (2411, 4692)
    assert reduced.states <= interned.states
