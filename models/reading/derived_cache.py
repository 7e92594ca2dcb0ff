"""What the symbolic readings give one algorithm at one n, remembered between runs.

A plain check uses the z3 reading of the commands only through what it derives from them: the
verdict on each reading (checker/trust/readings.py), the footprints (models/reading/footprint.py), the
C source of the native engine (models/native/codegen.py) and the proof of a declared mirror symmetry
(checker/trust/symmetry.py). Deriving them loads z3 and reads every command symbolically,
which is most of a short run's fixed cost. Each is a function of code alone, so it is kept on
disk under ``$XDG_CACHE_HOME/ringleader/derived`` and found again when nothing it depends on
has changed. The key of an (algorithm, n) is a hash of:

* n, the algorithm's module and qualified name, the Python version and the files of the
  installed z3 (their sizes and times);
* the source of every file of ringleader's own packages (models, checker, specs, algorithms),
  so that any change of the checker forgets everything;
* the source of every other Python module loaded when the key is taken (the algorithm is loaded by
  then): the algorithm's own file, its base classes' and whatever they imported.

Only a class that its module's namespace names (``module.QualName is cls``) is remembered: a
class made in a function or by ``type()`` at run time has no source of its own to key. And a
value is stored only if deriving it imported no module outside ringleader, z3 and the standard
library, since a module a command imports lazily is not in the key. A command whose meaning
depends on anything else than code (a data file, the environment) is outside what a key can
see: set ``RINGLEADER_NO_CACHE=1`` to derive everything afresh (the tests do).

A value that cannot be stored (pickling fails) or read back (a corrupt or foreign file) is
simply derived again; the cache is never a reason for a different verdict.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from typing import Any

_PACKAGES = ("models", "checker", "specs", "algorithms")
_DERIVING_MAY_IMPORT = frozenset(_PACKAGES) | {"z3"}
_FORMAT = 1


def enabled() -> bool:
    return os.environ.get("RINGLEADER_NO_CACHE", "") in ("", "0")


def directory() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "ringleader", "derived")


class _Entry:
    """The remembered values of one (algorithm, n): a dict kept in one file."""

    def __init__(self, path: str | None):
        self.path = path
        self.values: dict = {}
        if path is not None:
            try:
                with open(path, "rb") as f:
                    self.values = pickle.load(f)
            except FileNotFoundError:
                pass
            except Exception:  # noqa: BLE001 -- unreadable: derive again and overwrite it
                self.values = {}

    def store(self, what: tuple, value) -> None:
        self.values[what] = value
        if self.path is None:
            return
        try:
            data = pickle.dumps(self.values)
        except Exception:  # noqa: BLE001 -- e.g. a class pickle cannot name: keep it in memory only
            del self.values[what]
            data = pickle.dumps(self.values)
            self.values[what] = value
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        partial = f"{self.path}.{os.getpid()}.part"
        with open(partial, "wb") as f:
            f.write(data)
        os.replace(partial, self.path)  # atomic: a concurrent run reads the old file or this one


_entries: dict[tuple, _Entry] = {}


def remembered(algorithm: type, n: int, what: tuple, derive: Callable[[], Any]):
    """``derive()``, or its value from an earlier run with the same code (the module docstring).

    ``what`` names the value among those of (algorithm, n) and must be picklable; so must the
    value, or it is remembered in this process only."""
    entry = _entries.get((algorithm, n))
    if entry is None:
        entry = _entries[(algorithm, n)] = _Entry(_path(algorithm, n))
    if what in entry.values:
        return entry.values[what]
    before = set(sys.modules)
    value = derive()
    imported = {name.partition(".")[0] for name in set(sys.modules) - before}
    if entry.path is not None and not (imported - _DERIVING_MAY_IMPORT - sys.stdlib_module_names):
        entry.store(what, value)
    else:
        entry.values[what] = value
    return value


def _path(algorithm: type, n: int) -> str | None:
    if not enabled() or not _named_by_its_module(algorithm):
        return None
    digest = hashlib.sha256()
    for part in (str(_FORMAT), algorithm.__module__, algorithm.__qualname__, str(n), sys.version, _z3_version()):
        digest.update(part.encode() + b"\0")
    for path in sorted(_files_of_packages() | _files_of_loaded_modules()):
        digest.update(path.encode() + b"\0")
        try:
            with open(path, "rb") as f:
                digest.update(hashlib.sha256(f.read()).digest())
        except OSError:
            return None  # a module whose source is gone cannot be keyed
    return os.path.join(directory(), f"{algorithm.__qualname__}-{n}-{digest.hexdigest()[:32]}.pickle")


def _named_by_its_module(algorithm: type) -> bool:
    found = sys.modules.get(algorithm.__module__)
    for name in algorithm.__qualname__.split("."):
        found = getattr(found, name, None)
    return found is algorithm


def _z3_version() -> str:
    """Which z3 is installed, without importing it or scanning every installed distribution:
    the size and modification time of each file of its package (a pip upgrade rewrites them)."""
    from importlib.util import find_spec

    spec = find_spec("z3")
    if spec is None or not spec.submodule_search_locations:
        return "no z3"
    parts = []
    for folder in spec.submodule_search_locations:
        for root, _, files in os.walk(folder):
            for name in sorted(files):
                stat = os.stat(os.path.join(root, name))
                parts.append(f"{name}:{stat.st_size}:{stat.st_mtime_ns}")
    return ";".join(parts)


_package_files: set[str] | None = None


def _files_of_packages() -> set[str]:
    global _package_files
    if _package_files is None:
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # models/reading/
        found = set()
        for package in _PACKAGES:
            for folder, subfolders, files in os.walk(os.path.join(root, package)):
                subfolders[:] = [s for s in subfolders if s != "__pycache__"]
                found.update(os.path.join(folder, f) for f in files if f.endswith((".py", ".c")))
        _package_files = found
    return _package_files


def _files_of_loaded_modules() -> set[str]:
    found = set()
    for name, module in list(sys.modules.items()):
        top = name.partition(".")[0]
        if top in sys.stdlib_module_names or top in _DERIVING_MAY_IMPORT:
            continue  # the packages' files are all keyed anyway, and z3 by its version
        path = getattr(module, "__file__", None)
        if path and path.endswith(".py"):
            found.add(os.path.abspath(path))
    return found
