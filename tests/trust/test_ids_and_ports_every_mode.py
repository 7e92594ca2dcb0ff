"""Variants aimed at the id-blind search and at one port labelling standing for all, in every mode.

tests/trust/variants/blind_ids/ hides a real bug from the id-blind search of randomized rings
(checker/explore/anonymous.py) behind a use of ``p.id`` that a hidden id used to answer (str,
repr, an f-string, isinstance) or that no hidden id can refuse (``type(p.id).__name__``,
``id(p.id)``, a bare ``except:`` that swallows the refusal). tests/trust/variants/port_numbers/
hides one from "one port labelling stands for all" (checker/explore/networks.py) behind a port
named by its number, ``Port(0)`` (models/topology/ports.py): compared with the arrival port, stored in a
Port local or starting one, indexing a per-port local, sent on, or a port carried inside a
message's tuple field.

Each is a real bug: the most concrete run (reference engine, no reduction, no symmetry, so
every arrangement and every labelling with its real ids, no twins) finds the catalogue's
property violated, with the lint and the message check off for the two variants they refuse.
Then every mode of the variant's kind says VIOLATED or refuses in one line on stderr; none says
VERIFIED (the modes that decide the shortcuts in the fast loop, the others with the slow tests). The id-blind search has two lines of defence, and each holds alone: the refusals with
the check against the real ids off, and the check against the real ids with a hidden id that
answers str, repr, format and attributes as it used to.
"""
from __future__ import annotations

import json
import os

import pytest

from checker.cli import main
from checker.explore import anonymous
from models import NO_PORT, Port
from models.dsl import algorithm as dsl
from models.systems import semantics
from models.topology.ports import PortNumbersRead, carries_a_port, given_port

VARIANTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "variants")
KINDS = ("blind_ids", "port_numbers")

# file, the options it is checked with, the property the most concrete run finds violated
CATALOGUE = [
    ("blind_ids/itai_rodeh_coins_by_name.py", ["--n", "3"], "almost-sure-termination"),
    ("blind_ids/itai_rodeh_sync_picks_by_fstring.py", ["--n", "3"], "almost-sure-termination"),
    ("blind_ids/itai_rodeh_leader_by_repr.py", ["--n", "3"], "at-most-one-leader"),
    ("blind_ids/itai_rodeh_coins_by_type.py", ["--n", "3"], "almost-sure-termination"),
    ("blind_ids/itai_rodeh_coins_by_type_name.py", ["--n", "3"], "almost-sure-termination"),
    ("blind_ids/itai_rodeh_coins_swallow_refusal.py", ["--n", "3"], "almost-sure-termination"),
    ("blind_ids/itai_rodeh_coins_by_identity.py", ["--n", "3", "--id-values", "1..5"], "almost-sure-termination"),
    ("port_numbers/flooding_port_zero_uplink.py", ["--n", "3", "--graph", "complete"], "at-most-one-leader"),
    ("port_numbers/flooding_uplink_stored.py", ["--n", "3", "--graph", "complete"], "at-most-one-leader"),
    ("port_numbers/flooding_uplink_from_the_start.py", ["--n", "3", "--graph", "complete"], "at-most-one-leader"),
    ("port_numbers/flooding_uplink_muted.py", ["--n", "3", "--graph", "complete"], "at-most-one-leader"),
    # it also sends fewer messages than flooding's bound declares exact: without that property,
    # so that the port number is what is caught
    ("port_numbers/flooding_sends_up_port_zero.py", ["--n", "3", "--graph", "path", "--ids", "1,2,3", "--without", "message-bound"],
     "at-most-one-leader"),
    ("port_numbers/flooding_no_echo.py", ["--n", "3", "--graph", "path"], "agreement"),
    ("port_numbers/dfs_forwards_leader_up_port_zero.py", ["--n", "3", "--graph", "path", "--ids", "3,2,1"],
     "election"),
    ("port_numbers/dfs_hears_leader_on_port_zero.py", ["--n", "3", "--graph", "path", "--ids", "1,2,3"],
     "election"),
]
OPTIONS = {name: options for name, options, _ in CATALOGUE}

MOST_CONCRETE = ["--engine", "reference", "--no-por", "--symmetry", "none", "--no-twins"]
MODES = {
    "default": [], "interned": ["--engine", "interned"], "reference": ["--engine", "reference"],
    "native": ["--engine", "native"], "no-por": ["--no-por"], "rotation": ["--symmetry", "rotation"],
    "no-symmetry": ["--symmetry", "none"], "no-twins": ["--no-twins"], "no-chains": ["--no-chains"],
    "fingerprint": ["--fingerprint"], "most-concrete": MOST_CONCRETE,
    "messages": ["--messages"], "prove": ["--prove"], "check-invariant": ["--check-invariant"],
}
RANDOMIZED_MODES = {"expected": ["--expected"], "within": ["--within", "20"]}
SYNCHRONOUS_NETWORK_MODES = {name: ["--synchronizer", name] for name in ("alpha", "beta", "gamma")}


def _modes(name: str) -> dict:
    if name.startswith("blind_ids/"):
        return {**MODES, **RANDOMIZED_MODES}
    if name.startswith("port_numbers/flooding"):
        return {**MODES, **SYNCHRONOUS_NETWORK_MODES}
    return MODES


# The modes that decide whether these shortcuts are taken, in the fast loop: the engines, reduction
# and symmetry switched off one at a time and all at once, and the kind's own modes. The flags that
# leave both shortcuts as they are (rotation, twins, chains, fingerprints, message tables, proofs)
# run every variant with the slow tests.
FAST_MODES = {"default", "interned", "reference", "native", "no-por", "no-symmetry", "most-concrete",
              *RANDOMIZED_MODES, *SYNCHRONOUS_NETWORK_MODES}


def _cases(every_mode_fast: bool = False):
    return [pytest.param(name, mode, marks=[] if every_mode_fast or mode in FAST_MODES else [pytest.mark.slow])
            for name, _, _ in CATALOGUE for mode in _modes(name)]


@pytest.fixture
def no_lint(monkeypatch):
    monkeypatch.setattr(dsl, "lint_algorithm_class", lambda cls: None)


def _run(name: str, extra: list[str], capsys) -> tuple[int, str, str]:
    status = main([os.path.join(VARIANTS, name), *OPTIONS[name], *extra])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_every_variant_is_in_the_catalogue():
    files = {f"{kind}/{f}" for kind in KINDS for f in os.listdir(os.path.join(VARIANTS, kind)) if f.endswith(".py")}
    assert files == set(OPTIONS)


@pytest.mark.parametrize("name, options, violated", CATALOGUE)
def test_each_variant_is_a_real_bug(no_lint, monkeypatch, capsys, name, options, violated):
    monkeypatch.setattr(semantics, "carries_a_port", lambda message: False)
    status, out, _ = _run(name, [*MOST_CONCRETE, "--json"], capsys)
    result = json.loads(out)
    assert status == 1 and result["verdict"] == "violated"
    assert [p["name"] for p in result["properties"] if p["holds"] is False] == [violated]


VIOLATED = {name: violated for name, _, violated in CATALOGUE}


def _judge(name: str, mode: str, status: int, out: str, err: str) -> None:
    """VIOLATED, or a refusal in one line. The quantitative questions ask only whether and when a
    leader is elected: they must find that it may not be, where that is the bug, and must never
    answer with the one model of hidden ids."""
    if status == 2:
        assert len(err.strip().splitlines()) == 1 and err.startswith("check: "), f"{name} {mode}: {err}"
        return
    assert "VERIFIED" not in out, f"{name} {mode}: {out[:300]}"
    if mode in RANDOMIZED_MODES:
        assert "stands for all" not in out, f"{name} {mode}: one model with hidden ids answered for every arrangement"
        if VIOLATED[name] != "almost-sure-termination":
            return
    assert status == 1, f"{name} {mode}: exit {status}: {out[:300]}"


@pytest.mark.parametrize("name, mode", _cases())
def test_as_a_user_runs_it(capsys, name, mode):
    _judge(name, mode, *_run(name, _modes(name)[mode], capsys))


@pytest.mark.slow  # the fast loop has every variant in the deciding modes with the lint on
@pytest.mark.parametrize("name, mode", [case for case in _cases(every_mode_fast=True)
                                        if case.values[0].startswith("blind_ids/")])
def test_with_the_lint_off(no_lint, capsys, name, mode):
    _judge(name, mode, *_run(name, _modes(name)[mode], capsys))


# -- the id-blind search's two lines of defence, each alone --------------------------------
REFUSED_USES = ["blind_ids/itai_rodeh_coins_by_name.py", "blind_ids/itai_rodeh_sync_picks_by_fstring.py",
                "blind_ids/itai_rodeh_leader_by_repr.py", "blind_ids/itai_rodeh_coins_by_type.py"]


@pytest.mark.parametrize("name", REFUSED_USES)
def test_the_refusals_alone_catch_what_a_hidden_id_used_to_answer(monkeypatch, capsys, name):
    monkeypatch.setattr(anonymous.RealIds, "same", lambda self, i, hidden, take, key=None: take(hidden))
    status, out, _ = _run(name, [], capsys)
    assert status == 1 and ": VIOLATED" in out.splitlines()[0]


def _answer(self, *_):
    return "?"


@pytest.mark.parametrize("name", [name for name, _, _ in CATALOGUE if name.startswith("blind_ids/")])
def test_the_real_ids_alone_catch_every_leak(no_lint, monkeypatch, capsys, name):
    # a hidden id that answers as it used to: "?" for str, repr and format, its own attributes
    for use in ("__str__", "__repr__", "__format__"):
        monkeypatch.setattr(anonymous.HiddenId, use, _answer)
    monkeypatch.setattr(anonymous.HiddenId, "__getattribute__", object.__getattribute__)
    status, out, _ = _run(name, [], capsys)
    assert status == 1 and ": VIOLATED" in out.splitlines()[0]


def test_a_built_in_that_reads_no_id_is_still_one_search(capsys):
    assert main(["itai-rodeh", "--n", "4"]) == 0
    assert "1 of 6 checked, standing for 24 (no id is ever read" in capsys.readouterr().out


def test_the_most_concrete_run_explores_every_arrangement_with_its_ids(capsys):
    assert main(["itai-rodeh", "--n", "3", "--symmetry", "none"]) == 0
    assert "6 checked, standing for 6 (every arrangement)" in capsys.readouterr().out


def test_the_quantitative_questions_refuse_id_values(capsys):
    assert main(["itai-rodeh", "--n", "3", "--id-values", "1..5", "--expected"]) == 2
    assert capsys.readouterr().err.strip() == "check: the quantitative questions take the ids 1..n; drop --id-values"


# -- ports named by their numbers ------------------------------------------------------------
def test_comparing_a_given_port_with_a_numbered_one_reads_the_number():
    arrival = given_port(0, numbered=False)
    with pytest.raises(PortNumbersRead, match="a port named by its number"):
        arrival == Port(0)  # noqa: B015
    with pytest.raises(PortNumbersRead):
        Port(1) != arrival  # noqa: B015
    assert arrival != NO_PORT and Port(0) == Port(0) and Port(0) != NO_PORT  # nothing of the labelling
    assert given_port(0, numbered=True) == Port(0)  # a run that reads numbers anyway


def test_a_port_is_found_wherever_a_message_carries_it():
    port = given_port(1, numbered=False)
    assert carries_a_port(("Tip", 3, (port,)))
    assert carries_a_port(("Tip", frozenset({port})))
    assert carries_a_port(("Outer", ("Inner", 2, [port])))
    assert carries_a_port(("Tip", {"via": port}))
    assert not carries_a_port(("Tip", 3, (1, 2), frozenset({4})))


def test_the_note_names_the_port_read(capsys):
    status, out, _ = _run("port_numbers/flooding_port_zero_uplink.py", [], capsys)
    assert status == 1
    assert ("note: FloodingPortZeroUplink.receive_leader (line 15): compares its port with Port(0), a port named "
            "by its number (Port), so every port labelling was checked") in out


def test_a_message_that_carries_a_port_is_refused_in_one_line(capsys):
    status, _, err = _run("port_numbers/flooding_no_echo.py", [], capsys)
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert "sends Tip(1, (NO_PORT,)), which carries a port" in err


def test_a_port_sent_to_every_neighbour_is_refused_too(tmp_path, capsys):
    path = tmp_path / "sends_a_port.py"
    path.write_text(
        "from algorithms.flooding import Flooding, Leader\n"
        "from models import NO_PORT, spontaneous\n\n\n"
        "class SendsAPort(Flooding, name='sends-a-port'):\n"
        "    @spontaneous(when=lambda p: p.r < p.diameter)\n"
        "    def send_leader(p):\n"
        "        p.send_all(Leader((NO_PORT,)))\n"
        "        p.r = p.r + 1\n")
    assert main([str(path), "--n", "2", "--graph", "complete"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "sends Leader((NO_PORT,)), which carries a port" in err
