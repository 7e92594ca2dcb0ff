"""Exact message complexity (checker/measure/complexity.py) and the `check ... --messages` mode."""
import csv
import io
import json
import os
from fractions import Fraction

import pytest

from algorithms import builtin
from checker import message_table
from checker.cli import main
from checker.trust.remembered import reading_report
from models.native.engine import NativeEngine, NativeUnavailable
from conftest import MUTANTS

CR, CR_ALL, LCR, HS, HS_UNORIENTED = (builtin(name) for name in ("cr", "cr-all", "lcr", "hs", "hs-unoriented"))


def harmonic(n):
    return sum(Fraction(1, k) for k in range(1, n + 1))


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(scope="module")
def cr_table():
    return message_table(CR, range(3, 7), jobs=1)


def test_chang_roberts_worst_case_is_exactly_the_texts_bound(cr_table):
    assert [(r.n, r.max, r.kind, r.verdict) for r in cr_table.rows] == [
        (n, n * (n + 1) // 2 + n, "exact", "verified") for n in range(3, 7)
    ]
    assert all(r.claimed == r.max for r in cr_table.rows)
    # the worst arrangement: ids decreasing clockwise from the largest, as in the text's Figure 11.1
    assert [r.worst_ids for r in cr_table.rows] == [(1, 3, 2), (1, 4, 3, 2), (1, 5, 4, 3, 2), (1, 6, 5, 4, 3, 2)]
    assert [r.min for r in cr_table.rows] == [2 * n for n in range(3, 7)]  # one initiator: one token round, one announcement round


def test_chang_roberts_mean_of_worst_case_when_all_initiate_is_n_h_n_plus_n():
    table = message_table(CR_ALL, range(3, 7), jobs=1)
    assert [r.mean_worst for r in table.rows] == [n * harmonic(n) + n for n in range(3, 7)]
    assert [r.max for r in table.rows] == [n * (n + 1) // 2 + n for n in range(3, 7)]
    assert all(r.mean_best == r.mean_worst for r in table.rows)  # one message count per arrangement


def test_chang_roberts_mean_of_worst_case_with_chosen_initiators_is_larger(cr_table):
    # the adversary also picks who initiates: some arrangements cost more than with all initiating
    means = [r.mean_worst for r in cr_table.rows]
    assert means == [Fraction(17, 2), Fraction(25, 2), Fraction(409, 24), Fraction(659, 30)]
    assert means[0] == 3 * harmonic(3) + 3 and all(m > n * harmonic(n) + n for n, m in zip(range(4, 7), means[1:]))


@pytest.mark.parametrize("algorithm,ns,every_symmetry", [
    (CR, range(3, 5), "none"), (LCR, range(3, 5), "none"), (HS, range(3, 4), "none"),
    # every labelling of the ports separately, one id arrangement per rotation class (n = 3: 16 of 48)
    (HS_UNORIENTED, range(2, 4), "rotation"),
])
def test_weighted_means_equal_the_means_over_every_arrangement(algorithm, ns, every_symmetry):
    quotiented = message_table(algorithm, ns, jobs=1)
    every = message_table(algorithm, ns, jobs=1, symmetry=every_symmetry)
    for q, e in zip(quotiented.rows, every.rows):
        assert q.arrangements_checked < e.arrangements_checked
        assert q.arrangements_represented == e.arrangements_represented
        assert q.max is not None and (q.min, q.max, q.mean_worst, q.mean_best) == (e.min, e.max, e.mean_worst, e.mean_best)


def test_an_unoriented_ring_fills_its_rows_counting_every_labelling(capsys):
    """n! id arrangements times 2^n port labellings: the row is complete, not a row of dashes."""
    status, out, _ = run(capsys, "hs-unoriented", "--n", "2..3", "--messages", "--json")
    rows = json.loads(out)["rows"]
    assert status == 0
    assert [(r["arrangements_represented"], r["min"], r["max"], r["mean_worst"]) for r in rows] == [
        (2 * 4, 12, 12, 12), (6 * 8, 26, 26, 26)]


@pytest.mark.parametrize("name,ns", [("hs", "2..3"), ("cr", "3..4"), ("lcr", "3..4")])
def test_messages_agree_with_plain_check_json(capsys, name, ns):
    status, out, _ = run(capsys, name, "--n", ns, "--messages", "--json", "--jobs", 1)
    assert status == 0
    rows = json.loads(out)["rows"]
    assert len(rows) == 2
    for row in rows:
        status, out, _ = run(capsys, name, "--n", row["n"], "--json", "--jobs", 1)
        plain = json.loads(out)
        assert (row["min"], row["max"]) == (plain["messages"]["min"], plain["messages"]["max"])
        per = plain["per_arrangement"]
        assert row["worst_ids"] in [a["ids"] for a in per if a["messages"]["max"] == row["max"]]
        assert row["states"] == plain["states"]


def test_exact_figures_do_not_depend_on_the_reduction():
    reduced = message_table(LCR, range(3, 5), jobs=1)
    full = message_table(LCR, range(3, 5), jobs=1, por=False)
    assert [(r.min, r.max, r.mean_worst) for r in reduced.rows] == [(r.min, r.max, r.mean_worst) for r in full.rows]


def test_table_renders_csv_and_the_claimed_bound(capsys):
    status, out, _ = run(capsys, "cr", "--n", "3..4", "--messages", "--csv")
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["n"], r["max"], r["claimed"], r["mean_worst"]) for r in rows] == [("3", "9", "9", "8.5"), ("4", "14", "14", "12.5")]
    status, out, _ = run(capsys, "cr", "--n", "3..4", "--messages")
    assert "claimed n(n+1)/2 + n" in out and "1,4,3,2" in out


def test_an_algorithm_without_a_claim_shows_a_dash(tmp_path, capsys):
    path = tmp_path / "unclaimed.py"
    path.write_text("from algorithms.lcr import LCR\n\nclass Unclaimed(LCR, name='unclaimed'):\n"
                    "    @staticmethod\n    def message_bound(n):\n        return None\n\n    message_bound_text = None\n")
    status, out, _ = run(capsys, path, "--n", "3", "--messages", "--json")
    assert status == 0
    table = json.loads(out)
    assert table["bound"] is None and table["rows"][0]["claimed"] is None


@pytest.mark.parametrize("extension", ["png", "svg"])
def test_plot_is_written(tmp_path, capsys, extension):
    target = tmp_path / f"cr.{extension}"
    status, out, _ = run(capsys, "cr", "--n", "3..4", "--messages", "--plot", target)
    assert status == 0 and target.stat().st_size > 1000
    if extension == "svg":
        assert "<svg" in target.read_text()


def test_a_limit_stops_the_table_at_the_largest_n_done(capsys):
    status, out, _ = run(capsys, "cr", "--n", "3..6", "--messages", "--max-states", 500, "--json")
    assert status == 3
    table = json.loads(out)
    assert [r["n"] for r in table["rows"]] == [3, 4]
    assert "n = 5" in table["stopped"] and "largest n done exactly is 4" in table["stopped"]


def test_time_limit_stops_the_table(capsys):
    # Compiling the C explorer for one n takes a second or more on an empty cache (the budget
    # counts it, as a user's wall clock does): compile n = 3 first, so that within the budget n = 3
    # is sure to finish and n = 9 (40,320 arrangements) is sure not to.
    try:
        NativeEngine.for_algorithm(LCR, 3, reading_report(LCR, 3).trusted)
    except NativeUnavailable:
        pass  # no compiler: the Python engine explores n = 3 in milliseconds
    status, out, _ = run(capsys, "lcr", "--n", "3..9", "--messages", "--time-limit", 1, "--jobs", 1, "--json")
    assert status == 3
    table = json.loads(out)
    done = [r["n"] for r in table["rows"]]
    assert done == list(range(3, 3 + len(done))) and 3 in done and 9 not in done
    assert table["stopped"] == (f"n = {done[-1] + 1} did not finish within the time budget of 1 s; "
                                f"the largest n done exactly is {done[-1]}")


def test_sample_is_labelled_and_within_the_exact_range(capsys):
    exact = message_table(CR, [4], jobs=1).rows[0]
    table = message_table(CR, [3, 4], max_states=100, sample=20, seed=1)
    assert [r.kind for r in table.rows] == ["exact", "sample"]
    sampled = table.rows[1]
    assert sampled.samples == 20 and exact.min <= sampled.min <= sampled.max <= exact.max
    assert sampled.mean_worst is None and exact.min <= sampled.mean_sampled <= exact.max
    again = message_table(CR, [3, 4], max_states=100, sample=20, seed=1).rows[1]
    assert (again.min, again.max, again.mean_sampled) == (sampled.min, sampled.max, sampled.mean_sampled)
    assert "sample of 20" in table.render()


@pytest.mark.parametrize("argv,message", [
    (["cr", "--n", "8..3", "--messages"], "1 <= LOW <= HIGH"),
    (["cr", "--n", "a..b", "--messages"], "a range such as 3..8"),
    (["cr", "--n", "3..", "--messages"], "a range such as 3..8"),
    (["cr", "--n", "3..5"], "give one n"),
    (["cr", "--messages"], "give --n"),
    (["cr", "--n", "3", "--messages", "--ids", "1,2,3"], "drop --ids"),
    (["cr", "--n", "3", "--messages", "--plot", "out.gif"], "--plot out.gif"),
    (["cr", "--n", "3", "--messages", "--sample", "0"], "--sample must be at least 1"),
])
def test_bad_measuring_commands_get_one_line_and_exit_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_violating_algorithm_gets_a_violated_row_without_figures(capsys):
    mutant = os.path.join(MUTANTS, "lcr_never_terminates.py")
    status, out, _ = run(capsys, mutant, "--n", "2..3", "--messages", "--json")
    table = json.loads(out)
    assert status == 1
    assert [(r["verdict"], r["max"], r["violation"].split(":")[0]) for r in table["rows"]] == [
        ("violated", None, "termination")] * 2
