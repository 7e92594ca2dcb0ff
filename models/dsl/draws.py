"""Random choice in a command's body: ``b = p.draw({0: 1, 1: 1})`` or ``p.draw((0, 1))``.

A draw picks one value of a finite set: a dict maps each value to its weight (a positive int
or Fraction; the probability is weight / total), any other collection (tuple, list, range)
is drawn uniformly. A body may draw several times; each sequence of picks is one outcome of
the command, and its probability is the product of the picks' probabilities. So a command
instance no longer has one successor but a distribution over successors, and the state
graph of an algorithm that draws is a Markov decision process: the scheduler picks the
command instance, the coins pick the outcome.

The concrete semantics (models/systems/semantics.py) enumerates every outcome by running the body
once per sequence of picks (``outcomes``). Nothing else reads draws: the symbolic reading
(z3, the native engine, footprints, proofs) refuses them, so an algorithm that draws runs in
the Python engine without partial-order reduction. Which commands draw is read from their
source (``draws_in``), and the concrete semantics refuses a draw anywhere else (a guard, a
helper function): the checker never believes an algorithm deterministic when it is not.
"""
from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import AlgorithmError

if TYPE_CHECKING:  # Fraction is imported where a draw is made: most checks never draw
    from fractions import Fraction


def distribution(choices) -> tuple[tuple[object, Fraction], ...]:
    """(value, probability) for each value of ``choices``, in the order given; bad input raises."""
    from fractions import Fraction
    if isinstance(choices, dict):
        pairs = list(choices.items())
    else:
        try:
            pairs = [(value, 1) for value in choices]
        except TypeError:
            raise AlgorithmError(
                f"p.draw needs a dict of value: weight or a collection of values, got {choices!r}"
            ) from None
    if not pairs:
        raise AlgorithmError("p.draw needs at least one value to draw from")
    for value, weight in pairs:
        if isinstance(weight, bool) or not isinstance(weight, (int, Fraction)) or weight <= 0:
            raise AlgorithmError(
                f"p.draw: the weight of {value!r} is {weight!r}; weights are positive ints or Fractions "
                "(floats are not exact: write Fraction(1, 3) or integer weights)"
            )
    if len({value for value, _ in pairs}) != len(pairs):
        raise AlgorithmError(f"p.draw: a value appears twice in {choices!r}")
    total = sum(Fraction(weight) for _, weight in pairs)
    return tuple((value, Fraction(weight) / total) for value, weight in pairs)


class Picks:
    """The coins of one run of a body: replays a prefix of picks, then takes the first value.

    ``options`` records, for every draw the run made, how many values it had, so that
    ``next_prefix`` can step to the next sequence of picks like an odometer.
    """

    __slots__ = ("options", "prefix", "probability")

    def __init__(self, prefix: list[int]):
        self.prefix = prefix
        from fractions import Fraction
        self.options: list[int] = []
        self.probability = Fraction(1)

    def pick(self, choices):
        values = distribution(choices)
        k = len(self.options)
        index = self.prefix[k] if k < len(self.prefix) else 0
        self.options.append(len(values))
        value, probability = values[index]
        self.probability *= probability
        return value

    def next_prefix(self) -> list[int] | None:
        picks = [self.prefix[k] if k < len(self.prefix) else 0 for k in range(len(self.options))]
        for k in reversed(range(len(picks))):
            if picks[k] + 1 < self.options[k]:
                return picks[:k] + [picks[k] + 1]
        return None


def outcomes(run: Callable[[Picks], tuple]) -> list[tuple[Fraction, tuple]]:
    """(probability, result) for every sequence of picks of ``run``; equal results are merged,
    in the order of their first sequence. ``run`` must draw the same way when given the same picks."""
    from fractions import Fraction
    merged: dict[tuple, Fraction] = {}
    prefix: list[int] | None = []
    while prefix is not None:
        picks = Picks(prefix)
        result = run(picks)
        merged[result] = merged.get(result, Fraction(0)) + picks.probability
        prefix = picks.next_prefix()
    return [(probability, result) for result, probability in merged.items()]


class NoDraws:
    """Stands in for the coins where a draw is not allowed; says why and how to fix it."""

    __slots__ = ("why",)

    def __init__(self, why: str):
        self.why = why

    def pick(self, choices):
        raise AlgorithmError(self.why)


def _names_draw(code) -> bool:
    """Whether ``draw`` is among the names the code object (or one nested in it) reads."""
    return "draw" in code.co_names or any(_names_draw(c) for c in code.co_consts if hasattr(c, "co_names"))


def draws_in(function: Callable | None) -> bool:
    """Does the source of ``function`` call ``<something>.draw(...)``?"""
    if function is None:
        return False
    code = getattr(function, "__code__", None)
    if code is not None and not _names_draw(code):
        return False  # such a call would name ``draw`` in the compiled code: no need to parse the source
    try:
        source = textwrap.dedent(inspect.getsource(function))
    except (OSError, TypeError):
        return False
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a lambda cut out of a longer expression: parse the line's tail
        return ".draw(" in source
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "draw"
        for node in ast.walk(tree)
    )
