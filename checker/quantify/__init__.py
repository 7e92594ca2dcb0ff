"""Quantities of randomized algorithms: the explicit Markov decision process and what Storm says of it.

Owns: the explicit MDP of an arrangement with exact probabilities and rewards (mdp), its
export to Storm's DRN format and the PRISM language (export), the calls to Storm (storm), and
the questions asked of it for the best and the worst scheduler: eventual election, election
within k steps, expected steps, messages and rounds, with a trap's trace when election is not
almost sure (questions).

May import: models, specs, checker.explore, checker.render.
"""
from .questions import Bounds, Quantities, quantify

__all__ = ["Bounds", "Quantities", "quantify"]
