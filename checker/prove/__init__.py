"""Proving: z3 proofs of inductive invariants and theorems, for one ring size or for every one.

Owns: the fixed-n proof over every arrangement at once (fixed_n) with its counterexamples to
induction (cti); the all-n proof in the ring-order encoding (all_n, ring_order, ring_steps,
ring_model, ring_concrete, and enabled_witness: reachable states with an invariant's ghosts, for
its steps' vacuity check, reachable_check: the conjuncts, safety properties and stability an
execution of a small ring breaks, read before a proof is believed to be merely too weak, and
concrete_cti: counterexamples to induction near reachable states, which show a conjunct
needed); theorems about every algorithm (theorems); the status of an obligation (status); and
what a proof checks before it is believed (faithfulness: readings, its formulas against Python
on sampled states, vacuity).

May import: models, specs, checker.explore, checker.render, checker.trust.
"""
