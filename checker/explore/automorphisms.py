"""A graph's automorphisms as a stabilizer chain, found with networkx's VF2++ without listing them.

Write O_k for the vertices that an automorphism fixing 0..k-1 (each of them) can take vertex k
to. The orbits O_0..O_{n-1} are all that planning needs (checker/explore/networks.py):

* |Aut| = |O_0| x |O_1| x ... x |O_{n-1}| (orbit and stabilizer, level by level).
* An assignment of ranks r (vertex v gets rank r[v]) is the lexicographically first of its
  class {r o h : h in Aut} exactly when r[k] < r[w] for every k and every other w in O_k: an
  automorphism h other than the identity first moves some vertex k, so it fixes 0..k-1 and
  h(k) is in O_k, and r o h is smaller than r exactly when r[h(k)] < r[k].

So the first members of the classes are the assignments that respect those constraints, and
the complete graph on 200 vertices (200! automorphisms) has its one class found at once.

Each O_k is found by search. An automorphism fixing 0..k-1 keeps the colours that colour
refinement gives once 0..k-1 are told apart, so only vertices of k's colour are candidates.
The automorphisms already found at deeper levels fix 0..k-1 too: the candidates they reach from
k are in O_k without a search. For each other candidate w, VF2++ looks for an automorphism
fixing 0..k-1 and taking k to w; if there is none, none takes k to any vertex that the known
automorphisms reach from w either. A graph and its complement have the same automorphisms:
the search runs on the one with fewer edges (the complete graph's complement has none).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from math import prod

from models.topology.network import Network


def group_order(network: Network) -> int:
    """How many automorphisms the graph has."""
    return prod(len(orbit) for orbit in stabilizer_orbits(network))


def stabilizer_orbits(network: Network) -> tuple[frozenset[int], ...]:
    """O_0, ..., O_{n-1} (see the module docstring)."""
    return _orbits(network.n, network.edges)


@lru_cache(maxsize=64)
def _orbits(n: int, edges: tuple[tuple[int, int], ...]) -> tuple[frozenset[int], ...]:
    neighbours = _sparser_of_graph_and_complement(n, edges)
    search = _Search(neighbours)
    known = _Orbits(n)  # the orbits of the automorphisms found so far
    orbits = [frozenset((k,)) for k in range(n)]
    # deepest level first, so that the automorphisms found there serve every level above
    for k in reversed(range(_first_discrete_level(neighbours))):
        fixed = range(k)
        colours = _refined(neighbours, _individualised(n, fixed))
        ruled_out: set[int] = set()
        for w in range(k + 1, n):
            if colours[w] != colours[k] or known.together(k, w) or known.root(w) in ruled_out:
                continue
            automorphism = search.automorphism_taking(fixed, k, w)
            if automorphism is None:  # nor to anything the known automorphisms take w to
                ruled_out.add(known.root(w))
            else:
                known.join(automorphism)
        orbits[k] = frozenset(w for w in range(k, n) if known.together(k, w))
    return tuple(orbits)


def _sparser_of_graph_and_complement(n: int, edges) -> list[set[int]]:
    neighbours = [set() for _ in range(n)]
    for u, v in edges:
        neighbours[u].add(v)
        neighbours[v].add(u)
    if 2 * len(edges) <= n * (n - 1) // 2:
        return neighbours
    return [set(range(n)) - vs - {u} for u, vs in enumerate(neighbours)]


def _first_discrete_level(neighbours: list[set[int]]) -> int:
    """The least k such that colour refinement tells every vertex apart once 0..k-1 are: from
    there on, only the identity fixes 0..k-1 (and every O_k is {k})."""
    n = len(neighbours)
    low, high = 0, max(n - 1, 0)  # with n - 1 vertices singled out, the last one is alone too
    while low < high:
        middle = (low + high) // 2
        if len(set(_refined(neighbours, _individualised(n, range(middle))))) == n:
            high = middle
        else:
            low = middle + 1
    return low


def _individualised(n: int, singled_out, last: int | None = None) -> list[int]:
    """A colouring that tells the vertices ``singled_out`` (and ``last``) apart from all others."""
    colours = [0] * n
    for position, v in enumerate(singled_out, start=1):
        colours[v] = position
    if last is not None:
        colours[last] = n + 1
    return colours


def _refined(neighbours: list[set[int]], colours: list[int]) -> list[int]:
    """The coarsest refinement of ``colours`` in which vertices of one colour have as many
    neighbours of each colour: no automorphism keeping ``colours`` takes a vertex to another
    colour. The new colours are numbered from what defines them, not from vertex numbers, so
    colourings that an automorphism maps to each other are refined alike."""
    count = len(set(colours))
    while True:
        signatures = [(colours[v], tuple(sorted(colours[u] for u in neighbours[v]))) for v in range(len(colours))]
        numbering = {signature: number for number, signature in enumerate(sorted(set(signatures)))}
        colours = [numbering[signature] for signature in signatures]
        if len(numbering) == count:
            return colours
        count = len(numbering)


class _Search:
    """Looks for one automorphism with given fixed points and one given image."""

    def __init__(self, neighbours: list[set[int]]):
        self.neighbours = neighbours
        self._graph = None

    def automorphism_taking(self, fixed, k: int, w: int) -> tuple[int, ...] | None:
        """An automorphism that fixes every vertex of ``fixed`` and takes k to w, or None."""
        n, neighbours = len(self.neighbours), self.neighbours
        if neighbours[k] - {w} == neighbours[w] - {k}:  # twins: swapping them is one (k, w > every fixed vertex)
            return tuple(w if v == k else k if v == w else v for v in range(n))
        before = _individualised(n, fixed, k), _individualised(n, fixed, w)
        after = tuple(_refined(neighbours, colours) for colours in before)
        if sorted(after[0]) != sorted(after[1]):
            return None
        # the initial colour too: a refined colour alone need not say which vertex was singled out
        labels = [[(initial[v], refined[v]) for v in range(n)] for initial, refined in zip(before, after)]
        if len(set(after[0])) == n:  # every vertex told apart: one candidate mapping
            where = {label: v for v, label in enumerate(labels[1])}
            mapping = tuple(where.get(label, -1) for label in labels[0])
            return mapping if self._is_automorphism(mapping) else None
        return self._vf2pp(labels)

    def _is_automorphism(self, mapping) -> bool:
        return -1 not in mapping and all({mapping[u] for u in vs} == self.neighbours[mapping[v]]
                                         for v, vs in enumerate(self.neighbours))

    def _vf2pp(self, labels) -> tuple[int, ...] | None:
        import networkx

        n = len(self.neighbours)
        if self._graph is None:
            self._graph = networkx.Graph()
            self._graph.add_nodes_from(range(n))
            self._graph.add_edges_from((u, v) for u, vs in enumerate(self.neighbours) for v in vs if u < v)
        graph, image = self._graph.copy(), self._graph.copy()
        networkx.set_node_attributes(graph, dict(enumerate(labels[0])), "colour")
        networkx.set_node_attributes(image, dict(enumerate(labels[1])), "colour")
        mapping = networkx.vf2pp_isomorphism(graph, image, node_label="colour")
        return None if mapping is None else tuple(mapping[v] for v in range(n))


class _Orbits:
    """The orbits of the group generated by the automorphisms joined so far (union-find)."""

    def __init__(self, n: int):
        self.parent = list(range(n))

    def root(self, v: int) -> int:
        while self.parent[v] != v:
            self.parent[v] = self.parent[self.parent[v]]
            v = self.parent[v]
        return v

    def together(self, u: int, v: int) -> bool:
        return self.root(u) == self.root(v)

    def join(self, automorphism: tuple[int, ...]) -> None:
        for v, image in enumerate(automorphism):
            self.parent[self.root(v)] = self.root(image)


def first_assignments(network: Network) -> list[tuple[int, ...]]:
    """The first assignment of the ranks 1..n to the vertices (vertex v's rank at v) of every
    class under the automorphisms, in lexicographic order; each class has ``group_order`` members."""
    orbits = stabilizer_orbits(network)
    n = network.n
    pairs = [(k, w) for k in range(n) for w in sorted(orbits[k]) if w != k]  # k ranks before w
    if group_order(network) <= n:  # filtering the n! assignments wastes at most n times the classes' number
        return _filtered(n, pairs)
    return _ordered_by_constraints(n, pairs)


def _filtered(n: int, pairs) -> list[tuple[int, ...]]:
    """Few automorphisms, so most assignments are the first of their class: keep those that
    respect every constraint (of ``pairs``), from all n! in lexicographic order."""
    return [ranks for ranks in permutations(range(1, n + 1)) if all(ranks[k] < ranks[w] for k, w in pairs)]


def _ordered_by_constraints(n: int, pairs) -> list[tuple[int, ...]]:
    """Many automorphisms, so few classes: build the assignments that respect the constraints
    rank by rank (each rank goes to a vertex whose constrained predecessors all have smaller
    ones, so no choice is a dead end), then sort them."""
    earlier_count = [0] * n
    later = [[] for _ in range(n)]
    for k, w in pairs:
        earlier_count[w] += 1
        later[k].append(w)
    firsts = []
    order: list[int] = []  # the vertices given ranks 1, 2, ... so far
    next_to_try = [0]  # for each rank given and the next: the least vertex not yet tried there
    while next_to_try:
        if len(order) == n:
            ranks = [0] * n
            for rank, vertex in enumerate(order, start=1):
                ranks[vertex] = rank
            firsts.append(tuple(ranks))
        else:
            ready = next((v for v in range(next_to_try[-1], n) if earlier_count[v] == 0), None)
            if ready is not None:
                next_to_try[-1] = ready + 1
                earlier_count[ready] = -1  # ranked
                for w in later[ready]:
                    earlier_count[w] -= 1
                order.append(ready)
                next_to_try.append(0)
                continue
        next_to_try.pop()  # every vertex tried at this rank: back to the one before
        if order:
            vertex = order.pop()
            for w in later[vertex]:
                earlier_count[w] += 1
            earlier_count[vertex] = 0
    firsts.sort()
    return firsts
