"""General networks: any connected undirected graph, its ports, and the graph families.

Processes are the vertices 0..n-1. Every edge {u, v} is two FIFO channels, u -> v and v -> u.
A process of degree d has ports 0..d-1; ``labelling[u]`` lists u's neighbours in port order, so
a message that u sends on port k goes to ``labelling[u][k]`` and arrives there on the port
that leads back to u. The labelling is the adversary's choice and part of the arrangement
(``port_labellings``), as the unoriented ring's is; by default each process numbers its
neighbours in increasing order. Ports are ``models.topology.ports.Port`` values for the algorithm.

Every network on n vertices declares the same port names, 0..n-2 (the most a simple graph on n
vertices needs), so one layout of locals serves every graph of a run; a process simply has no
channel on its ports from its degree upwards. Channels are listed by (sender, receiver), whatever
the labelling, so that renumbering ports moves no channel in a state.

Graph families at size n (``family(name, n)``): complete, path, star (centre 0), ring (a
cycle, here with unoriented numbered ports, unlike the ring topologies), grid (r x n/r with r the
largest divisor of n up to sqrt(n), rows first); ``connected_graphs(n)`` is every connected graph
on n vertices up to isomorphism, from networkx's atlas (n <= 7); ``read_edge_list(path)`` and
``Network.of(networkx_graph)`` take the user's own.
"""
from __future__ import annotations

from ..errors import AlgorithmError
from .ring import Channel, Topology

FAMILIES = ("complete", "path", "star", "ring", "grid")
ATLAS_MAX_N = 7  # networkx's graph atlas holds every graph on up to 7 vertices


class Network(Topology):
    """A connected undirected graph on vertices 0..n-1 with numbered ports (see the module)."""

    kind = "network"
    port_labellings = True
    numbered_ports = True  # the algorithm sees Port values (models/topology/ports.py), not names

    def __init__(self, n: int, edges=None, labelling=None, name: str | None = None, vertex_names=None):
        if edges is None:
            edges = [(u, v) for u in range(n) for v in range(u + 1, n)]
            name = name or "complete graph"
        self.edges = _normalised(n, edges)
        self.name = name or "graph"
        neighbours = [[] for _ in range(n)]
        for u, v in self.edges:
            neighbours[u].append(v)
            neighbours[v].append(u)
        self.neighbours = tuple(tuple(sorted(vs)) for vs in neighbours)
        if labelling is None:
            labelling = self.neighbours
        self.labelling = tuple(tuple(ports) for ports in labelling)
        if len(self.labelling) != n or any(sorted(ports) != list(nb) for ports, nb in zip(self.labelling, self.neighbours)):
            raise ValueError("a labelling lists each process's neighbours, each once, in port order")
        self.ports = tuple(range(max(n - 1, 0)))
        # the user's names of the vertices (an edge file's, a networkx graph's), in process order;
        # None when they are the processes' numbers 0..n-1 already
        self.vertex_names = tuple(vertex_names) if vertex_names is not None else None
        self._diameter = None
        super().__init__(n)
        if n > 1 and not self.connected():
            raise AlgorithmError(f"the graph {self.name} is not connected: an election needs a connected network")

    # -- structure -------------------------------------------------------------------
    def _links(self):
        port_to = [{v: k for k, v in enumerate(ports)} for ports in self.labelling]
        for u in range(self.n):
            for v in self.neighbours[u]:
                yield Channel(u, port_to[u][v], v, port_to[v][u])

    def degree(self, u: int) -> int:
        return len(self.neighbours[u])

    def has_port(self, process: int, port) -> bool:
        return port < self.degree(process)

    @property
    def edge_count(self) -> int:
        return len(self.edges)

    def connected(self) -> bool:
        seen, pending = {0}, [0]
        while pending:
            for v in self.neighbours[pending.pop()]:
                if v not in seen:
                    seen.add(v)
                    pending.append(v)
        return len(seen) == self.n

    @property
    def diameter(self) -> int:
        if self._diameter is None:
            import networkx

            self._diameter = 0 if self.n == 1 else networkx.diameter(self.to_networkx())
        return self._diameter

    def to_networkx(self):
        import networkx

        graph = networkx.Graph()
        graph.add_nodes_from(range(self.n))
        graph.add_edges_from(self.edges)
        return graph

    def relabelled(self, labelling) -> Network:
        """The same graph with another port labelling."""
        return Network(self.n, self.edges, labelling, self.name, self.vertex_names)

    @property
    def title(self) -> str:
        """The graph as a sentence names it: "the path", "the 2x3 grid", "the graph G7"."""
        family_name = self.name in ("complete graph", "path", "star", "ring") or self.name.endswith(" grid")
        return f"the {self.name}" if family_name else f"the graph {self.name}"

    def vertex(self, v: int) -> str:
        """Vertex v as the user's graph names it ("3", "a"; v itself without names)."""
        return str(v if self.vertex_names is None else self.vertex_names[v])

    def process_name(self, v: int) -> str:
        """How traces name process v: "p3" for vertex 3 (numbered vertices), "a" for vertex a."""
        name = self.vertex(v)
        return f"p{name}" if name.lstrip("-").isdigit() else name

    def ports_text(self) -> str:
        """Where every port leads, in one line: "p0: 0->p1 1->p2; p1: ..."."""
        name = self.process_name
        return "; ".join(f"{name(u)}: " + " ".join(f"{k}->{name(v)}" for k, v in enumerate(ports)) for u, ports in
                         enumerate(self.labelling) if ports)

    def describe_channel(self, k: int) -> str:
        c = self.channels[k]
        return f"{self.vertex(c.sender)}->{self.vertex(c.receiver)} (port {c.out_port})"

    def describe(self) -> str:
        """The graph in one line: its name and edges."""
        edges = " ".join(f"{self.vertex(u)}-{self.vertex(v)}" for u, v in self.edges)
        return f"{self.title} ({self.edge_count} edges: {edges})" if edges else f"{self.title} (one vertex)"

    def __getstate__(self):
        return {"n": self.n, "edges": self.edges, "labelling": self.labelling, "name": self.name,
                "vertex_names": self.vertex_names}

    def __setstate__(self, state):
        self.__init__(state["n"], state["edges"], state["labelling"], state["name"], state.get("vertex_names"))

    @classmethod
    def of(cls, graph, name: str | None = None) -> Network:
        """A networkx graph as a network: its nodes, in sorted order, become processes 0..n-1 (and
        keep their names for traces, unless they are 0..n-1 already)."""
        nodes = sorted(graph.nodes, key=_sort_key)
        index = {node: k for k, node in enumerate(nodes)}
        names = None if nodes == list(range(len(nodes))) else nodes
        return cls(len(nodes), [(index[u], index[v]) for u, v in graph.edges], name=name or "graph", vertex_names=names)


def _sort_key(node):
    return (0, node, "") if isinstance(node, int) else (1, 0, str(node))


def _normalised(n: int, edges) -> tuple[tuple[int, int], ...]:
    found = set()
    for edge in edges:
        u, v = edge
        if not (0 <= u < n and 0 <= v < n):
            raise AlgorithmError(f"the edge {u}-{v} names a vertex outside 0..{n - 1}")
        if u == v:
            raise AlgorithmError(f"the edge {u}-{v} is a loop; a network's links join two processes")
        found.add((min(u, v), max(u, v)))
    return tuple(sorted(found))


def family(name: str, n: int) -> Network:
    """The graph of a family at size n (see the module docstring)."""
    if name == "complete":
        return Network(n, name="complete graph")
    if name == "path":
        return Network(n, [(k, k + 1) for k in range(n - 1)], name="path")
    if name == "star":
        return Network(n, [(0, k) for k in range(1, n)], name="star")
    if name == "ring":
        if n < 3:
            raise AlgorithmError("--graph ring needs n >= 3 (a cycle); use --graph path for n < 3")
        return Network(n, [(k, (k + 1) % n) for k in range(n)], name="ring")
    if name == "grid":
        rows = max(r for r in range(1, int(n ** 0.5) + 1) if n % r == 0)
        columns = n // rows
        edges = [(r * columns + c, r * columns + c + 1) for r in range(rows) for c in range(columns - 1)]
        edges += [(r * columns + c, (r + 1) * columns + c) for r in range(rows - 1) for c in range(columns)]
        return Network(n, edges, name=f"{rows}x{columns} grid")
    raise AlgorithmError(f"unknown graph family {name!r}; use one of {', '.join(FAMILIES)}, or a file of edges")


def connected_graphs(n: int) -> list[Network]:
    """Every connected graph on n vertices up to isomorphism, in the atlas's order (by edges)."""
    if not 1 <= n <= ATLAS_MAX_N:
        raise AlgorithmError(f"--graphs connected needs 1 <= n <= {ATLAS_MAX_N} (networkx's graph atlas); "
                             f"for larger n give one graph with --graph")
    import networkx
    from networkx.generators.atlas import graph_atlas_g

    return [
        Network(n, graph.edges, name=f"G{index}")
        for index, graph in enumerate(graph_atlas_g())
        if graph.number_of_nodes() == n and networkx.is_connected(graph)
    ]


def read_edge_list(path: str) -> Network:
    """A graph from a file of edges, one ``u v`` pair a line (``#`` starts a comment). Vertices
    may be any names; sorted (numbers numerically), they become processes 0..n-1, and traces
    name them as the file does."""
    import os

    import networkx

    if not os.path.exists(path):
        raise AlgorithmError(f"--graph {path}: neither a graph family ({', '.join(FAMILIES)}) nor a file of edges")
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as error:
        raise AlgorithmError(f"--graph {path}: cannot read it ({error.strerror})") from None
    graph = networkx.Graph()
    for number, line in enumerate(lines, start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) != 2:
            raise AlgorithmError(f"{path}:{number}: an edge is two vertex names, e.g. `0 1`; got {line.strip()!r}")
        u, v = (int(w) if w.lstrip("-").isdigit() else w for w in words)
        if u == v:
            raise AlgorithmError(f"{path}:{number}: the edge {u}-{v} is a loop")
        graph.add_edge(u, v)
    if graph.number_of_nodes() == 0:
        raise AlgorithmError(f"{path}: no edges found; write one `u v` pair a line")
    name = path.rsplit("/", 1)[-1]
    return Network.of(graph, name=name)
