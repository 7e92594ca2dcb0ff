"""The DSL's rules: what an algorithm may write, and the errors that say how to fix the rest."""
import json
import textwrap

import pytest

from checker.cli import main
from checker.cli.loader import load_algorithm
from models import (
    AlgorithmError, And, AsyncSystem, Implies, Message, Not,
    Or, ite, receive,
)

HEADER = '''
from models import *

class Ping(Message):
    id: int

class Bad(Algorithm, name="bad"):
    topology = UnidirectionalRing
    asleep = Local(bool, True)
    x = Local(int, 0)

    def is_leader(p):
        return p.x == 1

    def decided(p):
        return p.x != 0
'''


FORBIDDEN = [
    ("@spontaneous(when=lambda p: p.asleep or p.x > 0)\n    def wake(p):\n        p.asleep = False", "`or`", "Or(a, b)"),
    ("@spontaneous(when=lambda p: not p.asleep)\n    def wake(p):\n        p.asleep = False", "`not`", "Not(a)"),
    ("@spontaneous()\n    def wake(p):\n        p.x = 1 if p.asleep else 2", "x if c else y", "ite(c, x, y)"),
    ("@spontaneous()\n    def wake(p):\n        if p.asleep:\n            p.x = 1", "`if`", "command of its own"),
    ("@spontaneous(when=lambda p: 0 < p.x < 3)\n    def wake(p):\n        p.x = 1", "chained", "And(a < b, b < c)"),
    ("@spontaneous()\n    def wake(p):\n        p.x = max(p.x, p.id)", "`max`", "ite(a > b, a, b)"),
    ("@spontaneous()\n    def wake(p):\n        p.x = min(p.x, p.id)", "`min`", "ite(a < b, a, b)"),
    ("@receive(Ping, when=lambda p, m, port: m.id in (1, 2))\n    def got(p, m, port):\n        p.x = 1", "`in`", "Or(x == a, x == b)"),
    ("@spontaneous()\n    def wake(p):\n        for i in range(2):\n            p.x = i", "loops", "straight-line"),
    ("@spontaneous(when=lambda p: p.asleep is True)\n    def wake(p):\n        p.x = 1", "`is`", "=="),
]


@pytest.mark.parametrize("command,what,fix", FORBIDDEN)
def test_forbidden_python_is_rejected_with_file_line_and_fix(tmp_path, command, what, fix):
    path = tmp_path / "bad.py"
    path.write_text(HEADER + "\n    " + command + "\n")
    with pytest.raises(AlgorithmError) as error:
        load_algorithm(str(path))
    message = str(error.value)
    assert message.startswith(f"{path}:")
    line = int(message.split(":")[1])
    assert line > HEADER.count("\n")  # points into the command, not the header
    assert what in message and fix in message


def test_decision_functions_are_checked_too(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(HEADER.replace("return p.x == 1", "return p.x == 1 and p.asleep"))
    with pytest.raises(AlgorithmError, match=r"Bad.is_leader: Python `and`"):
        load_algorithm(str(path))


def test_the_allowed_forms_load(tmp_path):
    path = tmp_path / "good.py"
    path.write_text(HEADER + textwrap.indent(textwrap.dedent('''
        @spontaneous(when=lambda p: And(p.asleep, Or(p.x == 0, Not(p.x > 5)), Implies(p.x > 1, p.x < 4)))
        def wake(p):
            p.asleep = False
            p.x = ite(p.id > 2, p.id, 2)
            p.send(NEXT, Ping(p.id))
    '''), "    "))
    algorithm = load_algorithm(str(path))
    assert [c.name for c in algorithm.commands] == ["wake"]


def test_logic_helpers_on_plain_values():
    assert And(True, 1 < 2) is True and And(True, False) is False
    assert Or(False, True) is True and Not(False) is True
    assert Implies(False, False) is True and Implies(True, False) is False
    assert ite(True, 1, 2) == 1 and ite(False, 1, 2) == 2


def test_messages_are_tuples_with_named_fields():
    class Probe(Message):
        id: int
        phase: int

    class Reply(Message):
        id: int
        phase: int

    probe = Probe(3, 1)
    assert (probe.id, probe.phase) == (3, 1)
    assert probe == Probe(3, 1) and hash(probe) == hash(Probe(3, 1))
    assert probe != Reply(3, 1)
    assert str(probe) == "Probe(3, 1)"
    with pytest.raises(AlgorithmError, match="takes 2 field"):
        Probe(1)


def test_subclass_overrides_and_removes_commands():
    from algorithms.hs import HirschbergSinclair
    from tests.mutants.hs_never_swallows import HSNeverSwallows

    names = [c.name for c in HSNeverSwallows.commands]
    assert "swallow" not in names
    assert names.index("relay_probe") == [c.name for c in HirschbergSinclair.commands].index("relay_probe") - 1
    assert HSNeverSwallows.variables == HirschbergSinclair.variables


def _algorithm_file(tmp_path, body):
    path = tmp_path / "alg.py"
    path.write_text(HEADER + textwrap.indent(textwrap.dedent(body), "    "))
    return load_algorithm(str(path))


def test_sending_on_a_port_without_channel_names_the_ports(tmp_path):
    algorithm = _algorithm_file(tmp_path, '''
        @spontaneous(when=lambda p: p.asleep)
        def wake(p):
            p.asleep = False
            p.send(PREV, Ping(p.id))
    ''')
    system = AsyncSystem(algorithm, (1, 2))
    with pytest.raises(AlgorithmError, match="Bad.wake.*sends on port 'PREV'.*ports: NEXT"):
        system.steps(system.initial_state)


def test_reading_n_in_a_uniform_algorithm_says_how_to_allow_it(tmp_path):
    algorithm = _algorithm_file(tmp_path, '''
        @spontaneous(when=lambda p: p.asleep)
        def wake(p):
            p.asleep = False
            p.x = p.n
    ''')
    system = AsyncSystem(algorithm, (1, 2))
    with pytest.raises(AlgorithmError, match="knows_n = True"):
        system.steps(system.initial_state)


def test_sending_something_that_is_not_a_message(tmp_path):
    algorithm = _algorithm_file(tmp_path, '''
        @spontaneous(when=lambda p: p.asleep)
        def wake(p):
            p.asleep = False
            p.send(NEXT, p.id)
    ''')
    system = AsyncSystem(algorithm, (1, 2))
    with pytest.raises(AlgorithmError, match="not a Message"):
        system.steps(system.initial_state)


def test_per_port_locals_have_one_slot_per_port():
    from algorithms.hs import HirschbergSinclair

    system = AsyncSystem(HirschbergSinclair, (1, 2, 3))
    assert system.locals_of(system.initial_state, 0) == {
        "asleep": "true", "replied[CW]": "false", "replied[CCW]": "false", "leader": "NIL",
    }


def test_receive_needs_a_message_type():
    with pytest.raises(AlgorithmError, match="Message subclass"):
        receive(int)


def test_a_subclass_removes_an_inherited_local():
    from algorithms.variable_speeds import VariableSpeeds, VariableSpeedsLiteral

    assert {"held", "wait"} <= {v.name for v in VariableSpeeds.variables}
    names = [v.name for v in VariableSpeedsLiteral.variables]
    assert "held" not in names and "wait" not in names and names[-1] == "w8"


CONDITIONAL_SENDS = '''
from models import *

class Ping(Message):
    id: int

class Conditional(Algorithm, name="conditional"):
    """Id 1 leads, and tells its clockwise neighbour only."""

    topology = BidirectionalRing
    asleep = Local(bool, True)
    x = Local(int, 0)

    def is_leader(p):
        return p.x == 1

    def decided(p):
        return p.x != 0

    @spontaneous(when=lambda p: p.asleep)
    def wake(p):
        p.asleep = False
        p.x = ite(p.id == 1, 1, 2)
        p.send_all(Ping(p.id), where=lambda port: And(port == CW, p.id == 1))
        p.send(CCW, Ping(p.id), when=False)

    @receive(Ping)
    def got(p, m, port):
        pass
'''


def test_a_conditional_send_sends_only_where_and_when_it_holds(capsys, tmp_path):
    path = tmp_path / "conditional.py"
    path.write_text(CONDITIONAL_SENDS)
    assert main([str(path), "--n", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["verdict"] == "verified" and summary["messages"] == {"min": 1, "max": 1}
    # no z3 reading of a conditional send: partial-order reduction assumed the worst of the command
    assert any("a conditional send is read by the Python engine only" in note for note in summary["notes"])


def test_a_conditional_send_is_refused_where_z3_reads_the_command(capsys, tmp_path):
    path = tmp_path / "conditional.py"
    path.write_text(CONDITIONAL_SENDS)
    assert main([str(path), "--n", "3", "--engine", "native"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("check: --engine native cannot run conditional: ") and len(err.splitlines()) == 1
    assert "Conditional sends only if" in err and "a conditional send is read by the Python engine only" in err


def test_where_takes_a_function_of_the_port(capsys, tmp_path):
    path = tmp_path / "conditional.py"
    path.write_text(CONDITIONAL_SENDS.replace("where=lambda port: And(port == CW, p.id == 1)", "where=p.id == 1"))
    assert main([str(path), "--n", "3"]) == 2
    err = capsys.readouterr().err
    assert "where= takes a function of the port, e.g. where=lambda port: p.active[port]" in err
    assert "Traceback" not in err
