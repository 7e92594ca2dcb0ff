"""Find the algorithm a user names: a built-in name, ``path.py`` or ``path.py:ClassName``."""
from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import traceback

from algorithms import BUILTIN, builtin
from checker.cli.from_source import FromSource, compile_users_code_from_source
from models import Algorithm, AlgorithmError, Local


def load_algorithm(name: str) -> type[Algorithm]:
    if name in BUILTIN:
        return builtin(name)
    path, class_name = _file_and_class(name, "algorithm")
    if path.endswith(".py") or os.sep in path or os.path.exists(path):
        algorithm = _load_file(path, class_name or None)
        _note_a_shadowed_builtin(algorithm, path)
        return algorithm
    raise AlgorithmError(
        f"unknown algorithm {name!r}: run `check --list` for the built-in ones "
        f"({', '.join(BUILTIN)}), or give the path of a .py file"
    )


def with_k(algorithm: type[Algorithm], k: int | None) -> type[Algorithm]:
    """``algorithm`` with its constant K set (``--k``): a subclass whose local ``K`` starts at k,
    named for it ("itai-rodeh-sync (K = 5)"). Only an algorithm that declares a local K has one."""
    if k is None:
        return algorithm
    declared = next((v for v in algorithm.variables if v.name == "K"), None)
    if declared is None:
        raise AlgorithmError(f"--k: {algorithm.name} has no constant K (a local named K that --k would set)")
    if k < 1:
        raise AlgorithmError(f"--k must be at least 1, got {k}")
    namespace = {"K": Local(declared.type, k), "__module__": algorithm.__module__}
    return type(f"{algorithm.__name__}K{k}", (algorithm,), namespace, name=f"{algorithm.name} (K = {k})")


def _note_a_shadowed_builtin(algorithm: type[Algorithm], path: str) -> None:
    """A file's class named like a built-in runs as asked, but its output would read as the
    built-in's: say so on stderr (stdout stays the result, JSON included)."""
    if algorithm.name in BUILTIN and algorithm is not builtin(algorithm.name):
        print(f"check: note: {path} names its class {algorithm.__name__} {algorithm.name!r}, a built-in's name; "
              f"the file's class is what runs here (the output says {algorithm.name!r}), and "
              f"`check {algorithm.name}` still means the built-in", file=sys.stderr)


def load_class(name: str, base: type, what: str) -> type:
    """A subclass of ``base`` from ``path.py`` or ``path.py:ClassName`` (``what`` names it in errors)."""
    path, class_name = _file_and_class(name, what)
    return _load_file(path, class_name, base, what)


def _file_and_class(name: str, what: str) -> tuple[str, str | None]:
    """``path.py`` or ``path.py:ClassName`` split in two; a colon with no class after it is refused
    (it made ``variant.py:`` read as a file named ``variant``)."""
    path, colon, class_name = name.partition(".py:")
    if colon and not class_name:
        raise AlgorithmError(f"{name!r} ends in a colon with no class name after it; give {path}.py for its "
                             f"one {what}, or {path}.py:ClassName for one of several")
    return (path + ".py", class_name) if colon else (name, None)


def load_module(path: str, what: str, reuse: bool = False) -> object:
    """The module of a user's file (``what`` it should hold names it in errors); with ``reuse``,
    the one loaded already if the file was (an algorithm's file that holds properties too: its
    message classes must be the ones the states hold)."""
    if os.path.isdir(path):
        raise AlgorithmError(f"{path} is a directory; give the {what}'s .py file")
    if not os.path.isfile(path):
        raise AlgorithmError(f"no such {what} file: {path}")
    module_name = "ringleader_user_" + "".join(c if c.isalnum() else "_" for c in os.path.abspath(path))
    if reuse and module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None:  # importlib reads only files whose name ends in .py
        raise AlgorithmError(f"{path} is not a Python file: {_with_article(what)} is written in a file ending in .py")
    compile_users_code_from_source()
    if type(spec.loader) is importlib.machinery.SourceFileLoader:
        spec.loader = FromSource(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # inspect (the DSL lint) and pickling find the source through it
    try:
        spec.loader.exec_module(module)
    except SyntaxError as error:
        del sys.modules[module_name]
        where = f"{path}:{error.lineno}" if error.lineno else path  # no line for bytes that are not text
        raise AlgorithmError(f"{where}: syntax error: {error.msg}") from None
    except AlgorithmError:
        del sys.modules[module_name]
        raise
    except Exception as error:
        del sys.modules[module_name]
        frames = [f for f in traceback.extract_tb(error.__traceback__) if os.path.abspath(f.filename) == os.path.abspath(path)]
        where = f"{path}:{frames[-1].lineno}" if frames else path
        raise AlgorithmError(f"{where}: loading the file raised {type(error).__name__}: {error}") from None
    return module


def _load_file(path: str, class_name: str | None, base: type = Algorithm, what: str = "algorithm") -> type:
    module = load_module(path, what)
    module_name = module.__name__
    found = {
        value.__name__: value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, base) and value.__module__ == module_name
    }
    if class_name:
        if class_name not in found:
            raise AlgorithmError(
                f"{path} defines no {what} class {class_name!r}; it defines: {', '.join(found) or 'none'}"
            )
        return found[class_name]
    if not found:
        raise AlgorithmError(_nothing_found(module, module_name, path, base, what))
    if len(found) > 1:
        raise AlgorithmError(f"{path} defines several {what} classes ({', '.join(found)}); "
                             f"name one with {path}:ClassName")
    return next(iter(found.values()))


def _nothing_found(module, module_name: str, path: str, base: type, what: str) -> str:
    """Why a file has no ``base`` subclass to load, and what to do: a synchronizer file given as
    the algorithm goes to --synchronizer, an algorithm file given elsewhere goes first."""
    from models.systems.synchronizers import Synchronizer

    other = Synchronizer if base is Algorithm else Algorithm
    defined = [value.__name__ for value in vars(module).values()
               if isinstance(value, type) and issubclass(value, other) and value.__module__ == module_name]
    if not defined:
        return f"{path} defines no {what}: a subclass of {base.__name__} (docs/writing-algorithms.md)"
    if other is Synchronizer:
        return (f"{path} defines a synchronizer ({', '.join(defined)}), not an algorithm: pass it with "
                f"--synchronizer after a synchronous algorithm, e.g. `check flooding --n 3 --synchronizer {path}`")
    return (f"{path} defines an algorithm ({', '.join(defined)}), not {_with_article(what)}: "
            f"check it with `check {path}`")


def _with_article(what: str) -> str:
    return f"{'an' if what[0] in 'aeiou' else 'a'} {what}"


def load_synchronizer(name: str, radius: int | None = None):
    """``--synchronizer alpha|beta|gamma`` or a file's Synchronizer subclass, ``--cluster-radius``
    set for gamma (and its subclasses)."""
    from models.systems.abd import ABD
    from models.systems.synchronizers import SYNCHRONIZERS, Gamma, Synchronizer

    known = {**SYNCHRONIZERS, "abd": ABD}
    if name in known:
        synchronizer = known[name]()
    elif name.endswith(".py") or ".py:" in name or os.sep in name:
        synchronizer = load_class(name, Synchronizer, "synchronizer")()
    else:
        raise AlgorithmError(f"unknown synchronizer {name!r}: choose {', '.join(known)}, or give a .py file "
                             "with a subclass of models.systems.synchronizers.Synchronizer")
    if radius is not None:
        if not isinstance(synchronizer, Gamma):
            raise AlgorithmError(f"--cluster-radius is gamma's cluster size; {synchronizer} has no clusters")
        if radius < 0:
            raise AlgorithmError(f"--cluster-radius must be at least 0 (0: every process its own cluster), got {radius}")
        synchronizer.radius = radius
    return synchronizer
