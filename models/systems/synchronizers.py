"""Awerbuch's synchronizers alpha, beta and gamma (seed 002, section 11.3.2), as the text gives them.

Source: seed 002_8e2c4d6f504b108f.txt, 11.3.2: "a process is safe (for a given tick) when it
has received every message sent to it, and also received an acknowledgment for every message
sent by it during that tick ... a process increments tick (and begins the simulation for the
next tick) when it determines that all neighbors are safe for the current tick." The three
differ in how that is learnt:

  * alpha: "send safe to each neighbor after exchanging all ack messages"; a process moves on
    when it has a safe from every neighbour. M(alpha) = O(|E|) messages per tick.
  * beta: over a spanning tree whose root is the initiator: safe goes up the tree once a whole
    subtree is safe, the root sends next down it, and a process moves on when next reaches it.
    M(beta) = O(n).
  * gamma(k): beta inside clusters, alpha between them: the cluster's leader learns its cluster
    is safe (safe up its tree), broadcasts cluster_safe down the tree, which also crosses each
    designated intercluster edge; the text's second cluster.safe, forwarded towards the leader
    once a subtree has heard from every neighbouring cluster, is ``ready`` here; then next
    goes down and the tick begins.

A synchronizer is the part of a process that models/systems/synchronized.py leaves open: its variables
(a tuple), what it does on each signal it receives, the control steps it may take, and when its
process may start the next tick. Each handler returns the new variables and what it sends, as
(port, Envelope) pairs (``signals`` makes them). Subclass one to try a variant
(``--synchronizer my_alpha.py``; docs/synchronizers.md, "Writing a synchronizer").

A handler sees its ports as an algorithm's command does, as ``Port`` values (models/topology/ports.py)
that compare with ``==`` only: a place's ports, parent, children and intercluster ports, and the
port a signal arrived on. ``places`` builds the structure from the graph and plain port numbers;
the system hands each handler its place with those numbers as Port values. Reading a number
(``port.number``, or the order in which a place lists its ports) makes the checker explore
every port labelling (models/systems/synchronized.py's ``PortHandlers``).

Choices where the text leaves room (docs/synchronizers.md):
  * Every message of the algorithm is acknowledged on the link it came by (that is what makes
    its sender safe), in beta and gamma too; the text's count for beta, "an ack from each child
    to its parent", counts one ack per tree edge, which would not tell a sender that all its
    messages arrived.
  * The spanning tree and the clusters are given, not built: the text counts their construction
    as "a one-time overhead" outside the per-tick figures. Both are chosen from the ids, so that
    a symmetry of the graph maps the structure of one arrangement onto another's (checking one
    arrangement of a class then stands for the class): beta's root is the largest id, and each
    process's parent is its neighbour one step closer to the root with the largest id; gamma's
    clusters are balls of radius k around the largest id not yet in a cluster (their leaders),
    with trees built the same way inside them, and the designated edge between two neighbouring
    clusters is the one whose ends have the largest ids.
  * Every process starts tick 1 at once (the text's start signals are the synchronizers'
    initialization, not part of a tick).
"""
from __future__ import annotations

from collections import deque

from .synchronized import Envelope, Place  # noqa: F401  (Place: the handlers' structure, exported here)


def signals(ports, kind: str, tick: int) -> tuple:
    """A signal ``kind`` of ``tick`` on each of ``ports``: what a handler returns as its sends."""
    return tuple((port, Envelope(kind, tick)) for port in ports)


def counted(pair: tuple, tick: int, of_tick: int) -> tuple:
    """One more in a (this tick, next tick) pair of counts, for a signal of ``of_tick``."""
    return (pair[0] + 1, pair[1]) if of_tick == tick else (pair[0], pair[1] + 1)


class Synchronizer:
    """The interface models/systems/synchronized.py calls (see the module); alpha's is the simplest."""

    name = "synchronizer"
    reduces = True  # its system reduces the interleavings (models/systems/synchronized.py); ABD's does not

    def places(self, topology, ids) -> list[Place]:
        return [Place(tuple(range(topology.degree(i)))) for i in range(topology.n)]

    def start(self, place: Place) -> tuple:
        raise NotImplementedError

    def ready(self, place: Place, sync: tuple, tick: int) -> bool:
        """May the process start round tick + 1 (it has simulated ``tick`` rounds)?"""
        raise NotImplementedError

    def advanced(self, place: Place, sync: tuple, tick: int, sent: int, last: bool) -> tuple[tuple, tuple]:
        """The process has just simulated round ``tick`` and sent ``sent`` messages of it."""
        raise NotImplementedError

    def receive(self, place: Place, sync: tuple, tick: int, port, envelope: Envelope) -> tuple[tuple, tuple]:
        """An envelope arrived on ``port``; the algorithm's messages ("m") are buffered already."""
        raise NotImplementedError

    def actions(self, place: Place, sync: tuple, tick: int) -> list[tuple[str, tuple, tuple]]:
        """(name, new variables, sends) of each control step enabled in the current tick."""
        return []

    def describe(self, place: Place, sync: tuple) -> dict[str, str]:
        """The variables by name, for traces: all of them (two states that differ must read differently)."""
        return {}

    def __str__(self):
        return f"the {self.name} synchronizer"


class Alpha(Synchronizer):
    """alpha: ack every message; safe to every neighbour once acked; move on with a safe from each."""

    name = "alpha"
    # variables: (acks awaited, safe sent, (safes of this tick, of the next))

    def start(self, place):
        return (0, False, (0, 0))

    def ready(self, place, sync, tick):
        awaited, safe_sent, safes = sync
        return tick == 0 or (safe_sent and safes[0] == len(place.ports))

    def advanced(self, place, sync, tick, sent, last):
        return (sent, False, (sync[2][1], 0)), ()

    def receive(self, place, sync, tick, port, envelope):
        awaited, safe_sent, safes = sync
        if envelope.kind == "m":  # 2. send ack for each incoming message
            return sync, ((port, Envelope("ack", envelope.tick)),)
        if envelope.kind == "ack":
            return (awaited - 1, safe_sent, safes), ()
        return (awaited, safe_sent, counted(safes, tick, envelope.tick)), ()  # safe

    def actions(self, place, sync, tick):
        awaited, safe_sent, safes = sync
        if awaited == 0 and not safe_sent:  # 3. send safe to each neighbor after exchanging all acks
            return [("safe", (awaited, True, safes), signals(place.ports, "safe", tick))]
        return []

    def describe(self, place, sync):
        awaited, safe_sent, safes = sync
        return {"acks_awaited": str(awaited), "safe_sent": str(safe_sent).lower(), "safes": str(safes[0]),
                "safes_next": str(safes[1])}


class Beta(Synchronizer):
    """beta: ack every message; safe up a spanning tree once the subtree is safe; next down from the root."""

    name = "beta"
    # variables: (acks awaited, safe sent, (children's safes of this tick, of the next), next received)

    def places(self, topology, ids):
        root = max(range(topology.n), key=lambda v: ids[v])
        return _tree_places(topology, ids, [root], set(range(topology.n)))

    def start(self, place):
        return (0, False, (0, 0), False)

    def ready(self, place, sync, tick):
        awaited, safe_sent, safes, go = sync
        if tick == 0:
            return True
        if place.parent is None:  # the root: the whole tree is safe
            return awaited == 0 and safes[0] == len(place.children)
        return go

    def advanced(self, place, sync, tick, sent, last):
        # the root starts the tick by sending next down the tree (the others forward it on arrival)
        down = signals(place.children, "next", tick - 1) if place.parent is None and tick > 1 else ()
        return (sent, False, (sync[2][1], 0), False), down

    def receive(self, place, sync, tick, port, envelope):
        awaited, safe_sent, safes, go = sync
        kind = envelope.kind
        if kind == "m":
            return sync, ((port, Envelope("ack", envelope.tick)),)
        if kind == "ack":
            return (awaited - 1, safe_sent, safes, go), ()
        if kind == "safe":
            return (awaited, safe_sent, counted(safes, tick, envelope.tick), go), ()
        return (awaited, safe_sent, safes, True), signals(place.children, "next", envelope.tick)  # next

    def actions(self, place, sync, tick):
        awaited, safe_sent, safes, go = sync
        if place.parent is not None and awaited == 0 and safes[0] == len(place.children) and not safe_sent:
            return [("safe", (awaited, True, safes, go), signals((place.parent,), "safe", tick))]
        return []

    def describe(self, place, sync):
        awaited, safe_sent, safes, go = sync
        return {"acks_awaited": str(awaited), "subtree_safe": str(safes[0]), "subtree_safe_next": str(safes[1]),
                "safe_sent": str(safe_sent).lower(), "next": str(go).lower()}


class Gamma(Synchronizer):
    """gamma(k): beta inside clusters of radius k, alpha between clusters over designated edges."""

    name = "gamma"
    radius = 1

    # variables: (acks awaited, safe sent, (children's safes: this tick, next), cluster safe known,
    #             (cluster_safe from neighbouring clusters: this tick, next), (children ready: this tick, next),
    #             ready sent, next received)

    def places(self, topology, ids):
        return _cluster_places(topology, ids, self.radius)

    def __str__(self):
        return f"the {self.name} synchronizer (clusters of radius {self.radius})"

    def start(self, place):
        return (0, False, (0, 0), False, (0, 0), (0, 0), False, False)

    def ready(self, place, sync, tick):
        if tick == 0:
            return True
        awaited, safe_sent, safes, known, across, readies, ready_sent, go = sync
        if place.parent is None:  # the leader: its cluster and every neighbouring one are safe
            return safe_sent and across[0] == len(place.inter) and readies[0] == len(place.children)
        return go

    def advanced(self, place, sync, tick, sent, last):
        down = signals(place.children, "next", tick - 1) if place.parent is None and tick > 1 else ()
        _, _, safes, _, across, readies, _, _ = sync
        return (sent, False, (safes[1], 0), False, (across[1], 0), (readies[1], 0), False, False), down

    def receive(self, place, sync, tick, port, envelope):
        awaited, safe_sent, safes, known, across, readies, ready_sent, go = sync
        kind, of = envelope.kind, envelope.tick
        if kind == "m":
            return sync, ((port, Envelope("ack", of)),)
        if kind == "ack":
            awaited -= 1
        elif kind == "safe":
            safes = counted(safes, tick, of)
        elif kind == "cluster_safe" and place.parent is not None and port == place.parent:  # down the tree: on, across
            return (awaited, safe_sent, safes, True, across, readies, ready_sent, go), \
                signals(place.children + place.inter, "cluster_safe", of)
        elif kind == "cluster_safe":  # over an intercluster edge: that cluster is safe
            across = counted(across, tick, of)
        elif kind == "ready":
            readies = counted(readies, tick, of)
        else:  # next
            return (awaited, safe_sent, safes, known, across, readies, ready_sent, True), \
                signals(place.children, "next", of)
        return (awaited, safe_sent, safes, known, across, readies, ready_sent, go), ()

    def actions(self, place, sync, tick):
        awaited, safe_sent, safes, known, across, readies, ready_sent, go = sync
        steps = []
        if awaited == 0 and safes[0] == len(place.children) and not safe_sent:
            if place.parent is None:  # the leader: the cluster is safe; say so down the tree and across
                sends = signals(place.children + place.inter, "cluster_safe", tick)
                steps.append(("cluster_safe", (awaited, True, safes, True, across, readies, ready_sent, go), sends))
            else:
                steps.append(("safe", (awaited, True, safes, known, across, readies, ready_sent, go),
                              signals((place.parent,), "safe", tick)))
        if (place.parent is not None and known and across[0] == len(place.inter)
                and readies[0] == len(place.children) and not ready_sent):
            steps.append(("ready", (awaited, safe_sent, safes, known, across, readies, True, go),
                          signals((place.parent,), "ready", tick)))
        return steps

    def describe(self, place, sync):
        awaited, safe_sent, safes, known, across, readies, ready_sent, go = sync
        return {"acks_awaited": str(awaited), "safe_sent": str(safe_sent).lower(), "subtree_safe": str(safes[0]),
                "subtree_safe_next": str(safes[1]), "cluster_safe": str(known).lower(),
                "clusters_heard": str(across[0]), "clusters_heard_next": str(across[1]),
                "subtree_ready": str(readies[0]), "subtree_ready_next": str(readies[1]),
                "ready_sent": str(ready_sent).lower(), "next": str(go).lower()}


def _port(topology, u: int, v: int):
    return topology.labelling[u].index(v)


def _tree_places(topology, ids, roots, members, inter=None) -> list[Place]:
    """Places for BFS trees from ``roots`` inside ``members``: each process's parent is its
    neighbour one step closer to its root with the largest id."""
    parent = {}
    for root in roots:
        parent[root] = None
    depth = {root: 0 for root in roots}
    queue = deque(roots)
    while queue:
        u = queue.popleft()
        for v in sorted(topology.neighbours[u], key=lambda v: -ids[v]):
            if v in members and v not in depth:
                depth[v] = depth[u] + 1
                queue.append(v)
    for v in members:
        if depth[v]:
            closer = [u for u in topology.neighbours[v] if u in depth and depth[u] == depth[v] - 1]
            parent[v] = max(closer, key=lambda u: ids[u])
    places = []
    for v in range(topology.n):
        if v not in members:
            places.append(None)
            continue
        children = tuple(sorted(_port(topology, v, c) for c in members if parent[c] == v))
        up = None if parent[v] is None else _port(topology, v, parent[v])
        places.append(Place(tuple(range(topology.degree(v))), up, children,
                            tuple(sorted((inter or {}).get(v, ())))))
    return places


def clusters(topology, ids, radius: int) -> list[tuple[int, list[int]]]:
    """(leader, members) of each cluster: balls of ``radius`` around the largest id left."""
    left = set(range(topology.n))
    result = []
    while left:
        leader = max(left, key=lambda v: ids[v])
        ball, frontier = {leader}, [leader]
        for _ in range(radius):
            frontier = [v for u in frontier for v in topology.neighbours[u] if v in left and v not in ball]
            ball.update(frontier)
        result.append((leader, sorted(ball)))
        left -= ball
    return result


def _cluster_places(topology, ids, radius: int) -> list[Place]:
    groups = clusters(topology, ids, radius)
    cluster_of = {v: c for c, (_, members) in enumerate(groups) for v in members}
    designated = {}  # (cluster, cluster) -> the edge whose ends have the largest ids
    for u, v in topology.edges:
        a, b = cluster_of[u], cluster_of[v]
        if a != b:
            key = (min(a, b), max(a, b))
            rank = tuple(sorted((ids[u], ids[v]), reverse=True))
            if key not in designated or rank > designated[key][0]:
                designated[key] = (rank, (u, v))
    inter: dict[int, list] = {}
    for _, (u, v) in designated.values():
        inter.setdefault(u, []).append(_port(topology, u, v))
        inter.setdefault(v, []).append(_port(topology, v, u))
    places = [None] * topology.n
    for leader, members in groups:
        for v, place in enumerate(_tree_places(topology, ids, [leader], set(members), inter)):
            if v in members:
                places[v] = place
    return places


SYNCHRONIZERS = {"alpha": Alpha, "beta": Beta, "gamma": Gamma}  # and models/systems/abd.py's ABD

# The structures built here follow the ids and the graph, never the vertex or port numbers, so a
# symmetry of the graph carries one arrangement's structure to another's, and a relabelling of
# the ports changes none (tests/explore/test_synchronizers.py compares with every arrangement).
_EQUIVARIANT = (Synchronizer.places, Beta.places, Gamma.places)


def follows_the_ids(synchronizer: Synchronizer) -> bool:
    """Is the structure this synchronizer builds one of these modules'? Judged by what the run
    calls, the instance's ``places``: a subclass may define its own, and an instance may set
    one of its own (in ``__init__``) whatever its class defines."""
    places = getattr(synchronizer, "places", None)
    return getattr(places, "__self__", None) is synchronizer and getattr(places, "__func__", None) in _EQUIVARIANT
