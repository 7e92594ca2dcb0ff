"""The synchronous round's port-order check (models/systems/rounds.py) and the probabilistic round
(models/systems/probabilistic_rounds.py) against their straightforward computations.

The check's shortcut, by counts per channel content, must decide as the check over every set
of channels does, on algorithms whose deliveries do and do not tell the ports apart, and whose
rounds do and do not depend on the order; and the MDPs built with every shortcut must be the
ones built the way they were built before: every process's outcomes delivery by delivery, the
check over every set, every combination of the processes' outcomes with equal targets merged.
"""
from fractions import Fraction
from itertools import product
from math import lcm

import pytest

import checker.quantify.mdp as mdp_module
from algorithms.itai_rodeh_sync import ItaiRodehSync
from algorithms.random_one_bit import Bit, RandomOneBit, RandomOneBitLiteral
from checker.cli.loader import with_k
from checker.quantify.mdp import build_mdp
from models import NO_PORT, SYNCHRONOUS, Algorithm, Local, Message, Network, Port, ite, receive, spontaneous
from models.topology.network import family
from models.systems.network_semantics import NetworkSystem
from models.topology.ports import PortNumbersRead
from models.systems.probabilistic_rounds import ProbabilisticRounds, RoundChoice
from models.systems.rounds import RoundSystem


class Val(Message):
    v: int


class Ack(Message):
    pass


class _Greets(Algorithm, name="greets"):
    """Every process sends its value 0 or 1 (drawn) to every neighbour; the receptions differ below."""

    topology = Network
    timing = SYNCHRONOUS
    x = Local(int, 0)
    asleep = Local(bool, True)

    def is_leader(p):
        return p.x == 7

    def decided(p):
        return p.x == 7

    @spontaneous(when=lambda p: p.asleep)
    def greet(p):
        p.asleep = False
        p.send_all(Val(p.draw((0, 1))))


class KeepsMax(_Greets, name="keeps-max"):
    @receive(Val)
    def hear(p, m, port):  # the same in every order, and on every port
        p.x = ite(m.v > p.x, m.v, p.x)


class KeepsLast(_Greets, name="keeps-last"):
    @receive(Val)
    def hear(p, m, port):  # on every port alike, but the last value read stays: the order shows
        p.x = m.v


class Counts(_Greets, name="counts"):
    @receive(Val)
    def hear(p, m, port):
        p.x = p.x + m.v + 1


class Acknowledges(_Greets, name="acknowledges"):
    @receive(Val)
    def hear(p, m, port):  # answers on the arrival port: the ports differ, the order does not show
        p.x = p.x + m.v
        p.send(port, Ack())

    @receive(Ack)
    def acknowledged(p, m, port):
        pass


class FirstPort(_Greets, name="first-port"):
    first = Local(Port, NO_PORT)

    @receive(Val)
    def hear(p, m, port):  # the ports differ, and which came first shows
        p.first = ite(p.first == NO_PORT, port, p.first)


ALGORITHMS = [KeepsMax, KeepsLast, Counts, Acknowledges, FirstPort, RandomOneBit, RandomOneBitLiteral]


def rounds_on(algorithm, n: int) -> RoundSystem:
    return RoundSystem(NetworkSystem(algorithm, tuple(range(1, n + 1)), family("complete", n), numbered=False))


def verdict(check, i: int, values: tuple, inbox: tuple) -> str:
    try:
        check(i, values, inbox)
    except PortNumbersRead:
        return "refused"
    return "same in every order"


def inboxes(system: RoundSystem, i: int, messages: list):
    """Every inbox of process i with each port's channel empty or holding one or two of ``messages``."""
    contents = [()] + [(m,) for m in messages] + [(m, m2) for m in messages for m2 in messages]
    ports = [port for port, _ in system._in_ports[i]]
    for chosen in product(contents, repeat=len(ports)):
        inbox = tuple((port, c) for port, c in zip(ports, chosen) if c)
        if len(inbox) > 1:
            yield inbox


def locals_met(system: RoundSystem, i: int) -> list:
    """Process i's locals at the start, and after its first compute step."""
    first = system.initial_state[i]
    return [first] + [values for _, values, _ in system.local.spontaneous_outcomes(i, first)]


@pytest.mark.parametrize("algorithm", ALGORITHMS, ids=lambda a: a.name)
def test_the_check_by_contents_decides_as_the_check_by_subsets(algorithm):
    bits = [Bit(0), Bit(1)] if issubclass(algorithm, RandomOneBit) else [Val(0), Val(1)]
    shortcut = rounds_on(algorithm, 4)  # one system for every inbox: its memos are shared, as in a run
    verdicts, repeated = set(), 0
    for values in locals_met(shortcut, 0):
        for inbox in inboxes(shortcut, 0, bits):
            expected = verdict(rounds_on(algorithm, 4)._same_by_subsets, 0, values, inbox)
            assert verdict(shortcut._same_in_every_order, 0, values, inbox) == expected, (values, inbox)
            verdicts.add(expected)
            contents = [messages for _, messages in inbox]
            if shortcut._same_by_contents(0, values, inbox) and len(set(contents)) < len(contents):
                repeated += 1
    # the shortcut counts the channels of a content where their ports are alike; where they
    # differ it decides only inboxes whose contents are distinct (its counts are the sets then);
    # the literal reading's reception writes the arrival port's flag, which tells the ports
    # apart only where it changes the flag
    assert (repeated > 0) == (algorithm not in (Acknowledges, FirstPort))
    assert verdicts == {KeepsLast: {"refused", "same in every order"}, FirstPort: {"refused"}}.get(
        algorithm, {"same in every order"})


def test_a_round_that_depends_on_the_order_is_still_refused_when_the_channels_agree_in_count():
    system = rounds_on(KeepsLast, 5)
    values = locals_met(system, 0)[0]
    ports = [port for port, _ in system._in_ports[0]]
    same = tuple((port, (Val(1),)) for port in ports)
    mixed = tuple((port, (Val(k % 2),)) for k, port in enumerate(ports))
    system._same_in_every_order(0, values, same)  # every channel alike: nothing to tell apart
    with pytest.raises(PortNumbersRead, match="depends on the order in which it reads its ports"):
        system._same_in_every_order(0, values, mixed)


class OldRounds(ProbabilisticRounds):
    """The probabilistic round as it was computed before the shortcuts (kept here as the oracle)."""

    def _same_in_every_order(self, i, values, inbox):
        self._same_by_subsets(i, values, inbox)

    def observe_process(self, state, i):
        return self.local.observe_process(state, i)

    def choices(self, state):
        inboxes = [tuple((port, state[k]) for port, k in self._in_ports[i] if state[k]) for i in range(self.n)]
        options = [self._old_distribution(i, state[i], inboxes[i]) for i in range(self.n)]
        if not any(inboxes) and all(len(o) == 1 and not o[0][3] for o in options):
            return []
        weighted, denominator = [], 1
        for outcomes in options:
            common = lcm(*(p.denominator for p, *_ in outcomes))
            weighted.append([(p.numerator * (common // p.denominator), *rest) for p, *rest in outcomes])
            denominator *= common
        merged, messages, rounds = {}, 0, 0
        for ordinal, parts in enumerate(product(*weighted)):
            weight, channels, sent, starts_round = 1, [()] * self.channel_count, 0, False
            for i, (w, _values, sends, _moved, starts) in enumerate(parts):
                weight *= w
                for port, message in sends:
                    channels[self._out_channel[i][port]] += (message,)
                sent += len(sends)
                starts_round = starts_round or starts
            target = tuple(part[1] for part in parts) + tuple(channels)
            messages += weight * sent
            rounds += weight * starts_round
            if target in merged:
                merged[target][0] += weight
            else:
                merged[target] = [weight, ordinal]
        value = self._value
        return [RoundChoice(-1, 0, tuple((value(Fraction(w, denominator)), t) for t, (w, _) in merged.items()),
                            value(Fraction(messages, denominator)), value(Fraction(rounds, denominator)),
                            tuple(o for _, o in merged.values()))]

    def _old_distribution(self, i, values, inbox):
        if self._check_order and len(inbox) > 1:
            self._same_in_every_order(i, values, inbox)
        delivered = [(Fraction(1), values, (), False, False)]
        for port, messages in inbox:
            delivered = list(self._deliver_channel(i, delivered, port, messages))
        return self._step(i, delivered)


def mdp_arrays(mdp) -> dict:
    arrays = {name: list(getattr(mdp, name)) for name in (
        "choice_start", "choice_process", "choice_instance", "outcome_start", "outcome_target", "outcome_ordinal",
        "parent", "parent_choice", "row_of", "elected")}
    for name in ("choice_messages", "choice_rounds", "outcome_probability"):
        arrays[name] = [mdp.values[k] for k in getattr(mdp, name)]
    return arrays


@pytest.mark.parametrize("algorithm,n", [
    (RandomOneBit, 1), (RandomOneBit, 3), (RandomOneBit, 5), (RandomOneBitLiteral, 4), (KeepsMax, 3), (Counts, 3),
    (Acknowledges, 3), (with_k(ItaiRodehSync, 2), 3), (with_k(ItaiRodehSync, 3), 4),
], ids=str)
def test_the_mdp_is_the_one_built_the_old_way(algorithm, n, monkeypatch):
    built = build_mdp(algorithm, n)
    monkeypatch.setattr(mdp_module, "ProbabilisticRounds", OldRounds)
    old = build_mdp(algorithm, n)
    assert mdp_arrays(built) == mdp_arrays(old)


# (states, choices, transitions) measured before the shortcuts, by the old computation
PINNED = {
    (RandomOneBit, 6): (723, 717, 4614), (RandomOneBit, 7): (2180, 2173, 18101),
    (RandomOneBit, 8): (6553, 6545, 71048),
    (RandomOneBitLiteral, 6): (2749, 2437, 10574), (RandomOneBitLiteral, 7): (14710, 13289, 62530),
}


@pytest.mark.parametrize("algorithm,n", sorted(PINNED, key=lambda k: (k[0].name, k[1])), ids=str)
def test_the_larger_models_have_the_sizes_measured_before(algorithm, n):
    mdp = build_mdp(algorithm, n)
    assert (mdp.states, mdp.choices, mdp.transitions) == PINNED[(algorithm, n)]


def test_a_refused_order_is_refused_by_the_probabilistic_round_too():
    with pytest.raises(PortNumbersRead, match="depends on the order"):
        build_mdp(KeepsLast, 3)
