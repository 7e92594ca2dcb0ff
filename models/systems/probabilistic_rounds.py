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


class _Parts(NamedTuple):
    """One process's outcomes in a round, ready to combine with the others' (``_merge``)."""

    parts: tuple  # (weight, locals, contents of its out-channels in order, first place in its list)
    size: int  # its outcomes before merging: the radix of a combination's place
    common: int  # the common denominator of its weights
    total: int  # the sum of its weights (= common: the probabilities sum to 1)
    sent: int  # the sum of weight * messages sent
    quiet: int  # the sum of the weights of the outcomes that start no protocol round
    idle: bool  # one outcome, in which it did nothing


def _combinations(placed: list) -> list:
    """(weight, locals, channels, place) of each combination of one part per process, in product order."""
    combinations = [(1, (), (), 0)]
    for parts in placed:
        combinations = [(w * w2, locals_ + locals2, channels + channels2, place + place2)
                        for w, locals_, channels, place in combinations for w2, locals2, channels2, place2 in parts]
    return combinations


class ProbabilisticRounds(RoundSystem):
    """A synchronous algorithm that draws, on one arrangement: its rounds as distributions."""

    def __init__(self, local):
        super().__init__(local)
        self._round_commands = frozenset(local.algorithm.round_commands)
        self.values: list[Fraction] = []
        self._value_number: dict[Fraction, int] = {}
        self._ratio_number: dict = {}  # (numerator, denominator) -> value number
        # a process's part of a round, made in steps (_process_parts), each step once
        self._delivered_lists: list[tuple] = []  # number -> outcomes partway through a process's deliveries
        self._delivered_number: dict = {}
        self._nothing_yet: dict = {}  # locals -> the number of (locals, nothing delivered yet)
        self._deliveries: dict = {}  # (process, number before, port, messages) -> number after
        self._parts_after: dict = {}  # (process, number after its deliveries) -> (its _Parts' number, them)
        self._parts_number: dict = {}  # _Parts -> its number
        # each channel's contents come from its one sender: per process, its out-channels in
        # order and each port's place among them; a round's channels are theirs, process by process
        self._sent_channels = [sorted(set(out.values())) for out in self._out_channel]
        self._sent_slot = [{port: mine.index(k) for port, k in out.items()}
                           for out, mine in zip(self._out_channel, self._sent_channels)]
        concatenated = [k for mine in self._sent_channels for k in mine]
        if sorted(concatenated) != list(range(self.channel_count)):
            raise AlgorithmError(f"{self.algorithm.__name__}: a channel without exactly one sender")
        at = {k: place for place, k in enumerate(concatenated)}
        in_order = tuple(at[k] for k in range(self.channel_count))
        # a round's target is each process's part (its locals, its out-channels' contents) put
        # together, so those places change together: one group each for the store of states
        self.state_groups = tuple((i, *(self.n + k for k in mine)) for i, mine in enumerate(self._sent_channels))
        self._channels_in_order = None if in_order == tuple(range(self.channel_count)) else in_order

    def _value(self, value: Fraction) -> int:
        number = self._value_number.get(value)
        if number is None:
            number = self._value_number[value] = len(self.values)
            self.values.append(value)
        return number

    def _ratio(self, numerator: int, denominator: int) -> int:
        """The value number of numerator / denominator, without making the Fraction again."""
        key = (numerator, denominator)
        number = self._ratio_number.get(key)
        if number is None:
            number = self._ratio_number[key] = self._value(Fraction(numerator, denominator))
        return number

    def choices(self, state) -> list[RoundChoice]:
        """The round from ``state`` as one choice with its distribution; none when quiet."""
        return self.keyed_choices(state, ())[1]

    def keyed_choices(self, state, known) -> tuple[tuple | None, list[RoundChoice] | None]:
        """(key, choices): the round is a function of its processes' parts, which the key
        numbers (None: quiet, no choice), so two states with one key have the same choices;
        None for the choices if the key is in ``known`` (the caller has them)."""
        busy = False
        processes, key = [], []
        for i in range(self.n):
            inbox = tuple((port, state[k]) for port, k in self._in_ports[i] if state[k])
            number, process = self._process_parts(i, state[i], inbox)
            busy = busy or bool(inbox) or not process.idle
            processes.append(process)
            key.append(number)
        if not busy:
            return None, []
        key = tuple(key)
        return key, None if key in known else [self._round(processes)]

    def _process_parts(self, i: int, values: tuple, inbox: tuple) -> tuple[int, _Parts]:
        """Process i's part of the round from ``values`` with ``inbox``: its deliveries, port by
        port in port order, then its compute step."""
        if self._check_order and len(inbox) > 1:
            self._same_in_every_order(i, values, inbox)
        delivered = self._nothing_delivered(values)
        deliveries = self._deliveries
        for port, messages in inbox:
            after = deliveries.get((i, delivered, port, messages))
            delivered = self._delivered(i, delivered, port, messages) if after is None else after
        key = (i, delivered)
        found = self._parts_after.get(key)
        if found is None:
            parts = self._merge(i, self._step(i, self._delivered_lists[delivered]))
            # numbered by value: deliveries that end alike (a local the step overwrites) are one part
            found = self._parts_after[key] = (self._parts_number.setdefault(parts, len(self._parts_number)), parts)
        return found

    # A delivery depends on the process, what it is before and the channel (port and messages)
    # only, and a compute step on the process and what it is after its deliveries: each is
    # made once. What a process is partway through its deliveries is a list of outcomes
    # (probability, locals, sends, whether it did anything, whether it ran a round command),
    # numbered so that the memos' keys hash a number rather than the list.
    def _nothing_delivered(self, values: tuple) -> int:
        number = self._nothing_yet.get(values)
        if number is None:
            number = self._nothing_yet[values] = self._number_of(((_ONE, values, (), False, False),))
        return number

    def _number_of(self, delivered: tuple) -> int:
        number = self._delivered_number.get(delivered)
        if number is None:
            number = self._delivered_number[delivered] = len(self._delivered_lists)
            self._delivered_lists.append(delivered)
        return number

    def _delivered(self, i: int, before: int, port, messages) -> int:
        key = (i, before, port, messages)
        after = self._deliveries.get(key)
        if after is None:
            after = self._deliveries[key] = self._number_of(
                self._deliver_channel(i, self._delivered_lists[before], port, messages))
        return after

    def _deliver_channel(self, i: int, delivered: tuple, port, messages) -> tuple:
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
        return tuple(delivered)

    def _step(self, i: int, delivered: tuple) -> list:
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
        return found

    # A round's outcomes are the combinations of one outcome per process, listed in the order of
    # itertools.product over the processes' lists, equal targets merged at their first place
    # (``ordinal``). Each channel has one sender, so a target is equal to another exactly when
    # every process's part of it (its locals, the contents of its out-channels) is: merging
    # equal parts within each process first and combining the merged lists in product order
    # gives the same targets, in the same order, with the same weights, and each target's
    # first combination is the one of its parts' first places. The expected messages and
    # rounds are sums over the combinations, which factor over the independent processes.
    def _merge(self, i: int, outcomes: list) -> _Parts:
        """Process i's outcomes as integer weights over their common denominator, equal parts merged."""
        common = lcm(*(p.denominator for p, *_ in outcomes))
        mine, slot = self._sent_channels[i], self._sent_slot[i]
        merged: dict[tuple, list] = {}  # (locals, out-channel contents) -> [weight, first place]
        total = sent = quiet = 0
        for place, (p, values, sends, _moved, starts) in enumerate(outcomes):
            weight = p.numerator * (common // p.denominator)
            contents = [()] * len(mine)
            for port, message in sends:
                contents[slot[port]] += (message,)
            total += weight
            sent += weight * len(sends)
            quiet += 0 if starts else weight
            entry = merged.get((values, tuple(contents)))
            if entry is None:
                merged[(values, tuple(contents))] = [weight, place]
            else:
                entry[0] += weight
        parts = tuple((weight, values, contents, place) for (values, contents), (weight, place) in merged.items())
        idle = len(outcomes) == 1 and not outcomes[0][3]
        return _Parts(parts, len(outcomes), common, total, sent, quiet, idle)

    def _round(self, processes: list[_Parts]) -> RoundChoice:
        denominator = total = quiet = 1
        messages = 0
        for process in processes:
            messages = messages * process.total + process.sent * total  # the sum over the processes so far
            denominator *= process.common
            total *= process.total
            quiet *= process.quiet
        stride, placed = 1, []  # each part with its place's share of a combination's place
        for process in reversed(processes):
            placed.append([(w, (values,), contents, place * stride) for w, values, contents, place in process.parts])
            stride *= process.size
        placed.reverse()
        # the first half's combinations with the second's: a target is then four tuples joined
        half = len(placed) // 2
        front, back = _combinations(placed[:half]), _combinations(placed[half:])
        numbers, value, in_order = self._ratio_number, self._ratio, self._channels_in_order
        outcomes, ordinals = [], []
        for w, locals_, channels, ordinal in front:
            for w2, locals2, channels2, ordinal2 in back:
                weight = w * w2
                number = numbers.get((weight, denominator))
                if number is None:
                    number = value(weight, denominator)
                if in_order is None:
                    outcomes.append((number, locals_ + locals2 + channels + channels2))
                else:
                    flat = channels + channels2
                    outcomes.append((number, locals_ + locals2 + tuple(flat[k] for k in in_order)))
                ordinals.append(ordinal + ordinal2)
        # a combination counts a round when some process in it starts one: all but those where none does
        return RoundChoice(-1, 0, tuple(outcomes), value(messages, denominator), value(total - quiet, denominator),
                           tuple(ordinals))

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
