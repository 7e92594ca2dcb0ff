import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

MUTANTS = os.path.join(ROOT, "tests", "mutants")
# algorithm files whose state graphs have the shapes the judges must get right (tests/explore/test_graph.py)
JUDGES = os.path.join(ROOT, "tests", "judges")

# One worker unless a test asks for more (tests/explore/test_engines.py compares jobs 1 and 2): most
# checks here are small, and each pool of workers is a fork of the test process.
os.environ.setdefault("RINGLEADER_JOBS", "1")
# Everything derived from the symbolic readings afresh (models/derived_cache.py): tests patch
# classes in ways a key of source files cannot see; tests/models/test_derived_cache.py turns the
# cache on where it is the subject.
os.environ.setdefault("RINGLEADER_NO_CACHE", "1")

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# Hypothesis draws new examples on every run, which finds more over time on a developer's
# machine; CI (.ci/run sets HYPOTHESIS_PROFILE=ci) draws the same ones every time, so that a
# red CI run is the change's fault and can be repeated.
settings.register_profile("ci", derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# hs_never_swallows lets every probe survive: at n = 3 its one arrangement has 845,517 states
# and each test that explores it with the Python engine takes a minute or more. n = 2 violates
# the same properties (at-most-one-leader, election, leader-is-largest) and runs both mutated
# commands (relay_probe, bounce); only relay_reply, which it inherits unchanged, needs n = 3.
# So tests check it at n = 2, and at n = 3 as well under the slow marker (.ci/run runs those).
SMALLER_N = {"hs_never_swallows.py": 2}


def mutant_cases(files, n: int = 3):
    """pytest parameters (file, n): each mutant at n; one listed in SMALLER_N at its smaller n,
    and at n under the slow marker."""
    for filename in files:
        small = SMALLER_N.get(filename)
        if small is None:
            yield pytest.param(filename, n, id=filename)
        else:
            yield pytest.param(filename, small, id=f"{filename}-n{small}")
            yield pytest.param(filename, n, id=f"{filename}-n{n}", marks=pytest.mark.slow)


def follow_steps(system, steps) -> list:
    """The states a JSON trace's steps pass through in ``system``, from its initial state: each
    step is matched by process, command and message received (a step that matches none fails)."""
    states = [system.initial_state]
    for step in steps:
        taken = [s for s in system.steps(states[-1]) if s.process == step["position"] and s.command == step["command"]
                 and (str(s.received) if s.received is not None else None) == step["received"]]
        assert taken, f"step {step['step']} is not executable"
        states.append(taken[0].target)
    return states
