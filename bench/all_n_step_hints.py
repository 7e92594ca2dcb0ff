"""Find what an all-n obligation rests on: a small set of conjuncts and step lemmas that proves it.

    python bench/all_n_step_hints.py peterson specs.all_n.peterson:ORIGINS route_two/stream_between
    python bench/all_n_step_hints.py peterson specs.all_n.peterson:ORIGINS send_alias_n/no_duplicate --timeout 10

For an invariant too large for z3 to prove an obligation from all of it (docs/proofs-all-n.md,
"Hints"), this asks each obligation named (STEP/GOAL, as the proof's table prints them; GOAL a
conjunct, ``stability`` or ``no_duplicate``) with every conjunct and every lemma of the step
tracked: first from a few light conjuncts (the goal itself and the ones in ``--light``), adding,
while z3 finds a counterexample, the first conjunct or lemma it violates; then the same with every
lemma of the step; then from everything. Where z3 proves it, the unsat core is asked alone under three seeds (3 s each) and
printed as a ``rests_on`` entry only if it proves under all three. Nothing here is trusted by the
checker: a hint is asked first and can only prove (checker/prove/all_n.py). Exit 0 when it ran
(whatever it found), 2 on a bad argument.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import z3  # noqa: E402

from checker.cli.loader import load_algorithm  # noqa: E402
from checker.prove.all_n import declared_types, no_duplicate, proof_axioms, stability  # noqa: E402
from checker.prove.ring_order import Node, RingState  # noqa: E402
from checker.prove.ring_steps import transitions  # noqa: E402
from models import AlgorithmError  # noqa: E402

CHECK_SEEDS = (0, 1, 2)
CHECK_MS = 3000
GROW_ROUNDS = 6


def parser() -> argparse.ArgumentParser:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("algorithm", help="a built-in name or an algorithm file")
    arguments.add_argument("invariant", help="module:NAME of an AllNInvariant, e.g. specs.all_n.peterson:ORIGINS")
    arguments.add_argument("obligations", nargs="+", help="STEP/GOAL, as the proof's table names them")
    arguments.add_argument("--timeout", type=float, default=5.0, help="seconds per query (default 5)")
    arguments.add_argument("--light", default="", help="comma-separated conjuncts to start from besides the goal")
    return arguments


class Obligations:
    """The invariant's conjuncts and each step's lemmas, as named formulas over the state before."""

    def __init__(self, algorithm, invariant):
        self.algorithm, self.invariant = algorithm, invariant
        self.pre = RingState(algorithm, fifo=invariant.fifo, ghosts=invariant.ghosts)
        self.steps = {t.name: t for t in transitions(algorithm, self.pre, z3.Const("p", Node), exact=invariant.fifo)}
        self.axioms = proof_axioms(invariant, exact=invariant.fifo)  # the exact encoding, as prove_all_n
        typing = declared_types(algorithm)
        self.conjuncts = {c.__name__: c for c in invariant.conjuncts}
        self.before = {**({"types": typing(self.pre)} if typing else {}),
                       **{name: c(self.pre) for name, c in self.conjuncts.items()}}

    def named(self, step) -> dict:
        lemmas = {lemma.name: lemma.claim(self.pre, step) for lemma in self.invariant.lemmas if lemma.step == step.name}
        return {**self.before, **lemmas}

    def goal(self, step, name):
        if name == "stability":
            return stability(self.algorithm, step)
        if name == "no_duplicate":
            return no_duplicate(step)
        return self.conjuncts[name](step.after)

    def ask(self, step, goal, named, chosen, ms, seed=0):
        solver = z3.Solver()
        solver.set("timeout", ms)
        solver.set("random_seed", seed)
        solver.add(*self.axioms, *step.hypotheses)
        for name in chosen:
            solver.assert_and_track(named[name], z3.Bool(f"hint!{name}"))
        solver.add(z3.Not(goal))
        return solver.check(), solver


def search(obligations: Obligations, step, goal_name, light, ms):
    """(the hint, what was tried): the hint a list of names, or None."""
    goal, named = obligations.goal(step, goal_name), obligations.named(step)
    own = [n for n in ("types", goal_name) if n in named]
    lemmas = [n for n in named if n not in obligations.before]
    tried = []
    # the light ones alone first (many lemmas at once send z3 astray as the whole invariant does),
    # then with every lemma of the step, then everything
    for start in ([n for n in light if n in named], lemmas + light, list(named)):
        chosen = list(dict.fromkeys(own + [n for n in start if n in named]))
        for _ in range(GROW_ROUNDS):
            answer, solver = obligations.ask(step, goal, named, chosen, ms)
            if answer == z3.unsat:
                core = {str(c).removeprefix("hint!") for c in solver.unsat_core()}
                core = [n for n in chosen if n in core]
                steady = all(obligations.ask(step, goal, named, core, CHECK_MS, seed)[0] == z3.unsat
                             for seed in CHECK_SEEDS)
                tried.append(f"core of {len(chosen)}: {len(core)}, {'steady' if steady else 'not steady'}")
                if steady:
                    return [n for n in core if n not in own], tried
                break
            if answer == z3.unknown:
                tried.append(f"unknown from {len(chosen)}")
                break
            model = solver.model()
            violated = next((n for n in named if n not in chosen
                             and z3.is_false(model.eval(named[n], model_completion=True))), None)
            if violated is None:
                tried.append(f"a counterexample from {len(chosen)} violates none of the rest")
                break
            chosen.append(violated)
    return None, tried


def main(argv=None) -> int:
    arguments = parser().parse_args(argv)
    if arguments.timeout <= 0:
        print("--timeout must be positive", file=sys.stderr)
        return 2
    module_name, _, attribute = arguments.invariant.partition(":")
    try:
        algorithm = load_algorithm(arguments.algorithm)
    except AlgorithmError as error:
        print(error, file=sys.stderr)
        return 2
    try:
        invariant = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError, ValueError) as error:
        print(f"{arguments.invariant}: {error} (give module:NAME, e.g. specs.all_n.peterson:ORIGINS)", file=sys.stderr)
        return 2
    obligations = Obligations(algorithm, invariant)
    light = [n for n in arguments.light.split(",") if n]
    for wanted in arguments.obligations:
        step_name, _, goal_name = wanted.partition("/")
        if step_name not in obligations.steps or goal_name not in (*obligations.conjuncts, "stability", "no_duplicate"):
            print(f"{wanted}: no such obligation; steps: {', '.join(obligations.steps)}", file=sys.stderr)
            return 2
        started = time.perf_counter()
        hint, tried = search(obligations, obligations.steps[step_name], goal_name, light, int(arguments.timeout * 1000))
        key = f'"{goal_name}"' if goal_name in ("stability", "no_duplicate") else goal_name
        found = f'({key}, "{step_name}"): ({", ".join(hint)}{"," if len(hint) == 1 else ""}),' if hint is not None \
            else "none found"
        print(f"{wanted}: {found}  [{'; '.join(tried)}; {time.perf_counter() - started:.1f} s]", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
