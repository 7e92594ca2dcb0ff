"""The explored MDP in little memory (checker/quantify/mdp.py: shared rows, states kept as part
numbers; lumping.py: blocks over the explored model) is the MDP built the plain way, and its identical states
merge as merging it pass by pass merged them.

The plain way is how build_mdp worked until 2026-11-28, written out here as the oracle: every
state's choices asked of the system (no key, no shared row), every state a tuple in a dict. The
pass-by-pass merging is lumping.py's algorithm of that time: merge the states with the same
label and the same choices, outcome for outcome; build that model; again until nothing merges.
"""
from array import array
from fractions import Fraction

import pytest
from hypothesis import given, settings
from test_lumping import _mdps_with_twins
from test_quantify import _mdp_from

from algorithms.itai_rodeh import ItaiRodeh
from algorithms.itai_rodeh_sync import ItaiRodehSync
from algorithms.random_one_bit import RandomOneBit, RandomOneBitLiteral
from checker.cli.loader import with_k
from checker.quantify.lumping import lumped, merged_identical
from checker.quantify.mdp import Mdp, build_mdp, markov_system

MODELS = [(RandomOneBit, 5), (RandomOneBitLiteral, 4), (with_k(ItaiRodehSync, 4), 4), (with_k(ItaiRodehSync, 2), 5),
          (ItaiRodeh, 3)]


def _plain(algorithm, n: int) -> list:
    """Each state's (label, [(rewards, [(target, probability, ordinal), ...]), ...]) in breadth-first order."""
    system = markov_system(algorithm, n)
    values = system.values
    index, queue, rows = {system.initial_state: 0}, [system.initial_state], []
    for state in queue:
        elected = any(system.observe_process(state, p).is_leader for p in range(n))
        choices, position = [], 0
        for choice in system.choices(state):
            ordinals = getattr(choice, "ordinals", None)
            outcomes = []
            for k, (probability, target) in enumerate(choice.outcomes):
                if target not in index:
                    index[target] = len(queue)
                    queue.append(target)
                outcomes.append((index[target], values[probability], ordinals[k] if ordinals is not None else position))
                position += 1
            choices.append(((choice.process, choice.instance, values[choice.messages], values[choice.rounds]), outcomes))
        rows.append((elected, choices))
    return rows


def _expanded(mdp: Mdp) -> list:
    """The same of a built model, each state's row written out."""
    return [(bool(mdp.elected[s]),
             [((mdp.choice_process[c], mdp.choice_instance[c], mdp.reward("messages", c), mdp.reward("rounds", c)),
               [(mdp.outcome_target[o], mdp.values[mdp.outcome_probability[o]], mdp.outcome_ordinal[o])
                for o in range(mdp.outcome_start[c], mdp.outcome_start[c + 1])])
              for c in mdp.choices_of(s)])
            for s in range(mdp.states)]


@pytest.mark.parametrize("algorithm,n", MODELS, ids=str)
def test_the_built_model_is_the_plain_one(algorithm, n):
    mdp = build_mdp(algorithm, n)
    plain = _plain(algorithm, n)
    assert _expanded(mdp) == plain
    assert (mdp.states, mdp.choices, mdp.transitions) == (
        len(plain), sum(len(choices) for _, choices in plain),
        sum(len(outcomes) for _, choices in plain for _, outcomes in choices))


def test_itai_rodeh_sync_keeps_the_draw_once_for_every_state_that_draws():
    mdp = build_mdp(with_k(ItaiRodehSync, 3), 5)
    assert (mdp.states, mdp.choices, mdp.transitions) == (2125, 1945, 17433)  # main's figures before the rows were shared
    draws = [s for s in range(mdp.states) if any(len(list(mdp.outcomes_of(c))) == 3 ** 5 for c in mdp.choices_of(s))]
    assert len(draws) > 1 and len({mdp.row_of[s] for s in draws}) == 1


def _merged_pass_by_pass(mdp: Mdp) -> Mdp:
    while True:
        merged = _merge_identical(mdp)
        if merged.states == mdp.states:
            return mdp
        mdp = merged


def _merge_identical(mdp: Mdp) -> Mdp:
    def signature(s):
        return (mdp.elected[s], *[(mdp.choice_messages[c], mdp.choice_rounds[c],
                                   tuple(mdp.outcome_target[mdp.outcome_start[c]:mdp.outcome_start[c + 1]]),
                                   tuple(mdp.outcome_probability[mdp.outcome_start[c]:mdp.outcome_start[c + 1]]))
                                  for c in mdp.choices_of(s)])

    block_of: dict = {}
    block = [block_of.setdefault(signature(s), len(block_of)) for s in range(mdp.states)]
    quotient = Mdp(mdp.algorithm, mdp.n, mdp.ids, mdp.anonymous, mdp.has_rounds, mdp.represents)
    quotient.values = list(mdp.values)
    numbers = {value: k for k, value in enumerate(quotient.values)}
    first = {}
    for s in range(mdp.states):
        first.setdefault(block[s], s)
    for s in first.values():
        quotient.elected.append(mdp.elected[s])
        for c in mdp.choices_of(s):
            for name in ("choice_process", "choice_instance", "choice_messages", "choice_rounds"):
                getattr(quotient, name).append(getattr(mdp, name)[c])
            into: dict = {}
            for o in range(mdp.outcome_start[c], mdp.outcome_start[c + 1]):
                into.setdefault(block[mdp.outcome_target[o]], []).append(mdp.outcome_probability[o])
            for target, probabilities in into.items():
                if len(probabilities) > 1:
                    total = sum((quotient.values[p] for p in probabilities), Fraction(0))
                    probabilities = [numbers.setdefault(total, len(quotient.values))]
                    if probabilities[0] == len(quotient.values):
                        quotient.values.append(total)
                quotient.outcome_target.append(target)
                quotient.outcome_probability.append(probabilities[0])
                quotient.outcome_ordinal.append(0)
            quotient.outcome_start.append(len(quotient.outcome_target))
        quotient.row_of.append(quotient.add_row())
    return quotient


def _written(mdp: Mdp) -> list:
    return [(bool(mdp.elected[s]), [(mdp.reward("messages", c), mdp.reward("rounds", c), list(mdp.outcomes_of(c)))
                                    for c in mdp.choices_of(s)]) for s in range(mdp.states)]


@settings(max_examples=80, deadline=None)
@given(_mdps_with_twins())
def test_merging_by_blocks_gives_the_model_merging_pass_by_pass_gave(mdp):
    assert _written(merged_identical(mdp)) == _written(_merged_pass_by_pass(mdp))


@pytest.mark.parametrize("algorithm,n", MODELS, ids=str)
def test_the_merged_models_of_the_built_ins_are_those_of_pass_by_pass(algorithm, n):
    mdp = build_mdp(algorithm, n)
    assert _written(merged_identical(mdp)) == _written(_merged_pass_by_pass(mdp))


def test_a_row_written_out_is_the_row_shared():
    """A model whose rows repeat (built by hand: states 1 and 2 share a row) counts each state's."""
    mdp = Mdp("shared", 1, (1,), False, False)
    mdp.values = [Fraction(1, 2), Fraction(0), Fraction(1)]
    for outcomes in ([(1, 0), (2, 0)], [(3, 2)]):  # row 0, row 1; row 2 has no choice
        mdp.choice_process.append(0)
        mdp.choice_instance.append(0)
        mdp.choice_messages.append(1)
        mdp.choice_rounds.append(1)
        for target, probability in outcomes:
            mdp.outcome_target.append(target)
            mdp.outcome_probability.append(probability)
            mdp.outcome_ordinal.append(0)
        mdp.outcome_start.append(len(mdp.outcome_target))
        mdp.add_row()
    mdp.add_row()
    mdp.row_of = array("i", [0, 1, 1, 2])
    mdp.elected = bytearray([0, 0, 0, 1])
    assert (mdp.states, mdp.rows, mdp.choices, mdp.transitions) == (4, 3, 3, 4)
    assert mdp.terminal(3) and not mdp.terminal(2) and mdp.is_chain()
    assert merged_identical(mdp).states == 3  # 1 and 2 are one state


def test_states_of_one_outcome_alike_but_for_their_label_stay_apart():
    # 1 and 2 both go to 3 with probability 1, with the same rewards; only 1 is elected
    mdp = _mdp_from([[(1, [(1, Fraction(1, 2)), (2, Fraction(1, 2))])], [(2, [(3, 1)])], [(2, [(3, 1)])], []],
                    [False, True, False, True])
    assert lumped(mdp).states == merged_identical(mdp).states == 4
    assert _written(merged_identical(mdp)) == _written(_merged_pass_by_pass(mdp))
