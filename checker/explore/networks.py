"""Arrangements on general networks: ids placed on a graph's vertices, and its ports labelled.

An arrangement on a network is a graph, an assignment of the ids to its vertices and a
labelling of every process's ports (which neighbour each port number leads to); a graph with
degrees d_1..d_n has n! id assignments and d_1!...d_n! labellings.

Two reductions, each sound for every algorithm and each switched off by ``--symmetry none``:

* **Automorphisms.** An automorphism g of the graph (computed, never declared: automorphisms.py)
  carries an arrangement to another one, with process v's id and port labels moved to g(v):
  the two systems are the same up to renaming processes, so they have isomorphic state graphs,
  as two rotations of a ring do. Distinct ids make the action free, so the id assignments fall
  into classes of exactly |Aut| members; one per class is explored.
* **Labellings.** A command sees its ports only as ``Port`` values that compare with ``==``
  (models/topology/ports.py), so renumbering one process's ports renumbers everything it does and its
  state graph stays the same up to isomorphism: one labelling stands for all of them. That
  holds as long as the algorithm reads no port number; reading one (``port.number``,
  ``p.port(k)``, ``ports=``, a round whose outcome depends on the order ports are read) raises
  ``PortNumbersRead`` in such a run, and ``checker.explore.run.check`` starts again with every
  labelling (plan with ``numbered=True``), saying so in a note.

Ids: by default 1..n; ``id_values`` (``--id-values a..b``) takes every choice of n distinct
values, each in every arrangement (the classes above do not depend on the values).
"""
from __future__ import annotations

from itertools import combinations, permutations, product
from math import comb, factorial, prod

from models.topology.network import Network

from .arrangements import NONE, Arrangement
from .automorphisms import first_assignments, group_order


def rank_classes(network: Network, symmetry: str) -> list[tuple[tuple[int, ...], int]]:
    """One assignment of the ranks 1..n to the vertices per class under the automorphisms
    (the lexicographically first, in lexicographic order), with the size of its class."""
    n = network.n
    if symmetry == NONE:
        return [(ranks, 1) for ranks in permutations(range(1, n + 1))]
    size = group_order(network)
    return [(ranks, size) for ranks in first_assignments(network)]


def labelling_count(network: Network) -> int:
    return prod(factorial(network.degree(v)) for v in range(network.n))


def labellings(network: Network):
    """Every labelling of the ports: per process, its neighbours in port order."""
    return product(*(permutations(network.neighbours[v]) for v in range(network.n)))


def id_choices(n: int, id_values: range | None):
    """The sets of ids to arrange, each sorted, one at a time: 1..n, or every n of ``id_values``."""
    if id_values is None:
        return iter([tuple(range(1, n + 1))])
    return combinations(id_values, n)


def id_choice_count(n: int, id_values: range | None) -> int:
    """How many sets ``id_choices`` gives, without listing them."""
    return 1 if id_values is None else comb(value_count(id_values), n)


def value_count(values: range) -> int:
    """len(values), also past what len() takes (--id-values 1..10**30)."""
    return max(values.stop - values.start, 0)


GIVEN_LABELLING = "given"  # ``numbered`` for one graph's own labelling only, port numbers readable (a proof's)


def planned_count(networks: list[Network], ids, id_values, symmetry: str, numbered: bool | str) -> int:
    """How many arrangements ``network_plan`` would list, without listing them."""
    total = 0
    choices = 1 if ids is not None else id_choice_count(networks[0].n, id_values) if networks else 0
    for network in networks:
        labels = 1 if numbered == GIVEN_LABELLING else labelling_count(network) if numbered or symmetry == NONE else 1
        if ids is not None:
            total += labels
            continue
        classes = factorial(network.n) if symmetry == NONE else factorial(network.n) // group_order(network)
        total += classes * labels * choices
    return total


def represented_count(networks: list[Network], ids, id_values) -> int:
    """How many arrangements there are in all (ids, labellings, graphs): what a plan stands for."""
    n = networks[0].n
    assignments = 1 if ids is not None else factorial(n) * id_choice_count(n, id_values)
    return sum(assignments * labelling_count(network) for network in networks)


def network_plan(networks: list[Network], ids, id_values, symmetry: str, numbered: bool | str,
                 meter=None) -> list[Arrangement]:
    """The arrangements to explore, in order: graph by graph, then ids, then labellings;
    ``meter`` (progress.Steps) counts them as they are listed. ``numbered`` GIVEN_LABELLING:
    each graph's own labelling only, its port numbers readable (symmetry must then be none)."""
    advance = meter.advance if meter is not None else lambda count=1: None
    plan = []
    for network in networks:
        every_labelling = numbered or symmetry == NONE
        labels = labelling_count(network)
        if ids is not None:
            assignments = [(tuple(ids), 1)]
        else:
            classes = rank_classes(network, symmetry)
            assignments = [
                (tuple(values[rank - 1] for rank in ranks), size)
                for values in id_choices(network.n, id_values)
                for ranks, size in classes
            ]
        for assigned, size in assignments:
            if numbered == GIVEN_LABELLING:
                plan.append(Arrangement(assigned, size, topology=network, numbered=True))
                advance()
            elif every_labelling:
                for labelling in labellings(network):
                    plan.append(Arrangement(assigned, size, topology=network.relabelled(labelling), numbered=numbered))
                    advance()
            else:
                plan.append(Arrangement(assigned, size * labels, topology=network, numbered=False))
                advance()
    return plan
