"""The numerics, by Storm: the DRN model built with rational arithmetic, properties checked exactly.

Storm's Python bindings (``stormpy``, a declared dependency) build the explicit model with
``build_model_from_drn[Rational]``; every value comes back as an exact rational (or infinity,
for an expected reward that some scheduler makes infinite). Nothing here decides what is
asked: questions.py says which formulas, this module evaluates them in the initial state.
"""
from __future__ import annotations

import os
import tempfile
from fractions import Fraction

from models import AlgorithmError

from .export import reward_names, write_drn
from .lumping import lumped
from .mdp import Mdp

INFINITY = "inf"


def _stormpy():
    try:
        import stormpy
    except ImportError as error:  # a broken or missing install: say how to get it
        raise AlgorithmError(
            f"the quantitative questions need Storm's bindings: pip install stormpy ({error})") from None
    return stormpy


def version() -> str:
    stormpy = _stormpy()
    return f"Storm (stormpy {stormpy.__version__}, rational arithmetic)"


def solved_model(mdp: Mdp) -> Mdp:
    """What Storm is given: ``mdp`` merged to its quotient (the same values from fewer states,
    checker/quantify/lumping.py), or as explored where ``RINGLEADER_LUMPING=0`` switches the
    merging off, as every reduction can be."""
    return mdp if os.environ.get("RINGLEADER_LUMPING") == "0" else lumped(mdp)


class StormModel:
    """One MDP loaded into Storm, ready for formulas."""

    def __init__(self, mdp: Mdp):
        stormpy = self._stormpy = _stormpy()
        handle, path = tempfile.mkstemp(suffix=".drn", prefix="ringleader-")
        try:
            with os.fdopen(handle, "w") as out:
                write_drn(solved_model(mdp), out)
            self.model = stormpy.build_model_from_drn[stormpy.numbers.Rational](path)
        finally:
            os.unlink(path)
        self.initial = self.model.initial_states[0]
        # a label no state carries is not in the model at all, and Storm refuses a formula naming it;
        # so is a reward model that is zero everywhere (every stored choice is some state's)
        self.labels = set(self.model.labeling.get_labels())
        self.zero = {name for name in reward_names(mdp) if not any(mdp.reward(name, c) for c in range(len(mdp.choice_process)))}

    def label(self, name: str) -> str:
        """``"name"`` in a formula, or ``false`` if no state has that label."""
        return f'"{name}"' if name in self.labels else "false"

    def expected(self, reward: str, direction: str, target: str) -> Fraction | str:
        """The least (``direction`` "min") or largest expected total ``reward`` until ``target``."""
        if reward in self.zero:  # nothing to add up: 0, unless the target may be missed
            other = "max" if direction == "min" else "min"
            return Fraction(0) if self.value(f"P{other}=? [F {target}]") == 1 else INFINITY
        return self.value(f'R{{"{reward}"}}{direction}=? [F {target}]')

    def value(self, formula: str) -> Fraction | str:
        """The formula's exact value in the initial state: a Fraction, or INFINITY."""
        stormpy = self._stormpy
        prop = stormpy.parse_properties(formula)[0]
        # bounded by a reward (F{"rounds"}<=k), Storm answers for the initial state only
        result = stormpy.model_checking(self.model, prop, only_initial_states=True)
        text = str(result.get_value(self.initial))
        return INFINITY if text in ("inf", "infinity") else Fraction(text)
