"""``--checkpoint FILE``: each finished arrangement's result, kept so that a killed run resumes.

A run's arrangements are independent and merged in plan order, so a run started again with
the same file takes the recorded results of the arrangements it finished and explores only
the others; its output is the uninterrupted run's (tests/explore/test_checkpoint.py kills a
run to show it). The file is a header line, then one length-prefixed pickled record per
arrangement, appended and flushed as each finishes: a kill in the middle of a write leaves a
truncated last record, which is dropped (and overwritten) on the next start.

The header holds a key: a hash of the algorithm's source (every module of its classes), of
the checker's own source (models, specs, checker), of n and of every option that changes what
is explored or judged. A file made by another algorithm, other options or another version is
refused in one line, never mixed in.
"""
from __future__ import annotations

import hashlib
import inspect
import json
import os
import pickle
import struct
import sys

from models import AlgorithmError

_MAGIC = "ringleader-checkpoint 1"
_LENGTH = struct.Struct("<Q")
_PACKAGES = ("models", "specs", "checker")


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


def run_key(algorithm, n: int, options: dict) -> str:
    """What makes two runs the same run: the code (the algorithm's and the checker's), n and
    the options that change what is explored or judged."""
    digest = hashlib.sha256(_own_source_digest().encode())
    for klass in algorithm.__mro__:
        module = sys.modules.get(klass.__module__)
        if module is None or klass.__module__.split(".")[0] in _PACKAGES or klass.__module__ == "builtins":
            continue
        try:
            digest.update(inspect.getsource(module).encode())
        except (OSError, TypeError):
            digest.update(repr(klass).encode())
    digest.update(f"{algorithm.__module__}:{algorithm.__qualname__}/{n}".encode())
    digest.update(json.dumps(options, sort_keys=True, default=repr).encode())
    return digest.hexdigest()


class Checkpoint:
    """The results recorded in ``path`` for this run (``recorded``: plan index -> result), and
    ``record`` to append one."""

    def __init__(self, path: str, key: str, label: str):
        self.path, self.key = path, key
        self.recorded: dict[int, object] = {}
        self._written: set[int] = set()  # recorded by this run
        self._cut_at: int | None = None
        header = json.dumps({"format": _MAGIC, "key": key, "run": label}) + "\n"
        if os.path.exists(path) and os.path.getsize(path) > 0:
            self._load(label)
        else:
            try:
                with open(path, "wb") as file:
                    file.write(header.encode())
            except OSError as error:
                raise AlgorithmError(f"--checkpoint {path}: cannot write it ({error.strerror})") from None

    def _load(self, label: str) -> None:
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
