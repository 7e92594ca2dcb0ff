"""The lint (models/dsl/lint.py) names the constructs that z3 reads differently from Python, with
the fix, wherever the engines read them: the class, a helper outside it (in the same module
or reached through an imported one), a command or decision function inherited from a mixin
or base class in another file. It is a convenience; tests/trust/test_readings.py shows the
guarantee behind it.
"""
from __future__ import annotations

import os
import textwrap

import pytest

from algorithms import BUILTIN, builtin
from checker import load_algorithm
from models import AlgorithmError

from conftest import MUTANTS

HEADER = '''
from models import *

class Ping(Message):
    id: int
    hops: int

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
    ("when=lambda p, m, port: (m.id, m.hops) == (p.id, 0)", "comparing tuples, lists or messages", "field by field"),
    ("when=lambda p, m, port: [m.id] != [p.id]", "comparing tuples, lists or messages", "field by field"),
    ("when=lambda p, m, port: m == Ping(1, 0)", "comparing tuples, lists or messages", "And(m.id == 1"),
    ("when=lambda p, m, port: all([p.asleep, m.id > p.id])", "`all`", "And(a, b, ...)"),
    ("when=lambda p, m, port: any([p.asleep, m.id > p.id])", "`any`", "Or(a, b, ...)"),
    ("when=lambda p, m, port: min(m.id, p.id) == m.id", "`min`", "ite(a < b, a, b)"),
    ("when=lambda p, m, port: max(m.id, p.id) == m.id", "`max`", "ite(a > b, a, b)"),
    ("when=lambda p, m, port: sum([m.id, m.hops]) > 2", "`sum`", "a + b + c"),
    ("when=lambda p, m, port: m.id in (1, 2)", "`in`", "Or(x == a, x == b)"),
    ("when=lambda p, m, port: bool(m.id)", "`bool`", "the comparison itself"),
    ("when=lambda p, m, port: m.id / 2 > 1", "`/`", "write //"),
    ("when=lambda p, m, port: m.id & 1 == 1", "bit operators", "// and %"),
    ("when=lambda p, m, port: ~p.asleep", "`~`", "Not(a)"),
]


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def _refused(path) -> str:
    with pytest.raises(AlgorithmError) as error:
        load_algorithm(str(path))
    return str(error.value)


@pytest.mark.parametrize("guard, what, fix", FORBIDDEN, ids=[f[1] + " " + f[0][24:] for f in FORBIDDEN])
def test_a_construct_read_differently_is_named_with_file_line_and_fix(tmp_path, guard, what, fix):
    path = _write(tmp_path, "bad.py", HEADER + f"\n    @receive(Ping, {guard})\n    def got(p, m, port):\n        p.x = 1\n")
    message = _refused(path)
    assert message.startswith(f"{path}:{HEADER.count(chr(10)) + 2}: in Bad.")
    assert what in message and fix in message


def test_a_helper_in_the_same_module_is_followed(tmp_path):
    path = _write(tmp_path, "bad.py", HEADER.replace("class Bad(", '''
def smaller(a, b):
    return min(a, b)

class Bad(''') + "\n    @receive(Ping, when=lambda p, m, port: smaller(m.id, p.id) == m.id)\n    def got(p, m, port):\n        p.x = 1\n")
    message = _refused(path)
    line = path.read_text().splitlines().index("    return min(a, b)") + 1
    assert message.startswith(f"{path}:{line}: in helper smaller (called from Bad.got)")
    assert "ite(a < b, a, b)" in message


def test_a_helper_reached_through_an_imported_module_is_followed(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    helpers = _write(tmp_path, "ring_helpers_for_lint.py", '''
        from models import And

        def both_initiated(p, m):
            return And(p.asleep, m.id in (1, 2))
    ''')
    path = _write(tmp_path, "bad.py", "import ring_helpers_for_lint as helpers\n" + HEADER
                  + "\n    @receive(Ping, when=lambda p, m, port: helpers.both_initiated(p, m))\n"
                    "    def got(p, m, port):\n        p.x = 1\n")
    message = _refused(path)
    assert message.startswith(f"{helpers}:5: in helper both_initiated (called from Bad.got)")
    assert "`in` on data" in message


def test_a_command_inherited_from_a_mixin_in_another_file_is_read(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    mixin = _write(tmp_path, "ring_mixin_for_lint.py", '''
        from algorithms.cr import Token
        from models import NEXT, receive

        class RemovesSmaller:
            @receive(Token, when=lambda p, m, port: (p.initiated, m.id < p.id) == (True, True))
            def remove(p, m, port):
                p.send(NEXT, m)
    ''')
    path = _write(tmp_path, "variant.py", '''
        from algorithms.cr import ChangRoberts
        from ring_mixin_for_lint import RemovesSmaller

        class Variant(RemovesSmaller, ChangRoberts, name="variant"):
            pass
    ''')
    message = _refused(path)
    assert message.startswith(f"{mixin}:6: in Variant.remove: comparing tuples, lists or messages")


def test_a_decision_function_inherited_from_a_base_in_another_file_is_read(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    _write(tmp_path, "ring_decisions_for_lint.py", '''
        class Decides:
            def is_leader(p):
                return all([p.L == p.id, p.initiated])
    ''')
    path = _write(tmp_path, "variant.py", '''
        from algorithms.cr import ChangRoberts
        from ring_decisions_for_lint import Decides

        class Variant(Decides, ChangRoberts, name="variant"):
            pass
    ''')
    assert "in Variant.is_leader: `all`" in _refused(path)


def test_a_class_made_in_a_function_under_an_if_is_read_at_its_own_lines(tmp_path):
    """The class body is found by its qualified name (make.<locals>.Bad), after a first class
    of the same name elsewhere in the file, and its lines are the file's."""
    body = textwrap.indent(HEADER.replace("from models import *\n", ""), "        ")
    path = _write(tmp_path, "bad.py", "from models import *\n\nclass Bad:\n    pass\n\nif True:\n    def make():\n"
                  + body + "\n            def smaller(p, a, b):  # no command calls it: only the class body shows it\n"
                  "                return min(a, b)\n        return Bad\n\n    Made = make()\n")
    line = path.read_text().splitlines().index("                return min(a, b)") + 1
    assert _refused(path).startswith(f"{path}:{line}: in Bad.smaller: `min`")


def test_a_class_without_a_source_file_is_refused_in_one_line():
    namespace: dict = {}
    with pytest.raises(AlgorithmError) as error:
        exec(HEADER.replace("name=\"bad\"", "name=\"sourceless\""), namespace)
    assert "cannot read the source of algorithm class Bad" in str(error.value)
    assert "define it in a .py file" in str(error.value)


def test_message_bound_stays_plain_python(tmp_path):
    path = _write(tmp_path, "good.py", HEADER + '''
    @staticmethod
    def message_bound(n):
        return max(n, 2) * sum([1, 2])

    @spontaneous(when=lambda p: p.asleep)
    def wake(p):
        p.asleep = False
''')
    assert load_algorithm(str(path)).message_bound(3) == 9


def test_what_reads_faithfully_is_not_flagged(tmp_path):
    path = _write(tmp_path, "good.py", HEADER + '''
    @receive(Ping, when=lambda p, m, port: And(abs(m.id - p.id) > 1, m.hops // 2 == 1, m.hops % 3 != 0))
    def got(p, m, port):
        p.x = m.hops ** 2 + (m.id > p.id) * 3
''')
    assert [c.name for c in load_algorithm(str(path)).commands] == ["got"]


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_the_builtins_are_lint_clean(name):
    assert builtin(name).commands


def test_the_mutants_are_lint_clean():
    for filename in sorted(os.listdir(MUTANTS)):
        if filename.endswith(".py"):
            assert load_algorithm(os.path.join(MUTANTS, filename)).commands


def test_a_class_in_a_zipped_module_is_read_through_its_loader(tmp_path, monkeypatch):
    """No file on disk: linecache gets the source from the module's loader (zipimport), as
    inspect does, so the class body is still read."""
    import importlib
    import zipfile

    source = HEADER.replace('name="bad"', 'name="zipped-bad"') + "\n    def smaller(p, a, b):\n        return min(a, b)\n"
    archive = tmp_path / "algorithms.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped_lint_algorithm.py", source)
    monkeypatch.syspath_prepend(str(archive))
    with pytest.raises(AlgorithmError) as error:
        importlib.import_module("zipped_lint_algorithm")
    line = source.splitlines().index("        return min(a, b)") + 1
    assert f"zipped_lint_algorithm.py:{line}: in Bad.smaller: `min`" in str(error.value)
