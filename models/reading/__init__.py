"""The symbolic (z3) reading of an algorithm, and what it tells before any state is explored.

Owns: one command read on z3 terms (symbolic), with the Python operators that mean the same
on terms and values (faithful), a whole ring of n read for proofs (symbolic_ring), z3 terms
compiled back to Python functions (compiled_terms); what a command instance may read and write
(footprint) and which instances conflict or enable each other (dependence), the static half of
partial-order reduction; what the readings give, remembered between runs (derived_cache).

May import: models (errors, logic), models.topology, models.dsl, models.systems.
"""
