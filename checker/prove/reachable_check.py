"""Conjuncts of an all-n invariant that are false on a state some execution of a small ring reaches.

An obligation z3 does not prove has one of two causes: the invariant is too weak (a counterexample
to induction no execution reaches), or it is wrong for the algorithm loaded: one of its conjuncts
is false on a reachable state, and no time given to z3 can mend that. A variant of a built-in (a
user's modification, a mutant) proved with the built-in's invariant mostly meets the second, and
z3 may search for a counterexample to induction it does not find for minutes
(tests/mutants/peterson_leader_by_id.py: 566 s of unknowns before this). So the first time an
obligation is not proved, ``prove_all_n`` asks this, once: the algorithm runs on every arrangement
of ids 1..n on rings of 1 to 3 (up to rotation; for a variant, rings of 1 and 2 are read before
z3 is asked at all, where a variant's mistake mostly shows already, and the ring of 3 once an
obligation about a conjunct or a safety property is not proved), with the invariant's ghosts beside it
(enabled_witness.GhostRun: their own update terms, evaluated on each concrete step), breadth
first; each state reached is pinned as a finite structure of the all-n vocabulary and z3 reads
every conjunct and safety property on it (ring_concrete's reading: a finite structure, decided),
and each step taken is judged by the specification's stability (specs/election.py, on the
explorer's observations). What is false there fails, with the execution that reaches it, and the
proof stops asking z3.
Nothing found says nothing: the states read are a few hundred of each small ring's.
"""
from __future__ import annotations

import itertools
import time
from collections import deque
from dataclasses import dataclass

from models import LARGEST
from specs.election import AT_MOST_ONE_LEADER, changed_decision

from .enabled_witness import GhostRun, _pinned
from .ring_concrete import _false

# ring size -> at most this many states read per arrangement (every arrangement of ids 1..n up to
# rotation), breadth first: each costs milliseconds of z3 (hs's: 9 ms on a ring of 3)
REACHABLE_STATES = {1: 400, 2: 400, 3: 150}
BEFORE_Z3_RINGS = (1, 2)  # for a variant, read before z3 is asked


@dataclass(frozen=True)
class FalseOnReachable:
    goal: str  # a conjunct, a safety property, or "stability" (then the last step changed a decision)
    ids: tuple[int, ...]  # the ring, clockwise
    steps: tuple[str, ...]  # "STEP at id I", from the initial state to the state where ``goal`` is false
    # a safety property the explorer's own reading of the state (its observations) finds false too:
    # a violation of the algorithm, said so only then
    confirmed: bool = False

    def trace(self) -> str:
        ring = f"  ring of {len(self.ids)}, ids {','.join(map(str, self.ids))} clockwise"
        path = ", ".join(self.steps) if self.steps else "(the initial state)"
        if self.goal == "stability":
            return f"{ring}: {path}; the last step changes a decision"
        return f"{ring}: {path}; there {self.goal} is false"


def false_on_reachable(algorithm, invariant, pre, steps, properties, rings=tuple(REACHABLE_STATES),
                       limits=REACHABLE_STATES) -> tuple[list[FalseOnReachable], float]:
    """(each of ``invariant``'s conjuncts and ``properties`` ((name, formula builder) pairs) that is
    false on a state read, with the shortest execution found to it; the seconds it took), reading
    ``limits[n]`` states of each arrangement of each ring size n of ``rings``. ``pre`` and
    ``steps`` are the proof's pre-state vocabulary and transitions (the ghosts' updates)."""
    started = time.perf_counter()
    left = {c.__name__: c(pre) for c in invariant.conjuncts}
    left.update((name, formula(pre)) for name, formula in properties)
    stable = True  # no step read so far changed a decision (stability, a property of steps)
    found: list[FalseOnReachable] = []
    for n in rings:
        for rest in itertools.permutations(range(2, n + 1)):
            ids = (1, *rest)
            run = GhostRun(algorithm, invariant.ghosts, ids, pre, steps)
            came_from = {run.initial(): None}  # state -> (the state before it, the step), in the order found
            queue = deque(came_from)
            while queue and (left or stable):
                state = queue.popleft()
                names = list(left)
                facts, _ = _pinned(run, state, pre)
                try:
                    false = _false(facts, list(left.values()), names.__getitem__)
                except RuntimeError:  # z3 starved on a finite structure: this state says nothing
                    false = []
                for k in false:
                    confirmed = names[k] in dict(properties) and broken(algorithm, names[k],
                                                                        run.system.observe(state[0]))
                    found.append(FalseOnReachable(names[k], ids, _path(came_from, state), confirmed))
                    del left[names[k]]
                for step, target in run.successors(state):
                    taken = f"{run.transition_name(step)} at id {ids[step.process]}"
                    if stable and changed_decision(run.system.observe_process(state[0], step.process),
                                                   run.system.observe_process(target[0], step.process)):
                        stable = False
                        found.append(FalseOnReachable("stability", ids, (*_path(came_from, state), taken), True))
                    if target not in came_from and len(came_from) < limits[n]:
                        came_from[target] = (state, taken)
                        queue.append(target)
            if not left and not stable:
                return found, time.perf_counter() - started
    return found, time.perf_counter() - started


def broken(algorithm, prop: str, observations) -> bool:
    """Whether the safety property ``prop`` (at-most-one-leader or leader-is-WINNER, as the proof
    states them: of every state) is false of these observations, read as the explorer reads a
    state: an independent reading of what z3 found on the pinned structure."""
    if prop == AT_MOST_ONE_LEADER.name:
        return AT_MOST_ONE_LEADER.check(observations) is not None
    # the explorer's leader-is-WINNER is of terminal states only: the proof's, of every state, read here
    leaders = [o.id for o in observations if o.is_leader]
    candidates = [o.id for o in observations if o.candidate]
    if algorithm.winner == LARGEST:
        return any(leader < candidate for leader in leaders for candidate in candidates)
    return any(leader > candidate for leader in leaders for candidate in candidates)


def _path(came_from, state) -> tuple[str, ...]:
    steps = []
    while came_from[state] is not None:
        state, step = came_from[state]
        steps.append(step)
    return tuple(reversed(steps))
