"""`check ALGO --describe`: what an algorithm declares, for a built-in, a mutant and a user's file."""
import inspect
import json
import os
import textwrap

import pytest
from conftest import MUTANTS

from algorithms import BUILTIN, builtin
from checker.cli import main
from checker.cli.describe import guard_source


def _run(capsys, *argv):
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _json(capsys, *argv):
    status, out, err = _run(capsys, *argv, "--describe", "--json")
    assert status == 0, err
    return json.loads(out)


def _normalised(text: str) -> str:
    return " ".join(text.split())


def test_hs_as_text_names_every_declaration(capsys):
    status, out, _ = _run(capsys, "hs", "--describe")
    assert status == 0
    hs = builtin("hs")
    win_line = inspect.getsourcelines(hs.win.body)[1]
    assert out.startswith("hs: Hirschberg-Sinclair")
    for expected in (
        "seed        001_86390f416016552c.txt",
        "topology    bidirectional ring: ports CW, CCW; receives on CW, CCW",
        "asleep   bool = true",
        "replied  bool = false   per port: replied[CW], replied[CCW]",
        "leader   Decision (NIL, TRUE, FALSE) = NIL",
        "Probe(id: int, phase: int, ttl: int)",
        "Terminate()",
        f"win (receive Probe on CW, CCW)   algorithms/hs.py:{win_line}",
        "when  And(m.id == p.id, p.leader == NIL)",
        "| p.leader = TRUE",
        "wake (spontaneous)",
        "winner            largest",
        "message bound     8n(1 + ceil(log2 n)); n = 1: 8, 2: 32, 3: 72",
        "knows n           no",
        "mirror symmetric  declared",
        "| def is_leader(p):",
        "leader_id: not defined",
        "choices where the text leaves room (algorithms/hs.py)",
        '* The ttl of phase k is 2^k - 1',
    ):
        assert expected in out, expected


def test_the_json_lists_commands_in_order_with_their_lines_and_guards(capsys):
    hs = builtin("hs")
    described = _json(capsys, "hs")
    assert [c["name"] for c in described["commands"]] == [c.name for c in hs.commands]
    for entry, command in zip(described["commands"], hs.commands):
        assert entry["line"] == inspect.getsourcelines(command.body)[1]
        assert entry["file"] == os.path.join("algorithms", "hs.py")
        assert entry["kind"] == command.kind and entry["class"] == "HirschbergSinclair"
    wake = described["commands"][0]
    assert wake["guard"] == "p.asleep" and wake["ports"] == [] and wake["message"] is None
    assert {tuple(c["ports"]) for c in described["commands"][1:]} == {("CW", "CCW")}
    replied = next(v for v in described["locals"] if v["name"] == "replied")
    assert replied == {"name": "replied", "type": "bool", "initial": "false", "per_port": ["CW", "CCW"]}
    assert described["promises"]["message_bound_values"]["4"] == hs.message_bound(4)
    assert described["promises"]["winner"] == "largest" and described["promises"]["mirror_symmetric"] is True
    assert described["decisions"]["candidate"] is None
    assert "return p.leader == TRUE" in described["decisions"]["is_leader"]["source"]
    assert len(described["choices"]) == 5


@pytest.mark.parametrize("name", list(BUILTIN))
def test_every_builtin_is_described_with_guards_as_written(capsys, name):
    described = _json(capsys, name)
    algorithm = builtin(name)
    assert described["seed"] == algorithm.seed and described["topology"]["kind"] == algorithm.topology.kind
    for entry in described["commands"]:
        with open(entry["file"]) as file:  # the module that defines the command (cr-all inherits cr's)
            source = _normalised(file.read())
        assert entry["guard"] is None or _normalised(entry["guard"]) in source, (entry["name"], entry["guard"])
    assert [v["name"] for v in described["locals"]] == [v.name for v in algorithm.variables]
    received = {c.message.__name__ for c in algorithm.commands if c.message}
    assert received <= {m["name"] for m in described["messages"]}
    assert described["choices"], f"{name}'s module docstring lists no choices"


@pytest.mark.parametrize("name", list(BUILTIN))
def test_every_builtin_is_described_as_text(capsys, name):
    """Issue 30: the text of an algorithm on a network (ports are numbers) ended in a TypeError."""
    status, out, err = _run(capsys, name, "--describe")
    assert status == 0 and not err, err
    assert out.startswith(f"{name}: ")


def test_a_network_algorithm_receives_on_any_port(capsys):
    status, out, _ = _run(capsys, "bully-always-replies", "--describe")
    assert status == 0
    assert "topology    network: a process of degree d has ports 0..d-1" in out
    assert "reply (receive Election on any port)" in out


def test_a_mutant_shows_its_overrides_at_its_own_lines(capsys):
    path = os.path.join(MUTANTS, "hs_never_swallows.py")
    described = _json(capsys, path)
    commands = {c["name"]: c for c in described["commands"]}
    assert "swallow" not in commands  # removed with `swallow = None`
    with open(path) as file:
        lines = file.read().splitlines()
    for name in ("relay_probe", "bounce"):
        entry = commands[name]
        assert entry["class"] == "HSNeverSwallows" and os.path.samefile(entry["file"], path)
        assert lines[entry["line"]].strip() == f"def {name}(p, m, port):"  # the line after the decorator
        assert entry["guard"].startswith("And(m.id != p.id")
    assert commands["resign"]["class"] == "HirschbergSinclair"
    assert described["derives_from"] == ["hs (HirschbergSinclair)"]
    assert described["summary"].startswith("Mutant: Hirschberg-Sinclair that passes on probes")
    assert "Must be caught as at-most-one-leader" in described["docstring"]
    assert described["choices_from"] == os.path.join("algorithms", "hs.py")


def test_a_user_file_that_overrides_one_command(capsys, tmp_path):
    path = tmp_path / "my_lcr.py"
    path.write_text(textwrap.dedent('''\
        """My LCR: forwards tokens as before, written my way."""
        from algorithms.lcr import LCR, Token
        from models import NEXT, receive


        class MyLCR(LCR, name="my-lcr"):
            """LCR with its pass_on written out."""

            @receive(Token, when=lambda p, m, port: p.id > m.id)
            def pass_on(p, m, port):
                p.send(NEXT, Token(m.id))
        '''))
    status, out, _ = _run(capsys, str(path), "--describe")
    assert status == 0
    assert out.startswith("my-lcr: LCR with its pass_on written out.")
    assert f"pass_on (receive Token on PREV)   {path}:9\n    when  p.id > m.id\n    | p.send(NEXT, Token(m.id))" in out
    assert "discard (receive Token on PREV)   algorithms/lcr.py:" in out and "inherited from LCR" in out
    described = _json(capsys, str(path))
    pass_on = next(c for c in described["commands"] if c["name"] == "pass_on")
    assert (pass_on["line"], pass_on["class"]) == (9, "MyLCR")
    assert [c["name"] for c in described["commands"]] == [c.name for c in builtin("lcr").commands]
    assert described["defined_in"] == f"{path}:6"


def test_two_lambdas_on_one_line_are_told_apart():
    first, second = (lambda p: p.a), (lambda p: And(p.b, p.c))  # noqa: F821 (never called)
    assert guard_source(first) == "p.a"
    assert guard_source(second) == "And(p.b, p.c)"


@pytest.mark.parametrize("argv, message", [
    (["--describe"], "name an algorithm"),
    (["hs", "--describe", "--n", "3"], "--describe runs no check; drop --n"),
    (["no-such-algorithm", "--describe"], "unknown algorithm"),
])
def test_bad_describe_commands_are_one_line_and_exit_2(capsys, argv, message):
    status, out, err = _run(capsys, *argv)
    assert status == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
