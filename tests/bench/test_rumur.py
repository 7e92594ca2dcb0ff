"""bench/rumur.py and bench/murphi.py: Rumur's report is read right (with stand-in verifiers), the
models have the shape the comparison relies on, and a real Rumur search of them takes exactly
the states and transitions of our full graph."""
import shutil
import stat
import subprocess

import pytest
from test_bench_spin import _bench_module

from algorithms import builtin
from checker import check
from checker.explore.arrangements import arrangements, symmetry_of

rumur, murphi = _bench_module("rumur"), _bench_module("murphi")

REPORT = """\
Status:

\t{status}

State Space Explored:

\t4688 states, 14293 rules fired in 0s.
"""
HAVE_RUMUR = shutil.which("rumur") is not None and shutil.which("gcc") is not None
NEEDS_RUMUR = pytest.mark.skipif(not HAVE_RUMUR, reason="Rumur or gcc is not installed "
                                 "(apt-get install rumur gcc; .ci/run installs them)")


def fake_verifier(tmp_path, text: str) -> str:
    path = tmp_path / "verifier"
    path.write_text("#!/bin/sh\ncat <<'EOF'\n" + text + "EOF\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


@pytest.mark.parametrize("status, extra, outcome", [
    ("No error found.", "", "ok"),
    ("1 error(s) found.", "\tAssertion failed: model.m:22.3-40: channel full\n", "channel full"),
    ("1 error(s) found.", "\tAssertion failed: model.m:9.1-8: something else\n", "error: Assertion failed: model.m:9.1-8: something else"),
])
def test_verifier_report(tmp_path, status, extra, outcome):
    result = rumur.run_verifier(fake_verifier(tmp_path, extra + REPORT.format(status=status)), timeout=30)
    assert (result.outcome, result.states, result.transitions) == (outcome, 4688, 14293)


def test_one_start_state_per_arrangement_and_one_rule_per_command_kind():
    text = murphi.generate("hs", [(1, 2, 3, 4), (1, 2, 4, 3), (1, 3, 2, 4)], capacity=3)
    assert text.count("startstate") == 3 and 'startstate "ids 1,2,4,3"' in text
    # per process: wake, and one receive per in-port that takes the head and picks the alternative
    assert text.count("rule ") == 3 and 'rule "receive on cw"' in text and 'rule "receive on ccw"' in text
    for alternative in murphi.HS.alternatives:
        assert text.count(f"-- {alternative.name}\n") == 2
    assert text.count("-- unmatched") == 2


def test_arrangements_of_different_sizes_and_a_capacity_below_two_are_refused():
    with pytest.raises(ValueError):
        murphi.generate("lcr", [(1, 2, 3), (1, 2, 3, 4)], capacity=3)
    with pytest.raises(ValueError):
        murphi.generate("lcr", [(1, 2, 3)], capacity=1)


@NEEDS_RUMUR
@pytest.mark.parametrize("algorithm", sorted(murphi.MODELS))
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_rumur_accepts_the_model_of_every_arrangement_it_is_given(tmp_path, algorithm, n):
    """What bench/rumur_vs_ringleader.py generates is valid Murphi for every row it runs (Rumur
    reads and translates it; gcc and the search are the slow tests below)."""
    cls = builtin(algorithm)
    chosen = [a.ids for a in arrangements(n, symmetry_of(cls, cls.topology(n), "reflection")[0])]
    (tmp_path / "model.m").write_text(murphi.generate(algorithm, chosen, capacity=n))
    done = subprocess.run(["rumur", "--quiet", "--output", "verifier.c", "model.m"], cwd=tmp_path,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "verifier.c").stat().st_size > 0


def _ours_and_theirs(tmp_path, algorithm: str, n: int, capacity: int, model: str | None = None):
    cls = builtin(algorithm)
    chosen = [a.ids for a in arrangements(n, symmetry_of(cls, cls.topology(n), "reflection")[0])]
    ours = check(cls, n, por=False, jobs=1)
    verifier, _ = rumur.compile_verifier(model or murphi.generate(algorithm, chosen, capacity), str(tmp_path))
    return ours, rumur.run_verifier(verifier, timeout=120)


@pytest.mark.slow  # rumur and gcc take a second or two per model
@NEEDS_RUMUR
@pytest.mark.parametrize("algorithm, n, capacity", [("lcr", 3, 3), ("lcr", 4, 4), ("cr", 3, 3), ("cr", 4, 4),
                                                     ("hs", 3, 4), ("hs", 4, 3)])
def test_rumur_takes_exactly_the_states_and_transitions_of_our_full_graph(tmp_path, algorithm, n, capacity):
    """An independent tool on the same model, every arrangement ringleader checks (one start state
    each; capacities from bench/rumur_vs_ringleader.py), against --no-por."""
    ours, theirs = _ours_and_theirs(tmp_path, algorithm, n, capacity)
    assert theirs.outcome == "ok"
    assert (theirs.states, theirs.transitions) == (ours.states, ours.transitions)


@pytest.mark.slow
@NEEDS_RUMUR
def test_a_model_that_is_not_the_algorithm_is_told_apart(tmp_path):
    """The comparison can fail: lcr whose processes keep the terminate message (no forwarding) is another graph."""
    forwarding = "leader[p] := h.a; send(c[p], terminate, h.a, 0, 0);"
    model = murphi.generate("lcr", [(1, 2, 3), (1, 3, 2)], 3)
    assert forwarding in model
    ours, theirs = _ours_and_theirs(tmp_path, "lcr", 3, 3, model=model.replace(forwarding, "leader[p] := h.a;"))
    assert theirs.outcome == "ok" and (theirs.states, theirs.transitions) != (ours.states, ours.transitions)


@pytest.mark.slow
@NEEDS_RUMUR
def test_a_full_channel_is_reported_so_the_script_can_double_it(tmp_path):
    _, theirs = _ours_and_theirs(tmp_path, "hs", 3, 2)
    assert theirs.outcome == "channel full"


def test_the_table_leaves_out_a_ratio_against_a_verifiers_process_start():
    script = _bench_module("rumur_vs_ringleader")
    ours = script.Outcome(141, 0.09, "ok", transitions=190)
    assert script.ratio(ours, script.Outcome(141, 0.004, "ok", transitions=190)) == "-"
    assert script.ratio(ours, script.Outcome(141, 0.03, "ok", transitions=190)) == "3.00"
    assert script.agreement(script.Outcome(141, 0.03, "ok", transitions=191), ours).startswith("MISMATCH")
