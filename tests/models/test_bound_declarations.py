"""Round bounds, bounds that take the arrangement and exact bounds are declared so that each is judged.

What tests/models/test_message_bound.py asks of a message bound per n holds of a round bound
too; a bound that takes the arrangement (``message_bound(n, setting)``) is checked the same way
at each arrangement, where None would leave the property unjudged there; a round bound on an
asynchronous algorithm, which has no rounds to count, is refused, as is any bound of an
algorithm that draws (its specification asks almost-sure termination instead: no engine would
check the bound); and a bound text that says "exact" needs the declaration that has both sides
checked (``round_bound_exact``).
"""
from __future__ import annotations

import pytest

from checker.cli import main

VARIANT = """\
from algorithms.{module} import {base}


class Variant({base}, name="variant"):
{{body}}
"""
TIMESLICE_VARIANT = VARIANT.format(module="timeslice", base="TimeSlice")
LCR_VARIANT = VARIANT.format(module="lcr", base="LCR")
ITAI_RODEH_VARIANT = VARIANT.format(module="itai_rodeh", base="ItaiRodeh")


def _bound(signature: str, value: str) -> str:
    return f"    @staticmethod\n    def {signature}:\n        return {value}"


def _run(capsys, tmp_path, template: str, body: str, *argv: str) -> tuple[int, str, str]:
    path = tmp_path / "variant.py"
    path.write_text(template.format(body=body))
    status = main([str(path), "--n", "3", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _one_line(status: int, out: str, err: str, message: str) -> None:
    assert status == 2 and out == "", out
    assert err.startswith(f"check: {message}") and err.count("\n") == 1, err


@pytest.mark.parametrize("template, body, message", [
    (TIMESLICE_VARIANT, _bound("round_bound(n)", "None if n < 3 else 4 * n"),
     "Variant.round_bound(n) is None at n = 1, 2 but 12 at n = 3: return a bound for every n"),
    (TIMESLICE_VARIANT, _bound("round_bound(n)", "n / 2"),
     "Variant.round_bound(1) is 0.5, a float, not an int"),
    (LCR_VARIANT, _bound("round_bound(n)", "3 * n"),
     "Variant declares round_bound, but it is asynchronous: its executions have no rounds to count"),
    (TIMESLICE_VARIANT, '    round_bound_text = "(min id + 1) n + 1 (exactly)"\n    round_bound_exact = False',
     "Variant.round_bound_text says '(min id + 1) n + 1 (exactly)', but round_bound_exact is not set"),
    (LCR_VARIANT, "    round_bound_exact = True",
     "Variant.round_bound_exact is set but Variant declares no round_bound"),
    (LCR_VARIANT, '    message_bound_text = "exactly n(n+1)/2 + n"',
     "Variant.message_bound_text says 'exactly n(n+1)/2 + n', but message_bound_exact is not set"),
    (ITAI_RODEH_VARIANT, _bound("message_bound(n)", "4 * n * n"),
     "Variant draws random values, so its coins may repeat a round any number of times and no message_bound holds"),
])
def test_a_bound_declaration_that_would_go_unjudged_is_refused_at_load(capsys, tmp_path, template, body, message):
    _one_line(*_run(capsys, tmp_path, template, body), message)


@pytest.mark.parametrize("body, message", [
    (_bound("round_bound(n, setting)", "None if 3 in setting.ids else 10 * n"),
     ("Variant.round_bound(3, ids 1,2,3) is None: a bound that takes the arrangement gives a whole number for "
      "every arrangement (with no bound, do not declare it)")),
    (_bound("round_bound(n, setting)", "setting.ids[n]"),
     "Variant.round_bound(3, ids 1,2,3) raised IndexError: tuple index out of range"),
    (_bound("message_bound(n, setting)", "n + 0.5 * setting.smallest_id"),
     "Variant.message_bound(3, ids 1,2,3) is 3.5, a float, not an int"),
])
def test_a_bound_that_takes_the_arrangement_is_checked_at_each_one(capsys, tmp_path, body, message):
    _one_line(*_run(capsys, tmp_path, TIMESLICE_VARIANT, body, "--ids", "1,2,3"), message)
    _one_line(*_run(capsys, tmp_path, TIMESLICE_VARIANT, body), message)  # every arrangement


def test_an_exact_bound_is_met_by_every_built_in_that_declares_one(capsys):
    for argv in (["timeslice", "--n", "4", "--id-values", "1..6"], ["variable-speeds", "--n", "3", "--id-values", "1..5"],
                 ["variable-speeds-half", "--n", "3", "--id-values", "1..5"], ["flooding", "--n", "4"]):
        assert main(argv) == 0, argv
        assert ": VERIFIED" in capsys.readouterr().out


def test_a_setting_names_the_smallest_and_the_largest_id():
    from specs.bounds import Setting

    setting = Setting(4, (3, 1, 4, 2), 4, 3)
    assert (setting.smallest_id, setting.largest_id) == (1, 4)


@pytest.mark.parametrize("name, ids, edges, diameter", [
    ("lcr", (1,), 0, 0), ("lcr", (2, 1), 1, 1), ("lcr", (3, 1, 2), 3, 2), ("lcr", (1, 2, 3, 4, 5), 5, 4),
    ("hs", (1, 2), 1, 1), ("hs", (1, 3, 2), 3, 1), ("hs", (1, 2, 3, 4), 4, 2), ("hs", (1, 2, 3, 4, 5), 5, 2),
])
def test_the_setting_of_a_ring(name, ids, edges, diameter):
    """A ring of n has n links (one if n = 2, none if n = 1); its diameter is n - 1 one way round,
    n // 2 both ways."""
    from algorithms import builtin
    from models import AsyncSystem
    from specs.bounds import Setting, setting_of

    assert setting_of(AsyncSystem(builtin(name), ids)) == Setting(len(ids), ids, edges, diameter)


def test_the_setting_of_a_network():
    from algorithms import builtin
    from checker.explore.arrangements import Arrangement
    from checker.explore.systems import system_for
    from models.topology.network import Network
    from specs.bounds import Setting, setting_of

    path = Network(4, [(0, 1), (1, 2), (2, 3)])
    system = system_for(builtin("flooding"), Arrangement((2, 4, 1, 3), 1, topology=path, numbered=True))
    assert setting_of(system) == Setting(4, (2, 4, 1, 3), 3, 3)
