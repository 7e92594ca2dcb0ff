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

How: each state is given a block, at first its own; a pass gives the states the same new block
when they have the same label and their rows (checker/quantify/mdp.py) the same choices and
rewards with the same outcomes by block (the probabilities of outcomes into one block added
up, blocks in the order first met); passes go on until one merges nothing, and the quotient
is built once, from the last blocks: each block is its first state, blocks in the order of
their first states, so state 0 stays state 0. Merging the model pass by pass (each pass
building its merged model, as this did until 2026-11-28) merges the same states in the end:
a pass on a finer partition never gives a coarser one, and the passes only ever merge; but it
kept two or three models in memory at once. A pass keeps one number per state and one
dictionary entry per distinct signature; a row of one outcome, the most common by far, is
signed with one integer.

A Markov chain (every synchronous algorithm) goes further, to its coarsest bisimulation
quotient (``coarsest_chain_quotient``): states that go into the same blocks with the same
probabilities are merged even when their targets differ, which identical merging cannot see.
random-one-bit's states differ by which processes hold which bit, and the processes are alike:
at n = 10 the 1,015 states left by merging identical states are 11 blocks, and loading them
into Storm and answering two questions adds about 6 MB to the process's resident set, where
the 1,015 added about 20 MB.
"""
from __future__ import annotations

from array import array
from fractions import Fraction

from .mdp import Mdp


def lumped(mdp: Mdp) -> Mdp:
    """The model Storm solves: ``mdp`` with identical states merged and, if it is a Markov
    chain, reduced to its coarsest bisimulation quotient (state 0 stays state 0)."""
    merged = merged_identical(mdp)
    return coarsest_chain_quotient(merged) if merged.is_chain() else merged


def merged_identical(mdp: Mdp) -> Mdp:
    """``mdp`` with identical states merged, again until none are (state 0 stays state 0)."""
    values = _Values(mdp.values)
    block, count = None, mdp.states  # None: each state a block of its own
    while True:
        merged, merged_count = _merge_once(mdp, block, values)
        if merged_count == count:
            break
        block, count = merged, merged_count
    return mdp if block is None else _quotient(mdp, block, values)


class _Values:
    """The model's values, and the sums of probabilities that merging makes, numbered alike: an
    equal value has one number."""

    def __init__(self, values: list[Fraction]):
        self.values = list(values)
        self.number = {value: k for k, value in enumerate(self.values)}

    def sum(self, numbers: list[int]) -> int:
        value = sum((self.values[k] for k in numbers), Fraction(0))
        number = self.number.get(value)
        if number is None:
            number = self.number[value] = len(self.values)
            self.values.append(value)
        return number


def _merge_once(mdp: Mdp, block: array | None, values: _Values) -> tuple[array, int]:
    """Each state's block after one pass (see the module), and how many blocks there are."""
    choice_start, outcome_start = mdp.choice_start, mdp.outcome_start
    targets, probabilities = mdp.outcome_target, mdp.outcome_probability
    messages, rounds = mdp.choice_messages, mdp.choice_rounds
    radix = len(mdp.values)  # every raw value number is below it
    signed: dict[int, int | bytes] = {}  # row of several outcomes -> its signature, made once this pass
    block_of: dict[int | bytes, int] = {}  # (label, signature) -> the new block
    merged = array("i")
    for state, row in enumerate(mdp.row_of):
        first, end = choice_start[row], choice_start[row + 1]
        if end == first + 1 and outcome_start[end] == outcome_start[first] + 1:  # one choice, one outcome
            target = targets[outcome_start[first]]
            to = target if block is None else block[target]
            key = (((to * radix + probabilities[outcome_start[first]]) * radix + messages[first]) * radix
                   + rounds[first]) * 2 + mdp.elected[state]
        else:
            signature = signed.get(row)
            if signature is None:
                signature = signed[row] = _signature(mdp, row, block, values, radix)
            key = signature * 2 + mdp.elected[state] if isinstance(signature, int) \
                else bytes((mdp.elected[state],)) + signature
        merged.append(block_of.setdefault(key, len(block_of)))
    return merged, len(block_of)


def _signature(mdp: Mdp, row: int, block: array | None, values: _Values, radix: int) -> int | bytes:
    """What a row does, by blocks: each choice's rewards and its outcomes into each block; an
    integer when that is one choice with one outcome of a probability numbered below ``radix``
    (as ``_merge_once`` signs a row of one outcome), else the numbers in a bytes, each choice's
    count of outcomes first."""
    choices = [(mdp.choice_messages[c], mdp.choice_rounds[c], _into_blocks(mdp, c, block, values))
               for c in mdp.row_choices(row)]
    if len(choices) == 1 and len(choices[0][2]) == 1 and choices[0][2][0][1] < radix:
        messages, rounds, [(to, probability)] = choices[0]
        return ((to * radix + probability) * radix + messages) * radix + rounds
    numbers = array("i")
    for messages, rounds, outcomes in choices:
        numbers.extend((len(outcomes), messages, rounds))
        numbers.extend(to for to, _ in outcomes)
        numbers.extend(probability for _, probability in outcomes)
    return numbers.tobytes()


def _into_blocks(mdp: Mdp, choice: int, block: array | None, values: _Values) -> list[tuple[int, int]]:
    """(block, probability's number) of the choice's outcomes by the block of their target, in
    the order first met, those into one block added up (``values.sum``)."""
    into: dict[int, list] = {}
    first, end = mdp.outcome_start[choice], mdp.outcome_start[choice + 1]
    for target, probability in zip(mdp.outcome_target[first:end], mdp.outcome_probability[first:end]):
        into.setdefault(target if block is None else block[target], []).append(probability)
    return [(to, probabilities[0] if len(probabilities) == 1 else values.sum(probabilities))
            for to, probabilities in into.items()]


def _quotient(mdp: Mdp, block: array, values: _Values) -> Mdp:
    """The model of the blocks: each block is its first state, in their order (state 0 is block 0)."""
    quotient = Mdp(mdp.algorithm, mdp.n, mdp.ids, mdp.anonymous, mdp.has_rounds, mdp.represents)
    quotient.values = values.values
    seen = bytearray(max(block) + 1)
    for s in range(mdp.states):
        if seen[block[s]]:
            continue
        seen[block[s]] = 1
        quotient.elected.append(mdp.elected[s])
        for c in mdp.choices_of(s):
            quotient.choice_process.append(mdp.choice_process[c])
            quotient.choice_instance.append(mdp.choice_instance[c])
            quotient.choice_messages.append(mdp.choice_messages[c])
            quotient.choice_rounds.append(mdp.choice_rounds[c])
            for to, probability in _into_blocks(mdp, c, block, values):
                quotient.outcome_target.append(to)
                quotient.outcome_probability.append(probability)
                quotient.outcome_ordinal.append(0)
            quotient.outcome_start.append(len(quotient.outcome_target))
        quotient.row_of.append(quotient.add_row())
    return quotient


def coarsest_chain_quotient(chain: Mdp) -> Mdp:
    """The quotient of a Markov chain (one choice at most per state) by its coarsest
    probabilistic bisimulation: states start apart by label and rewards (a terminal state has
    no choice, so none is in a block with a state that has one), and a block is split until
    every state of a block has the same probability of going into each block. Its blocks are
    numbered by their first state, so state 0 is block 0, and each block is built from its
    first state (``_quotient``). The states of one block then have the same rewards and the
    same distribution over the blocks: the chain of blocks is the lumped chain, which has the
    same probability of reaching the elected states, within k steps or within a bound on a
    reward, and the same expected rewards until then (Kemeny and Snell's lumpability)."""
    values = _Values(chain.values)

    def rewards(state: int) -> tuple:
        return tuple((values.values[chain.choice_messages[c]], values.values[chain.choice_rounds[c]])
                     for c in chain.choices_of(state))

    numbering: dict = {}
    block = array("i", (numbering.setdefault((chain.elected[s], rewards(s)), len(numbering))
                        for s in range(chain.states)))
    count = len(numbering)
    while True:
        numbering = {}
        split = array("i")
        for s in range(chain.states):
            into = frozenset((to, values.values[probability]) for c in chain.choices_of(s)
                             for to, probability in _into_blocks(chain, c, block, values))
            split.append(numbering.setdefault((block[s], into), len(numbering)))
        if len(numbering) == count:
            break
        block, count = split, len(numbering)
    return chain if count == chain.states else _quotient(chain, block, values)
