"""Where the generator's random choices come from: a seeded random.Random.

The generator (tests/fuzz/generator.py) asks for every choice through one small interface, so
that a case is reproducible from its seed alone: bench/fuzz.py's campaigns (``RandomChoices``,
thousands of cases) and the test loop's budget (tests/fuzz/budget.py) draw the same way.

Some choices are named (``pick(options, "synchronizer")``): a stratum of the budget pins them
to some of their options (``Pinned``), and everything else is drawn as usual. A name changes
nothing where no pin holds: the same seed makes the same case.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Choices:
    """Every choice the generator makes; ``name`` names a choice a stratum may pin (``Pinned``)."""

    def pick(self, options: Sequence[T], name: str | None = None) -> T:
        raise NotImplementedError

    def integer(self, low: int, high: int) -> int:
        """A whole number from low to high, both included."""
        raise NotImplementedError

    def chance(self, percent: int, name: str | None = None) -> bool:
        """True about ``percent`` times in a hundred."""
        return self.integer(1, 100) <= percent

    def some(self, options: Sequence[T], most: int, name: str | None = None) -> list[T]:
        """Up to ``most`` distinct options, in the order given."""
        count = self.integer(0, min(most, len(options)))
        chosen = set()
        while len(chosen) < count:
            chosen.add(self.integer(0, len(options) - 1))
        return [options[k] for k in sorted(chosen)]


class RandomChoices(Choices):
    """Choices from ``random.Random(seed)``: a campaign's case is its seed (a number; a budget's
    case, a text naming the budget and the case)."""

    def __init__(self, seed: int | str):
        self.random = random.Random(seed)

    def pick(self, options, name=None):
        return options[self.random.randrange(len(options))]

    def integer(self, low, high):
        return self.random.randint(low, high)


class Pinned(Choices):
    """``choices`` with some named choices pinned: ``pins`` maps a name to the options allowed
    (a tuple), or to True or False for a ``chance``. A pinned pick draws among the options
    allowed; if none of the options offered is allowed there, the pin does not apply and the
    pick is drawn as usual."""

    def __init__(self, choices: Choices, pins: dict):
        self.choices, self.pins = choices, pins

    def pick(self, options, name=None):
        return self.choices.pick(self._allowed(options, name))

    def some(self, options, most, name=None):
        allowed = self._allowed(options, name)
        if len(allowed) < len(options):  # pinned: at least one of them
            return self.choices.some(allowed, most) or [self.choices.pick(allowed)]
        return self.choices.some(options, most)

    def _allowed(self, options, name):
        """The options a pin on ``name`` allows (each as itself, or a hazard by its feature, a
        command by its name); all of them where no pin applies."""
        allowed = self.pins.get(name) if name is not None else None
        if allowed is None or isinstance(allowed, bool):
            return options
        kept = [o for o in options if o in allowed or getattr(o, "feature", getattr(o, "name", None)) in allowed]
        return kept or options

    def integer(self, low, high):
        return self.choices.integer(low, high)

    def chance(self, percent, name=None):
        pinned = self.pins.get(name) if name is not None else None
        if isinstance(pinned, bool):
            return pinned
        return self.choices.chance(percent)
