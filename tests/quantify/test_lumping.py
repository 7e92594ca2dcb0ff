"""Storm solves the explored MDP with its identical states merged, a Markov chain reduced to its
coarsest bisimulation quotient (checker/quantify/lumping.py): every answer must be the one of
the explored model, which the tests' own solver computes."""
import os
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import MUTANTS
from test_quantify import _mdp_from, _random_mdps, _storm_against_exact

import checker.quantify.storm as storm_module
from algorithms.itai_rodeh import ItaiRodeh
from algorithms.itai_rodeh_sync import ItaiRodehSync
from algorithms.random_one_bit import RandomOneBit, RandomOneBitLiteral
from checker.cli.loader import load_algorithm, with_k
from checker.quantify import quantify
from checker.quantify.lumping import lumped, merged_identical
from checker.quantify.mdp import build_mdp


# a chain whose election is not almost sure (2/3 at n = 2): a terminal state without a leader
ONES_QUIT = load_algorithm(os.path.join(MUTANTS, "networks", "random_one_bit_ones_quit.py"))


@st.composite
def _mdps_with_twins(draw):
    """A random MDP with copies of some of its states, some edges turned towards the copies; a
    copy may have the probabilities of its first choice's outcomes the other way round."""
    mdp = draw(_random_mdps())
    rows = [[(mdp.values[mdp.choice_messages[c]], [(t, p) for t, p in mdp.outcomes_of(c)]) for c in mdp.choices_of(s)]
            for s in range(mdp.states)]
    elected = list(mdp.elected)
    for original in draw(st.lists(st.integers(0, mdp.states - 1), max_size=4)):
        twin = len(rows)
        rows.append(list(rows[original]))
        if rows[twin] and draw(st.booleans()):
            messages, outcomes = rows[twin][0]
            turned = [p for _, p in outcomes][::-1]
            rows[twin][0] = (messages, [(t, p) for (t, _), p in zip(outcomes, turned)])
        elected.append(elected[original])
        for s in draw(st.lists(st.integers(0, len(rows) - 1), max_size=3)):
            rows[s] = [(m, [(twin if t == original else t, p) for t, p in outcomes]) for m, outcomes in rows[s]]
    return _mdp_from(rows, elected)


@settings(max_examples=60, deadline=None)
@given(_mdps_with_twins())
def test_storm_on_the_merged_model_answers_as_the_exact_solver_on_the_explored_one(mdp):
    _storm_against_exact(mdp, ks=(0, 2, 7))


def test_the_copies_are_merged_and_the_initial_state_stays_first():
    # 0 -> 1 or 2 (each 1/2), 1 and 2 both go to 3 (elected), 3 terminal; 1 and 2 are one state
    mdp = _mdp_from([[(1, [(1, Fraction(1, 2)), (2, Fraction(1, 2))])], [(2, [(3, 1)])], [(2, [(3, 1)])], []],
                    [False, False, False, True])
    merged = lumped(mdp)
    assert (merged.states, merged.transitions) == (3, 2)
    assert list(merged.outcomes_of(0)) == [(1, Fraction(1))]  # the two halves into one state
    assert not merged.elected[0] and merged.elected[2] and merged.terminal(2)


def test_outcomes_into_one_merged_state_add_up_to_a_new_value():
    third = Fraction(1, 3)
    mdp = _mdp_from([[(1, [(1, third), (2, third), (3, third)])], [(2, [(3, 1)])], [(2, [(3, 1)])], []],
                    [False, False, False, True])
    merged = lumped(mdp)
    assert list(merged.outcomes_of(0)) == [(1, Fraction(2, 3)), (2, third)]
    _storm_against_exact(mdp)


def test_states_that_differ_in_a_reward_or_a_label_stay_apart():
    mdp = _mdp_from([[(1, [(1, Fraction(1, 2)), (2, Fraction(1, 2))])], [(2, [(3, 1)])], [(3, [(3, 1)])], []],
                    [False, False, False, True])
    assert lumped(mdp).states == 4
    mdp = _mdp_from([[(1, [(1, Fraction(1, 2)), (2, Fraction(1, 2))])], [], []], [False, False, True])
    assert lumped(mdp).states == 3
    # the same targets with other probabilities
    mdp = _mdp_from([[(1, [(1, Fraction(1, 2)), (2, Fraction(1, 2))])], [(2, [(3, Fraction(1, 3)), (4, Fraction(2, 3))])],
                     [(2, [(3, Fraction(2, 3)), (4, Fraction(1, 3))])], [], []], [False, False, False, True, False])
    assert lumped(mdp).states == 5


@pytest.mark.parametrize("algorithm,n", [(with_k(ItaiRodehSync, 3), 4), (RandomOneBit, 5), (ItaiRodeh, 3),
                                         (RandomOneBitLiteral, 4), (ONES_QUIT, 3)], ids=str)
def test_every_question_has_the_same_answer_with_the_model_merged_or_not(algorithm, n, monkeypatch):
    def ask():
        expected = ("rounds", "steps", "messages")
        return quantify(algorithm, n, within=3, expected=expected, distribution=4, unit="rounds"), \
            quantify(algorithm, n, within=5, expected=expected, distribution=3)

    merged = ask()
    monkeypatch.setenv("RINGLEADER_LUMPING", "0")  # the user's switch
    monkeypatch.setattr(storm_module, "lumped", _never_called)
    explored = ask()
    for a, b in zip(merged, explored):
        assert (a.eventually, a.within, a.expected, a.distribution) == (b.eventually, b.within, b.expected, b.distribution)
        assert (a.states, a.choices, a.transitions) == (b.states, b.choices, b.transitions)


def _never_called(mdp):
    raise AssertionError("RINGLEADER_LUMPING=0 still merged the model")


def test_itai_rodeh_sync_merges_to_a_few_states():
    mdp = build_mdp(with_k(ItaiRodehSync, 3), 4)
    assert (mdp.states, mdp.transitions) == (547, 2247)
    assert lumped(mdp).states < 50


@st.composite
def _chains_with_a_mirror(draw):
    """A random Markov chain twice over, the second copy's outcomes listed in another order (and,
    sometimes, one of its probabilities or labels changed), entered from a new state 0 with
    probability 1/2 each: the copies are bisimilar but not identical (their targets differ)."""
    mdp = draw(_random_mdps())
    size = mdp.states
    rows = [[(mdp.values[mdp.choice_messages[c]], list(mdp.outcomes_of(c))) for c in mdp.choices_of(s)][:1]
            for s in range(size)]
    elected = list(mdp.elected)
    mirror = [[(m, [(t + size, p) for t, p in reversed(outcomes)]) for m, outcomes in row] for row in rows]
    mirror_elected = list(elected)
    change = draw(st.sampled_from(["nothing", "a probability", "a label"]))
    if change == "a probability" and mirror[0] and len(mirror[0][0][1]) > 1:
        m, outcomes = mirror[0][0]
        turned = [p for _, p in outcomes][::-1]
        mirror[0] = [(m, [(t, p) for (t, _), p in zip(outcomes, turned)])]
    elif change == "a label":
        mirror_elected[-1] = not mirror_elected[-1]
    shifted = [[(m, [(t + 1, p) for t, p in outcomes]) for m, outcomes in row] for row in rows + mirror]
    entry = [(0, [(1, Fraction(1, 2)), (size + 1, Fraction(1, 2))])]
    return _mdp_from([entry] + shifted, [False] + elected + mirror_elected)


@settings(max_examples=60, deadline=None)
@given(_chains_with_a_mirror())
def test_storm_on_the_bisimulation_quotient_of_a_chain_answers_as_the_exact_solver_on_the_chain(chain):
    assert chain.is_chain()
    _storm_against_exact(chain, ks=(0, 1, 2, 7))


def test_the_mirror_of_a_chain_is_merged_with_it_where_identical_merging_cannot():
    # 0 -> 1 or 3 (1/2 each); 1 -> 2 or 0, 3 -> 0 or 4 (the same probabilities, listed the other way); 2, 4 elected
    chain = _mdp_from([[(1, [(1, Fraction(1, 2)), (3, Fraction(1, 2))])], [(1, [(2, Fraction(1, 3)), (0, Fraction(2, 3))])],
                       [], [(1, [(0, Fraction(2, 3)), (4, Fraction(1, 3))])], []], [False, False, True, False, True])
    assert merged_identical(chain).states == 4  # 2 and 4 are identical; 1 and 3 are not, to the letter
    quotient = lumped(chain)
    assert quotient.states == 3 and list(quotient.outcomes_of(0)) == [(1, Fraction(1))]
    _storm_against_exact(chain)


def test_random_one_bit_goes_to_storm_as_a_handful_of_states():
    quotient = lumped(build_mdp(RandomOneBit, 7))
    assert quotient.states <= 7 + 2  # one state per number of active processes, about: the processes are alike
