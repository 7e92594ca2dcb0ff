"""The MDP that Storm solves: the explored one with states that behave identically merged.

Two states with the same label and the same list of choices, each with the same rewards and the
same outcomes (target, probability) in the same order, are bisimilar: whatever one does, the
other does with the same probability into the same states. Merging them (and then, in the
merged model, the states that have become identical) is a probabilistic bisimulation quotient,
which keeps every value the questions ask for: the least and largest probabilities of an
election, within k steps or k rounds too, and the expected totals of every reward, under every
scheduler (a scheduler of one is a scheduler of the other, choice for choice). Only Storm sees
the quotient; the counts, the traces and ``--export`` are the explored model's.

It matters where many states lead to the same large distribution: itai-rodeh-sync's states
just before the ids are drawn again differ in the ids of the round that failed, and each has
the K^N outcomes of the draw, the same ones. At N = 6, K = 4 merging them takes the 2,764,136
transitions to 44,392, and merging again until nothing merges leaves Storm 21 states, where
its exact solution of the explored model took 30 s and 2.4 GB for one expectation.
"""
from __future__ import annotations

from fractions import Fraction

from .mdp import Mdp


def lumped(mdp: Mdp) -> Mdp:
    """``mdp`` with identical states merged, again until none are (state 0 stays state 0)."""
    while True:
        merged = _merge_identical(mdp)
        if merged.states == mdp.states:
            return mdp
        mdp = merged


def _signature(mdp: Mdp, state: int) -> tuple:
    """What a state does, to the letter: its label, and each choice's rewards and outcomes."""
    targets, probabilities, starts = mdp.outcome_target, mdp.outcome_probability, mdp.outcome_start
    signature = [mdp.elected[state]]
    for c in mdp.choices_of(state):
        first, end = starts[c], starts[c + 1]
        signature += (mdp.choice_messages[c], mdp.choice_rounds[c],
                      targets[first:end].tobytes(), probabilities[first:end].tobytes())
    return tuple(signature)


def _merge_identical(mdp: Mdp) -> Mdp:
    block_of: dict[tuple, int] = {}
    # a state whose choices repeat another's (``rows_of``, known while building) has its signature
    # but for the label: each list of choices is read once
    rows_of = mdp.rows_of if len(mdp.rows_of) == mdp.states else range(mdp.states)
    choices_of: dict[int, tuple] = {}
    block = []
    for s in range(mdp.states):
        owner = rows_of[s]
        choices = choices_of.get(owner)
        if choices is None:
            choices = choices_of[owner] = _signature(mdp, owner)[1:]
        block.append(block_of.setdefault((mdp.elected[s], *choices), len(block_of)))
    quotient = Mdp(mdp.algorithm, mdp.n, mdp.ids, mdp.anonymous, mdp.has_rounds, mdp.represents)
    quotient.values = list(mdp.values)
    numbers = {value: k for k, value in enumerate(quotient.values)}
    seen = bytearray(len(block_of))
    for s in range(mdp.states):  # each block's first state stands for it, in order: state 0 is block 0
        if seen[block[s]]:
            continue
        seen[block[s]] = 1
        quotient.elected.append(mdp.elected[s])
        for c in mdp.choices_of(s):
            quotient.choice_process.append(mdp.choice_process[c])
            quotient.choice_instance.append(mdp.choice_instance[c])
            quotient.choice_messages.append(mdp.choice_messages[c])
            quotient.choice_rounds.append(mdp.choice_rounds[c])
            for target, probability in _into_blocks(mdp, c, block, quotient, numbers):
                quotient.outcome_target.append(target)
                quotient.outcome_probability.append(probability)
                quotient.outcome_ordinal.append(0)
            quotient.outcome_start.append(len(quotient.outcome_target))
        quotient.choice_start.append(len(quotient.choice_process))
    return quotient


def _into_blocks(mdp: Mdp, choice: int, block: list, quotient: Mdp, numbers: dict) -> list[tuple[int, int]]:
    """(block, probability's number) of the choice's outcomes by the block of their target,
    those into one block added up (a new value numbered in ``numbers`` and ``quotient.values``,
    which begin as ``mdp``'s)."""
    into: dict[int, list] = {}
    first, end = mdp.outcome_start[choice], mdp.outcome_start[choice + 1]
    for target, probability in zip(mdp.outcome_target[first:end], mdp.outcome_probability[first:end]):
        into.setdefault(block[target], []).append(probability)
    return [(target, probabilities[0] if len(probabilities) == 1 else _sum(quotient, numbers, probabilities))
            for target, probabilities in into.items()]


def _sum(quotient: Mdp, numbers: dict, probabilities: list) -> int:
    value = sum((quotient.values[p] for p in probabilities), Fraction(0))
    number = numbers.get(value)
    if number is None:
        number = numbers[value] = len(quotient.values)
        quotient.values.append(value)
    return number
