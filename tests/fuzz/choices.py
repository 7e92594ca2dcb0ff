"""Where the generator's random choices come from: hypothesis, or a seeded random.Random.

The generator (tests/fuzz/generator.py) asks for every choice through one small interface, so
the same code draws its cases from hypothesis in the tests (which can replay and shrink them)
and from ``random.Random(seed)`` in bench/fuzz.py's campaigns (thousands of cases, each
reproducible from its seed alone).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Choices:
    """Every choice the generator makes."""

    def pick(self, options: Sequence[T]) -> T:
        raise NotImplementedError

    def integer(self, low: int, high: int) -> int:
        """A whole number from low to high, both included."""
        raise NotImplementedError

    def chance(self, percent: int) -> bool:
        """True about ``percent`` times in a hundred."""
        return self.integer(1, 100) <= percent

    def some(self, options: Sequence[T], most: int) -> list[T]:
        """Up to ``most`` distinct options, in the order given."""
        count = self.integer(0, min(most, len(options)))
        chosen = set()
        while len(chosen) < count:
            chosen.add(self.integer(0, len(options) - 1))
        return [options[k] for k in sorted(chosen)]


class RandomChoices(Choices):
    """Choices from ``random.Random(seed)``: a campaign's case is its seed."""

    def __init__(self, seed: int):
        self.random = random.Random(seed)

    def pick(self, options):
        return options[self.random.randrange(len(options))]

    def integer(self, low, high):
        return self.random.randint(low, high)


class HypothesisChoices(Choices):
    """Choices drawn by hypothesis (``draw`` of a composite strategy), so examples shrink."""

    def __init__(self, draw):
        self.draw = draw

    def pick(self, options):
        from hypothesis import strategies as st

        return self.draw(st.sampled_from(list(options)))

    def integer(self, low, high):
        from hypothesis import strategies as st

        return self.draw(st.integers(low, high))
