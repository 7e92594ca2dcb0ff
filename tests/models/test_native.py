"""The native engine (C generated from the symbolic reading of the commands) is the semantics.

For every built-in algorithm and every mutant, on several arrangements, the C search must see
exactly the full state graph the Python engine sees: the same number of states, transitions,
terminal states and unmatched receptions, the same depth and message minimum and maximum, and
the same distinct local vectors, local changes and terminal states, on which the checker
evaluates the specification. With partial-order reduction it must explore exactly the reduced
graph the Python explorer explores, with and without chains. `check` must then give the same
result with either engine.
"""
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algorithms import ASYNCHRONOUS_RINGS, builtin
from checker import check
from checker.cli import main
from checker.explore.explorer import Explorer
from checker.cli.loader import load_algorithm
from checker.explore.reduction import watched_fields
from checker.trust.remembered import reading_report
from models import AsyncSystem
from models.systems.interned import InternedSystem
from models.native.engine import CYCLE, OBSERVED_FIELDS, NativeEngine, NativeUnavailable
from specs import election_spec

from conftest import JUDGES, MUTANTS, mutant_cases, one_mutant_per_algorithm_fast

# the native engine runs every algorithm that does not draw; one that draws it refuses
# (tests/explore/test_randomized.py)
MUTANT_FILES = sorted(f for f in os.listdir(MUTANTS)
                      if f.endswith(".py") and not load_algorithm(os.path.join(MUTANTS, f)).randomized)
JUDGES_FILES = sorted(f for f in os.listdir(JUDGES) if f.endswith(".py"))


def _python_facts(algorithm, ids, swapped=None):
    """What the native search must report, from the Python engine's full graph."""
    system = InternedSystem(AsyncSystem(algorithm, ids, swapped))
    n = len(ids)
    index = {system.initial_state: 0}
    order = [system.initial_state]
    local_vectors, changes, terminals = set(), set(), set()
    i = 0
    while i < len(order):
        state = order[i]
        decoded = system.decode(state)
        local_vectors.add(decoded[:n])
        steps = system.successor_list(state)
        if not steps:
            terminals.add(decoded)
        for target, _sent, mover, _unmatched, _instance in steps:
            if target[mover] != state[mover]:
                changes.add((mover, decoded[mover], system.decode(target)[mover]))
            if target not in index:
                index[target] = len(order)
                order.append(target)
        i += 1
    exploration = Explorer(system, [], por=False, stop_at_first=False).run()
    return exploration, local_vectors, changes, terminals


def _agree(algorithm, ids, swapped=None):
    engine = NativeEngine.for_algorithm(algorithm, len(ids), reading_report(algorithm, len(ids)).trusted)
    facts = engine.explore(ids, topology=AsyncSystem(algorithm, ids, swapped).topology)
    exploration, local_vectors, changes, terminals = _python_facts(algorithm, ids, swapped)
    assert facts.status == 0
    assert (facts.states, facts.transitions, facts.depth, facts.unmatched, facts.terminal_count) == (
        exploration.states, exploration.transitions, exploration.depth, exploration.unmatched,
        exploration.terminal_states,
    )
    assert facts.acyclic == (not exploration.cyclic)
    assert (facts.messages_min, facts.messages_max) == (exploration.messages_min, exploration.messages_max)
    if facts.observed:  # the C code observed each process (rl_observe): it must agree with observe_locals
        observe = AsyncSystem(algorithm, ids, swapped).observe_locals
        n = len(ids)
        local_vectors = {tuple(observe(i, vector[i]) for i in range(n)) for vector in local_vectors}
        changes = {(i, observe(i, before), observe(i, after)) for i, before, after in changes}
    assert set(facts.local_vectors) == local_vectors and len(facts.local_vectors) == len(local_vectors)
    assert set(facts.changes) == changes and len(facts.changes) == len(changes)
    assert set(facts.terminal_states) == terminals and len(facts.terminal_states) == len(terminals)
    if facts.observed:  # what the native search hands the terminal properties: each distinct one, observed in C
        observe, n = AsyncSystem(algorithm, ids, swapped).observe_locals, len(ids)
        seen = {(tuple(observe(i, state[i]) for i in range(n)), state[n:]) for state in terminals}
        election = ("decided", "is_leader")
        projected = engine.explore(ids, topology=AsyncSystem(algorithm, ids, swapped).topology,
                                   whole_terminals=False, vector_fields=("is_leader",),
                                   terminal_reads=((OBSERVED_FIELDS, True), (election, False)))
        kept = projected.terminal_observations[OBSERVED_FIELDS, True]
        assert set(kept) == seen and len(kept) == len(seen)
        # for what election reads, without the channels: one terminal state of each class
        handed = projected.terminal_observations[election, False]
        assert {observations for observations, _ in handed} <= {observations for observations, _ in seen}
        assert all(channels == () for _, channels in handed)
        classes = {tuple((o.id, o.decided, o.is_leader) for o in observations) for observations, _ in seen}
        read = [tuple((o.id, o.decided, o.is_leader) for o in observations) for observations, _ in handed]
        assert set(read) == classes and len(read) == len(classes)
        # the vectors kept to what at-most-one-leader reads: each distinct one once
        leaders = {tuple((o.id, o.is_leader) for o in vector) for vector in local_vectors}
        handed = [tuple((o.id, o.is_leader) for o in vector) for vector in projected.local_vectors]
        assert set(handed) == leaders and len(handed) == len(leaders)


def _agree_reduced(algorithm, ids, swapped=None):
    """The C reduction's graph is the Python reduction's (same figures), with and without chains."""
    properties = election_spec(algorithm)
    watched = watched_fields(properties)
    engine = NativeEngine.for_algorithm(algorithm, len(ids), reading_report(algorithm, len(ids)).trusted)
    assert engine.reduces
    for chains in (False, True):
        system = AsyncSystem(algorithm, ids, swapped)
        facts = engine.explore(ids, por=True, chains=chains, watched=watched, topology=system.topology)
        python = Explorer(InternedSystem(system), properties, por=True, stop_at_first=False, chains=chains)
        exploration = python.run()
        if facts.status == CYCLE or not facts.acyclic:  # the Python explorer then needed its cycle proviso
            assert exploration.cyclic and python.reduction.cycle_proviso
            continue
        assert facts.status == 0 and facts.reduced
        assert (facts.states, facts.transitions, facts.depth, facts.unmatched, facts.terminal_count) == (
            exploration.states, exploration.transitions, exploration.depth, exploration.unmatched,
            exploration.terminal_states,
        )
        assert (facts.messages_min, facts.messages_max) == (exploration.messages_min, exploration.messages_max)


# n = 4 through the Python engine takes seconds to minutes on the bidirectional rings: there the
# comparison stops at n = 3 (hs at n = 4 and 5 is compared in the larger-n test below)
CHEAP_AT_4 = {"lcr", "cr", "cr-all", "peterson", "lelann"}
ARRANGEMENTS = [(1,), (2, 1), (1, 3, 2), (2, 4, 1, 3)]


def _small(name):
    return [ids for ids in ARRANGEMENTS if len(ids) < 4 or name in CHEAP_AT_4]


@pytest.mark.parametrize("name, ids", [(name, ids) for name in ASYNCHRONOUS_RINGS for ids in _small(name)])
def test_native_search_sees_the_python_graph_for_builtins(name, ids):
    _agree(builtin(name), ids)
    _agree_reduced(builtin(name), ids)


@pytest.mark.parametrize("swapped", [(False, True, False), (True, True, False), (True, True, True)])
def test_native_search_follows_the_port_labelling_of_an_unoriented_ring(swapped):
    _agree(builtin("hs-unoriented"), (1, 3, 2), swapped)
    _agree_reduced(builtin("hs-unoriented"), (1, 3, 2), swapped)


@pytest.mark.parametrize("filename, n", one_mutant_per_algorithm_fast(mutant_cases(MUTANT_FILES, at_n_too=False)))
def test_native_search_sees_the_python_graph_for_mutants(filename, n):
    ids = {2: (2, 1), 3: (1, 3, 2)}[n]
    _agree(load_algorithm(os.path.join(MUTANTS, filename)), ids)
    _agree_reduced(load_algorithm(os.path.join(MUTANTS, filename)), ids)


# what graph_questions must answer on the judges' shapes (tests/judges/, one process): acyclic?, min, max
JUDGED_SHAPES = {
    "self_loop.py": (False, None, None), "back_to_start.py": (False, None, None), "two_routes.py": (True, 0, 2),
}


@pytest.mark.parametrize("filename", JUDGES_FILES)
def test_native_search_sees_the_python_graph_for_the_judges_shapes(filename):
    """A self-loop, a cycle through the initial state, three routes of different cost to one
    state: the C graph questions answer them as the Python ones do, and as they should."""
    algorithm = load_algorithm(os.path.join(JUDGES, filename))
    _agree(algorithm, (1,))
    _agree_reduced(algorithm, (1,))
    for por in (False, True):
        facts = NativeEngine.for_algorithm(algorithm, 1, reading_report(algorithm, 1).trusted).explore((1,), por=por, watched=("decided", "is_leader"))
        acyclic, low, high = JUDGED_SHAPES[filename]
        assert facts.acyclic == acyclic
        if acyclic:
            assert (facts.messages_min, facts.messages_max) == (low, high)


def test_a_file_compiles_to_the_same_source_wherever_it_lies(tmp_path):
    """The compiled library is found by the source's hash: a file's source named its path, so
    each new clone, and each test that writes a variant to a temporary folder, compiled again."""
    sources = []
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        path = tmp_path / folder / "lcr_no_terminate.py"
        path.write_text(open(os.path.join(MUTANTS, "lcr_no_terminate.py")).read())
        algorithm = load_algorithm(str(path))
        sources.append(NativeEngine.for_algorithm(algorithm, 3, reading_report(algorithm, 3).trusted).source)
    assert sources[0] == sources[1]
    assert sources[0].startswith("/* generated by models/native/codegen.py for LCRNoTerminate, n = 3 */")


def test_native_search_sees_the_one_state_cycle_of_a_never_terminating_lcr_at_n_1():
    algorithm = load_algorithm(os.path.join(MUTANTS, "lcr_never_terminates.py"))
    _agree(algorithm, (1,))
    _agree_reduced(algorithm, (1,))
    assert not NativeEngine.for_algorithm(algorithm, 1, reading_report(algorithm, 1).trusted).explore((1,)).acyclic


@pytest.mark.parametrize("name, ids", [("lcr", (1, 3, 2, 4, 6, 5)), ("cr", (1, 3, 2, 4, 6, 5)), ("hs", (1, 2, 3, 4)),
                                       pytest.param("hs", (1, 3, 2, 5, 4), marks=pytest.mark.slow)])
def test_native_reduction_is_the_python_reduction_at_larger_n(name, ids):
    if len(ids) == 5:  # the Python reduced search of this arrangement takes a minute: compare one figure pinned
        facts = NativeEngine.for_algorithm(builtin(name), 5, reading_report(builtin(name), 5).trusted).explore(
            ids, por=True, watched=("decided", "is_leader", "leader_id"))
        # measured with the Python explorer: Explorer(..., por=True).run() on hs 1,3,2,5,4
        assert (facts.states, facts.transitions, facts.depth, facts.unmatched) == (736_541, 1_936_298, 63, 55_395)
    else:
        _agree_reduced(builtin(name), ids)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["lcr", "cr"]), st.permutations(range(1, 6)))
def test_native_search_agrees_on_random_arrangements_of_five(name, ids):
    _agree(builtin(name), tuple(ids))


def _summary(result):
    return (
        result.verdict, result.states, result.transitions, result.depth, result.messages_min,
        result.messages_max, result.unmatched, [(p.name, p.holds) for p in result.properties],
        result.arrangements_checked, result.arrangements_represented,
    )


@pytest.mark.parametrize("por", [True, False])
@pytest.mark.parametrize("name, n", [(name, len(ids)) for name in ASYNCHRONOUS_RINGS for ids in _small(name)])
def test_check_gives_the_same_result_with_either_engine(name, n, por):
    native = check(builtin(name), n, engine="native", jobs=1, por=por)
    python = check(builtin(name), n, engine="interned", por=por, jobs=1)
    assert _summary(native) == _summary(python)
    assert all(a.engine == "native" for a in native.per_arrangement)
    assert native.engine == "native" and "native engine" in native.summary()
    assert native.por == python.por == por


@pytest.mark.parametrize("filename, n", one_mutant_per_algorithm_fast(mutant_cases(MUTANT_FILES, at_n_too=False)))
def test_a_mutant_is_caught_with_the_same_counterexample_by_either_engine(filename, n):
    """The native search never reports a violation itself: the Python engine re-searches the
    arrangement, so the counterexample is the one --engine interned prints."""
    algorithm = load_algorithm(os.path.join(MUTANTS, filename))
    native = check(algorithm, n, engine="native", jobs=1)
    python = check(algorithm, n, engine="interned", jobs=1)
    assert native.verdict == python.verdict == "violated"
    a, b = native.counterexample, python.counterexample
    assert (a.property, a.reason, a.ids) == (b.property, b.reason, b.ids)
    assert [step.command for step in a.trace.steps] == [step.command for step in b.trace.steps]


def test_an_arithmetic_fault_in_c_hands_the_arrangement_to_python(tmp_path):
    """Division by zero is a fault in C; the Python engine then reports the algorithm's error."""
    path = tmp_path / "divides.py"
    path.write_text(
        "from models import Algorithm, Local, Message, UnidirectionalRing, NEXT, NIL, TRUE, Decision, receive, spontaneous\n"
        "class Token(Message):\n    id: int\n"
        "class Divides(Algorithm, name='divides'):\n"
        "    topology = UnidirectionalRing\n"
        "    started = Local(bool, False)\n"
        "    quotient = Local(int, 0)\n"
        "    def is_leader(p):\n        return False\n"
        "    def decided(p):\n        return True\n"
        "    @spontaneous(when=lambda p: p.started == False)\n"
        "    def start(p):\n        p.started = True\n        p.send(NEXT, Token(0))\n"
        "    @receive(Token)\n"
        "    def divide(p, m, port):\n        p.quotient = p.id % m.id\n"
    )
    native = main([str(path), "--n", "2", "--engine", "native"])
    python = main([str(path), "--n", "2", "--engine", "interned"])
    assert native == python == 2


def test_an_algorithm_the_symbolic_reading_refuses_runs_in_python(tmp_path, capsys):
    path = tmp_path / "opaque.py"
    path.write_text(
        "from algorithms.lcr import LCR, Token\n"
        "from models import receive\n"
        "class Opaque(LCR, name='opaque'):\n"
        "    @receive(Token, when=lambda p, m, port: int(str(m.id)) == p.id)\n"
        "    def elected(p, m, port):\n        p.leader = p.id\n        p.send('NEXT', m)\n"
    )
    algorithm = load_algorithm(str(path))
    with pytest.raises(NativeUnavailable, match="not faithful: Opaque.elected .*cannot be read symbolically"):
        NativeEngine.for_algorithm(algorithm, 3, reading_report(algorithm, 3).trusted)
    result = check(algorithm, 3, jobs=1, por=False)  # auto: the Python engine, and a note saying why
    assert result.engine == "interned"
    assert any(note.startswith("not trusted: Opaque.elected") and "the Python engine ran it" in note
               for note in result.notes)
    assert main([str(path), "--n", "3", "--engine", "native"]) == 2
    assert "--engine native cannot run opaque" in capsys.readouterr().err


def test_without_a_compiler_auto_uses_python_and_native_says_so(monkeypatch, capsys):
    import models.native.engine as native

    monkeypatch.setattr(native, "compiler", lambda: None)
    monkeypatch.setattr(native.NativeEngine, "_loaded", {})
    monkeypatch.setenv("XDG_CACHE_HOME", "/nonexistent-cache-for-this-test")
    result = check(builtin("lcr"), 3, jobs=1, por=False)
    assert result.engine == "interned" and result.verdict == "verified"
    assert any("no C compiler found" in note for note in result.notes)
    assert main(["lcr", "--n", "3", "--engine", "native"]) == 2
    assert "no C compiler found" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["lcr", "cr", "hs", "franklin"])
@pytest.mark.parametrize("por", [True, False])
def test_fingerprints_find_the_same_graph_when_nothing_collides(name, por):
    """64-bit fingerprints of a few hundred thousand states collide with probability ~1e-9:
    the figures must be the exact search's, and the reported bound must say how unlikely."""
    exact = check(builtin(name), 4, engine="native", jobs=1, por=por)
    printed = check(builtin(name), 4, engine="native", jobs=1, por=por, fingerprint=True)
    assert _summary(printed) == _summary(exact)
    assert exact.omission_probability is None
    assert 0 < printed.omission_probability < 1e-6
    assert "fingerprints  64-bit" in printed.summary()


def test_a_stopped_search_bounds_the_chance_by_the_states_it_fingerprinted():
    """A search stopped at --max-states had fingerprinted its states all the same: the bound
    counts them (it printed "at most 0.0e+00", from the finished arrangements alone)."""
    stopped = check(builtin("hs"), 4, engine="native", jobs=1, fingerprint=True, max_states=20_000)
    assert stopped.verdict == "incomplete" and stopped.states >= 20_000
    assert stopped.omission_probability > 0 and "at most 0.0e+00" not in stopped.summary()


# at n = 2 only: the fingerprinted C search now stops at the violation and a C search of the full
# graph gives the trace (checker/explore/early_stop.py, native_trace.py), so n = 3's large graph
# tests nothing more here
@pytest.mark.parametrize("filename, n", mutant_cases(["hs_never_swallows.py"], at_n_too=False))
def test_fingerprints_keep_a_violation_and_its_trace(filename, n):
    algorithm = load_algorithm(os.path.join(MUTANTS, filename))
    exact, printed = (check(algorithm, n, jobs=1, fingerprint=f) for f in (False, True))
    assert printed.verdict == exact.verdict == "violated"
    assert printed.counterexample.trace.to_text() == exact.counterexample.trace.to_text()


def test_fingerprints_need_the_native_engine(capsys):
    assert main(["lcr", "--n", "3", "--fingerprint", "--engine", "interned"]) == 2
    assert "--fingerprint needs the native engine; drop --engine interned" in capsys.readouterr().err


# -- crash failures and timeouts, reduced --------------------------------------------------------

FAULTY_MUTANTS = ("bully_leader_wait_ends_when_quiet.py", "bully_does_not_bid_again.py",
                  "bully_ignores_a_recovered_leader.py")


def _faulty_system(algorithm, ids, crashes, premature):
    from checker.explore.arrangements import Arrangement
    from checker.explore.systems import system_for
    from models.topology.network import Network

    arrangement = Arrangement(tuple(ids), 1, topology=Network(len(ids)), numbered=True) \
        if algorithm.topology is Network else Arrangement(tuple(ids), 1)
    return system_for(algorithm, arrangement, crashes=crashes, premature_timeouts=premature)


def _python_reduced(system, properties, chains):
    """The Python explorer's reduced search of ``system`` (a designated one with crashes), with
    every observation vector its state properties see and every change its transition
    properties see, recorded by two properties checked first (a property that fails stops the
    checks of a state), the reduction the one ``properties`` ask for."""
    from checker.explore.reduction import StubbornSets
    from specs.election import Property

    vectors, changes = set(), set()
    seen = [Property("seen-vectors", "state", "", check=lambda o: vectors.add(o)),
            Property("seen-changes", "transition", "", check=lambda b, a: changes.add((b, a)))]
    explorer = Explorer(system, seen + properties, por=True, stop_at_first=False, chains=chains,
                        record_terminals=True)
    explorer.reduction = StubbornSets(system, properties)
    exploration = explorer._search()  # the reduced graph as it is, cycles included
    return exploration, vectors, {(b, a) for b, a in changes if b != a}, set(explorer.terminals)


def _agree_reduced_with_faults(algorithm, ids, crashes=0, premature=False):
    """The C reduction's graph under crashes or timeouts is the Python reduction's, designation
    by designation (checker/explore/designated.py), with and without chains: the same figures,
    observation vectors, changes and terminal states."""
    properties = election_spec(algorithm)
    watched = watched_fields(properties)
    n = len(ids)
    engine = NativeEngine.for_algorithm(algorithm, n, reading_report(algorithm, n).trusted, crashes > 0)
    assert engine.reduces_like_python
    system = _faulty_system(algorithm, ids, crashes, premature)
    designations = range(n) if crashes else [None]
    compared = 0
    for chains in (False, True):
        for faulty in designations:
            searched = system.designating((faulty,)) if faulty is not None else system
            exploration, vectors, changes, terminals = _python_reduced(searched, properties, chains)
            facts = engine.explore(ids, por=True, chains=chains, watched=watched, topology=system.topology,
                                   crashes=crashes, premature_timeouts=premature, designated=faulty)
            if facts.status == CYCLE or not facts.acyclic:
                assert exploration.cyclic
                continue
            assert facts.status == 0 and facts.reduced
            assert (facts.states, facts.transitions, facts.depth, facts.unmatched, facts.terminal_count) == (
                exploration.states, exploration.transitions, exploration.depth, exploration.unmatched,
                exploration.terminal_states)
            assert (facts.messages_min, facts.messages_max) == (exploration.messages_min, exploration.messages_max)
            assert set(facts.local_vectors) == vectors and len(facts.local_vectors) == len(vectors)
            assert {(b, a) for _, b, a in facts.changes if b != a} == changes
            assert set(facts.terminal_states) == terminals
            compared += 1
    return compared


def _faulty_cases():
    """Bully, its mutants and ring and network algorithms under one crash, and with timeouts
    alone. (With premature timeouts the graph has no end, a process may bid for ever: the
    checker's results are compared in tests/explore/test_reduction_faults.py.)"""
    for name in ("bully", "bully-always-replies", *FAULTY_MUTANTS):
        for n, crashes in ((2, 0), (3, 0), (2, 1), (3, 1)):
            slow = (n, crashes) == (3, 1) and name != "bully_does_not_bid_again.py"  # one Bully with a crash at n = 3 is fast
            yield pytest.param(name, n, crashes, marks=[pytest.mark.slow] if slow else [])
    for name in ("lcr", "cr", "dfs-election"):
        yield pytest.param(name, 3, 1)


@pytest.mark.parametrize("name, n, crashes", list(_faulty_cases()))
def test_native_reduction_under_crashes_and_timeouts_is_the_python_reduction(name, n, crashes):
    path = os.path.join(MUTANTS, "networks", name)
    algorithm = load_algorithm(path if name.endswith(".py") else name)
    arrangements = [(1, 2), (2, 1)] if n == 2 else [(1, 2, 3), (2, 1, 3), (3, 1, 2)]
    if not name.startswith("bully"):  # not built for crashes: one arrangement (dfs-election's takes 2 s)
        arrangements = arrangements[:1]
    for ids in arrangements:
        assert _agree_reduced_with_faults(algorithm, ids, crashes)  # an acyclic graph compared


@pytest.mark.parametrize("name, ids", [("lcr", (2, 4, 1, 3)), ("cr", (2, 4, 1, 3)), ("hs", (1, 3, 2))])
def test_a_chain_cut_short_is_cut_alike_by_both_engines_and_changes_only_the_states_stored(monkeypatch, name, ids):
    """Chains are cut after LONGEST_CHAIN states (models/reading/dependence.py says why); with a
    cut after 2, both engines store the same more states, and every other figure stays."""
    import checker.explore.explorer as python_explorer
    import models.native.engine as native_engine
    algorithm, properties = builtin(name), election_spec(builtin(name))
    uncut = Explorer(InternedSystem(AsyncSystem(algorithm, ids)), properties, por=True, stop_at_first=False).run()
    monkeypatch.setattr(python_explorer, "LONGEST_CHAIN", 2)
    monkeypatch.setattr(native_engine, "LONGEST_CHAIN", 2)
    _agree_reduced(algorithm, ids)
    cut = Explorer(InternedSystem(AsyncSystem(algorithm, ids)), properties, por=True, stop_at_first=False).run()
    assert cut.states > uncut.states
    assert (cut.messages_min, cut.messages_max, cut.terminal_states, cut.depth) == (
        uncut.messages_min, uncut.messages_max, uncut.terminal_states, uncut.depth)


def test_a_chain_whose_channels_grow_for_ever_does_not_hold_the_python_search(capsys):
    """The fuzzer's variant whose chain never ends (tests/fuzz/catalogue/class9_chain_for_ever_network):
    with no limit given, the reduced Python search still meets the violation the full one meets."""
    case = os.path.join(os.path.dirname(MUTANTS), "fuzz", "catalogue", "class9_chain_for_ever_network")
    import sys
    sys.path.insert(0, case)
    try:
        status = main([os.path.join(case, "fz_network_s5336.py"), "--n", "3", "--graph", "path", "--engine", "interned",
                       "--no-progress"])
    finally:
        sys.path.remove(case)
    assert status == 1 and "at-most-one-leader  VIOLATED" in capsys.readouterr().out


def test_a_search_stopped_at_the_memory_limit_leaves_the_next_one_its_budget():
    """The arrays a search leaves for the next one to reuse are resident: the next search's budget
    must not count them twice (it counts them itself), nor start from arrays larger than it
    (they are let go). Before, every search after the first stopped at once: 6 states."""
    import re
    from checker.explore.memory import resident_bytes
    limit = (resident_bytes() or 0) + 150 * 2 ** 20
    reached = []
    for _ in range(3):
        result = check(builtin("hs"), 5, ids=(1, 3, 2, 5, 4), max_memory=limit, jobs=1, por=False, progress=False)
        note = next(note for note in result.notes if "memory limit" in note)
        reached.append(int(re.search(r"after ([\d,]+) states", note).group(1).replace(",", "")))
    assert min(reached) > 100_000, reached
