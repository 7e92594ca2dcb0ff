"""The user's code is compiled from its text on every run, never from Python's bytecode cache.

Python reuses ``__pycache__/name.cpython-3XX.pyc`` while the source file's modification time (in
whole seconds) and size are the ones the cache recorded. A file rewritten within the same second
at the same size, which is what a script that writes variant after variant does (``<`` for ``>``
in a comparison), would run the old code: a verdict about an algorithm that is no longer in the
file. So the algorithm's, synchronizer's and properties' files (``load_module``) and every module
they import from the user's folders, even lazily from inside a function, are compiled from their
source, and no ``.pyc`` is written beside them. The standard library, installed packages and
ringleader's own packages keep the cache: their start-up is the same, and they change only when
installed (tests/cli/test_from_source.py rewrites a file and a helper within the second).
"""
from __future__ import annotations

import importlib.machinery
import os
import sys

from checker.explore.checkpoint import users_module


class FromSource(importlib.machinery.SourceFileLoader):
    """A source file's loader that compiles the user's modules from their text every time."""

    def get_code(self, fullname):
        if not users_module(fullname, self.path):
            return super().get_code(fullname)
        return self.source_to_code(self.get_data(self.path), self.path)


def _users_folder(entry: str) -> str | None:
    """The folder a ``sys.path`` entry (or a package's ``__path__`` entry) names, if it is the
    user's: not the standard library's or an installed package's."""
    folder = os.path.abspath(entry or os.getcwd())
    return folder if os.path.isdir(folder) and users_module("", os.path.join(folder, "__init__.py")) else None


def _finder_of_users_folder(entry: str):
    """The usual FileFinder with the source loader above, for the user's folders; anything else
    goes on to Python's own hooks."""
    folder = _users_folder(entry)
    if folder is None:
        raise ImportError("not a folder of the user's")
    loaders = [(FromSource, importlib.machinery.SOURCE_SUFFIXES),
               (importlib.machinery.ExtensionFileLoader, importlib.machinery.EXTENSION_SUFFIXES),
               (importlib.machinery.SourcelessFileLoader, importlib.machinery.BYTECODE_SUFFIXES)]
    return importlib.machinery.FileFinder(folder, *loaders)


def compile_users_code_from_source() -> None:
    """From now on in this process, modules of the user's folders are compiled from their source
    (called before a user's file is loaded; a second call changes nothing)."""
    if _finder_of_users_folder in sys.path_hooks:
        return
    # after zipimport's hook (a zip file on the path is not a folder) and before the FileFinder's
    sys.path_hooks.insert(len(sys.path_hooks) - 1 if sys.path_hooks else 0, _finder_of_users_folder)
    # finders made before the hook (for ringleader's own imports) are made again through it
    for entry, finder in list(sys.path_importer_cache.items()):
        if isinstance(finder, importlib.machinery.FileFinder) and _users_folder(entry) is not None:
            del sys.path_importer_cache[entry]
