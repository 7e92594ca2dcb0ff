"""Is each conjunct of an all-n invariant needed? Look for a counterexample to induction without it.

    python bench/all_n_conjuncts_needed.py peterson                      # every conjunct
    python bench/all_n_conjuncts_needed.py peterson --only pair_alias,gave_bound --sizes 3,4
    python bench/all_n_conjuncts_needed.py peterson --budget 120         # z3's seconds per conjunct at most

A conjunct is needed when the invariant without it is not inductive or does not imply safety:
some state satisfies every other conjunct (and the ring's axioms) and either breaks a safety
property, or takes a step after which another conjunct fails, or changes a decision (stability),
or sends a copy of a message in flight (no_duplicate, in the FIFO encoding). Two searches:

1. near the reachable states (checker/prove/concrete_cti.py, rings of ``--sizes``): each reachable
   state changed in one place (a local, a ghost, a message's payload or stamp, a message dropped
   from a channel's tail, or one seen in some reachable state put at a channel's head or tail);
   where only the conjunct is false, its steps are run, and what breaks is confirmed by z3 as a
   model of the proof's obligation with that state pinned;
2. for the conjuncts left, z3 alone, obligation by obligation, the likely ones first (those whose
   hint, ``rests_on``, names the conjunct dropped, or whose step has a lemma resting on it; then
   the safety properties; then the rest), each first on the unbounded encoding (``--timeout``
   seconds) and then on rings of 2 to 4 processes (``--small`` seconds each), at most ``--budget``
   seconds a conjunct. The lemmas are left out: they are consequences of the whole invariant, and
   a counterexample to the smaller one need not satisfy them.

Each conjunct is NEEDED with the obligation found broken, or NOT SHOWN NEEDED (unknown is not a
proof of anything). tests/bench/test_all_n_conjuncts_needed.py checks both searches against
prove_all_n's own failures on lcr and cr. Exit 0 when it ran (whatever it found), 2 on a bad
argument.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import z3  # noqa: E402

from bench.all_n_step_hints import Obligations  # noqa: E402
from checker.cli.loader import load_algorithm  # noqa: E402
from checker.prove import concrete_cti  # noqa: E402
from checker.prove.all_n import safety_properties, small_ring  # noqa: E402
from models import AlgorithmError  # noqa: E402
from specs.all_n import invariant_for  # noqa: E402

SMALL_RINGS = (2, 3, 4)


def parser() -> argparse.ArgumentParser:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("algorithm", help="a built-in ring algorithm with an all-n invariant, or a file")
    arguments.add_argument("--only", default="", help="comma-separated conjuncts to drop (default: every one)")
    arguments.add_argument("--timeout", type=float, default=2.0, help="seconds per query, unbounded (default 2)")
    arguments.add_argument("--small", type=float, default=3.0, help="seconds per query on each small ring (default 3)")
    arguments.add_argument("--budget", type=float, default=None,
                           help="the z3 search's seconds per conjunct at most (default none)")
    arguments.add_argument("--sizes", default="3", help="ring sizes of the search near reachable states (default 3; "
                                                       "empty: none)")
    arguments.add_argument("--no-z3", dest="z3", action="store_false",
                           help="no search by z3 for the conjuncts the first stage leaves")
    arguments.add_argument("--show", action="store_true", help="print the z3 search's counterexample")
    return arguments


def queries(obligations: Obligations, invariant, dropped: str, algorithm):
    """(label, hypotheses, goal) of every obligation of the invariant without ``dropped``, likely first."""
    before = {name: formula for name, formula in obligations.before.items() if name != dropped}
    conjunct = obligations.conjuncts[dropped]
    leaning = {lemma.step for lemma in invariant.lemmas if conjunct in lemma.rests_on}
    hinted = set()
    for key, hint in invariant.rests_on.items():
        goal, step = key if isinstance(key, tuple) else (key, None)
        if conjunct in hint:
            hinted.add((goal if isinstance(goal, str) else goal.__name__, step))
    likely, rest = [], []
    for name, formula in safety_properties(algorithm):
        likely.append((f"invariant / {name}", [*obligations.axioms, *before.values()], formula(obligations.pre)))
    for step in obligations.steps.values():
        frame = [*obligations.axioms, *step.hypotheses, *before.values()]
        goals = [name for name in obligations.conjuncts if name != dropped] + ["stability"]
        goals += ["no_duplicate"] if invariant.fifo and step.after.added else []
        for name in goals:
            query = (f"{step.name} / {name}", frame, obligations.goal(step, name))
            near = step.name in leaning or (name, step.name) in hinted or (name, None) in hinted
            (likely if near else rest).append(query)
    return likely + rest


def counterexample(hypotheses, goal, timeout_ms: int, small_ms: int):
    """A model of hypotheses and not goal (unbounded first, then, if z3 cannot tell there, on
    small rings), or None."""
    for ring in (None, *SMALL_RINGS):
        solver = z3.Solver()
        solver.set("timeout", timeout_ms if ring is None else small_ms)
        solver.add(*hypotheses, z3.Not(goal), *(small_ring(ring) if ring else ()))
        answer = solver.check()
        if answer == z3.sat:
            return solver.model(), ring
        if answer == z3.unsat and ring is None:
            return None  # it holds on every ring: no counterexample on a small one either
    return None


def with_invariant(name: str, only: str, positive: bool, options: str):
    """(algorithm, its all-n invariant, the conjuncts ``only`` names, in order), or None once
    the reason is printed in one line: an algorithm that does not load, one without an all-n
    invariant, a name in ``only`` that is not a conjunct of it, or not ``positive`` (``options``
    says which must be)."""
    try:
        algorithm = load_algorithm(name)
    except AlgorithmError as error:
        print(error, file=sys.stderr)
        return None
    invariant = invariant_for(algorithm)
    wanted = [conjunct for conjunct in only.split(",") if conjunct]
    unknown_names = [conjunct for conjunct in wanted if conjunct not in invariant.names()] if invariant else []
    if invariant is None or not positive or unknown_names:
        print(f"{name}: needs an all-n invariant, positive {options}, and conjuncts of it "
              f"({', '.join(unknown_names) or 'all known'})", file=sys.stderr)
        return None
    return algorithm, invariant, wanted


def main(argv=None) -> int:
    arguments = parser().parse_args(argv)
    positive = arguments.timeout > 0 and arguments.small > 0 and (arguments.budget is None or arguments.budget > 0)
    loaded = with_invariant(arguments.algorithm, arguments.only, positive, "--timeout, --small and --budget")
    if loaded is None:
        return 2
    algorithm, invariant, only = loaded
    wanted = only or invariant.names()
    started = time.perf_counter()
    sizes = tuple(int(size) for size in arguments.sizes.split(",") if size) if arguments.sizes else ()
    near = concrete_cti.search(algorithm, invariant, sizes, set(wanted), insert=True, progress=lambda found: print(
        f"{found.line()} [{time.perf_counter() - started:.1f} s, near a reachable state]", flush=True)) if sizes else {}
    obligations = Obligations(algorithm, invariant) if arguments.z3 else None
    for dropped in wanted:
        if dropped in near or obligations is None:
            continue
        started = time.perf_counter()
        found, asked, left, label = None, 0, 0, ""
        listed = queries(obligations, invariant, dropped, algorithm)
        for query in listed:
            if arguments.budget is not None and time.perf_counter() - started > arguments.budget:
                left = len(listed) - asked
                break
            asked += 1
            label, hypotheses, goal = query
            found = counterexample(hypotheses, goal, int(arguments.timeout * 1000), int(arguments.small * 1000))
            if found is not None:
                break
        where = "" if found is None or found[1] is None else f" on a ring of {found[1]}"
        verdict = f"NEEDED: {label} fails{where}" if found else "NOT SHOWN NEEDED" + (
            f" within the budget ({left} of {len(listed)} obligations not asked)" if left else "")
        near[dropped] = found
        print(f"without {dropped}: {verdict} ({asked} asked by z3) [{time.perf_counter() - started:.1f} s]", flush=True)
        if found is not None and arguments.show:
            print(found[0], flush=True)
    shown = [name for name in wanted if near.get(name) is not None]
    print(f"{len(shown)} of {len(wanted)} shown needed" + (
        f"; not shown: {', '.join(name for name in wanted if name not in shown)}" if len(shown) < len(wanted) else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
