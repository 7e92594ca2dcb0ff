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
from math import comb, factorial, lgamma, log, log10

from models import SYNCHRONOUS, AlgorithmError
from models.dsl.algorithm import refuse_ids_beyond_largest
from models.topology.network import FAMILIES, Network, connected_graphs, family, read_edge_list
from models.systems.rounds import MAX_DEGREE_IN_ORDER_CHECK

from .arrangements import (
    ANONYMOUS,
    AUTOMORPHISMS,
    AUTOMORPHISMS_LABELLED,
    NONE,
    Arrangement,
    count_planned,
    describe,
    each_arrangement,
    each_labelled_arrangement,
    labelled_arrangements,
    symmetry_of,
    with_values,
)
from .networks import (
    GIVEN_LABELLING,
    id_choice_count,
    id_choices,
    network_plan,
    planned_count,
    represented_count,
    value_count,
)
from .progress import Steps

MAX_ARRANGEMENTS = 10_000_000
# Past this the processes alone take seconds to build (a complete graph on 1,000 vertices has
# half a million edges) and no search could end: the largest run measured to end is
# anonymous-tokens at n = 100 (one arrangement for all, 102 states).
MAX_PROCESSES = 1_000
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
    return algorithm.topology.numbered_ports


def check_ids(ids, n: int) -> None:
    if len(ids) != n:
        raise AlgorithmError(f"--ids lists {len(ids)} ids but --n is {n}")
    if len(set(ids)) != len(ids) or min(ids) < 1:
        raise AlgorithmError(f"--ids must be distinct positive integers, got {','.join(map(str, ids))}")


def plan_run(algorithm, n: int, ids=None, symmetry: str = "reflection", graphs=None, id_values=None,
             numbered: bool | str = False, progress: bool | None = None) -> Planning:
    """The arrangements of a run (see the module docstring); ``graphs`` are the graphs of an
    algorithm on a network (see ``graphs_for``; by default every connected graph on n vertices).
    A run too large to plan is refused (RunTooLarge) before anything of its size is built;
    planning that takes over a second shows its progress (``progress`` as in check)."""
    if ids is not None:
        check_ids(ids, n)
    if id_values is not None:
        if ids is not None:
            raise AlgorithmError("--ids gives one arrangement and --id-values every choice of ids; use one")
        if id_values.start < 1 or value_count(id_values) < n:
            raise AlgorithmError(f"--id-values needs at least n = {n} positive values, got "
                                 f"{id_values.start}..{id_values.stop - 1}")
    refuse_larger_ids(algorithm, n, ids, id_values)
    if not on_network(algorithm) and graphs is not None:
        raise AlgorithmError(f"{algorithm.name} runs on a {algorithm.topology.kind}; --graph and --graphs are for "
                             "algorithms on a general network (topology = Network)")
    if not on_network(algorithm) and ids is None and not algorithm.anonymous:
        _refuse_a_ring_too_large(algorithm, n, symmetry, id_values)
    refuse_too_many_processes(n)
    meter = Steps(f"planning {algorithm.name} n={n}", "arrangements listed", enabled=progress)
    try:
        if on_network(algorithm):
            return _network_planning(algorithm, n, ids, symmetry, graphs, id_values, numbered, meter)
        return _ring_planning(algorithm, n, ids, symmetry, id_values, meter)
    finally:
        meter.close()


def refuse_larger_ids(algorithm, n: int, ids, id_values=None) -> None:
    """An algorithm written for ids up to its ``largest_id`` (a local per id) refuses a run with
    a larger one, naming the option that gives it."""
    if ids is not None:
        refuse_ids_beyond_largest(algorithm, max(ids), f"--ids {','.join(map(str, ids))}")
    elif id_values is not None:
        refuse_ids_beyond_largest(algorithm, id_values.stop - 1, f"--id-values {id_values.start}..{id_values.stop - 1}")
    else:
        refuse_ids_beyond_largest(algorithm, n, f"--n {n} (ids 1..{n})")


def refuse_too_many_processes(n: int) -> None:
    """RunTooLarge past MAX_PROCESSES, before anything of size n is built (for any mode that
    builds n processes)."""
    if n > MAX_PROCESSES:
        raise RunTooLarge(f"n = {n} is too many processes to build (at most {MAX_PROCESSES:,}); check a smaller n")


def _ring_planning(algorithm, n: int, ids, symmetry: str, id_values, meter: Steps) -> Planning:
    topology = algorithm.topology(n)
    choices = id_choice_count(n, id_values)
    if algorithm.anonymous and ids is None and symmetry != NONE and not topology.port_labellings:
        # no command can read an id (models/dsl/values.py's HiddenId): every arrangement is the same system
        total = factorial(n) * choices
        return Planning([Arrangement(next(id_choices(n, id_values)), total)], ANONYMOUS, topology.kind, total)
    if ids is not None:
        # on an unoriented ring the given ids are checked with every labelling of the ports
        plan = labelled_arrangements(n, ids=ids) if topology.port_labellings else [Arrangement(tuple(ids), 1)]
        return Planning(plan, "given", topology.kind, len(plan))
    used, note, count = _ring_counting(algorithm, topology, symmetry, id_values)
    _refuse_too_large(count(n), n, describe(used), _ring_advice(count, n, id_values))
    meter.expect(count(n))
    ranks = each_labelled_arrangement(n, used) if topology.port_labellings else each_arrangement(n, used)
    if id_values is None:
        plan = list(meter.over(ranks))
    else:
        ranks = list(ranks)
        plan = [a for values in id_choices(n, id_values) for a in meter.over(with_values(ranks, values))]
    total = factorial(n) * choices * (2 ** n if topology.port_labellings else 1)
    return Planning(plan, used, topology.kind, total, note=note)


def _ring_counting(algorithm, topology, symmetry: str, id_values):
    """The symmetry the arrangements on ``topology`` are taken up to, a note if a declared one
    is dropped, and how many arrangements that makes at a size (with so many id values)."""
    used, note = symmetry_of(algorithm, topology, symmetry)

    def count(size: int, values: int | None = None) -> int:
        values = value_count(id_values) if values is None and id_values is not None else values
        return count_planned(size, used, topology.port_labellings) * (1 if values is None else comb(values, size))

    return used, note, count


def _ring_advice(count, n: int, id_values) -> str:
    """What to do instead of a run with ``count(n)`` arrangements, too many: the largest n (or,
    with --id-values, the most values to choose the ids from) whose arrangements are few enough."""
    if id_values is None:
        largest = 1  # the arrangements grow with n: count up from 1
        while largest + 1 < n and count(largest + 1) <= MAX_ARRANGEMENTS:
            largest += 1
        return (f"n = {largest} is the largest with at most {MAX_ARRANGEMENTS:,} arrangements: check that n or a "
                "smaller one, or one arrangement with --ids")
    if count(n, n) > MAX_ARRANGEMENTS:
        return "check a smaller n, or one arrangement with --ids"
    fits, too_many = n, value_count(id_values)  # the arrangements grow with the values: halve the gap
    while too_many - fits > 1:
        middle = (fits + too_many) // 2
        fits, too_many = (middle, too_many) if count(n, middle) <= MAX_ARRANGEMENTS else (fits, middle)
    return (f"choose the ids from at most {fits:,} values (e.g. --id-values {id_values.start}..{id_values.start + fits - 1}), "
            "a smaller n, or one arrangement with --ids")


def graphs_for(graphs, n: int) -> list[Network]:
    """The graphs a run covers: ``graphs`` is None or "connected" (every connected graph on n
    vertices), a family name (models.topology.network.FAMILIES), the path of an edge-list file, a
    Network, a networkx graph, or a list of those."""
    if graphs is None or graphs == "connected":
        return connected_graphs(n)
    if isinstance(graphs, str):
        return [family(graphs, n) if graphs in FAMILIES else read_edge_list(graphs)]
    if isinstance(graphs, (list, tuple)):
        return [g for item in graphs for g in graphs_for(item, n)]
    return [graphs if isinstance(graphs, Network) else Network.of(graphs)]


def _network_planning(algorithm, n: int, ids, symmetry: str, graphs, id_values, numbered: bool | str,
                      meter: Steps) -> Planning:
    if graphs is None:  # the graphs the algorithm is for (random-one-bit: complete graphs only)
        graphs = algorithm.default_graphs
    networks = graphs_for(graphs, n)
    for network in networks:
        if network.n != n:
            raise AlgorithmError(f"the graph {network.name} has {network.n} vertices but --n is {n}")
    if algorithm.timing == SYNCHRONOUS and not numbered:
        _refuse_rounds_too_wide(algorithm.name, networks)
    if numbered == GIVEN_LABELLING:  # the automorphisms of a graph need not keep its labelling
        symmetry = NONE
    used = NONE if symmetry == NONE else AUTOMORPHISMS_LABELLED if numbered else AUTOMORPHISMS
    planned = planned_count(networks, ids, id_values, symmetry, numbered)
    _refuse_too_large(planned, n, describe(used), "check a smaller n, another graph, or one arrangement with --ids")
    meter.expect(planned)
    plan = network_plan(networks, ids, id_values, symmetry, numbered, meter)
    if graphs in (None, "connected"):
        topology = f"every connected graph on {n} vertices ({len(networks)} graph{'s' if len(networks) > 1 else ''})"
    else:
        topology = networks[0].title if len(networks) == 1 else f"{len(networks)} graphs"
    represented = len(plan) if numbered == GIVEN_LABELLING else represented_count(networks, ids, id_values)
    return Planning(plan, "given" if ids is not None else used, topology, represented, list(networks))


def _refuse_rounds_too_wide(name: str, networks: list[Network]) -> None:
    """A synchronous round reads a process's ports in every order (models/systems/rounds.py): refuse a
    graph whose degree makes that impossible, before listing anything."""
    def widest(network: Network) -> int:
        return max(network.degree(v) for v in range(network.n))

    network = max(networks, key=widest)
    degree = widest(network)
    if degree > MAX_DEGREE_IN_ORDER_CHECK:
        raise RunTooLarge(
            f"{name} runs in synchronous rounds, checked to do the same whichever port a process reads first: "
            f"2^d sets of ports for a process of degree d, and {network.title} has degree {degree} (at most "
            f"{MAX_DEGREE_IN_ORDER_CHECK}); check a smaller n or a sparser graph"
        )


def _refuse_too_large(planned: int, n: int, how: str, advice: str) -> None:
    if planned > MAX_ARRANGEMENTS:
        raise RunTooLarge(_too_many(n, f"{_in_words(planned)} arrangements to explore ({how})", advice))


def _refuse_a_ring_too_large(algorithm, n: int, symmetry: str, id_values) -> None:
    """Refuse a large ring at once: building it and counting its arrangements exactly (a
    factorial of millions of digits for n = 10^6) took seconds, for a run refused anyway.
    Every symmetry leaves at least (n-1)!/2 arrangements, which passes the limit from n = 12.
    What to check instead is counted on a ring just past LARGEST_RING_COUNTED, quick to build."""
    if n <= LARGEST_RING_COUNTED:
        return
    try:
        exponent = f"{int((lgamma(n) - log(2)) / log(10)):,}"  # log10((n-1)!/2), rounded down
    except OverflowError:  # n itself is beyond a float
        exponent = "(more than 10^308)"
    size = LARGEST_RING_COUNTED + 1
    _, _, count = _ring_counting(algorithm, algorithm.topology(size), symmetry, id_values)
    raise RunTooLarge(_too_many(n, f"at least 10^{exponent} arrangements to explore (whatever the symmetry)",
                                _ring_advice(count, size, id_values)))


def _too_many(n: int, count: str, advice: str) -> str:
    return f"n = {n} has {count}, too many; {advice}"


def _in_words(count: int) -> str:
    """``count`` with thousands separators, or as a power of ten when it is too long to read
    (Python refuses to write an int of more than 4300 digits)."""
    if count < 10 ** 18:
        return f"{count:,}"
    return f"about 10^{int(log10(count)):,}"
