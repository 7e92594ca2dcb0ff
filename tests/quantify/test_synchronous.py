"""Synchronous algorithms that draw (models/systems/probabilistic_rounds.py): their rounds are a Markov
chain, answered by Storm exactly; checked against the recurrences of docs/randomized.md,
computed here by hand, and against the tests' own exact solver."""
import json
import os
from fractions import Fraction
from itertools import product
from math import comb

import pytest
from conftest import MUTANTS
from test_quantify import _storm_against_exact

from algorithms.itai_rodeh_sync import ItaiRodehSync
from algorithms.random_one_bit import RandomOneBit, RandomOneBitLiteral
from checker.cli import main
from checker.cli.loader import load_algorithm, with_k
from checker.quantify import quantify
from checker.quantify.mdp import build_mdp
from models import SYNCHRONOUS, Algorithm, AlgorithmError, Local, Network, Not, spontaneous

ONES_QUIT = os.path.join(MUTANTS, "networks", "random_one_bit_ones_quit.py")


def one_bit_rounds(n: int) -> Fraction:
    """Rounds of the text until election, m processes active: T(1) = 2 (a lone process waits for a
    1); for m >= 2 the round draws k ones with probability C(m, k)/2^m, and then k = 1 elects,
    k = 0 and k = m leave all m active, any other k leaves k: T(m) = 1 + sum P(k) T(next)."""
    if n == 1:
        return Fraction(2)
    rounds = {}
    for m in range(2, n + 1):
        stay = Fraction(2, 2 ** m)
        others = sum(Fraction(comb(m, k), 2 ** m) * rounds[k] for k in range(2, m))
        rounds[m] = (1 + others) / (1 - stay)
    return rounds[n]


def one_bit_broadcasts(n: int) -> Fraction:
    """Bits drawn (each sent to the n - 1 others) until election: S(m) = m + sum P(k) S(next),
    the same chain as one_bit_rounds with a reward of m a round."""
    broadcasts = {1: Fraction(2)}
    for m in range(2, n + 1):
        stay = Fraction(2, 2 ** m)
        others = sum(Fraction(comb(m, k), 2 ** m) * broadcasts[k] for k in range(2, m))
        broadcasts[m] = (m + others) / (1 - stay)
    return broadcasts[n]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_random_one_bit_matches_the_recurrences(n):
    q = quantify(RandomOneBit, n, expected=("rounds", "steps", "messages"))
    assert q.eventually.minimum == 1
    rounds, steps, messages = (q.expected[name] for name in ("rounds", "steps", "messages"))
    assert rounds.minimum == rounds.maximum == one_bit_rounds(n)
    assert steps.minimum == one_bit_rounds(n) + 1  # the text's round spans two synchronous ones
    assert messages.minimum == (n - 1) * one_bit_broadcasts(n)
    assert one_bit_broadcasts(n) == 2 * n  # the closed form docs/randomized.md proves


def one_bit_literal_messages(n: int) -> Fraction:
    """Messages until election when a bit goes to the active neighbours only, as seed 002 says:
    M(m) = m(m - 1) + sum P(k) M(next), the chain of one_bit_rounds with that reward a round."""
    messages = {1: Fraction(0)}
    for m in range(2, n + 1):
        stay = Fraction(2, 2 ** m)
        others = sum(Fraction(comb(m, k), 2 ** m) * messages[k] for k in range(2, m))
        messages[m] = (m * (m - 1) + others) / (1 - stay)
    return messages[n]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_the_literal_reading_sends_to_the_active_only_and_elects_as_random_one_bit(n):
    q = quantify(RandomOneBitLiteral, n, expected=("rounds", "steps", "messages"))
    assert q.eventually.minimum == 1
    rounds, steps, messages = (q.expected[name] for name in ("rounds", "steps", "messages"))
    assert rounds.minimum == rounds.maximum == one_bit_rounds(n)  # the same coins decide the same elections
    assert steps.minimum == one_bit_rounds(n) + 1
    assert messages.minimum == messages.maximum == one_bit_literal_messages(n)


def test_the_literal_reading_through_the_cli(capsys):
    status = main(["random-one-bit-literal", "--n", "1..5", "--expected", "messages", "--json"])
    results = json.loads(capsys.readouterr().out)["results"]
    assert status == 0
    assert [r["expected"]["messages"]["max"] for r in results] == ["0", "4", "10", "128/7", "610/21"]
    assert [r["states"] for r in results] == [4, 7, 27, 117, 548]
    # no bit reaches a process that has quit: it has no command to take one (none is unmatched)
    assert main(["random-one-bit-literal", "--n", "4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["verdict"] == "verified" and summary["unmatched_receptions"] == 0


# the chain's states at n = 1..5 (pinned: a change of the semantics or of the algorithm shows here)
PINNED = {1: 4, 2: 7, 3: 24, 4: 77, 5: 238}


@pytest.mark.parametrize("n", sorted(PINNED))
def test_random_one_bit_states_are_pinned_and_the_model_is_a_chain(n):
    mdp = build_mdp(RandomOneBit, n)
    assert mdp.states == PINNED[n] and mdp.anonymous
    assert all(len(mdp.choices_of(s)) <= 1 for s in range(mdp.states))  # nothing left to a scheduler


@pytest.mark.parametrize("n", [2, 3, 4])
def test_storm_agrees_with_the_exact_solver_on_random_one_bit(n):
    _storm_against_exact(build_mdp(RandomOneBit, n))


def test_election_by_round_k_follows_the_chain_of_active_counts():
    q = quantify(RandomOneBit, 3, distribution=4, unit="rounds")
    # by hand: from 3 active, a round elects with 3/8, leaves 2 with 3/8, stays at 3 with 2/8;
    # from 2 active a round elects with 1/2 and stays with 1/2
    active, done, by_round = {3: Fraction(1)}, Fraction(0), []
    for _ in range(4):
        following = {}
        for m, p in active.items():
            for k in range(m + 1):
                chance = p * Fraction(comb(m, k), 2 ** m)
                if k == 1:
                    done += chance
                else:
                    after = m if k in (0, m) else k
                    following[after] = following.get(after, Fraction(0)) + chance
        active = following
        by_round.append(done)
    assert [b.minimum for b in q.distribution] == by_round


def test_a_mutant_that_can_leave_nobody_is_not_almost_sure_and_its_rounds_replay(capsys):
    status = main([ONES_QUIT, "--n", "2", "--expected", "rounds"])
    out = capsys.readouterr().out
    assert status == 1
    assert "elects with probability 2/3 = 0.666667 only" in out
    assert "Counterexample to almost-sure election: a terminal state without a leader (step 2)" in out
    assert "synchronous rounds" in out and "receive_bit, quit" in out


def test_several_enabled_commands_in_a_round_are_refused():
    class Choosy(Algorithm, name="choosy"):
        topology = Network
        default_graphs = "complete"
        timing = SYNCHRONOUS
        done = Local(bool, False)

        def is_leader(p):
            return p.done

        def decided(p):
            return p.done

        @spontaneous(when=lambda p: Not(p.done))
        def heads(p):
            p.done = p.draw((True, False))

        @spontaneous(when=lambda p: Not(p.done))
        def tails(p):
            p.done = True

    with pytest.raises(AlgorithmError, match="its compute step enables several commands \\(heads, tails\\)"):
        build_mdp(Choosy, 2)


def test_rounds_need_round_commands_on_a_synchronous_algorithm(capsys):
    class Unnamed(RandomOneBit, name="random-one-bit-unnamed"):
        round_commands = ()

    with pytest.raises(AlgorithmError, match="set round_commands"):
        quantify(Unnamed, 2, expected=("rounds",))
    assert quantify(Unnamed, 2, expected=("steps",)).expected["steps"].minimum == 3


def test_cli_range_prints_the_table_with_exact_fractions(capsys):
    status = main(["random-one-bit", "--n", "1..4", "--expected", "rounds,steps,messages", "--json"])
    results = json.loads(capsys.readouterr().out)["results"]
    assert status == 0
    assert [r["expected"]["rounds"]["min"] for r in results] == ["2", "2", "7/3", "8/3"]
    assert [r["expected"]["messages"]["max"] for r in results] == ["0", "4", "12", "24"]


def test_the_qualitative_check_covers_complete_graphs_only(capsys):
    assert main(["random-one-bit", "--n", "3"]) == 0
    assert "on the complete graph, n = 3: VERIFIED" in capsys.readouterr().out
    assert load_algorithm("random-one-bit").default_graphs == "complete"
    assert main(["random-one-bit", "--n", "3", "--graph", "path"]) == 1  # "completely connected networks only"


def some_id_unique(n: int, k: int) -> Fraction:
    """P(some id of n drawn uniformly from 1..k is drawn once), by counting the k^n draws."""
    draws = list(product(range(1, k + 1), repeat=n))
    return Fraction(sum(1 for d in draws if any(d.count(v) == 1 for v in d)), len(draws))


@pytest.mark.parametrize("n,k", [(2, 2), (3, 2), (3, 3), (4, 3), (4, 4), (5, 2)])
def test_itai_rodeh_sync_expects_one_over_the_chance_of_a_unique_id(n, k):
    q = quantify(with_k(ItaiRodehSync, k), n, expected=("rounds", "steps", "messages"))
    rounds = 1 / some_id_unique(n, k)  # each round elects with that chance, independently
    assert q.expected["rounds"].minimum == q.expected["rounds"].maximum == rounds
    assert q.expected["steps"].minimum == 1 + 2 * (n - 1) * rounds  # two passes of n - 1 hops a round
    assert q.expected["messages"].minimum == 2 * n * (n - 1) * rounds


def test_itai_rodeh_sync_election_by_round_is_geometric():
    q = quantify(with_k(ItaiRodehSync, 3), 4, distribution=5, unit="rounds")
    p = some_id_unique(4, 3)
    assert [b.minimum for b in q.distribution] == [1 - (1 - p) ** r for r in range(1, 6)]


def test_itai_rodeh_sync_cli_sets_k_and_names_it(capsys):
    assert main(["itai-rodeh-sync", "--n", "4", "--k", "3", "--expected", "rounds"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("itai-rodeh-sync (K = 3) on a unidirectional ring, n = 4") and "27/20 = 1.35" in out
    assert main(["lcr", "--n", "3", "--k", "3"]) == 2
    assert "--k: lcr has no constant K" in capsys.readouterr().err
