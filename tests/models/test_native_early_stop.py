"""The native search stops once it has met a violation (checker/explore/early_stop.py), and its
memory limit holds with the local contexts it records counted (models/native/explorer.c).

The fuzzer's tests/fuzz/catalogue/class9_chain_for_ever_network has an infinite state graph with
a violation a few steps deep: the Python explorer stops there at once, the native search used to
run until the memory ran out (290 s under --max-memory 2G). The runs that need a memory limit of
their own run in a process of their own: the limit counts the process's resident memory."""
import json
import os
import subprocess
import sys

from checker import check
from checker.cli.loader import load_algorithm
from checker.explore.early_stop import judge_for
from checker.explore.systems import system_for
from checker.explore.arrangements import Arrangement
from checker.trust.remembered import reading_report
from models import AsyncSystem, Network
from models.native.engine import OK, VIOLATED, NativeEngine
from specs import election_spec

from conftest import MUTANTS, ROOT

CHAIN_FOR_EVER = os.path.join(ROOT, "tests", "fuzz", "catalogue", "class9_chain_for_ever_network", "fz_network_s5336.py")
ON_THE_PATH = ["--n", "3", "--graph", "path"]
# what is left of the specification when every state and transition property is taken out: the
# search has nothing to stop at and runs into its memory limit
ONLY_WHOLE_GRAPH_PROPERTIES = ["--without", "at-most-one-leader,stability,election,agreement,leader-is-smallest"]
# run the command line and print the process's peak resident memory (kB) on stderr's last line:
# VmHWM, its own since exec (getrusage's ru_maxrss counts the forking parent's too)
PEAK = ("import re, sys\nfrom checker.cli import main\ncode = main(sys.argv[1:])\n"
        "print(re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read()).group(1), file=sys.stderr)\n"
        "sys.exit(code)")


def _run(*args: str) -> tuple[int, str, int]:
    """(exit status, stdout, peak resident kB) of the checker on ``args`` in a process of its own."""
    done = subprocess.run([sys.executable, "-c", PEAK, *args], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout, int(done.stderr.strip().splitlines()[-1])


def _replayed(algorithm, counterexample) -> tuple:
    """The state the JSON counterexample's steps lead to from the initial state, step by step."""
    graph = counterexample["graph"]
    topology = Network(len(counterexample["ids"]), [tuple(e) for e in graph["edges"]],
                       [tuple(p) for p in graph["ports"]], graph["name"])
    system = system_for(algorithm, Arrangement(tuple(counterexample["ids"]), 1, topology=topology, numbered=True))
    state = system.initial_state
    for step in counterexample["trace"]["steps"]:
        taken = [s for s in system.steps(state) if s.process == step["position"] and s.command == step["command"]
                 and s.port == step["port"] and (str(s.received) if s.received is not None else None) == step["received"]]
        assert taken, f"step {step['step']} is not executable"
        state = taken[0].target
    return system, state


def test_an_infinite_graph_with_a_violation_is_violated_natively_under_a_small_memory_limit():
    status, out, _ = _run(CHAIN_FOR_EVER, *ON_THE_PATH, "--max-memory", "512M", "--json")
    result = json.loads(out)
    assert status == 1 and result["verdict"] == "violated" and result["engine"] == "native"
    counterexample = result["counterexample"]
    assert counterexample["property"] == "at-most-one-leader"
    algorithm = load_algorithm(CHAIN_FOR_EVER)
    system, final = _replayed(algorithm, counterexample)
    prop = next(p for p in election_spec(algorithm) if p.name == "at-most-one-leader")
    assert prop.check(system.observe(final))
    # the Python engine's first violation, found where it stops: not a search stopped at the limit
    python = check(algorithm, 3, graphs="path", engine="interned", jobs=1)
    assert (result["states"], result["transitions"]) == (python.states, python.transitions)
    assert [(s["position"], s["command"]) for s in counterexample["trace"]["steps"]] == \
           [(s.position, s.command) for s in python.counterexample.trace.steps]


def test_a_search_stops_at_a_violation_and_check_reports_the_python_engines_first_violation():
    algorithm = load_algorithm(os.path.join(MUTANTS, "cr_forwards_smaller.py"))
    ids = (1, 2, 3, 4, 5)
    engine = NativeEngine.for_algorithm(algorithm, 5, reading_report(algorithm, 5).trusted)
    system = AsyncSystem(algorithm, ids)
    whole = engine.explore(ids, topology=system.topology)
    stopped = engine.explore(ids, topology=system.topology, judge=judge_for(engine, system, election_spec(algorithm)))
    assert whole.status == OK and stopped.status == VIOLATED and stopped.states < whole.states / 2
    for por in (True, False):
        native = check(algorithm, 5, ids, engine="native", jobs=1, por=por)
        python = check(algorithm, 5, ids, engine="interned", jobs=1, por=por)
        assert native.engine == "native" and native.verdict == python.verdict == "violated"
        assert (native.states, native.transitions) == (python.states, python.transitions)
        a, b = native.counterexample, python.counterexample
        assert (a.property, a.reason) == (b.property, b.reason) == ("at-most-one-leader", a.reason)
        assert [(s.position, s.command, s.received) for s in a.trace.steps] == \
               [(s.position, s.command, s.received) for s in b.trace.steps]


def test_the_early_stop_can_be_switched_off(monkeypatch):
    algorithm = load_algorithm(os.path.join(MUTANTS, "cr_forwards_smaller.py"))
    engine = NativeEngine.for_algorithm(algorithm, 3, reading_report(algorithm, 3).trusted)
    assert judge_for(engine, AsyncSystem(algorithm, (1, 2, 3)), election_spec(algorithm)) is not None
    monkeypatch.setenv("RINGLEADER_NATIVE_EARLY_STOP", "0")
    assert judge_for(engine, AsyncSystem(algorithm, (1, 2, 3)), election_spec(algorithm)) is None


def test_a_search_out_of_memory_is_incomplete_within_its_limit_not_an_exception():
    """Each local context the search records counts against the limit: decoded and audited in
    Python they took the process past it before they were counted (166 MB under 128M; 983 MB
    under 256M, in 30 s)."""
    status, out, peak_kb = _run(CHAIN_FOR_EVER, *ON_THE_PATH, *ONLY_WHOLE_GRAPH_PROPERTIES, "--max-memory", "128M",
                                "--jobs", "1")
    assert status == 3 and "INCOMPLETE" in out and "stopped at the memory limit (128 MiB per worker)" in out
    assert peak_kb < 128 * 1024, out  # (106 MB)
