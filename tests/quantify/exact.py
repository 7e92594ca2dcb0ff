"""An independent exact MDP solver, to cross-check Storm on small models (the tests' own, not ringleader's).

A model is ``{state: [(reward, {target: probability}), ...]}`` (a state with no choice is
terminal), with Fractions throughout. Everything is exact: qualitative graph analysis first
(which states can reach the target, which a scheduler can keep from it), then policy
iteration whose policies are evaluated by solving their linear systems with sparse Gaussian
elimination over Fractions. Value iteration is not used: it only converges.
"""
from __future__ import annotations

from fractions import Fraction

INFINITY = "inf"


def _solve(equations: dict) -> dict:
    """Solve x_s = b_s + sum_t a_st x_t for every s in ``equations`` ({s: (b, {t: a})}); t outside are 0."""
    rows = {s: [Fraction(b), {t: Fraction(a) for t, a in coefficients.items() if t in equations and a}]
            for s, (b, coefficients) in equations.items()}
    users: dict = {s: set() for s in rows}  # t -> rows that mention x_t
    for s, (_, coefficients) in rows.items():
        for t in coefficients:
            users[t].add(s)
    order = sorted(rows, reverse=True)  # last found first: few fill-ins on breadth-first numbered graphs
    for v in order:
        b, coefficients = rows[v]
        self_loop = coefficients.pop(v, Fraction(0))
        users[v].discard(v)
        if self_loop == 1:
            raise ZeroDivisionError(f"state {v} is a sink of its own: the policy is not proper")
        scale = 1 / (1 - self_loop)
        b *= scale
        for t in coefficients:
            coefficients[t] *= scale
        rows[v] = [b, coefficients]
        for s in list(users[v]):  # substitute x_v into the rows that use it
            row = rows[s]
            weight = row[1].pop(v)
            row[0] += weight * b
            for t, a in coefficients.items():
                row[1][t] = row[1].get(t, Fraction(0)) + weight * a
                users[t].add(s)
        users[v] = set()
    values = {}
    for v in reversed(order):  # back substitution: every row now mentions only later-eliminated states
        b, coefficients = rows[v]
        values[v] = b + sum(a * values[t] for t, a in coefficients.items())
    return values


def _can_reach(model, targets, allowed=None) -> set:
    """States with a path to ``targets`` (through states in ``allowed``, if given)."""
    predecessors: dict = {s: set() for s in model}
    for s, choices in model.items():
        for _, distribution in choices:
            for t in distribution:
                predecessors[t].add(s)
    reached, stack = set(targets), list(targets)
    while stack:
        t = stack.pop()
        for s in predecessors[t]:
            if s not in reached and (allowed is None or s in allowed):
                reached.add(s)
                stack.append(s)
    return reached


def _avoidable(model, targets) -> set:
    """States from which some scheduler never reaches ``targets`` (greatest fixpoint)."""
    keep = {s for s in model if s not in targets and model[s]}
    changed = True
    while changed:
        changed = False
        for s in list(keep):
            if not any(all(t in keep for t in d) for _, d in model[s]):
                keep.discard(s)
                changed = True
    return keep | {s for s in model if not model[s] and s not in targets}


def reach(model, targets, maximise: bool) -> dict:
    """Min or max probability of eventually reaching ``targets``, per state."""
    targets = set(targets)
    if maximise:
        zero = set(model) - _can_reach(model, targets)
    else:
        zero = _avoidable(model, targets)
    unknown = [s for s in model if s not in targets and s not in zero]
    policy = {s: 0 for s in unknown}
    while True:
        values = _evaluate_reach(model, targets, zero, policy)
        improved = False
        for s in unknown:
            best = values[s]
            for k, (_, d) in enumerate(model[s]):
                v = sum(p * values[t] for t, p in d.items())
                if (v > best) if maximise else (v < best):
                    best, policy[s], improved = v, k, True
        if not improved:
            return values


def _evaluate_reach(model, targets, zero, policy) -> dict:
    values = {s: Fraction(1) for s in targets} | {s: Fraction(0) for s in zero}
    chosen = {s: {1: model[s][k][1]} for s, k in policy.items()}
    # under the policy, states that cannot reach the targets have value 0 (an end component)
    induced = {s: [(0, model[s][k][1])] for s, k in policy.items()} | {s: [] for s in values}
    live = _can_reach(induced, targets) - targets
    values |= {s: Fraction(0) for s in policy if s not in live}
    equations = {s: (sum(p for t, p in chosen[s][1].items() if t in targets), chosen[s][1]) for s in live}
    return values | _solve(equations)


def bounded_reach(model, targets, steps: int, maximise: bool) -> dict:
    """Min or max probability of reaching ``targets`` within ``steps`` choices (exact recursion)."""
    pick = max if maximise else min
    values = {s: Fraction(1 if s in targets else 0) for s in model}
    for _ in range(steps):
        values = {s: Fraction(1) if s in targets else
                  pick((sum(p * values[t] for t, p in d.items()) for _, d in model[s]), default=Fraction(0))
                  for s in model}
    return values


def expected_reward(model, targets, maximise: bool) -> dict:
    """Min or max expected total reward until ``targets``; INFINITY where some (every, for min)
    scheduler misses the targets with positive probability."""
    targets = set(targets)
    sure = {s for s, v in reach(model, targets, maximise=not maximise).items() if v == 1}
    # max: a scheduler that can miss the targets makes the reward infinite; min: only states from
    # which some scheduler reaches them surely are finite, with the choices that keep that
    finite = {s for s in sure if s not in targets}
    allowed = {s: [k for k, (_, d) in enumerate(model[s]) if all(t in sure for t in d)] for s in finite}
    policy = {s: allowed[s][0] for s in finite}
    if not maximise:  # start from a policy that surely reaches the targets: the max-probability one
        policy = _sure_policy(model, targets, finite, allowed)
    while True:
        equations = {s: (model[s][k][0], model[s][k][1]) for s, k in policy.items()}
        values = {s: Fraction(0) for s in targets} | _solve(equations)
        improved = False
        for s in finite:
            best = values[s]
            for k in allowed[s]:
                reward, d = model[s][k]
                v = reward + sum(p * values[t] for t, p in d.items())
                if (v > best) if maximise else (v < best):
                    best, policy[s], improved = v, k, True
        if not improved:
            return values | {s: INFINITY for s in model if s not in values}


def _sure_policy(model, targets, finite, allowed) -> dict:
    """A choice per state that reaches the targets with probability 1: breadth-first from them."""
    policy, done, frontier = {}, set(targets), set(targets)
    while len(policy) < len(finite):
        layer = set()
        for s in finite - done:
            k = next((k for k in allowed[s] if any(t in frontier for t in model[s][k][1])), None)
            if k is not None:
                policy[s] = k
                layer.add(s)
        if not layer:
            raise AssertionError("states of probability 1 that reach no target")
        done |= layer
        frontier = layer
    return policy


def from_mdp(mdp, reward: str) -> dict:
    """The solver's form of a ringleader ``Mdp`` (checker/quantify/mdp.py), with one reward."""
    return {s: [(mdp.reward(reward, c), {t: p for t, p in _merged(mdp.outcomes_of(c))}) for c in mdp.choices_of(s)]
            for s in range(mdp.states)}


def _merged(outcomes):
    merged = {}
    for t, p in outcomes:
        merged[t] = merged.get(t, Fraction(0)) + p
    return merged.items()
