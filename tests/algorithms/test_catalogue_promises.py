"""What the docstrings of the seed 002/000/004 algorithms claim beyond the election specification."""
import pytest

from algorithms import BUILTIN, builtin
from checker import check, message_table
from checker.cli import main
from models import LARGEST
from specs import election_spec
from specs.election import leader_is_extremal


def test_list_shows_every_builtin(capsys):
    assert main(["--list"]) == 0
    out = capsys.readouterr().out
    for name in BUILTIN:
        assert any(line.startswith(name + " ") and builtin(name).seed in line for line in out.splitlines())


def test_peterson_elects_one_leader_but_not_always_the_largest_id():
    peterson = builtin("peterson")
    assert check(peterson, 4, jobs=1).verdict == "verified"
    promised_more = check(peterson, 4, properties=election_spec(peterson) + [leader_is_extremal(LARGEST)], jobs=1)
    assert promised_more.verdict == "violated"
    assert promised_more.counterexample.property == "leader-is-largest"


def test_franklin_needs_no_more_than_one_early_token_per_side():
    """No token ever finds both of a side's slots full: no message is consumed unmatched."""
    result = check(builtin("franklin"), 4, jobs=1)
    assert result.verdict == "verified" and result.unmatched == 0


@pytest.mark.parametrize("n", [3, 4])
def test_lelann_costs_n_per_initiator(n):
    """One initiator: n messages; all of them: n^2, the text's O(n^2), reached."""
    result = check(builtin("lelann"), n, jobs=1)
    assert (result.messages_min, result.messages_max) == (n, n * n)


def test_peterson_meets_its_bound_at_n4():
    result = check(builtin("peterson"), 4, jobs=1)
    assert result.messages_max == builtin("peterson").message_bound(4) == 20


@pytest.mark.parametrize("name, ns", [("franklin", range(2, 5)), ("peterson", range(2, 6)),
                                      # the largest n take seconds each: with the slow tests
                                      pytest.param("franklin", [5], marks=pytest.mark.slow),
                                      pytest.param("peterson", [6], marks=pytest.mark.slow)])
def test_the_declared_bound_is_the_measured_maximum(name, ns):
    """2n(floor(log2 n) + 1) and 2n floor(log2 n) + n: each round with two or more red processes
    halves them at least, so floor(log2 n) such rounds; the verdicts check the bound holds, and
    the maxima meet it (ceil(log2 n) would leave up to 2n messages unchecked at n = 3, 5, 6, 7)."""
    algorithm = builtin(name)
    rows = message_table(algorithm, ns, jobs=1).rows
    assert [(r.n, r.verdict, r.max) for r in rows] == [(n, "verified", algorithm.message_bound(n)) for n in ns]


def test_the_asynchronous_ring_algorithms_are_listed_as_such():
    """The engine and reduction tests run ASYNCHRONOUS_RINGS; the others (synchronous, on a
    network, or drawing random values) run in Python only."""
    from algorithms import ASYNCHRONOUS_RINGS
    from models import ASYNCHRONOUS, Network

    rings = {name for name in BUILTIN
             if builtin(name).timing == ASYNCHRONOUS and not issubclass(builtin(name).topology, Network)
             and not builtin(name).randomized}
    assert rings == set(ASYNCHRONOUS_RINGS)
