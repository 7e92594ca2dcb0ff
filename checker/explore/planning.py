"""What a run explores: the arrangements, the symmetry that picked them, and what they stand for.

On a ring, checker/explore/arrangements.py lists the arrangements; on a network,
checker/explore/networks.py does, for every graph of the run. Ids are 1..n unless the user gives
them (``ids``: any distinct positive integers, one arrangement) or a range of values
(``id_values``: every choice of n distinct values from it, each in every arrangement), since
some algorithms (TimeSlice, VariableSpeeds) behave according to the values and not only
their order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from math import factorial, lgamma, log, log10

from models import AlgorithmError
from models.network import FAMILIES, Network, connected_graphs, family, read_edge_list

from .arrangements import (
    ANONYMOUS,
    AUTOMORPHISMS,
    AUTOMORPHISMS_LABELLED,
    NONE,
    Arrangement,
    arrangements,
    count_planned,
    describe,
    labelled_arrangements,
    symmetry_of,
    with_values,
)
from .networks import id_choices, network_plan, planned_count, represented_count

MAX_ARRANGEMENTS = 10_000_000
LARGEST_RING_COUNTED = 20  # above, a ring is refused before it is built and its arrangements counted


class RunTooLarge(Exception):
    """The run cannot even be planned within the machine's limits (exit status 3)."""


@dataclass
class Planning:
    plan: list[Arrangement]
    symmetry: str  # how the arrangements were picked (describe() says it in words), or "given"
    topology: str  # what the processes are connected by, for the summary
    total: int  # how many arrangements the plan stands for when every one is explored
    networks: list[Network] = field(default_factory=list)  # the graphs, on a network
    note: str | None = None  # a declared symmetry that could not be proved (checker/trust/symmetry.py)


def on_network(algorithm) -> bool:
    return bool(getattr(algorithm.topology, "numbered_ports", False))


def check_ids(ids, n: int) -> None:
    if len(ids) != n:
        raise AlgorithmError(f"--ids lists {len(ids)} ids but --n is {n}")
    if len(set(ids)) != len(ids) or min(ids) < 1:
        raise AlgorithmError(f"--ids must be distinct positive integers, got {','.join(map(str, ids))}")


def plan_run(algorithm, n: int, ids=None, symmetry: str = "reflection", graphs=None, id_values=None,
             numbered: bool = False) -> Planning:
    """The arrangements of a run (see the module docstring); ``graphs`` are the graphs of an
    algorithm on a network (see ``graphs_for``; by default every connected graph on n vertices)."""
    if ids is not None:
        check_ids(ids, n)
    if id_values is not None:
        if ids is not None:
            raise AlgorithmError("--ids gives one arrangement and --id-values every choice of ids; use one")
        if min(id_values, default=0) < 1 or len(id_values) < n:
            raise AlgorithmError(f"--id-values needs at least n = {n} positive values, got "
                                 f"{id_values.start}..{id_values.stop - 1}")
    if on_network(algorithm):
        if graphs is None:  # the graphs the algorithm is for (random-one-bit: complete graphs only)
            graphs = algorithm.default_graphs
        networks = graphs_for(graphs, n)
        every = graphs in (None, "connected")
        return _network_planning(n, ids, symmetry, networks, id_values, numbered, every)
    if graphs is not None:
        raise AlgorithmError(f"{algorithm.name} runs on a {algorithm.topology.kind}; --graph and --graphs are for "
                             "algorithms on a general network (topology = Network)")
    if ids is None and not algorithm.anonymous:
        _refuse_a_ring_too_large(n)
    topology = algorithm.topology(n)
    choices = id_choices(n, id_values)
    if algorithm.anonymous and ids is None and symmetry != NONE and not topology.port_labellings:
        # no command can read an id (models/values.py's HiddenId): every arrangement is the same system
        total = factorial(n) * len(choices)
        return Planning([Arrangement(choices[0], total)], ANONYMOUS, topology.kind, total)
    if ids is not None:
        # on an unoriented ring the given ids are checked with every labelling of the ports
        plan = labelled_arrangements(n, ids=ids) if topology.port_labellings else [Arrangement(tuple(ids), 1)]
        return Planning(plan, "given", topology.kind, len(plan))
    used, note = symmetry_of(algorithm, topology, symmetry)
    planned = count_planned(n, used, topology.port_labellings) * len(choices)
    _refuse_too_large(planned, n, describe(used))
    ranks = labelled_arrangements(n, used) if topology.port_labellings else arrangements(n, used)
    plan = ranks if id_values is None else [a for values in choices for a in with_values(ranks, values)]
    total = factorial(n) * len(choices) * (2 ** n if topology.port_labellings else 1)
    return Planning(plan, used, topology.kind, total, note=note)


def graphs_for(graphs, n: int) -> list[Network]:
    """The graphs a run covers: ``graphs`` is None or "connected" (every connected graph on n
    vertices), a family name (models.network.FAMILIES), the path of an edge-list file, a
    Network, a networkx graph, or a list of those."""
    if graphs is None or graphs == "connected":
        return connected_graphs(n)
    if isinstance(graphs, str):
        return [family(graphs, n) if graphs in FAMILIES else read_edge_list(graphs)]
    if isinstance(graphs, (list, tuple)):
        return [g for item in graphs for g in graphs_for(item, n)]
    return [graphs if isinstance(graphs, Network) else Network.of(graphs)]


def _network_planning(n, ids, symmetry, networks, id_values, numbered, every: bool) -> Planning:
    for network in networks:
        if network.n != n:
            raise AlgorithmError(f"the graph {network.name} has {network.n} vertices but --n is {n}")
    used = NONE if symmetry == NONE else AUTOMORPHISMS_LABELLED if numbered else AUTOMORPHISMS
    planned = planned_count(networks, ids, id_values, symmetry, numbered)
    _refuse_too_large(planned, n, describe(used))
    plan = network_plan(networks, ids, id_values, symmetry, numbered)
    if every:
        topology = f"every connected graph on {n} vertices ({len(networks)} graph{'s' if len(networks) > 1 else ''})"
    else:
        topology = networks[0].title if len(networks) == 1 else f"{len(networks)} graphs"
    return Planning(plan, "given" if ids is not None else used, topology,
                    represented_count(networks, ids, id_values), list(networks))


def _refuse_too_large(planned: int, n: int, how: str) -> None:
    if planned > MAX_ARRANGEMENTS:
        raise RunTooLarge(_too_many(n, f"{_in_words(planned)} arrangements to explore ({how})"))


def _refuse_a_ring_too_large(n: int) -> None:
    """Refuse a large ring at once: building it and counting its arrangements exactly (a
    factorial of millions of digits for n = 10^6) took seconds, for a run refused anyway.
    Every symmetry leaves at least (n-1)!/2 arrangements, which passes the limit from n = 12."""
    if n <= LARGEST_RING_COUNTED:
        return
    try:
        exponent = f"{int((lgamma(n) - log(2)) / log(10)):,}"  # log10((n-1)!/2), rounded down
    except OverflowError:  # n itself is beyond a float
        exponent = "(more than 10^308)"
    raise RunTooLarge(_too_many(n, f"at least 10^{exponent} arrangements to explore (whatever the symmetry)"))


def _too_many(n: int, count: str) -> str:
    return f"n = {n} has {count}, too many; check a smaller n, or one arrangement with --ids"


def _in_words(count: int) -> str:
    """``count`` with thousands separators, or as a power of ten when it is too long to read
    (Python refuses to write an int of more than 4300 digits)."""
    if count < 10 ** 18:
        return f"{count:,}"
    return f"about 10^{int(log10(count)):,}"
