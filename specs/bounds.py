"""Complexity bounds an algorithm declares, evaluated for one arrangement.

``message_bound`` and ``round_bound`` are plain Python functions of n; one that takes a second
parameter also gets the ``Setting`` of the arrangement, since on a general network the bound
depends on the graph (seed 002's flooding: exactly 2|E| messages in each of D rounds) and in
TimeSlice on the ids (n times the smallest id rounds).
"""
from __future__ import annotations

from dataclasses import dataclass

from models import AlgorithmError
from models.dsl.algorithm import bound_takes_setting, checked_bound, declared_bound_at, declares_bound


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
    return Setting(system.n, tuple(system.ids), topology.edge_count, topology.diameter)


def declares(algorithm, name: str) -> bool:
    """Does ``algorithm`` declare this bound (``message_bound`` or ``round_bound``)?"""
    return declares_bound(algorithm, name)


def is_exact(algorithm, name: str) -> bool:
    """Is the bound ``name`` declared exact (``round_bound_exact``): every complete execution
    sends, or takes, exactly that many, so the lower side is checked too."""
    return getattr(algorithm, f"{name}_exact")


def bound_of(system, name: str) -> int | None:
    """The bound ``name`` of the system's algorithm for its arrangement, or None if it declares
    none. A bound that takes the arrangement is checked here as one of n is at load: a whole
    number, or an AlgorithmError naming the arrangement (None would leave it unchecked there)."""
    algorithm = system.algorithm
    function = getattr(algorithm, name)
    if not bound_takes_setting(function):
        return declared_bound_at(algorithm, name, system.n)  # checked: a whole number at every n, or None
    setting = setting_of(system)
    call = f"{algorithm.__name__}.{name}({system.n}, ids {','.join(map(str, setting.ids))})"
    bound = checked_bound(call, lambda: function(system.n, setting))
    if bound is None:
        raise AlgorithmError(f"{call} is None: a bound that takes the arrangement gives a whole number for every "
                             "arrangement (with no bound, do not declare it)")
    return bound


def bound_at(algorithm, name: str, n: int) -> int | None:
    """The bound at n when it depends on n alone (a table's "claimed" column), else None."""
    function = getattr(algorithm, name)
    return None if bound_takes_setting(function) else function(n)
