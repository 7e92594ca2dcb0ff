"""Quantities of randomized algorithms: Storm against an independent exact solver, against figures
computed by hand, and the command line around them."""
import json
import os
import re
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algorithms.itai_rodeh import ItaiRodeh
from checker.cli import main
from checker.cli.loader import load_algorithm
from checker.cli.randomized import EXPORT_FORMATS
from checker.quantify import quantify
from checker.quantify.export import write_drn
from checker.quantify.mdp import Mdp, build_mdp
from checker.quantify.questions import Bounds
from checker.quantify.report import render
from checker.quantify.storm import INFINITY, StormModel

import exact  # the tests' own solver, beside this file
from conftest import MUTANTS

CONSTANT_COIN = os.path.join(os.path.dirname(__file__), "constant_coin.py")
LEAD_OR_TOSS = os.path.join(os.path.dirname(__file__), "lead_or_toss.py")


def _storm_against_exact(mdp: Mdp, ks=(0, 1, 5, 12)):
    """Every question, Storm's exact answer against the test solver's, in the initial state."""
    storm = StormModel(mdp)
    elected = storm.label("elected")
    target = {s for s in range(mdp.states) if mdp.elected[s]}
    model = exact.from_mdp(mdp, "steps")
    for maximise, word in ((False, "min"), (True, "max")):
        assert storm.value(f"P{word}=? [F {elected}]") == exact.reach(model, target, maximise)[0]
        for k in ks:
            assert storm.value(f"P{word}=? [F<={k} {elected}]") == exact.bounded_reach(model, target, k, maximise)[0]
        for reward in ("steps", "messages") + (("rounds",) if mdp.has_rounds else ()):
            mine = exact.expected_reward(exact.from_mdp(mdp, reward), target, maximise)[0]
            assert storm.expected(reward, word, elected) == mine, (reward, word)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_storm_agrees_with_the_exact_solver_on_itai_rodeh(n):
    _storm_against_exact(build_mdp(ItaiRodeh, n))


def test_storm_agrees_with_the_exact_solver_where_election_is_not_sure():
    mutant = load_algorithm(os.path.join(MUTANTS, "itai_rodeh_hop_not_counted.py"))
    _storm_against_exact(build_mdp(mutant, 2))


def _mdp_from(rows, elected) -> Mdp:
    """An Mdp by hand: rows[s] = [(messages, [(target, probability), ...]), ...]."""
    mdp = Mdp("random", 1, (1,), False, True)
    values, number = [], {}

    def value(v):
        v = Fraction(v)
        if v not in number:
            number[v] = len(values)
            values.append(v)
        return number[v]

    for row in rows:
        for messages, outcomes in row:
            mdp.choice_process.append(0)
            mdp.choice_instance.append(len(mdp.choice_instance))
            mdp.choice_messages.append(value(messages))
            mdp.choice_rounds.append(value(messages % 2))
            for target, probability in outcomes:
                mdp.outcome_target.append(target)
                mdp.outcome_probability.append(value(probability))
            mdp.outcome_start.append(len(mdp.outcome_target))
        mdp.row_of.append(mdp.add_row())
    mdp.values = values
    mdp.elected = bytearray(elected)
    return mdp


@st.composite
def _random_mdps(draw):
    states = draw(st.integers(2, 6))
    rows = []
    for s in range(states):
        choices = draw(st.integers(0 if s else 1, 3))
        row = []
        for _ in range(choices):
            targets = draw(st.lists(st.integers(0, states - 1), min_size=1, max_size=3, unique=True))
            weights = draw(st.lists(st.integers(1, 4), min_size=len(targets), max_size=len(targets)))
            row.append((draw(st.integers(0, 3)), [(t, Fraction(w, sum(weights))) for t, w in zip(targets, weights)]))
        rows.append(row)
    elected = draw(st.lists(st.booleans(), min_size=states, max_size=states))
    return _mdp_from(rows, elected)


@settings(max_examples=40, deadline=None)
@given(_random_mdps())
def test_storm_agrees_with_the_exact_solver_on_random_mdps(mdp):
    """End components, zero rewards, unreachable targets, terminal states: whatever the shape."""
    _storm_against_exact(mdp, ks=(0, 2, 7))


def _surviving(bits):
    """Seed-free count: a processor stays active unless it chose 0 and the active one before it chose 1."""
    k = len(bits)
    return sum(1 for i in range(k) if not (bits[i] == 0 and bits[i - 1] == 1))


def expected_rounds(n: int) -> Fraction:
    """Itai-Rodeh's expected rounds by hand: R_k = 1 + sum_j P(k -> j) R_j over j >= 2 (the round that
    leaves one processor active also elects it: its counter comes back), R for n = 1 is one round."""
    if n == 1:
        return Fraction(1)
    rounds = {1: Fraction(0)}
    for k in range(2, n + 1):
        patterns = list(product((0, 1), repeat=k))
        stay = Fraction(sum(1 for b in patterns if _surviving(b) == k), len(patterns))
        others = sum(Fraction(1, len(patterns)) * rounds[_surviving(b)] for b in patterns if _surviving(b) < k)
        rounds[k] = (1 + others) / (1 - stay)
    return rounds[n]


def elected_by_round(n: int, rounds: int) -> list[Fraction]:
    """P(a leader is elected within k rounds), k = 1..rounds, from the chain of active counts."""
    if n == 1:
        return [Fraction(1)] * rounds
    active, done, by_round = {n: Fraction(1)}, Fraction(0), []
    for _ in range(rounds):
        following = {}
        for k, p in active.items():
            patterns = list(product((0, 1), repeat=k))
            for bits in patterns:
                j = _surviving(bits)
                following[j] = following.get(j, Fraction(0)) + p / len(patterns)
        done += following.pop(1, Fraction(0))  # one left active: its counter comes back, it is elected
        active = following
        by_round.append(done)
    return by_round


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_itai_rodeh_election_by_round_k_matches_the_chain(n):
    q = quantify(ItaiRodeh, n, distribution=6, unit="rounds")
    assert [b.minimum for b in q.distribution] == [b.maximum for b in q.distribution] == elected_by_round(n, 6)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_itai_rodeh_rounds_and_messages_match_the_recurrence_and_prism(n):
    q = quantify(ItaiRodeh, n, expected=("rounds", "messages"))
    rounds = expected_rounds(n)
    assert q.expected["rounds"].minimum == q.expected["rounds"].maximum == rounds
    # every round, each processor sends (or relays) one preference and one counter
    assert q.expected["messages"].minimum == q.expected["messages"].maximum == 2 * n * rounds
    # the PRISM case study's figures (Storm's test suite, value iteration): 10/3 at N = 3, 4.285689611 at N = 4
    published = {3: 3.3333333, 4: 4.285689611}
    if n in published:
        assert abs(float(rounds) - published[n]) < 1e-4


@pytest.mark.parametrize("n, published", [(4, "4.285689611"), (7, "6.172433512")])
def test_randomized_md_says_how_far_storms_published_rounds_are_from_the_exact_ones(n, published):
    """Storm's suite prints value-iteration approximations: the page gives the exact shortfall."""
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "randomized.md")) as page:
        text = " ".join(page.read().split())
    exact = expected_rounds(n)
    assert f"{exact} - {published} = {exact - Fraction(published)}" in text


def test_without_coins_an_anonymous_ring_never_elects():
    """Seed 000's impossibility, on the asynchronous ring: Itai-Rodeh with a coin that always gives 1
    never elects under any scheduler (`check theorem anonymous-ring` proves it for every synchronous
    algorithm: tests/prove/test_theorems.py)."""
    q = quantify(load_algorithm(CONSTANT_COIN), 3)
    assert q.eventually.minimum == q.eventually.maximum == 0
    assert q.counterexample is not None and q.counterexample.loop_start is not None


def test_an_algorithm_that_reads_ids_has_a_model_per_arrangement(capsys):
    q = quantify(load_algorithm(os.path.join(os.path.dirname(__file__), "reads_ids.py")), 3, expected=("rounds",))
    # rounds are counted where process 0 sends: every arrangement is a model (see below)
    assert not q.anonymous and q.arrangements == 6 and q.represented == 6
    assert q.states == 6 * 415 and q.expected["rounds"].minimum == q.expected["rounds"].maximum == Fraction(10, 3)


ROUNDS_BY_POSITION = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fuzz", "catalogue",
                                  "class10_expected_rounds_by_rotation", "fz_rounds.py")


def test_rounds_counted_at_process_0_take_every_arrangement_not_one_per_rotation():
    """The process with id 2 relays twice: how many rounds process 0 completes depends on where id
    2 sits from it, so a rotation is another model. One per rotation class gave 11/3 rounds at
    most; the arrangement (1, 3, 2), which one of them stood for, has 14/3."""
    algorithm = load_algorithm(ROUNDS_BY_POSITION)
    rounds = quantify(algorithm, 3, expected=("rounds",))
    assert (rounds.arrangements, rounds.represented) == (6, 6)
    assert rounds.expected["rounds"].maximum == Fraction(14, 3)
    steps = quantify(algorithm, 3, expected=("steps",))  # steps do not single out a process
    assert (steps.arrangements, steps.represented) == (2, 6)


def test_a_terminal_state_without_a_leader_is_shown(capsys):
    q = quantify(load_algorithm(os.path.join(os.path.dirname(__file__), "coin_or_nothing.py")), 1, within=1)
    assert q.eventually.minimum == q.eventually.maximum == q.within[1].minimum == Fraction(1, 2)
    assert q.trap.startswith("a terminal state without a leader") and len(q.counterexample.steps) == 1
    assert q.counterexample.steps[0].changes["leader"] == ("NIL", "FALSE")


def _cli(capsys, *argv):
    status = main([str(a) for a in argv])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_cli_prints_exact_fractions_and_decimals(capsys):
    status, out, _ = _cli(capsys, "itai-rodeh", "--n", 3, "--expected", "--within", 25)
    assert status == 0
    assert "with probability 1 under every scheduler" in out
    assert "expected rounds" in out and "10/3 = 3.33333" in out
    assert "stands for all 6 arrangements" in out and "Storm" in out


def test_cli_json_keeps_exact_values_as_strings(capsys):
    status, out, _ = _cli(capsys, "itai-rodeh", "--n", "2..3", "--expected", "rounds", "--json")
    assert status == 0
    results = json.loads(out)["results"]
    assert [r["expected"]["rounds"]["min"] for r in results] == ["2", "10/3"]
    assert results[1]["expected"]["rounds"]["max_decimal"] == pytest.approx(10 / 3)
    assert results[0]["elected_eventually"] == {"min": "1", "max": "1", "min_decimal": 1.0, "max_decimal": 1.0}


def test_cli_range_prints_one_row_per_n(capsys):
    status, out, _ = _cli(capsys, "itai-rodeh", "--n", "1..3", "--expected", "rounds")
    assert status == 0
    rows = [line.split() for line in out.splitlines()[2:5]]
    assert [row[0] for row in rows] == ["1", "2", "3"]
    assert rows[2][-3:] == ["10/3", "=", "3.33333"]
    assert out.splitlines()[3] == "  2  44      1                   2"  # min = max: one value
    assert out.splitlines()[5].startswith("  solved exactly by Storm")  # no n failed: no trap line


def test_cli_shows_the_trap_of_an_algorithm_that_may_never_elect(capsys):
    status, out, _ = _cli(capsys, os.path.join(MUTANTS, "itai_rodeh_hop_not_counted.py"), "--n", 2, "--expected",
                          "steps")
    assert status == 1
    assert "NOT ALMOST SURE" in out and "Counterexample to almost-sure election" in out
    assert "repeat forever" in out and "infinity" in out


def test_cli_distribution_table_and_plot(capsys, tmp_path):
    picture = tmp_path / "distribution.png"
    status, out, _ = _cli(capsys, "itai-rodeh", "--n", 2, "--distribution", 8, "--plot", picture)
    assert status == 0
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "within k steps" in line)
    assert len(lines[start + 2:start + 10]) == 8 and lines[start + 2].split()[:2] == ["1", "0"]
    assert picture.stat().st_size > 0


# every randomized algorithm --export takes, small: the built-ins (itai-rodeh-sync with --k too,
# whose name "itai-rodeh-sync (K = 3)" is no PRISM identifier), and the mutant whose election is
# not almost sure (some expectations infinite)
EXPORTED = [
    ["itai-rodeh", "--n", "3"],
    ["itai-rodeh-sync", "--n", "3"],
    ["itai-rodeh-sync", "--n", "4", "--k", "3"],
    ["random-one-bit", "--n", "3"],
    [os.path.join(MUTANTS, "itai_rodeh_hop_not_counted.py"), "--n", "2"],
]


def _storm_reads(path):
    """The model Storm builds from an exported file, exactly (every label and reward model)."""
    import stormpy

    if str(path).endswith(".drn"):
        return stormpy.build_model_from_drn[stormpy.numbers.Rational](str(path))
    return stormpy.build_model[stormpy.numbers.Rational](stormpy.parse_prism_program(str(path)))


def _storm_value(model, formula: str) -> str:
    """The formula's value in the initial state, written as ringleader's JSON writes values."""
    import stormpy

    result = stormpy.model_checking(model, stormpy.parse_properties(formula)[0])
    text = str(result.get_value(model.initial_states[0]))
    return "infinity" if text in ("inf", "infinity") else text


@pytest.mark.parametrize("extension", EXPORT_FORMATS)
@pytest.mark.parametrize("argv", EXPORTED, ids=lambda argv: " ".join(os.path.basename(a) for a in argv))
def test_every_export_read_back_by_storm_gives_the_figures_ringleader_reports(capsys, tmp_path, argv, extension):
    """Exactly: both formats keep the rationals, and Storm solves them with rational arithmetic."""
    target = tmp_path / f"model{extension}"
    status, out, _ = _cli(capsys, *argv, "--expected", "--within", 3, "--export", target, "--json")
    [reported] = json.loads(out)["results"]
    model = _storm_reads(target)
    assert model.nr_states == reported["states"]
    for word in ("min", "max"):
        assert _storm_value(model, f'P{word}=? [F "elected"]') == reported["elected_eventually"][word]
        assert _storm_value(model, f'P{word}=? [F<=3 "elected"]') == reported["elected_within"][word]
        for reward, bounds in reported["expected"].items():
            assert _storm_value(model, f'R{{"{reward}"}}{word}=? [F "elected"]') == bounds[word], reward
    assert status == (0 if reported["elected_eventually"]["min"] == "1" else 1)


@pytest.mark.parametrize("name", ["module", "2 coins", "café-x"])
def test_an_algorithm_named_unlike_a_prism_identifier_exports_a_module_storm_reads(capsys, tmp_path, name):
    """A keyword, a leading digit, a letter outside ASCII."""
    path = tmp_path / "named.py"
    path.write_text("from algorithms.itai_rodeh import ItaiRodeh\n\n\n"
                    f"class Named(ItaiRodeh, name={name!r}):\n    pass\n")
    target = tmp_path / "model.nm"
    status, out, _ = _cli(capsys, path, "--n", 2, "--expected", "rounds", "--export", target, "--json")
    [reported] = json.loads(out)["results"]
    assert status == 0
    assert _storm_value(_storm_reads(target), 'R{"rounds"}max=? [F "elected"]') == reported["expected"]["rounds"]["max"]


@pytest.mark.parametrize("argv,words", [
    (["hs", "--n", "3", "--expected"], "draws no random value"),
    (["lcr", "--n", "3", "--within", "4"], "draws no random value"),
    (["itai-rodeh", "--n", "3", "--expected", "hops"], "choose among steps, messages, rounds"),
    (["itai-rodeh", "--n", "3", "--export", "model.txt"], "use a file ending in .drn"),
    (["itai-rodeh", "--n", "2..3", "--export", "model.drn"], "give one n"),
    (["itai-rodeh", "--n", "3", "--plot", "p.png", "--expected"], "--plot goes with --messages or --distribution"),
    (["itai-rodeh", "--n", "3", "--unit", "rounds", "--expected"], "--unit goes with --within or --distribution"),
    (["itai-rodeh", "--n", "3", "--within", "3", "--trace-out", "t.txt"], "--trace-out goes with"),
    (["itai-rodeh", "--n", "3", "--expected", "--messages"], "go alone"),
    (["itai-rodeh", "--n", "3", "--ids", "1,2,3", "--expected"], "drop --ids"),
    (["itai-rodeh", "--n", "3", "--messages"], "--expected messages gives"),
    (["itai-rodeh", "--n", "3", "--within", "2", "--unit", "hours"], "invalid choice"),
])
def test_cli_refuses_bad_questions_in_one_line(capsys, argv, words):
    status, out, err = _cli(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("check: ") and words in err and err.count("\n") == 1


def test_rounds_need_a_round_message(capsys):
    status, _, err = _cli(capsys, os.path.join(os.path.dirname(__file__), "no_rounds.py"), "--n", 2,
                          "--expected", "rounds")
    assert status == 2 and "does not say what a round is" in err


def test_a_model_larger_than_max_states_stops_with_status_3(capsys):
    status, _, err = _cli(capsys, "itai-rodeh", "--n", 4, "--expected", "--max-states", 100)
    assert status == 3 and "--max-states 100" in err


def test_the_drn_text_is_exact(tmp_path):
    import io

    text = io.StringIO()
    write_drn(build_mdp(ItaiRodeh, 1), text)
    drn = text.getvalue()
    assert "@value_type: rational" in drn and " : 1/2" in drn and "init" in drn and "elected" in drn
    assert INFINITY == "inf"


def test_a_scheduler_that_decides_the_election_gives_bounds_apart_and_exit_1(capsys):
    """lead-or-toss: elected with probability 1/2 to 1 as the scheduler picks, and no message: the
    least expected messages is 0 (a scheduler that always elects), the largest infinite (one that
    may miss the election); the run is not almost sure, so exit 1, judged on the least."""
    q = quantify(load_algorithm(LEAD_OR_TOSS), 1, expected=("messages",))
    assert (q.eventually.minimum, q.eventually.maximum) == (Fraction(1, 2), 1)
    assert (q.expected["messages"].minimum, q.expected["messages"].maximum) == (0, INFINITY)
    status, out, _ = _cli(capsys, LEAD_OR_TOSS, "--n", 1, "--expected", "messages", "--json")
    result = json.loads(out)["results"][0]
    assert status == 1 and q.exit_status == 1
    assert result["expected"]["messages"]["min"] == "0" and result["expected"]["messages"]["max"] == "infinity"


def test_bounds_over_arrangements_are_the_least_minimum_and_the_largest_maximum():
    half, third = Fraction(1, 2), Fraction(1, 3)
    combined = Bounds.combine([Bounds(half, 1), Bounds(third, half), Bounds(1, 1)])
    assert (combined.minimum, combined.maximum) == (third, 1)
    assert Bounds.combine([Bounds(2, INFINITY), Bounds(3, 5)]).maximum == INFINITY
    assert Bounds.combine([Bounds(INFINITY, INFINITY), Bounds(3, 5)]).minimum == 3


def _timeless(text: str) -> str:
    return re.sub(r"\d+\.\d\d s", "T s", text)


def test_the_report_lays_out_every_quantity_asked(capsys):
    """The text as the command line prints it, rows aligned: bounds apart, a distribution, the trap."""
    status, out, _ = _cli(capsys, LEAD_OR_TOSS, "--n", 1, "--expected", "messages,steps", "--within", 1,
                          "--distribution", 2)
    assert status == 1
    assert _timeless(out.split("\n\n")[0]) == """\
lead-or-toss on a unidirectional ring, n = 1: NOT ALMOST SURE: some scheduler elects with probability 1/2 = 0.5 only
  model       3 states, 2 choices, 3 transitions (one model with hidden ids stands for all 1 arrangements: no id is read)
                          min (over schedulers)  max
  elected eventually      1/2 = 0.5              1
  elected within 1 steps  1/2 = 0.5              1
  expected messages       0                      infinity
  expected steps          1                      infinity
  probability of an election within k steps
       k  min                           max
       1  1/2 = 0.5                     1
       2  1/2 = 0.5                     1
  why         a terminal state without a leader (step 1)
  time        model built in T s; solved exactly by Storm (stormpy 2.0.0, rational arithmetic) in T s"""


def test_the_report_says_the_same_when_every_scheduler_agrees(capsys):
    status, out, _ = _cli(capsys, "itai-rodeh", "--n", 2, "--expected", "rounds")
    assert status == 0
    assert out.splitlines()[:5] == [
        "itai-rodeh on a unidirectional ring, n = 2: a leader is elected with probability 1 under every scheduler",
        "  model       44 states, 66 choices, 86 transitions (one model with hidden ids stands for all 2 arrangements: "
        "no id is read)",
        "                      min (over schedulers)  max",
        "  elected eventually  1                      (the same)",
        "  expected rounds     2                      (the same)",
    ]
    q = quantify(load_algorithm(os.path.join(os.path.dirname(__file__), "reads_ids.py")), 3)
    assert render(q).splitlines()[1].endswith("(2 arrangement(s) standing for 6, summed)")


def test_the_range_table_has_a_row_per_n_and_the_traps(capsys):
    status, out, _ = _cli(capsys, LEAD_OR_TOSS, "--n", "1..2", "--expected", "messages")
    assert status == 1
    assert _timeless(out.split("\n\n")[0]).replace("; T s", "") == """\
lead-or-toss on a unidirectional ring: exact, over every scheduler (one value: min = max; else min .. max)
  n  states  elected eventually  expected messages
  1  3       1/2 = 0.5 .. 1      0 .. infinity
  2  9       3/4 = 0.75 .. 1     0 .. infinity
  n = 1: a terminal state without a leader (step 1)
  n = 2: a terminal state without a leader (step 2)
  solved exactly by Storm (stormpy 2.0.0, rational arithmetic)"""


def test_the_json_keeps_every_quantity(capsys):
    status, out, _ = _cli(capsys, LEAD_OR_TOSS, "--n", 1, "--expected", "messages", "--within", 1, "--distribution", 1,
                          "--json")
    report = json.loads(out)
    result = report["results"][0]
    assert status == 1 and result.pop("counterexample")["property"] == "almost-sure election"
    seconds = result.pop("seconds")
    assert set(seconds) == {"build", "solve"} and all(round(t, 3) == t and t >= 0 for t in seconds.values())
    assert result.pop("solver").startswith("Storm")
    half_to_one = {"min": "1/2", "max": "1", "min_decimal": 0.5, "max_decimal": 1.0}
    assert report == {
        "schema": "quantities-1", "algorithm": "lead-or-toss", "topology": "unidirectional ring", "unit": "steps",
        "results": [{
            "n": 1, "states": 3, "choices": 2, "transitions": 3,
            "arrangements": {"analysed": 1, "represented": 1, "anonymous": True},
            "elected_eventually": half_to_one, "elected_within": {"k": 1, **half_to_one},
            "expected": {"messages": {"min": "0", "max": "infinity", "min_decimal": 0.0, "max_decimal": None}},
            "distribution": [{"k": 1, **half_to_one}],
            "trap": "a terminal state without a leader (step 1)",
        }],
    }


def test_the_trap_is_shown_by_a_trace_that_reaches_it(capsys):
    """lead-or-toss at n = 2: both toss tails, a terminal state without a leader, in two steps;
    itai-rodeh-hop-not-counted: a trap of 50 states the trace reaches and loops in."""
    q = quantify(load_algorithm(LEAD_OR_TOSS), 2)
    assert q.trap == "a terminal state without a leader (step 2)"
    assert [(s.position, s.command, s.changes["leader"]) for s in q.counterexample.steps] == [
        (0, "toss", ("NIL", "FALSE")), (1, "toss", ("NIL", "FALSE"))]
    status, out, _ = _cli(capsys, os.path.join(MUTANTS, "itai_rodeh_hop_not_counted.py"), "--n", 2, "--expected",
                          "steps", "--json")
    result = json.loads(out)["results"][0]
    reason = ("a scheduler can keep 50 state(s) without a leader going forever whatever the coins; the trace "
              "reaches them and loops from step 5")
    assert result["trap"] == result["counterexample"]["reason"] == reason
    assert result["counterexample"]["loop_start"] == 4 and len(result["counterexample"]["steps"]) == 8


def test_the_distribution_plot_draws_min_and_max_per_n(monkeypatch, tmp_path):
    """What the picture holds: per n the least probability of an election within k, and the
    largest where it differs, against k, labelled."""
    from matplotlib.figure import Figure

    from checker.quantify.report import plot_distribution

    drawn = []
    monkeypatch.setattr(Figure, "savefig", lambda figure, path: drawn.append((figure, path)))
    results = [quantify(load_algorithm(LEAD_OR_TOSS), n, distribution=2) for n in (1, 2)]
    plot_distribution(results, str(tmp_path / "p.png"))
    [(figure, path)] = drawn
    [axes] = figure.axes
    assert path == str(tmp_path / "p.png")
    assert axes.get_xlabel() == "k (steps)" and axes.get_ylabel() == "probability that a leader is elected within k"
    assert axes.get_title() == "lead-or-toss: election within k steps, over every scheduler"
    assert axes.get_ylim() == (0, 1.02)
    curves = {line.get_label(): (list(line.get_xdata()), list(line.get_ydata())) for line in axes.get_lines()}
    assert curves == {"n = 1, min": ([1, 2], [0.5, 0.5]), "n = 1, max": ([1, 2], [1.0, 1.0]),
                      "n = 2, min": ([1, 2], [0.5, 0.75]), "n = 2, max": ([1, 2], [1.0, 1.0])}
    assert [t.get_text() for t in axes.get_legend().get_texts()] == list(curves)
    plot_distribution([quantify(ItaiRodeh, 2, distribution=2)], str(tmp_path / "q.png"))  # min = max: one curve
    assert [line.get_label() for line in drawn[1][0].axes[0].get_lines()] == ["n = 2"]


@pytest.mark.parametrize("name, identifier", [
    ("itai-rodeh-sync (K = 3)", "itai_rodeh_sync_K_3"), ("Mixed-Case", "Mixed_Case"), ("module", "algorithm_module"),
    ("2 coins", "algorithm_2_coins"), ("café-x", "caf_x"), ("--", "algorithm"), ("_x_", "x"),
])
def test_a_prism_module_name_is_an_identifier(name, identifier):
    from checker.quantify.export import prism_identifier

    assert prism_identifier(name) == identifier


def test_the_prism_file_declares_the_states_and_a_label_no_state_has(tmp_path):
    """A coin that never elects: s ranges over the states explored, and "elected" is false."""
    from checker.quantify.export import export

    mdp = build_mdp(load_algorithm(CONSTANT_COIN), 2)
    path = str(tmp_path / "never.nm")
    assert export(mdp, path) == "prism"
    text = open(path).read()
    assert f"\ts : [0..{mdp.states - 1}] init 0;\n" in text and 'label "elected" = false;\n' in text
