"""Complexity bounds an algorithm declares, evaluated for one arrangement.

``message_bound`` and ``round_bound`` are plain Python functions of n; one that takes a second
parameter also gets the ``Setting`` of the arrangement, since on a general network the bound
depends on the graph (seed 002's flooding: exactly 2|E| messages in each of D rounds) and in
TimeSlice on the ids (n times the smallest id rounds).
"""
from __future__ import annotations

from dataclasses import dataclass

from models import declares_message_bound, message_bound_at
from models.algorithm import bound_takes_setting


@dataclass(frozen=True)
class Setting:
    """What a bound may depend on: the size, the ids (in process order) and the links."""

    n: int
    ids: tuple[int, ...]
    edges: int  # undirected links: n on a ring, |E| on a network
    diameter: int

    @property
    def smallest_id(self) -> int:
        return min(self.ids)

    @property
    def largest_id(self) -> int:
        return max(self.ids)


def setting_of(system) -> Setting:
    topology = system.topology
    if hasattr(topology, "edge_count"):
        return Setting(system.n, tuple(system.ids), topology.edge_count, topology.diameter)
    n = system.n
    return Setting(n, tuple(system.ids), n if n > 2 else n - 1, n // 2 if "bidirectional" in topology.kind else n - 1)


def declares(algorithm, name: str) -> bool:
    """Does ``algorithm`` declare this bound (``message_bound`` or ``round_bound``)?"""
    if name == "message_bound":
        return declares_message_bound(algorithm)
    function = getattr(algorithm, name)
    return bound_takes_setting(function) or function(1) is not None or function(2) is not None


def bound_of(system, name: str) -> int | None:
    """The bound ``name`` of the system's algorithm for its arrangement, or None."""
    function = getattr(system.algorithm, name)
    if bound_takes_setting(function):
        return function(system.n, setting_of(system))
    if name == "message_bound":
        return message_bound_at(system.algorithm, system.n)  # checked: a whole number at every n, or None
    return function(system.n)


def bound_at(algorithm, name: str, n: int) -> int | None:
    """The bound at n when it depends on n alone (a table's "claimed" column), else None."""
    function = getattr(algorithm, name)
    return None if bound_takes_setting(function) else function(n)
