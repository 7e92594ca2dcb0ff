"""``check ALGO --n N --simulate RUNS`` (checker/explore/simulate.py): random runs judged as a check
judges them; a failing run shrunk and shown; the same seed, the same output; bad input one line."""
import os
import re
import subprocess
import sys

import pytest

from checker.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_mutant_is_found_and_its_failing_run_shrunk(capsys):
    status, out, _ = run(capsys, "tests/mutants/lcr_wrong_announcement.py", "--n", 6, "--simulate", 20)
    assert status == 1
    drawn, shrunk = map(int, re.search(r"first failing run: (\d+) steps; shrunk to (\d+) steps", out).groups())
    assert shrunk < drawn
    assert "Counterexample to agreement" in out
    numbered = [line for line in out.splitlines() if re.match(r"\d+ +p\d", line)]
    assert len(numbered) == shrunk


def test_json_gives_the_summary_s_figures_and_the_shrunk_counterexample(capsys):
    import json

    status, out, err = run(capsys, "tests/mutants/lcr_wrong_announcement.py", "--n", 6, "--simulate", 20, "--json")
    result = json.loads(out)  # JSON alone on stdout
    assert status == 1 and err == ""
    assert result["schema"] == "simulation-1" and result["verdict"] == "violated" and result["runs"] == 20
    assert result["violated"] >= 1 and result["first_failing_steps"] >= len(result["counterexample"]["trace"]["steps"])
    assert result["counterexample"]["property"] == "agreement"
    status, text, _ = run(capsys, "tests/mutants/lcr_wrong_announcement.py", "--n", 6, "--simulate", 20)
    assert f"VIOLATED in {result['violated']} of 20 runs" in text  # the same runs, the same seed
    status, out, _ = run(capsys, "lcr", "--n", 8, "--simulate", 5, "--json")
    result = json.loads(out)
    assert status == 0 and result["verdict"] == "no violation found" and result["counterexample"] is None
    assert result["finished"] == 5 and result["messages"]["min"] <= result["messages"]["mean"] <= result["messages"]["max"]


def test_a_variant_that_fails_from_n_6_on_only_is_found_at_n_30(capsys):
    variant = os.path.join(ROOT, "tests", "explore", "variants", "hs_stops_after_phase_one.py")
    assert run(capsys, variant, "--n", 4, "--jobs", 1)[0] == 0  # exhaustively: correct at small n (n = 5 too)
    status, out, _ = run(capsys, variant, "--n", 30, "--simulate", 10)
    assert status == 1 and "Counterexample to at-most-one-leader" in out
    drawn, shrunk = map(int, re.search(r"first failing run: (\d+) steps; shrunk to (\d+) steps", out).groups())
    assert shrunk < drawn


def test_a_correct_algorithm_gives_no_violation_and_says_it_is_no_proof(capsys):
    status, out, _ = run(capsys, "lcr", "--n", 12, "--simulate", 50)
    assert status == 0
    assert "no violation in 50 runs (a simulation is not a proof" in out
    assert re.search(r"^ +50 +50 +0 +0 ", out, re.MULTILINE)  # runs, finished, unfinished, violated


def test_the_same_seed_gives_the_same_output(capsys):
    def masked(seed):
        out = run(capsys, "tests/mutants/cr_announces_twice.py", "--n", 6, "--simulate", 30, "--seed", seed)[1]
        return re.sub(r"\d+\.\d s", "<time>", out)

    assert masked(7) == masked(7)
    assert masked(7) != masked(8)


def test_an_execution_that_comes_back_to_a_state_violates_termination_with_a_lasso(capsys):
    status, out, _ = run(capsys, "tests/mutants/lcr_never_terminates.py", "--n", 5, "--simulate", 5,
                         "--without", "message-bound")  # which it passes first
    assert status == 1
    assert "Counterexample to termination" in out and "repeat forever" in out


def test_a_property_of_ones_own_is_judged_along_the_runs(capsys):
    ring = os.path.join(ROOT, "tests", "properties", "ring.py")
    status, out, _ = run(capsys, "lcr", "--n", 8, "--simulate", 10, "--property", f"{ring}:at_most_one_token_in_transit")
    assert status == 1 and "Counterexample to at_most_one_token_in_transit" in out
    status, out, _ = run(capsys, "lcr", "--n", 8, "--simulate", 10, "--property", f"{ring}:everyone_decides")
    assert status == 0 and "everyone_decides" in out


def test_always_eventually_is_judged_at_the_end_of_a_finished_run_and_on_a_loop(capsys):
    """@always_eventually: a finished run must end in a state where it holds, a loop must pass
    through one; an unfinished run judges nothing of it."""
    ring = os.path.join(ROOT, "tests", "properties", "ring.py")
    status, out, _ = run(capsys, "lcr", "--n", 5, "--simulate", 10, "--property",
                         f"{ring}:messages_in_transit_again_and_again")
    assert status == 1
    assert "Counterexample to messages_in_transit_again_and_again: an execution terminates in a state where " \
           "messages_in_transit_again_and_again is false" in out
    assert "channel" not in out[out.index("final state:"):]
    status, out, _ = run(capsys, "lcr", "--n", 5, "--simulate", 10, "--max-steps", 5, "--property",
                         f"{ring}:messages_in_transit_again_and_again")
    assert status == 0 and re.search(r"^ +10 +0 +10 +0 ", out, re.MULTILINE), out  # 10 runs, 10 unfinished
    # lcr-never-terminates passes its Terminate round forever: a message is always in transit on the
    # loop, and every process has decided on it
    never = ("tests/mutants/lcr_never_terminates.py", "--n", 4, "--simulate", 10,
             "--without", "termination,message-bound")  # which it fails first
    status, out, _ = run(capsys, *never, "--property", f"{ring}:quiet_again_and_again")
    assert status == 1
    assert "Counterexample to quiet_again_and_again: an execution runs forever through states where " \
           "quiet_again_and_again is false" in out and "repeat forever" in out
    status, out, _ = run(capsys, *never, "--property", f"{ring}:decided_in_the_end")
    assert status == 0 and "no violation in 10 runs" in out


@pytest.mark.parametrize("argv", [
    ("dfs-election", "--n", 5, "--graph", "complete"),  # a network
    ("flooding", "--n", 6, "--graph", "grid"),  # synchronous rounds
    ("itai-rodeh", "--n", 5),  # coins
    ("itai-rodeh-sync", "--n", 4),  # coins in rounds
    ("hs-unoriented", "--n", 6),  # a port labelling drawn
    ("bully", "--n", 4, "--crashes", 1, "--without", "at-most-one-leader,stability,election,agreement"),  # crashes
    ("flooding", "--n", 5, "--graph", "path", "--synchronizer", "beta"),  # a synchronizer: its steps are no rounds
])
def test_every_system_kind_runs(capsys, argv):
    status, out, err = run(capsys, *argv, "--simulate", 10)
    assert status == 0, out + err
    assert "no violation in 10 runs" in out
    # synchronous rounds are counted, not a synchronizer's steps
    assert ("rounds min" in out) == (argv[0] in ("flooding", "itai-rodeh-sync") and "--synchronizer" not in argv)


def test_a_synchronizer_that_breaks_synch_is_found_and_shrunk(capsys):
    """alpha that sends safe before its acks come back: (Synch) fails along random runs, and the
    shrunk run is the synchronizer's trace, its variables beside the algorithm's locals."""
    mutant = os.path.join(ROOT, "tests", "mutants", "synchronizers", "alpha_safe_before_acks.py")
    status, out, _ = run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", mutant,
                         "--simulate", 50, "--seed", 1)
    assert status == 1
    assert out.startswith("flooding on a network (path) through the alpha-safe-before-acks synchronizer, n = 3: VIOLATED")
    drawn, shrunk = map(int, re.search(r"first failing run: (\d+) steps; shrunk to (\d+) steps", out).groups())
    assert shrunk < drawn
    assert "Counterexample to synch:" in out and "synchronizer: tick=0" in out
    status, out, _ = run(capsys, "flooding", "--n", 3, "--graph", "path", "--synchronizer", "alpha",
                         "--simulate", 50, "--seed", 1)
    assert status == 0 and "judged along every run: synch, simulates-synchronous-run" in out


def test_the_shrunk_run_is_written_with_trace_out(capsys, tmp_path):
    path = tmp_path / "run.txt"
    status, out, _ = run(capsys, "tests/mutants/lcr_wrong_announcement.py", "--n", 6, "--simulate", 5,
                         "--trace-out", path)
    assert status == 1 and f"trace written to {path}" in out
    assert path.read_text().startswith("Counterexample to agreement")


@pytest.mark.parametrize("argv, message", [
    (("lcr", "--n", 5, "--simulate", 0), "--simulate must be at least 1 run, got 0"),
    (("lcr", "--n", 5, "--simulate", 3, "--max-steps", 0), "--max-steps must be at least 1, got 0"),
    (("lcr", "--simulate", 3), "give the number of processes with --n"),
    (("lcr", "--n", 5, "--simulate", 3, "--max-states", 10), "--max-states is for an exhaustive check"),
    (("lcr", "--n", 5, "--seed", 3), "--seed goes with --simulate"),
    (("dfs-election", "--n", 5, "--simulate", 3), "give --graph with a family"),
    (("lcr", "--n", 4, "--synchronizer", "alpha", "--simulate", 3), "lcr is asynchronous already"),
    (("flooding", "--n", 4, "--graph", "path", "--cluster-radius", 1, "--simulate", 3),
     "--cluster-radius sizes the clusters of --synchronizer gamma; give that too"),
    (("lcr", "--n", 5, "--simulate", "many"), "invalid int value"),
    (("lcr", "--n", 3, "--ids", "1,1,2", "--simulate", 3), "--ids must be distinct positive integers, got 1,1,2"),
    (("lcr", "--n", 5, "--simulate", 3, "--property", os.path.join(ROOT, "tests", "properties", "ring.py:divides_by_zero")),
     "property divides_by_zero (tests/properties/ring.py:"),
])
def test_bad_input_gets_one_line_and_exit_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err


def test_lcr_at_n_40_runs_where_exhaustive_search_cannot():
    """How fast is measured in bench/, not asserted here (docs/checking.md has the figure)."""
    done = subprocess.run([sys.executable, "-m", "checker", "lcr", "--n", "40", "--simulate", "50"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "no violation in 50 runs" in done.stdout
