"""Synchronous rounds with probabilities: each round a distribution over the next states.

models/systems/rounds.py runs one round as every process's deliveries and compute step, and lists
every combination of the processes' outcomes as a successor. With draws (models/dsl/draws.py) the
outcomes of each process have probabilities, and the processes draw independently, so a round
is one distribution: the product of the processes' distributions. Nothing is left to a
scheduler (every process moves), so the state graph is a Markov chain: each state has one
choice, or none when the system is quiet. That holds only if each delivery and each compute
step has at most one command enabled; an algorithm that leaves a choice between commands
inside a round is refused here with the command names (the qualitative check still explores
it, every choice and every coin alike).

Rewards per round, as expectations over its outcomes: the messages sent, and the protocol
rounds, which the algorithm names by its ``round_commands``: a synchronous round in which some
process runs one of them counts as one protocol round (random-one-bit: the commands that draw
and send a bit; Itai-Rodeh: those that draw a new id). Successors are listed in models/systems/rounds.py's order, equal ones merged, and
each keeps the place of its first combination there (``ordinal``), so a path replays as a
round-by-round trace.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import lcm
from typing import NamedTuple

from ..errors import AlgorithmError
from .rounds import RoundSystem

_ONE = Fraction(1)


class RoundChoice(NamedTuple):
    process: int  # -1: every process moves
    instance: int
    outcomes: tuple[tuple[int, tuple], ...]  # (probability's value number, next state)
    messages: int  # value number of the expected messages sent
    rounds: int  # value number of the expected protocol rounds completed (0 or 1 each)
    ordinals: tuple[int, ...]  # each outcome's place among models/systems/rounds.py's successors


class ProbabilisticRounds(RoundSystem):
    """A synchronous algorithm that draws, on one arrangement: its rounds as distributions."""

    def __init__(self, local):
        super().__init__(local)
        self._round_commands = frozenset(local.algorithm.round_commands)
        self._distributions: dict = {}  # (process, locals, inbox) -> [(probability, locals, sent)]
        self.values: list[Fraction] = []
        self._value_number: dict[Fraction, int] = {}

    def _value(self, value: Fraction) -> int:
        number = self._value_number.get(value)
        if number is None:
            number = self._value_number[value] = len(self.values)
            self.values.append(value)
        return number

    def choices(self, state) -> list[RoundChoice]:
        """The round from ``state`` as one choice with its distribution; none when quiet."""
        inboxes = [tuple((port, state[k]) for port, k in self._in_ports[i] if state[k]) for i in range(self.n)]
        options = [self._process_distribution(i, state[i], inboxes[i]) for i in range(self.n)]
        if not any(inboxes) and all(len(o) == 1 and not o[0][3] for o in options):
            return []
        # each process's probabilities as integer weights over its own common denominator, so
        # that a combination's weight is a product of ints and the round's denominator is one
        weighted, denominator = [], 1
        for outcomes in options:
            common = lcm(*(p.denominator for p, *_ in outcomes))
            weighted.append([(p.numerator * (common // p.denominator), *rest) for p, *rest in outcomes])
            denominator *= common
        merged: dict[tuple, list] = {}  # target -> [weight, first ordinal]
        messages = rounds = 0
        channel_count, out_channel = self.channel_count, self._out_channel
        for ordinal, parts in enumerate(product(*weighted)):
            weight = 1
            channels = [()] * channel_count
            sent = 0
            starts_round = False
            for i, (w, _values, sends, _moved, starts) in enumerate(parts):
                weight *= w
                if sends:
                    out = out_channel[i]
                    for port, message in sends:
                        channels[out[port]] += (message,)
                    sent += len(sends)
                starts_round = starts_round or starts
            target = tuple(part[1] for part in parts) + tuple(channels)
            messages += weight * sent
            rounds += weight * starts_round
            entry = merged.get(target)
            if entry is None:
                merged[target] = [weight, ordinal]
            else:
                entry[0] += weight
        value = self._value
        return [RoundChoice(-1, 0, tuple((value(Fraction(w, denominator)), target) for target, (w, _) in merged.items()),
                            value(Fraction(messages, denominator)), value(Fraction(rounds, denominator)),
                            tuple(o for _, o in merged.values()))]

    def _process_distribution(self, i: int, values: tuple, inbox: tuple) -> list:
        """(probability, new locals, sends, whether it did anything, whether it ran a round
        command) of process i's part of a round, in the order of models/systems/rounds.py's ``_process_round``."""
        key = (i, values, inbox)
        found = self._distributions.get(key)
        if found is None:
            if self._check_order and len(inbox) > 1:
                self._same_in_every_order(i, values, inbox)
            delivered = [(_ONE, values, (), False, False)]
            for port, messages in inbox:
                for message in messages:
                    following = []
                    for p, before, sends, _, starts in delivered:
                        command, outcomes = self._one(i, self.local.receive_distributions(i, before, port, message),
                                                      f"the message {message} on port {port}")
                        if command is None:  # unmatched: consumed with no effect
                            following.append((p, before, sends, True, starts))
                        starts = starts or command in self._round_commands
                        for q, after, sent in outcomes:
                            following.append((p * q, after, sends + sent, True, starts))
                    delivered = following
            found = []
            for p, before, sends, moved, starts in delivered:
                if self.local.port_choice_outcomes(i, before):
                    raise AlgorithmError(f"{self.algorithm.__name__}: an any_port command in a synchronous "
                                         "algorithm that draws leaves a choice to a scheduler: not a Markov chain")
                command, outcomes = self._one(i, self.local.spontaneous_distributions(i, before), "its compute step")
                if command is None:
                    found.append((p, before, sends, moved, starts))
                starts = starts or command in self._round_commands
                for q, after, sent in outcomes:
                    found.append((p * q, after, sends + sent, True, starts))
            self._distributions[key] = found
        return found

    def _one(self, i: int, distributions: list, what: str) -> tuple[str | None, list]:
        """(the name of the one enabled command, its outcomes); (None, []) if none is enabled."""
        if not distributions:
            return None, []
        if len(distributions) > 1:
            names = ", ".join(command.name for command, _ in distributions)
            raise AlgorithmError(
                f"{self.algorithm.__name__}: at process {i}, {what} enables several commands ({names}); "
                "the probabilities of a synchronous algorithm need at most one enabled command per "
                "delivery and per compute step (its rounds are then a Markov chain)")
        command, outcomes = distributions[0]
        return command.name, outcomes
