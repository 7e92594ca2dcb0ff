"""models/reading/derived_cache.py: what the symbolic readings give is remembered between runs, keyed by
the code, and a run of unchanged code gives the same output without loading z3."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from models.reading import derived_cache

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# a check through the CLI, then whether it loaded z3 (on stderr, after the JSON)
PROBE = "import sys; from checker.cli import main; code = main(sys.argv[1:]); " \
        "print('z3' in sys.modules, file=sys.stderr); sys.exit(code)"

GOOD = """
from algorithms.cr import ChangRoberts


class MyCR(ChangRoberts, name="my-cr"):
    pass
"""

# a faithful rewrite of remove that elects on a smaller token: a real bug, nothing unreadable
BAD = """
from algorithms.cr import ChangRoberts, Leader, Token
from models import NEXT, And, receive


class MyCR(ChangRoberts, name="my-cr"):
    @receive(Token, when=lambda p, m, port: And(p.initiated, m.id < p.id))
    def remove(p, m, port):
        p.L = p.id
        p.send(NEXT, Leader(p.id))
"""


def _check(cache_home, *args: str) -> tuple[dict, bool]:
    env = {k: v for k, v in os.environ.items() if k != "RINGLEADER_NO_CACHE"}
    env["XDG_CACHE_HOME"] = str(cache_home)
    done = subprocess.run([sys.executable, "-c", PROBE, *args, "--json"], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    result = json.loads(done.stdout)
    result.pop("seconds")
    return result, done.stderr.strip().splitlines()[-1] == "True"


def _remembered(cache_home) -> list[str]:
    folder = os.path.join(cache_home, "ringleader", "derived")
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else []


# cr at n = 4 is a second kind of the same (no symmetry proof to remember): with the slow tests
@pytest.mark.parametrize("name, n", [pytest.param("cr", 4, marks=pytest.mark.slow), ("hs", 3)])
def test_a_second_run_gives_the_same_output_without_z3(tmp_path, name, n):
    first, first_loaded_z3 = _check(tmp_path, name, "--n", str(n))
    second, second_loaded_z3 = _check(tmp_path, name, "--n", str(n))
    assert first_loaded_z3 and not second_loaded_z3
    assert first == second and first["verdict"] == "verified"
    if name == "hs":  # the proof of its declared mirror symmetry was remembered too
        assert second["symmetry"] == "reflection"


def test_an_edited_algorithm_file_is_derived_afresh(tmp_path):
    path = tmp_path / "my_cr.py"
    path.write_text(GOOD)
    good, _ = _check(tmp_path / "cache", str(path), "--n", "3")
    assert good["verdict"] == "verified"
    path.write_text(BAD)
    bad, loaded_z3 = _check(tmp_path / "cache", str(path), "--n", "3")
    assert bad["verdict"] == "violated" and loaded_z3
    assert len([f for f in _remembered(tmp_path / "cache") if f.startswith("MyCR-3-")]) == 2


@pytest.fixture
def cache_on(tmp_path, monkeypatch):
    monkeypatch.delenv("RINGLEADER_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(derived_cache, "_entries", {})
    # Named is keyed by its module's entry in sys.modules, which a test run earlier in this
    # worker may have dropped (tests/fuzz reloads the modules of a directory): put it back
    monkeypatch.setitem(sys.modules, Named.__module__, THIS_MODULE)
    # a test run earlier in this worker may have loaded a module from a folder since deleted, or
    # another worker may have written and removed a file in the project: an unkeyable file would
    # switch the cache off (rightly) for every test here, so the key sees only files still there
    loaded, packages = derived_cache._files_of_loaded_modules, derived_cache._files_of_packages
    monkeypatch.setattr(derived_cache, "_files_of_loaded_modules",
                        lambda: {p for p in loaded() if os.path.exists(p)})
    monkeypatch.setattr(derived_cache, "_files_of_packages",
                        lambda: {p for p in packages() if os.path.exists(p)})
    return tmp_path


class Named:  # a class its module names: it can be keyed
    pass


THIS_MODULE = sys.modules[Named.__module__]


def test_a_value_is_stored_and_found_by_a_fresh_process_table(cache_on, monkeypatch):
    # the key's files held still: a thread an earlier test in this worker left running may import
    # a module, and a test in another worker may write a file in the project, between the two
    # calls (what the key covers is tested below)
    loaded, packages = derived_cache._files_of_loaded_modules(), derived_cache._files_of_packages()
    monkeypatch.setattr(derived_cache, "_files_of_loaded_modules", lambda: loaded)
    monkeypatch.setattr(derived_cache, "_files_of_packages", lambda: packages)
    assert derived_cache.remembered(Named, 3, ("answer",), lambda: 42) == 42
    monkeypatch.setattr(derived_cache, "_entries", {})  # as a new process would start
    assert derived_cache.remembered(Named, 3, ("answer",), lambda: pytest.fail("derived again")) == 42
    assert derived_cache.remembered(Named, 4, ("answer",), lambda: 7) == 7  # another n, another key


def test_a_value_whose_derivation_imports_a_foreign_module_is_not_stored(cache_on, tmp_path, monkeypatch):
    (tmp_path / "lazily_imported_helper.py").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    def derive():
        import lazily_imported_helper  # noqa: F401 -- its source is in no key

        return 42

    assert derived_cache.remembered(Named, 3, ("answer",), derive) == 42
    assert _remembered(cache_on) == []


def test_a_class_its_module_does_not_name_is_not_stored(cache_on):
    made = type("Named", (), {"__module__": __name__})  # same name, not the module's Named
    assert derived_cache.remembered(made, 3, ("answer",), lambda: 42) == 42
    assert _remembered(cache_on) == []


def test_a_corrupt_file_is_derived_again(cache_on, monkeypatch):
    derived_cache.remembered(Named, 3, ("answer",), lambda: 42)
    (stored,) = _remembered(cache_on)
    with open(os.path.join(cache_on, "ringleader", "derived", stored), "wb") as f:
        f.write(b"not a pickle")
    monkeypatch.setattr(derived_cache, "_entries", {})
    assert derived_cache.remembered(Named, 3, ("answer",), lambda: 43) == 43


def test_switched_off_nothing_is_written(cache_on, monkeypatch):
    monkeypatch.setenv("RINGLEADER_NO_CACHE", "1")
    derived_cache.remembered(Named, 3, ("answer",), lambda: 42)
    assert _remembered(cache_on) == []


def test_the_key_follows_the_source_of_every_loaded_module(cache_on, tmp_path, monkeypatch):
    helper = tmp_path / "helper_for_the_key.py"
    helper.write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "helper_for_the_key", raising=False)
    import helper_for_the_key  # noqa: F401 -- loaded, so keyed

    before = derived_cache._path(Named, 3)
    helper.write_text(textwrap.dedent("VALUE = 2\n"))
    assert derived_cache._path(Named, 3) != before


def test_the_key_covers_every_file_of_every_package_and_room():
    """Found from where derived_cache.py sits: moved into another room without its root being
    updated, the walk found no file, and an edit of the checker would not forget anything."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    found = {os.path.relpath(p, root) for p in derived_cache._files_of_packages()}
    for wanted in ("models/errors.py", "models/dsl/algorithm.py", "models/systems/semantics.py",
                   "models/reading/symbolic.py", "models/native/explorer.c", "models/topology/ring.py",
                   "checker/cli/main.py", "specs/election.py", "algorithms/hs.py"):
        assert wanted in found, wanted


def test_the_symbolic_readings_plumbing_files_exist():
    from models.reading import faithful

    assert all(os.path.exists(path) for path in faithful._PLUMBING), faithful._PLUMBING
