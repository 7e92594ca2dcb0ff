"""A graph's automorphisms as a stabilizer chain (checker/explore/automorphisms.py): the classes
of id assignments it gives are those that listing every automorphism and every assignment gave,
on every small graph, and the group orders are the known ones."""
from itertools import permutations
from math import factorial

import networkx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx.algorithms.isomorphism import GraphMatcher
from networkx.generators.atlas import graph_atlas_g

from checker.explore.automorphisms import (
    _filtered,
    _ordered_by_constraints,
    first_assignments,
    group_order,
    stabilizer_orbits,
)
from models import Network
from models.topology.network import family


def listed_classes(network: Network) -> tuple[list[tuple[int, ...]], int]:
    """The planning before the stabilizer chain, kept as the reference: every automorphism
    (networkx's VF2), and the first of each class of rank assignments found by going through all
    n! in lexicographic order; with the group's order."""
    graph = network.to_networkx()
    group = [tuple(mapping[v] for v in range(network.n)) for mapping in GraphMatcher(graph, graph).isomorphisms_iter()]
    seen, firsts = set(), []
    for ranks in permutations(range(1, network.n + 1)):
        if ranks in seen:
            continue
        for g in group:
            image = [0] * network.n
            for v in range(network.n):
                image[g[v]] = ranks[v]
            seen.add(tuple(image))
        firsts.append(ranks)
    return firsts, len(group)


def atlas(sizes):
    """Every connected graph of networkx's atlas with a number of vertices in ``sizes``."""
    return [Network(graph.number_of_nodes(), graph.edges, name=f"G{index}") for index, graph in enumerate(graph_atlas_g())
            if graph.number_of_nodes() in sizes and networkx.is_connected(graph)]


def assert_as_listed(network: Network) -> None:
    firsts, order = listed_classes(network)
    assert group_order(network) == order, network.describe()
    assert first_assignments(network) == firsts, network.describe()
    # both ways of finding the firsts, whichever the group's size picks
    pairs = [(k, w) for k, orbit in enumerate(stabilizer_orbits(network)) for w in sorted(orbit) if w != k]
    assert _filtered(network.n, pairs) == _ordered_by_constraints(network.n, pairs) == firsts, network.describe()


@pytest.mark.parametrize("network", atlas(range(1, 7)), ids=lambda network: network.name)
def test_every_connected_graph_up_to_six_vertices_as_listed(network):
    assert_as_listed(network)


# 853 graphs, 14 s of CPU: every other one of the atlas's order (which goes by edges, then degree
# sequence), 427, with the slow tests; the random graphs below reach 7 vertices too
@pytest.mark.slow
def test_every_other_connected_graph_on_seven_vertices_as_listed():
    for network in atlas({7})[::2]:
        assert_as_listed(network)


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=2, max_value=7).flatmap(lambda n: st.tuples(
    st.just(n), st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] != e[1])),
    st.permutations(range(n)))))
def test_random_graphs_with_their_vertices_renumbered_as_listed(drawn):
    # the atlas numbers its vertices one way; here any way, on a path through every vertex (connected)
    n, extra_edges, order = drawn
    edges = {(order[k], order[k + 1]) for k in range(n - 1)} | extra_edges
    assert_as_listed(Network(n, edges))


@pytest.mark.parametrize("graph,order", [
    (networkx.petersen_graph(), 120),
    (networkx.hypercube_graph(4), 384),
    (networkx.heawood_graph(), 336),
    (networkx.dodecahedral_graph(), 120),
    (networkx.complete_bipartite_graph(4, 4), 1152),
    (networkx.cartesian_product(networkx.complete_graph(4), networkx.complete_graph(4)), 1152),  # the 4x4 rook's graph
    (networkx.paley_graph(13).to_undirected(), 78),
])
def test_regular_graphs_that_colour_refinement_cannot_split(graph, order):
    assert group_order(Network.of(graph)) == order


@pytest.mark.parametrize("name,order", [
    ("complete", factorial(200)), ("star", factorial(199)), ("ring", 400), ("path", 2), ("grid", 4),
], ids=["complete", "star", "ring", "path", "grid"])
def test_large_families(name, order):
    network = family(name, 200)
    assert group_order(network) == order
    if name in ("complete", "star"):
        assert len(first_assignments(network)) == factorial(200) // order
