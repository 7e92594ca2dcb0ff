"""beta whose tree is set up in ``__init__`` from vertex numbers instead of the ids.

Bug: each process but the root takes for its parent its neighbour with the largest vertex
number, which is one step closer to the root only when the root is not at vertex 0. With the
root (the largest id) at vertex 0 of the path, vertices 1 and 2 are each other's parent, the
root has no child and starts every tick at once. The class's ``places`` is beta's own (this
instance sets its own), so a check that judged the class would take the structure for one that
follows the ids, and the arrangement of each class it checks has its root elsewhere.
"""
from models.systems.synchronizers import Beta, Place


class TreeByVertexNumbers(Beta):
    name = "beta-tree-by-vertex-numbers"

    def __init__(self):
        self.places = self.by_vertex_numbers

    @staticmethod
    def by_vertex_numbers(topology, ids):
        root = max(range(topology.n), key=lambda v: ids[v])
        parent = {v: None if v == root else max(topology.neighbours[v]) for v in range(topology.n)}
        places = []
        for v in range(topology.n):
            ports = topology.labelling[v]
            children = tuple(sorted(ports.index(c) for c in range(topology.n) if parent[c] == v))
            up = None if parent[v] is None else ports.index(parent[v])
            places.append(Place(tuple(range(len(ports))), up, children))
        return places
