"""Random choice in the DSL: p.draw's distributions, the outcomes of a command, and who refuses draws."""
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from models import (
    NEXT,
    NIL,
    TRUE,
    Algorithm,
    AlgorithmError,
    AsyncSystem,
    Decision,
    Local,
    Message,
    UnidirectionalRing,
    receive,
    spontaneous,
)
from models.dsl.draws import distribution, draws_in, outcomes


class Bit(Message):
    value: int


class TwoCoins(Algorithm, name="two-coins-test"):
    """Each process draws twice (a fair bit, then a weighted one) and keeps their sum."""

    topology = UnidirectionalRing
    total = Local(int, -1)
    leader = Local(Decision, NIL)

    def is_leader(p):
        return p.leader == TRUE

    def decided(p):
        return p.leader != NIL

    @spontaneous(when=lambda p: p.total == -1)
    def flip(p):
        first = p.draw((0, 1))
        second = p.draw({0: 1, 1: 3})
        p.total = first + second
        p.send(NEXT, Bit(first))

    @receive(Bit)
    def swallow(p, m, port):
        pass


def _helper_draw(p):
    return p.draw((0, 1))


class HiddenDraw(TwoCoins, name="hidden-draw-test"):
    @spontaneous(when=lambda p: p.total == -1)
    def flip(p):
        p.total = _helper_draw(p)


class GuardDraws(TwoCoins, name="guard-draw-test"):
    @spontaneous(when=lambda p: p.draw((True, False)))
    def flip(p):
        p.total = 0


def test_distribution_is_uniform_over_a_collection_and_weighted_over_a_dict():
    assert distribution((0, 1)) == ((0, Fraction(1, 2)), (1, Fraction(1, 2)))
    assert distribution(range(1, 4)) == tuple((k, Fraction(1, 3)) for k in (1, 2, 3))
    assert distribution({"a": 1, "b": Fraction(1, 2)}) == (("a", Fraction(2, 3)), ("b", Fraction(1, 3)))


@pytest.mark.parametrize("bad,words", [
    ((), "at least one value"),
    ({0: 0.5, 1: 0.5}, "floats are not exact"),
    ({0: 0, 1: 1}, "positive"),
    ({0: True}, "positive ints"),
    ((1, 1), "appears twice"),
    (5, "collection of values"),
])
def test_bad_draws_are_refused_with_the_fix(bad, words):
    with pytest.raises(AlgorithmError, match=words):
        distribution(bad)


@given(st.dictionaries(st.integers(-5, 5), st.integers(1, 50), min_size=1, max_size=6))
def test_weighted_probabilities_sum_to_one_and_follow_the_weights(weights):
    pairs = distribution(weights)
    assert sum(p for _, p in pairs) == 1
    total = sum(weights.values())
    assert all(p == Fraction(weights[value], total) for value, p in pairs)


def test_outcomes_enumerate_every_sequence_of_picks_and_merge_equal_results():
    def run(picks):
        a = picks.pick((0, 1, 2))
        b = picks.pick({0: 1, 1: 1})
        return (a + b,)

    result = {value: p for p, value in outcomes(run)}
    assert result == {(0,): Fraction(1, 6), (1,): Fraction(2, 6), (2,): Fraction(2, 6), (3,): Fraction(1, 6)}


def test_a_draw_may_depend_on_an_earlier_draw():
    def run(picks):
        size = picks.pick((1, 2))
        return (size, picks.pick(range(size)))

    assert sorted(outcomes(run)) == [(Fraction(1, 4), (2, 0)), (Fraction(1, 4), (2, 1)), (Fraction(1, 2), (1, 0))]


def test_the_source_tells_which_commands_draw():
    assert TwoCoins.randomized and next(c for c in TwoCoins.commands if c.name == "flip").draws
    assert not next(c for c in TwoCoins.commands if c.name == "swallow").draws
    assert not draws_in(None)
    from algorithms.lcr import LCR

    assert not LCR.randomized


def test_a_command_that_draws_has_one_outcome_per_value_with_its_probability():
    system = AsyncSystem(TwoCoins, (1, 2))
    [(command, distribution_)] = system.spontaneous_distributions(0, system.initial_state[0])
    assert command.name == "flip"
    by_outcome = {(new_locals[0], sent[0][1].value): p for p, new_locals, sent in distribution_}
    # (total, first bit sent): the first draw is fair, the second gives 1 three times in four
    assert by_outcome == {(0, 0): Fraction(1, 8), (1, 0): Fraction(3, 8), (1, 1): Fraction(1, 8), (2, 1): Fraction(3, 8)}
    assert sum(p for p, _, _ in distribution_) == 1
    # the flattened outcomes are the graph's transitions: one per distinct (locals, sends)
    assert len(system.spontaneous_outcomes(0, system.initial_state[0])) == len(distribution_) == 4
    steps = [s for s in system.steps(system.initial_state) if s.process == 0]
    assert len({s.instance for s in steps}) == 1 and len(steps) == 4


def test_a_draw_outside_the_body_or_in_a_guard_is_refused():
    with pytest.raises(AlgorithmError, match="outside the command's own body"):
        AsyncSystem(HiddenDraw, (1, 2)).steps(AsyncSystem(HiddenDraw, (1, 2)).initial_state)
    system = AsyncSystem(GuardDraws, (1, 2))
    with pytest.raises(AlgorithmError, match="a guard cannot draw"):
        system.steps(system.initial_state)


def test_the_symbolic_reading_refuses_a_draw():
    from models.reading.symbolic import execute

    flip = next(c for c in TwoCoins.commands if c.name == "flip")
    with pytest.raises(AlgorithmError, match="p.draw is random"):
        execute(TwoCoins, flip, 2)
