"""Measuring: exact message complexity over ranges of n, open schedules, comparisons, samples.

Owns: message tables (complexity) and their plots (plot), open schedules against the
Attiya-Welch bound (open_schedules, blocked), `check compare` (compare), random executions
for an n too large to explore (sampling), and the time budget of a measurement (budget).

May import: models, specs, checker.explore, checker.render. A new measure goes here.
"""
