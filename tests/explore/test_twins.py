"""Arrangements derived from another's search by renaming the ids (checker/explore/twins.py):
derived only where proved, and then exactly what a search of them finds."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from algorithms import ASYNCHRONOUS_RINGS
from algorithms.hs import HirschbergSinclair as HS
from checker.cli import main
from checker.cli.loader import load_algorithm
from checker.explore.arrangements import Arrangement
from checker.explore.native_search import search_natively
from checker.explore.systems import system_for
from checker.explore.twins import Searched, derived
from checker.trust.remembered import reading_report
from models import Message
from models.native.engine import NativeEngine
from specs import election_spec

from conftest import MUTANTS

MUTANT_FILES = sorted(f for f in os.listdir(MUTANTS) if f.endswith(".py"))
SLOW = {"hs", "hs_unoriented_responses_turn_back.py", "hs_lecture_largest_passes.py",
        "hs_smallest_wins.py", "hs_unoriented_comparisons_flipped.py",  # 10 to 50 s each: with the slow tests
        # and the other mutants, a second or two each: the fast loop keeps four (franklin, hs, itai-rodeh, and
        # hs_never_swallows, which never terminates), the slow tests every one
        "hs_ttl_not_decremented.py", "lcr_never_terminates.py", "lcr_guesses_leader.py", "cr_announces_twice.py",
        "lcr_no_terminate.py", "lcr_wrong_announcement.py", "cr_forwards_smaller.py", "peterson_leader_by_id.py",
        "lelann_forgets_largest.py",
        # hs_resign_unguarded, 2 s: the fast loop's hs mutant is hs_never_swallows
        "hs_resign_unguarded.py"}


def _marked(names, also_slow=frozenset()):
    return [pytest.param(name, marks=pytest.mark.slow) if name in SLOW | also_slow else name for name in names]


def _run(target: list[str], probe_states: int, *options: str, jobs: str = "2") -> dict:
    """`check` in its own process (a pool forked from a pytest-xdist worker, which has threads,
    may deadlock), with probes of ``probe_states`` states; its JSON without what differs by
    design with and without twins (time, which arrangements were derived)."""
    command = [sys.executable, "-m", "checker", *target, "--json", "--no-progress", "--jobs", jobs, *options]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "RINGLEADER_PROBE_STATES": str(probe_states)})
    assert done.returncode in (0, 1), done.stderr
    result = json.loads(done.stdout)
    for key in ("seconds", "notes"):
        result.pop(key, None)
    for arrangement in result["per_arrangement"]:
        arrangement.pop("renamed_from", None)
    return result


def _same_with_and_without_twins(target: list[str], probe_states: int, *options: str, one_process_too: bool = True) -> None:
    """With two workers and (``one_process_too``) in one process, which probes and groups alike
    (workers.py): the fast tests compare both, the slow ones, which cost a minute a run, workers."""
    searched = _run(target, probe_states, *options, "--no-twins")
    assert _run(target, probe_states, *options) == searched
    if one_process_too:
        assert _run(target, probe_states, *options, jobs="1") == searched


def _searched(algorithm, ids):
    """The native search of one arrangement, as a group's first one leaves it."""
    n = len(ids)
    engine = NativeEngine.for_algorithm(algorithm, n, reading_report(algorithm, n).trusted)
    engine.start_afresh()
    properties, judged = election_spec(algorithm), []
    exploration = search_natively(engine, system_for(algorithm, _arrangement(ids)), properties, keep=judged)
    return Searched(tuple(ids), exploration, engine.last_contexts, judged[0]), properties


def _arrangement(ids):
    return Arrangement(tuple(ids), 1)


def test_hs_twins_are_derived_with_the_figures_of_their_search():
    """1,2,3,5,4 and 1,2,4,5,3: the 3 and the 4 are never compared."""
    first, properties = _searched(HS, (1, 2, 3, 5, 4))
    twin = derived(first, system_for(HS, _arrangement((1, 2, 4, 5, 3))), properties)
    searched, _ = _searched(HS, (1, 2, 4, 5, 3))
    assert twin is not None and twin.renamed_from == (1, 2, 3, 5, 4) and twin.ids == (1, 2, 4, 5, 3)
    e = searched.exploration
    assert (twin.states, twin.transitions, twin.depth, twin.terminal_states, twin.unmatched, twin.messages_min,
            twin.messages_max) == (e.states, e.transitions, e.depth, e.terminal_states, e.unmatched,
                                   e.messages_min, e.messages_max)


def test_an_arrangement_whose_graph_differs_is_not_derived():
    """1,2,3,4,5 and 1,2,4,3,5 (3 and 4 swapped, but compared): the renamed contexts do not
    give the renamed outcomes, so the second one is searched."""
    first, properties = _searched(HS, (1, 2, 3, 4, 5))
    assert derived(first, system_for(HS, _arrangement((1, 2, 4, 3, 5))), properties) is None


VARIANTS = os.path.join(os.path.dirname(__file__), "variants")


def test_lcr_twins_are_derived():
    """The pair the variants below are built on: 1,4,2,3 is LCR's 1,3,2,4 with 3 and 4 swapped."""
    first, properties = _searched(load_algorithm("lcr"), (1, 3, 2, 4))
    assert derived(first, system_for(load_algorithm("lcr"), _arrangement((1, 4, 2, 3))), properties) is not None


def test_a_twin_is_judged_against_its_own_bound():
    """A bound that takes the arrangement is evaluated at the twin: 12 messages against its 11
    (the first one's is 14). Judged with the first arrangement's n alone, it was no bound."""
    algorithm = load_algorithm(os.path.join(VARIANTS, "lcr_bound_per_arrangement.py"))
    first, properties = _searched(algorithm, (1, 3, 2, 4))
    assert first.exploration.messages_max == 12
    assert derived(first, system_for(algorithm, _arrangement((1, 4, 2, 3))), properties) is None


def test_a_twin_whose_initial_locals_are_not_their_renaming_is_searched():
    """An initial local that holds an id (the greeter, 3): renamed it is 4, so the first one's
    graph, renamed, does not start where the twin's does, though every context agrees."""
    algorithm = load_algorithm(os.path.join(VARIANTS, "lcr_id_three_greets.py"))
    first, properties = _searched(algorithm, (1, 3, 2, 4))
    assert derived(first, system_for(algorithm, _arrangement((1, 4, 2, 3))), properties) is None


@pytest.mark.slow
def test_a_variant_that_treats_one_id_apart_is_never_derived_wrongly():
    """A user's variant whose id 4 behaves unlike the others: 1,2,3,5,4 and 1,2,4,5,3 are no
    longer twins, and the run with twins gives what searching every arrangement gives."""
    path = os.path.join(os.path.dirname(__file__), "variants", "hs_four_apart.py")
    _same_with_and_without_twins([path, "--n", "5"], 50, one_process_too=False)
    algorithm = load_algorithm(path)
    first, properties = _searched(algorithm, (1, 2, 3, 5, 4))
    assert derived(first, system_for(algorithm, _arrangement((1, 2, 4, 5, 3))), properties) is None


# with workers, lcr (which derives twins) and franklin in the fast loop; hs-unoriented (2 s) and cr,
# cr-all, peterson and lelann, a second each, are further entries of the same kind, with the slow tests (cr
# and peterson have their derivations refused in one process in the fast loop:
# test_twins_in_one_process_change_nothing_but_the_work)
MORE_RINGS = {"hs-unoriented", "cr", "cr-all", "peterson", "lelann"}


# hs-lecture is left out: at n = 5 it derives one arrangement, as hs does, for 15 s of CPU (at n = 4
# neither derives any); its mutant hs_lecture_largest_passes is in test_twins_change_nothing_in_a_mutant
@pytest.mark.parametrize("name", _marked([name for name in ASYNCHRONOUS_RINGS if name != "hs-lecture"],
                                         also_slow=MORE_RINGS))
def test_twins_change_nothing_in_a_run(name):
    """Probes of 50 states group the arrangements coarsely, so that many derivations are tried
    (and most refused): the run equals one that searches every arrangement."""
    # in one process too for two of them: test_twins_in_one_process_change_nothing_but_the_work has the others' share
    _same_with_and_without_twins([name, "--n", "4" if name == "hs-unoriented" else "5"], 50,
                                 one_process_too=name in ("lcr", "franklin"))


def _in_this_process(monkeypatch, capsys, target: list[str], probe_states: int, *options: str) -> dict:
    """`check` with --jobs 1 in this process (so that its judges are measured by mutation testing,
    which sees only this process), JSON without the time and which arrangements were derived."""
    import checker.explore.run as run

    monkeypatch.setattr(run, "PROBE_STATES", probe_states)
    main([*target, "--json", "--no-progress", "--jobs", "1", *options])
    result = json.loads(capsys.readouterr().out)
    result.pop("seconds")
    result.pop("notes")
    derived_ones = [a.pop("renamed_from", None) for a in result["per_arrangement"]]
    return result, sum(1 for d in derived_ones if d)


@pytest.mark.parametrize("target, derives", [(["lcr", "--n", "5"], 10), (["lcr", "--n", "4"], 1), (["cr", "--n", "5"], 0),
                                             (["peterson", "--n", "5"], 0)])
def test_twins_in_one_process_change_nothing_but_the_work(monkeypatch, capsys, target, derives):
    """Probes of 30 states: lcr derives some arrangements, cr and peterson have every derivation
    tried refused; either way the run is the one without twins."""
    with_twins, derived_count = _in_this_process(monkeypatch, capsys, target, 30)
    without, none = _in_this_process(monkeypatch, capsys, target, 30, "--no-twins")
    assert with_twins == without and (derived_count, none) == (derives, 0)


# violated in the first arrangement searched at n = 4, which ends the run: no arrangement is left
# to derive, and each run took 5 to 7 s of the slow tests' budget
FIRST_ARRANGEMENT_VIOLATED = {"hs_unoriented_comparisons_flipped.py", "hs_unoriented_responses_turn_back.py"}


@pytest.mark.parametrize("filename", _marked([f for f in MUTANT_FILES if f not in FIRST_ARRANGEMENT_VIOLATED]))
def test_twins_change_nothing_in_a_mutant(filename):
    """At n = 4 (hs_never_swallows, which never terminates, at n = 2, both arrangements), with
    workers: the runs of the built-ins above compare one process too."""
    n, symmetry = ("2", "none") if filename == "hs_never_swallows.py" else ("4", "reflection")
    _same_with_and_without_twins([os.path.join(MUTANTS, filename), "--n", n, "--symmetry", symmetry], 20,
                                 one_process_too=False)


class _Relayed(Message):
    sender_id: int
    hops: int


def test_a_renaming_renames_ids_and_nothing_else():
    """1,2,3 -> 2,1,3: ids in Id locals, in fields that hold ids (declared Id, named id or *_id) and
    in observations are renamed; a bool that equals 1, other locals and fields, NIL and None stay."""
    from algorithms.hs import Probe
    from algorithms.lcr import Token
    from checker.explore.native_search import Judged
    from checker.explore.twins import Renaming
    from models import AsyncSystem
    from models.systems.semantics import Observation

    system = AsyncSystem(load_algorithm("lcr"), (2, 1, 3))  # locals: asleep (bool), leader (Id)
    renaming = Renaming((1, 2, 3), (2, 1, 3), system)
    assert [renaming.value(v) for v in (1, 2, 3, 0, True, False, "x")] == [2, 1, 3, 0, True, False, "x"]
    assert renaming.locals((True, 1)) == (True, 2) and renaming.locals((False, 0)) == (False, 0)
    assert renaming.message(Token(1)) == Token(2) and renaming.message(None) is None
    assert renaming.message(Probe(1, 1, 2)) == Probe(2, 1, 2)  # phase and ttl are not ids
    assert renaming.message(_Relayed(1, 1)) == _Relayed(2, 1)  # sender_id is one, hops is not
    assert renaming.observed((True, False, 1, True)) == (True, False, 2, True) and renaming.observed(None) is None
    seen = Observation(1, True, False, 2, True)
    assert renaming.observation(seen) == Observation(2, True, False, 1, True)
    assert renaming.observation(Observation(3, False, False, None, True)).leader_id is None
    judged = renaming.judged(Judged([(seen,)], [(0, seen, seen)], {"quiescence": [((seen,), ((Token(1),), ()))]}, 4, 9))
    assert judged.vectors == [(Observation(2, True, False, 1, True),)] and (judged.messages_min, judged.messages_max) == (4, 9)
    assert judged.changes[0][1].id == 2 and judged.terminals["quiescence"][0][1] == ((Token(2),), ())
