"""``--checkpoint FILE``: each finished arrangement's result, kept so that a killed run resumes.

A run's arrangements are independent and merged in plan order, so a run started again with
the same file takes the recorded results of the arrangements it finished and explores only
the others; its output is the uninterrupted run's (tests/explore/test_checkpoint.py kills a
run to show it). The file is a header line, then one length-prefixed pickled record per
arrangement, appended and flushed as each finishes: a kill in the middle of a write leaves a
truncated last record, which is dropped (and overwritten) on the next start.

The header holds a key: a hash of everything that can change a recorded result. That is
the checker's own source (every file of models, specs, checker and algorithms); the source of
every other module the run executes code from, found from the algorithm's classes, the
synchronizer's and the properties' code, and followed through their imports (also those inside
functions), transitively, as long as they are the user's files and not the standard library's
or an installed package's; n; the arrangements planned (their ids, port labellings and graphs,
so an edited ``--graph FILE`` too); and every option that changes what is explored or judged.
A file made by another algorithm, other options or another version of any of that code is
refused in one line, never mixed in.
"""
from __future__ import annotations

import ast
import hashlib
import importlib.machinery
import importlib.util
import json
import os
import pickle
import site
import struct
import sys
import sysconfig

from models import AlgorithmError
from models.topology.ports import PortNumbersRead

_MAGIC = "ringleader-checkpoint 1"
_LENGTH = struct.Struct("<Q")
_PACKAGES = ("models", "specs", "checker", "algorithms")


def _own_source_digest() -> str:
    digest = hashlib.sha256()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for package in _PACKAGES:
        for folder, _, files in sorted(os.walk(os.path.join(root, package))):
            for name in sorted(files):
                if name.endswith((".py", ".c")):
                    with open(os.path.join(folder, name), "rb") as source:
                        digest.update(name.encode() + b"\0" + source.read())
    return digest.hexdigest()


def run_key(algorithm, n: int, options: dict, code=()) -> str:
    """What makes two runs the same run: the code (the checker's, the algorithm's and that of
    ``code``: the synchronizer, the properties, whatever else the run calls), n and the options
    that change what is explored or judged (the module docstring)."""
    digest = hashlib.sha256(_own_source_digest().encode())
    for path in sorted(user_files((algorithm, *code))):
        digest.update(path.encode() + b"\0")
        with open(path, "rb") as source:
            digest.update(hashlib.sha256(source.read()).digest())
    digest.update(f"{algorithm.__module__}:{algorithm.__qualname__}/{n}".encode())
    digest.update(json.dumps(options, sort_keys=True, default=repr).encode())
    return digest.hexdigest()


def user_files(roots) -> set[str]:
    """The files of the modules whose code ``roots`` (classes, instances, functions) run: the
    modules that define them (and their base classes, and the functions they hold), and every
    module those import, transitively, that is the user's: not ringleader's own packages (keyed
    whole), not the standard library, not an installed package. Imports are read from the
    source (also those inside functions, which run later), never executed."""
    pending = sorted(_modules_of(roots))
    seen, files = set(pending), set()
    while pending:
        name = pending.pop()
        path = _module_file(name)
        if path is None or not users_module(name, path):
            continue
        files.add(os.path.abspath(path))
        if path.endswith(".py"):
            for imported in _imports(name, path):
                if imported not in seen:
                    seen.add(imported)
                    pending.append(imported)
    return files


def _modules_of(roots) -> set[str]:
    """The names of the modules defining ``roots``: a class and its bases; an instance's class;
    a function, and what its closure and defaults hold (a property's check closes over the
    user's predicate)."""
    names, seen, pending = set(), set(), list(roots)
    while pending:
        value = pending.pop()
        if id(value) in seen or value is None:
            continue
        seen.add(id(value))
        if isinstance(value, type):
            names.update(klass.__module__ for klass in value.__mro__)
        elif hasattr(value, "__code__"):  # a function, a lambda, a bound method
            names.add(getattr(value, "__module__", None) or "")
            pending.extend(_contents(value.__closure__ or ()))
            pending.extend(value.__defaults__ or ())
        elif isinstance(value, (list, tuple)):
            pending.extend(value)
        else:
            pending.append(type(value))
            pending.extend(v for v in getattr(value, "__dict__", {}).values()
                           if isinstance(v, type) or hasattr(v, "__code__"))
    return names - {""}


def _contents(cells) -> list:
    found = []
    for cell in cells:
        try:
            found.append(cell.cell_contents)
        except ValueError:  # a cell not yet assigned
            pass
    return found


def _module_file(name: str) -> str | None:
    """The file of module ``name``, found without importing it."""
    module = sys.modules.get(name)
    if module is not None:
        return getattr(module, "__file__", None)
    spec = _spec(name)
    return spec.origin if spec is not None and spec.has_location else None


def _spec(name: str):
    parent, _, _ = name.rpartition(".")
    path = None
    if parent:
        module = sys.modules.get(parent)
        if module is not None:
            path = getattr(module, "__path__", None)
        else:
            found = _spec(parent)
            path = found.submodule_search_locations if found is not None else None
        if path is None:
            return None
    try:
        return importlib.machinery.PathFinder.find_spec(name, path)
    except (ImportError, ValueError, OSError):
        return None


def _imports(name: str, path: str) -> set[str]:
    """Every module ``path``'s source may import (each package on the way, and ``from m import x``
    as both m and m.x, since x may be a submodule)."""
    try:
        with open(path, "rb") as source:
            tree = ast.parse(source.read(), path)
    except (OSError, SyntaxError, ValueError):
        return set()
    module = sys.modules.get(name)
    package = getattr(module, "__package__", None)
    if package is None:
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            try:
                base = importlib.util.resolve_name("." * node.level + (node.module or ""), package) \
                    if node.level else node.module
            except (ImportError, ValueError):
                continue
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names if alias.name != "*"]
        else:
            continue
        for target in targets:
            parts = target.split(".")
            found.update(".".join(parts[:k]) for k in range(1, len(parts) + 1))
    return found


def users_module(name: str, path: str) -> bool:
    """Is module ``name`` (at ``path``) the user's code: not ringleader's packages, the standard
    library or an installed package?"""
    top = name.partition(".")[0]
    if top in _PACKAGES or top in sys.stdlib_module_names:
        return False
    real = os.path.realpath(path)
    return not any(real.startswith(prefix) for prefix in _library_folders())


_libraries: tuple[str, ...] | None = None


def _library_folders() -> tuple[str, ...]:
    global _libraries
    if _libraries is None:
        paths = sysconfig.get_paths()
        folders = [paths.get(key) for key in ("stdlib", "platstdlib", "purelib", "platlib")]
        folders += site.getsitepackages() if hasattr(site, "getsitepackages") else []
        folders.append(site.getusersitepackages())
        _libraries = tuple(sorted({os.path.join(os.path.realpath(f), "") for f in folders if f}))
    return _libraries


class Checkpoint:
    """The results recorded in ``path`` for this run (``recorded``: plan index -> result), and
    ``record`` to append one.

    On a network the run first lets one port labelling stand for all and starts again with every
    labelling if the algorithm (or its synchronizer) reads a port number (checker/explore/run.py's
    ``check``); ``port_numbers_read`` says why, for the second run. The file records which of the
    two its results belong to: the second run replaces the first one's (they rested on a symmetry
    that does not hold), and a first run that finds the second one's raises PortNumbersRead at once,
    with the recorded reason, so that the resumed run goes where the uninterrupted one went."""

    def __init__(self, path: str, key: str, label: str, port_numbers_read: str | None = None):
        self.path, self.key = path, key
        self.port_numbers_read = port_numbers_read
        self.recorded: dict[int, object] = {}
        self._written: set[int] = set()  # recorded by this run
        self._cut_at: int | None = None
        if not (os.path.exists(path) and os.path.getsize(path) > 0) or not self._load(label):
            header = {"format": _MAGIC, "key": key, "run": label, "port_numbers_read": port_numbers_read}
            try:
                with open(path, "wb") as file:
                    file.write((json.dumps(header) + "\n").encode())
            except OSError as error:
                raise AlgorithmError(f"--checkpoint {path}: cannot write it ({error.strerror})") from None

    def _load(self, label: str) -> bool:
        """Read the recorded results; False if the file is to be started afresh."""
        if os.path.isdir(self.path):
            raise AlgorithmError(f"--checkpoint {self.path} is a directory; give a file (a new one is created)")
        try:
            file = open(self.path, "rb")
        except OSError as error:
            raise AlgorithmError(f"--checkpoint {self.path}: cannot read it ({error.strerror})") from None
        with file:
            first = file.readline()
            try:
                header = json.loads(first)
            except ValueError:
                header = None
            if not isinstance(header, dict) or header.get("format") != _MAGIC:
                raise AlgorithmError(f"--checkpoint {self.path} is not a ringleader checkpoint; give another file")
            if header.get("key") != self.key:
                raise AlgorithmError(
                    f"--checkpoint {self.path} records another run ({header.get('run')}), or this one with other "
                    f"options or another version of the code, not {label}; give another file or delete it")
            recorded_read = header.get("port_numbers_read")
            if recorded_read and not self.port_numbers_read:
                raise PortNumbersRead(recorded_read)
            if self.port_numbers_read and not recorded_read:
                return False  # the results of the run with one labelling for all, which did not hold
            good = file.tell()
            while True:
                prefix = file.read(_LENGTH.size)
                if len(prefix) < _LENGTH.size:
                    break
                (length,) = _LENGTH.unpack(prefix)
                body = file.read(length)
                if len(body) < length:
                    break  # a write cut short by a kill: dropped
                index, result = self._unpickled(body, len(self.recorded) + 1)
                self.recorded[index] = result
                good = file.tell()
        self._cut_at = good  # where the next record goes: a truncated one is overwritten
        return True

    def _unpickled(self, body: bytes, number: int) -> tuple[int, object]:
        """A complete record that does not read back was damaged after it was written (the header
        matched): refused, since what else in the file changed cannot be known."""
        try:
            index, result = pickle.loads(body)
        except Exception as error:  # pickle raises many kinds for bytes that are not its own
            raise AlgorithmError(f"--checkpoint {self.path}: its record {number} is damaged ({type(error).__name__}); "
                                 "delete the file to start the run afresh") from None
        return index, result

    def record(self, index: int, result) -> None:
        """Append arrangement ``index``'s result (once: a later call for it does nothing)."""
        if index in self._written or index in self.recorded:
            return
        self._written.add(index)
        body = pickle.dumps((index, result), protocol=pickle.HIGHEST_PROTOCOL)
        if self._cut_at is not None:
            with open(self.path, "r+b") as file:
                file.truncate(self._cut_at)
            self._cut_at = None
        with open(self.path, "ab") as file:
            file.write(_LENGTH.pack(len(body)) + body)
            file.flush()
            os.fsync(file.fileno())
