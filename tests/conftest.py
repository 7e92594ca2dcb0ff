import multiprocessing
import os
import sys
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

MUTANTS = os.path.join(ROOT, "tests", "mutants")
# algorithm files whose state graphs have the shapes the judges must get right (tests/explore/test_graph.py)
JUDGES = os.path.join(ROOT, "tests", "judges")

# One worker, whatever the shell says: a pool of workers is a fork of the test process, and a
# pytest-xdist worker has threads (execnet's), so the fork may deadlock (a lock another thread
# held at the fork stays held in the child for ever). A test that runs workers does it in a
# process of its own: `python -m checker --jobs 2` (test_twins.py), or in_a_fresh_process below.
os.environ["RINGLEADER_JOBS"] = "1"
# Everything derived from the symbolic readings afresh (models/reading/derived_cache.py): tests patch
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
# So tests check it at n = 2, and those whose subject is the large graph (fingerprints) at n = 3
# as well, under the slow marker (.ci/run runs those).
SMALLER_N = {"hs_never_swallows.py": 2}


def mutant_cases(files, n: int = 3, at_n_too: bool = True) -> list:
    """pytest parameters (file, n): each mutant at n; one listed in SMALLER_N at its smaller n,
    and (``at_n_too``) at n under the slow marker. The slow cases cost minutes each: the tests
    whose subject is the large graph (fingerprints) keep them; the others compare
    engines or the reduction on every mutant and see the same commands at the smaller n."""
    cases = []
    for filename in files:
        small = SMALLER_N.get(filename)
        if small is None:
            cases.append(pytest.param(filename, n, id=filename))
        else:
            cases.append(pytest.param(filename, small, id=f"{filename}-n{small}"))
            if at_n_too:
                cases.append(pytest.param(filename, n, id=f"{filename}-n{n}", marks=pytest.mark.slow))
    return cases


def algorithm_of(filename: str) -> str:
    """The built-in a mutant file varies, from its name (``hs_lecture_largest_passes.py`` is
    hs-lecture's): the longest built-in name that starts it."""
    from algorithms import BUILTIN
    matches = [name for name in BUILTIN if filename.startswith(name.replace("-", "_") + "_")]
    assert matches, f"{filename} does not start with a built-in's name"
    return max(matches, key=len)


def first_of_each_algorithm(files) -> set:
    """The first mutant file (in name order) of each built-in among ``files``."""
    first = {}
    for filename in sorted(files):
        first.setdefault(algorithm_of(filename), filename)
    return set(first.values())


_ParameterSet = type(pytest.param(None))


def one_mutant_per_algorithm_fast(cases: list) -> list:
    """``cases`` (pytest parameters whose first value is a mutant file) with every mutant but the
    first of each algorithm under the slow marker: a test that compares engines or modes on every
    mutant meets each algorithm's commands in the fast loop, and every mutant in .ci/run."""
    cases = [case if isinstance(case, _ParameterSet) else pytest.param(case) for case in cases]
    fast = first_of_each_algorithm({case.values[0] for case in cases})
    return [case if case.values[0] in fast else pytest.param(*case.values, id=case.id,
                                                              marks=[*case.marks, pytest.mark.slow])
            for case in cases]


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


class FailedInItsOwnProcess(Exception):
    """What in_a_fresh_process's function raised: its traceback, as the child printed it."""


def in_a_fresh_process(function, *args, **kwargs):
    """``function(*args, **kwargs)`` run in a new, single-threaded Python process (multiprocessing's
    spawn: fork and exec at once, no Python code between them), for a test whose check forks
    worker processes: forked from the threaded pytest-xdist worker they may deadlock, and the run
    would wait for ever. ``function`` is a module-level function of a test module, and does
    itself what the test would monkeypatch; its result must pickle, and a failure comes back as
    FailedInItsOwnProcess with the child's traceback. Assertions stay in the test, where pytest
    explains them."""
    context = multiprocessing.get_context("spawn")
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=_run_and_send, args=(sending, function, args, kwargs), name="in_a_fresh_process")
    child.start()
    sending.close()
    try:
        try:
            outcome, value = receiving.recv()  # before join: a large result fills the pipe
        except EOFError:
            child.join()
            raise FailedInItsOwnProcess(f"{function.__qualname__} ended without a result, "
                                        f"exit code {child.exitcode} (its stderr above)") from None
        child.join()
    finally:
        receiving.close()
        if child.is_alive():  # the wait was interrupted (Ctrl-C)
            child.kill()
            child.join()
    if outcome == "raised":
        raise FailedInItsOwnProcess(value)
    return value


def _run_and_send(sending, function, args, kwargs):
    try:
        outcome = ("returned", function(*args, **kwargs))
    except BaseException:
        outcome = ("raised", traceback.format_exc())
    try:
        sending.send(outcome)
    except Exception:  # a result that does not pickle
        sending.send(("raised", traceback.format_exc()))


from checker.prove.labellings import at_labelling  # noqa: E402,F401  (an unoriented ring with one labelling fixed)


def source_lines_matching(pattern, packages=("checker", "specs", "models")) -> list[str]:
    """"path:line: text" of every line of the packages' Python sources that ``pattern`` (a compiled
    regular expression) finds: what a house rule that greps the sources reports."""
    found = []
    for package in packages:
        for folder, _, files in os.walk(os.path.join(ROOT, package)):
            for name in (f for f in files if f.endswith(".py")):
                path = os.path.join(folder, name)
                with open(path) as source:
                    found += [f"{os.path.relpath(path, ROOT)}:{number}: {line.strip()}"
                              for number, line in enumerate(source, 1) if pattern.search(line)]
    return found


# RINGLEADER_CPU_LOG=FILE: each test's CPU seconds (its process and the children it waited for,
# user and system) appended to FILE as "seconds nodeid". On the shared 2-core machine a test's
# wall time says more about the other jobs than about the test (docs/testing.md), so the slow
# suite's budget is cut by this ranking: `sort -rn FILE | head`.
_CPU_LOG = os.environ.get("RINGLEADER_CPU_LOG")


def _cpu_seconds() -> float:
    import resource
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    if not _CPU_LOG:
        yield
        return
    before = _cpu_seconds()
    yield
    with open(_CPU_LOG, "a") as log:
        log.write(f"{_cpu_seconds() - before:.1f} {item.nodeid}\n")
