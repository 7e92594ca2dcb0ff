"""check theorem anonymous-ring (checker/prove/theorems.py): it proves, and its control must not."""
import pytest

from checker.cli import main
from checker.prove.theorems import FAILED, PROVED, prove_anonymous_ring


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_anonymous_ring_is_proved_by_induction_over_rounds():
    proof = prove_anonymous_ring()
    assert proof.verdict == PROVED
    assert [(s.name, s.status) for s in proof.steps] == [
        ("base", PROVED), ("step", PROVED), ("no unique leader", PROVED), ("unrolled n=4", PROVED)]


def test_with_distinct_ids_the_symmetry_does_not_prove():
    """The control: the same encoding with ids in the initial state fails at the base case."""
    proof = prove_anonymous_ring(distinct_ids=True)
    assert proof.verdict == FAILED
    statuses = {s.name: s.status for s in proof.steps}
    assert statuses["base"] == FAILED and statuses["unrolled n=4"] == FAILED
    assert statuses["step"] == PROVED  # the step does not care how the states became equal
    assert "different states" in next(s for s in proof.steps if s.name == "base").counterexample


@pytest.mark.parametrize("n,rounds", [(1, 2), (2, 3), (5, 2)])
def test_unrolled_rings_of_several_sizes(n, rounds):
    assert prove_anonymous_ring(n=n, rounds=rounds).verdict == PROVED


def test_cli_prints_theorem_obligations_and_results(capsys):
    status, out, _ = run(capsys, "theorem", "anonymous-ring")
    assert status == 0
    assert "theorem anonymous-ring: PROVED" in out and "seed 000" in out
    for line in ("base", "step", "no unique leader"):
        assert line in out
    status, out, _ = run(capsys, "theorem", "anonymous-ring", "--with-ids")
    assert status == 1 and "FAILED" in out and "base fails" in out


def test_cli_lists_theorems(capsys):
    status, out, _ = run(capsys, "theorem", "--list")
    assert status == 0 and out.startswith("anonymous-ring ")


@pytest.mark.parametrize("argv,fragment", [
    (["theorem", "nosuch"], "unknown theorem 'nosuch'"),
    (["theorem"], "name a theorem"),
    (["theorem", "anonymous-ring", "--n", "0"], "--n must be at least 1"),
    (["theorem", "anonymous-ring", "--bogus"], "unrecognized arguments"),
])
def test_bad_theorem_commands(capsys, argv, fragment):
    status, out, err = run(capsys, *argv)
    assert status == 2 and fragment in err and out == ""
    assert len(err.strip().splitlines()) == 1
