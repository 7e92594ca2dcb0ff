"""The house rules: which room of the project may import which, and no import circles.

Data flows one way: models -> algorithms, specs -> checker. Inside checker and inside models
each room (a subpackage) says in its docstring what it owns and, on a line "May import: ...",
which other parts it may import; this test reads those lines, so a docstring cannot drift from
the code. models' own modules (errors, logic and the package that re-exports the DSL) are the
room "models", beneath the others.
Imports inside functions count too (a lazy import is still a dependency); those under ``if
TYPE_CHECKING:``, which never run, count for circles but not for what a room may import.
"""
import ast
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("models", "algorithms", "specs", "checker")
# the layers below checker, and what each may import of the others
LAYERS = {"models": set(), "algorithms": {"models"}, "specs": {"models", "algorithms"}}  # invariants name their algorithm


def _modules() -> dict[str, str]:
    """module name -> file, for every module of the project's packages."""
    found = {}
    for package in PACKAGES:
        for folder, _dirs, files in os.walk(os.path.join(ROOT, package)):
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    parts = os.path.relpath(path, ROOT)[:-3].split(os.sep)
                    if parts[-1] == "__init__":
                        parts = parts[:-1]
                    found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_package(module: str) -> bool:
    return MODULES[module].endswith("__init__.py")


def _type_checking_only(tree: ast.AST) -> set[int]:
    """ids of the import nodes under ``if TYPE_CHECKING:``."""
    skipped = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(child) for child in ast.walk(node)}
    return skipped


def imports_of(module: str, for_types_too: bool = False) -> set[str]:
    """The project modules that ``module`` imports (the most specific existing module); those
    under ``if TYPE_CHECKING:`` too if ``for_types_too``."""
    tree = ast.parse(open(MODULES[module]).read())
    skipped = set() if for_types_too else _type_checking_only(tree)
    base = module.split(".") if _is_package(module) else module.split(".")[:-1]
    targets = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - (node.level - 1)]
                stem = ".".join(anchor + ([node.module] if node.module else []))
            else:
                stem = node.module
            names = [f"{stem}.{alias.name}" for alias in node.names] + [stem]
        else:
            continue
        for name in names:
            parts = name.split(".")
            while parts and ".".join(parts) not in MODULES:
                parts.pop()
            if parts:
                targets.add(".".join(parts))
                break  # `from x import y`: y itself if it is a module, else x
    targets.discard(module)
    return targets


def room_of(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "checker" and len(parts) > 1 and _is_package(f"checker.{parts[1]}"):
        return f"checker.{parts[1]}"
    return parts[0] if parts[0] != "checker" else "checker"


ROOMS = sorted(m for m in MODULES if m.startswith("checker.") and m.count(".") == 1 and _is_package(m))
MODEL_ROOMS = sorted(m for m in MODULES if m.startswith("models.") and m.count(".") == 1 and _is_package(m))


def model_room_of(module: str) -> str:
    """models.dsl.algorithm -> models.dsl; models.errors (no room) -> models."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 and ".".join(parts[:2]) in MODEL_ROOMS else "models"


def allowed_imports(room: str) -> set[str]:
    doc = ast.get_docstring(ast.parse(open(MODULES[room]).read())) or ""
    match = re.search(r"May import: ([^.]*(?:\.[a-z_]+[^.]*)*)\.", doc.replace("\n", " "))
    assert match, f"{room}'s docstring has no 'May import: ...' line"
    text = match.group(1)
    if text.strip().startswith("everything"):
        return {"*"}
    return {name for name in re.findall(r"\b(models(?:\.[a-z_]+)?|algorithms|specs|checker\.[a-z_]+)\b", text)}


def test_every_room_says_what_it_owns_and_may_import():
    assert ROOMS and MODEL_ROOMS, "checker or models has no subpackages"
    for room in ROOMS + MODEL_ROOMS:
        doc = ast.get_docstring(ast.parse(open(MODULES[room]).read()))
        assert doc and "Owns:" in doc, f"{room}'s docstring does not say what it owns"
        allowed_imports(room)


@pytest.mark.parametrize("room", ROOMS)
def test_a_room_imports_only_what_its_docstring_allows(room):
    allowed = allowed_imports(room)
    if "*" in allowed:
        return
    for module in (m for m in MODULES if room_of(m) == room):
        for target in imports_of(module):
            other = room_of(target)
            assert other == room or other in allowed, f"{module} imports {target}, but {room} may import only {sorted(allowed)}"


@pytest.mark.parametrize("room", MODEL_ROOMS)
def test_a_models_room_imports_only_what_its_docstring_allows(room):
    allowed = allowed_imports(room)
    for module in (m for m in MODULES if model_room_of(m) == room):
        for target in (t for t in imports_of(module) if t.split(".")[0] == "models"):
            other = model_room_of(target)
            assert other == room or other in allowed, f"{module} imports {target}, but {room} may import only {sorted(allowed)}"


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_data_flows_one_way(layer):
    for module in (m for m in MODULES if m.split(".")[0] == layer):
        for target in imports_of(module):
            assert target.split(".")[0] in LAYERS[layer] | {layer}, f"{module} imports {target}"


def test_no_import_circles():
    """Between rooms and inside one, between any two modules: an import for type annotations
    only counts too, since a module whose types name another's depends on it as much."""
    graph = {module: imports_of(module, for_types_too=True) for module in MODULES}
    visiting, done, path = set(), set(), []

    def visit(module):
        visiting.add(module)
        path.append(module)
        for target in sorted(graph[module]):
            if target in visiting:
                cycle = path[path.index(target):] + [target]
                raise AssertionError("import circle: " + " -> ".join(cycle))
            if target not in done:
                visit(target)
        path.pop()
        visiting.discard(module)
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            visit(module)


def test_the_checker_package_only_reexports_the_public_api():
    """checker/__init__.py is the Python API; every name it lists is importable from it."""
    import checker

    for name in checker.__all__:
        assert hasattr(checker, name), name


# Written once against models/systems/interface.py's System: the renderers, the explorer and its
# reduction, and the judges (specs). A kind of system is built elsewhere (checker/explore/systems.py).
READ_THROUGH_THE_INTERFACE = ("checker.render", "checker.explore.explorer", "checker.explore.reduction", "specs")


def test_renderers_the_explorer_and_judges_import_no_kind_of_system():
    import importlib

    from models.systems.interface import SystemDefaults

    found = []
    for module in (m for m in MODULES if m.startswith(READ_THROUGH_THE_INTERFACE)):
        base = module.split(".") if _is_package(module) else module.split(".")[:-1]
        for node in ast.walk(ast.parse(open(MODULES[module]).read())):
            if not isinstance(node, ast.ImportFrom):
                continue
            source = ".".join(base[: len(base) - (node.level - 1)] + ([node.module] if node.module else [])) \
                if node.level else node.module
            if source.split(".")[0] not in PACKAGES:
                continue
            for alias in node.names:
                imported = getattr(importlib.import_module(source), alias.name, None)
                if isinstance(imported, type) and issubclass(imported, SystemDefaults):
                    found.append(f"{module} imports {alias.name}")
    assert found == [], "read the system through models/systems/interface.py's System:\n" + "\n".join(found)
