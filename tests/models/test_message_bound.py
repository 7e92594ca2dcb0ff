"""A message bound is declared for every n or for none: anything else is a declaration error.

A bound that is None at some n switched the message-bound property off there without a
word; election_spec asked n = 1 and 2, so a bound that starts at n = 3 was never checked at
any n. Now the bound is asked at n = 1..4 when the class is created and at the n a run
checks (models.dsl.algorithm.message_bound_at), and a mix of None and numbers, a non-int or an
exception is one line naming the class and the n, exit 2.
"""
import pytest

from checker import check
from checker.cli import main
from models import AlgorithmError, message_bound_at

LCR_VARIANT = """\
from algorithms.lcr import LCR


class Bounded(LCR, name="bounded"):
    @staticmethod
    def message_bound(n):
        {body}
"""


def _file(tmp_path, body):
    path = tmp_path / "bounded.py"
    path.write_text(LCR_VARIANT.format(body=body))
    return str(path)


def _run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("body, message", [
    # the case: None at n = 1 and 2, a bound from n = 3
    ("return None if n < 3 else n * (n + 1) // 2 + n",
     "Bounded.message_bound(n) is None at n = 1, 2 but 9 at n = 3: return a bound for every n, or None for every n"),
    ("return n * n if n < 4 else None", "Bounded.message_bound(n) is None at n = 4 but 1 at n = 1"),
    ("return n * (n + 1) / 2 + n", "Bounded.message_bound(1) is 2.0, a float, not an int: return a whole number"),
    ("return True", "Bounded.message_bound(1) is True, a bool, not an int"),
    ("return 12 // (n - 1)", "Bounded.message_bound(1) raised ZeroDivisionError: integer division or modulo by zero"),
])
def test_a_bad_bound_is_one_line_and_exit_2_when_the_file_is_loaded(tmp_path, capsys, body, message):
    status, out, err = _run(capsys, _file(tmp_path, body), "--n", "3")
    assert status == 2 and out == ""
    assert err.startswith(f"check: {message}") and err.count("\n") == 1


@pytest.mark.parametrize("body, n, message", [
    ("return None if n < 5 else 3 * n", 5, "Bounded.message_bound(n) is None at n = 1, 2, 3, 4 but 15 at n = 5"),
    ("return 3 * n if n < 5 else None", 6, "Bounded.message_bound(n) is None at n = 6 but 3 at n = 1"),
    ("return 3 * n if n < 5 else 2.5 * n", 5, "Bounded.message_bound(5) is 12.5, a float, not an int"),
])
def test_a_bound_that_goes_bad_at_the_checked_n_is_caught_by_the_run(tmp_path, capsys, body, n, message):
    path = _file(tmp_path, body)
    ids = ",".join(map(str, range(1, n + 1)))
    for mode in (["--ids", ids], ["--messages"]):  # the error comes before any exploration
        status, out, err = _run(capsys, path, "--n", n, *mode)
        assert status == 2 and out == ""
        assert err.startswith(f"check: {message}") and err.count("\n") == 1


def test_no_bound_at_any_n_and_a_bound_at_every_n_are_fine(tmp_path, capsys):
    status, out, _ = _run(capsys, _file(tmp_path, "return None"), "--n", "3")
    assert status == 0 and "message-bound" not in out
    status, out, _ = _run(capsys, _file(tmp_path, "return n * (n + 1) // 2 + n"), "--n", "3")
    assert status == 0 and "message-bound" in out
    status, out, _ = _run(capsys, _file(tmp_path, "return n"), "--n", "3")  # lcr sends more than n
    assert status == 1 and "Counterexample to message-bound:" in out


def test_the_check_api_asks_the_n_it_runs():
    from algorithms.lcr import LCR

    class LateBound(LCR, name="late-bound"):
        @staticmethod
        def message_bound(n):
            return None if n < 5 else 3 * n

    assert message_bound_at(LateBound, 3) is None
    with pytest.raises(AlgorithmError, match=r"LateBound.message_bound\(n\) is None at n = 1, 2, 3, 4 but 15 at n = 5"):
        check(LateBound, 5, ids=(1, 2, 3, 4, 5))
