"""Every command example in README.md and docs/*.md runs, and prints what the page shows.

A *command example* is a fenced block (```, indented or not) with lines that start with ``$ check``. Each such
line is run through ``checker.cli.main`` and the lines after it, up to the next ``$`` line or
the end of the block, are its expected output (stdout and stderr together, as a terminal shows
them). Several examples may share a block; blank lines at the end of an expected output do not
count. The conventions a page follows:

- A line that is exactly ``...`` stands for any number of lines (none included). Everything
  else must match, from the first line of the output to the last: to leave out the end of an
  output, end with ``...``.
- What varies from run to run is masked on both sides before comparing: durations
  (``0.86 s``, ``"seconds": 1.234``), memory sizes (``204 MB``, ``1.5 GiB``), trailing spaces,
  the width of runs of spaces and of table rules (a wider time widens its column).
- ``# exit N`` at the end of the ``$`` line is the expected exit status, checked; without it
  the status is not checked (the output is).
- The command runs in a fresh temporary directory, where files it writes (``--trace-out
  trace.txt``) land; ``tests/`` there is the repository's, so ``tests/mutants/...`` paths
  work. A ```python block whose first line is ``# NAME.py`` is written there as ``NAME.py``
  before the page's examples run, so a page can show a variant and then check it; one whose
  first line is ``# tests/mutants/NAME.py`` (a path in the repository) is an excerpt of that
  file: its non-blank lines must appear there, in a row.
- Examples that take more than a few seconds are listed in ``SLOW`` and carry the ``slow``
  marker.

A command listed without ``$`` and without output (the command lists at the top of a page) is
run too, marked slow, and must not be refused (exit 2); a synopsis with placeholders
(``[--json]``, ``FILE``, ``my_hs.py``) is not run. A figure in prose names the command that
measures it.
"""
from __future__ import annotations

import ast
import contextlib
import difflib
import glob
import importlib
import importlib.util
import io
import os
import re
import shlex
from dataclasses import dataclass

import pytest

from checker.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGES = ["README.md", *sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))]
FENCE = re.compile(r"^( *)(```+|~~~+)")  # a fence may be indented (inside a list item)
EXIT_COMMENT = re.compile(r"#\s*exit\s+(\d+)\s*$")
SOURCE_FILE = re.compile(r"^#\s*([\w./-]+\.py)\s*$")

# (page, command) of the examples that take more than a few seconds
SLOW = {
    ("docs/proofs.md", "check tests/mutants/cr_forwards_smaller.py --n 3 --prove"),  # about 5 s: z3, then the explorer
    ("docs/proofs.md", "check lelann --n 3 --infer"),  # about 20 s: templates, z3 twice, then the proof of the file
    ("docs/proofs.md", "check peterson --n 3 --infer"),  # about 5 s: templates, z3 twice, then the explorer
    ("docs/complexity.md", "check hs --n 8 --open-schedules --time-limit 5"),  # 5 s by definition, then the pasting
    ("docs/complexity.md", "check cr --n 8 --messages --time-limit 1 --sample 300 --jobs 1"),  # 1 s, then 300 runs
}


@dataclass
class Example:
    page: str
    line: int  # of the `$` line, 1-based
    command: str  # without the leading "$ " and the exit comment
    exit_status: int | None
    expected: list[str]

    @property
    def argv(self) -> list[str]:
        return shlex.split(self.command)[1:]  # drop the leading `check`


def fenced_blocks(text: str):
    """(line number of the first line inside, info string, lines) of every fenced block.

    A block indented inside a list item counts too: its lines lose the fence's indentation,
    as Markdown reads them."""
    lines = text.splitlines()
    k = 0
    while k < len(lines):
        opening = FENCE.match(lines[k])
        if not opening:
            k += 1
            continue
        indent, fence = opening.groups()
        info, start = lines[k][opening.end():].strip(), k + 1
        k = start
        while k < len(lines) and not lines[k].lstrip().startswith(fence):
            k += 1
        yield start + 1, info, [_unindented(line, len(indent)) for line in lines[start:k]]
        k += 1


def _unindented(line: str, width: int) -> str:
    """``line`` without up to ``width`` leading spaces."""
    return line[min(width, len(line) - len(line.lstrip(" "))):]


def examples_in(page: str) -> list[Example]:
    found = []
    with open(os.path.join(ROOT, page)) as file:
        text = file.read()
    for first, _info, lines in fenced_blocks(text):
        current = None
        for offset, line in enumerate(lines):
            if line.startswith("$ "):
                command = line[2:]
                status = EXIT_COMMENT.search(command)
                command = command[: status.start()].rstrip() if status else command.strip()
                current = Example(page, first + offset, command, int(status.group(1)) if status else None, [])
                found.append(current)
            elif current is not None:
                current.expected.append(line)
        for example in found:
            while example.expected and not example.expected[-1].strip():
                example.expected.pop()
    return found


def named_sources(page: str):
    """(line, name, lines) of the ```python blocks of a page that start with ``# NAME.py``."""
    with open(os.path.join(ROOT, page)) as file:
        text = file.read()
    for first, info, lines in fenced_blocks(text):
        if info.startswith("python") and lines and (name := SOURCE_FILE.match(lines[0])):
            yield first, name.group(1), lines


def source_files_in(page: str) -> dict[str, str]:
    """NAME.py -> text, for the blocks of a page that are files of their own (not excerpts)."""
    return {name: "\n".join(lines) + "\n" for _, name, lines in named_sources(page) if "/" not in name}


EXCERPTS = [(page, line, name, lines) for page in PAGES for line, name, lines in named_sources(page) if "/" in name]


EXAMPLES = [example for page in PAGES for example in examples_in(page)]

_MASKS = [
    (re.compile(r'"(seconds|time)": [0-9.e-]+'), r'"\1": <time>'),
    (re.compile(r"\b\d+(?:\.\d+)? ?s\b"), "<time> s"),
    (re.compile(r"\b\d+(?:\.\d+)? ?(?:[KMGT]i?B)\b"), "<size>"),
    (re.compile(r"─+"), "─"),
    (re.compile(r"[ \t]+"), " "),
]


def masked(line: str) -> str:
    """A line with what varies between runs replaced (see the module docstring)."""
    line = line.rstrip()
    for pattern, replacement in _MASKS:
        line = pattern.sub(replacement, line)
    return line


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with each ``...`` line standing for any number of lines."""
    expected = [line if line.strip() == "..." else masked(line) for line in expected]
    actual = [masked(line) for line in actual]
    # reachable[j]: the expected lines so far can match actual[:j]
    reachable = [True] + [False] * len(actual)
    for line in expected:
        if line.strip() == "...":
            for j in range(1, len(actual) + 1):
                reachable[j] = reachable[j] or reachable[j - 1]
        else:
            reachable = [False] + [reachable[j - 1] and actual[j - 1] == line for j in range(1, len(actual) + 1)]
    return reachable[-1]


def run_example(example: Example, directory) -> tuple[int, str]:
    for name, source in source_files_in(example.page).items():
        (directory / name).write_text(source)
    os.symlink(os.path.join(ROOT, "tests"), directory / "tests")
    output = io.StringIO()
    cwd = os.getcwd()
    os.chdir(directory)
    try:
        with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
            status = main(example.argv)
    finally:
        os.chdir(cwd)
    return status, output.getvalue()


def _param(example: Example):
    marks = [pytest.mark.slow] if (example.page, example.command) in SLOW else []
    return pytest.param(example, id=f"{example.page}:{example.line}", marks=marks)


# `$ check` examples whose command a test elsewhere runs for its own assertions: that test compares
# what it printed with the page too (assert_the_page_shows), so the command runs once, not twice
EXAMPLES_RUN_ELSEWHERE = {
    ("docs/proofs.md", "check lelann --n 3 --infer"):
        "tests/prove/test_infer.py::test_lelann_is_inferred_with_the_order_of_its_tokens",
    ("docs/proofs.md", "check peterson --n 3 --infer"):
        "tests/prove/test_infer.py::test_a_property_the_templates_cannot_explain_is_told_apart_from_a_bug",
}


def assert_prints_what_the_page_shows(example: Example, status: int, output: str) -> None:
    actual = output.rstrip("\n").splitlines()
    if not matches(example.expected, actual):
        diff = "\n".join(difflib.unified_diff(example.expected, actual, "the page", "the program", lineterm=""))
        pytest.fail(f"{example.page}:{example.line}: `{example.command}` prints otherwise:\n{diff}")
    if example.exit_status is not None:
        assert status == example.exit_status, f"{example.page}:{example.line}: `{example.command}` exits {status}"


def assert_the_page_shows(page: str, command: str, status: int, output: str) -> None:
    """For a test that runs an example of EXAMPLES_RUN_ELSEWHERE: what it printed is what the page shows."""
    assert_prints_what_the_page_shows(next(e for e in EXAMPLES if (e.page, e.command) == (page, command)),
                                      status, output)


@pytest.mark.parametrize("example", [_param(e) for e in EXAMPLES
                                     if (e.page, e.command) not in EXAMPLES_RUN_ELSEWHERE])
def test_example_prints_what_the_page_shows(example: Example, tmp_path):
    assert_prints_what_the_page_shows(example, *run_example(example, tmp_path))


def test_an_example_run_elsewhere_is_on_its_page_and_its_test_compares_it():
    shown = {(e.page, e.command) for e in EXAMPLES}
    for (page, command), test in EXAMPLES_RUN_ELSEWHERE.items():
        assert (page, command) in shown, f"{page} no longer shows `{command}`: drop it from EXAMPLES_RUN_ELSEWHERE"
        path, name = test.split("::")
        with open(os.path.join(ROOT, path)) as source:
            text = source.read()
        body = text[text.index(f"def {name}("):].split("\ndef ")[0]
        assert f'assert_the_page_shows("{page}", "{command}"' in body, f"{test} does not compare `{command}` with {page}"


@pytest.mark.parametrize("page, line, name, lines", EXCERPTS, ids=[f"{p}:{k}" for p, k, _, _ in EXCERPTS])
def test_an_excerpt_is_what_its_file_says(page, line, name, lines):
    path = os.path.join(ROOT, name)
    assert os.path.isfile(path), f"{page}:{line}: no file {name}"
    wanted = [text.rstrip() for text in lines[1:] if text.strip()]
    with open(path) as file:
        there = [text.rstrip() for text in file if text.strip()]
    assert any(there[k:k + len(wanted)] == wanted for k in range(len(there))), \
        f"{page}:{line}: the excerpt is not in {name} as shown"


def _page_text(page: str) -> str:
    with open(os.path.join(ROOT, page)) as file:
        return file.read()


PROJECT_PATH = re.compile(r"(?<![\w/.-])((?:models|algorithms|specs|checker|tests|bench|docs)/[\w/.-]*\w)")
DOTTED_NAME = re.compile(r"`((?:checker|models|specs|algorithms)(?:\.\w+)+)")


@pytest.mark.parametrize("page", PAGES)
def test_every_file_and_module_a_page_names_exists(page):
    text = _page_text(page)
    for path in set(PROJECT_PATH.findall(text)):
        assert os.path.exists(os.path.join(ROOT, path)) or path.endswith("/my_invariant.py"), f"{page} names {path}"
    for dotted in set(DOTTED_NAME.findall(text)):
        module, attributes = dotted, []
        while module:
            try:
                found = importlib.import_module(module)
                break
            except ImportError:
                module, _, last = module.rpartition(".")
                attributes.insert(0, last)
        for attribute in attributes:
            assert hasattr(found, attribute), f"{page} names {dotted}"
            found = getattr(found, attribute)


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
ANCHORED_LINK = re.compile(r"\]\(([^)#\s]+)#([^)\s]+)\)")


@pytest.mark.parametrize("page", PAGES)
def test_no_page_links_outside_the_project(page):
    """A user's clone has only the project: every relative link stays inside it, and exists."""
    text = _page_text(page)
    assert "../shared" not in text and "DESIGN.md" not in text, f"{page} points outside the project"
    for target in LINK.findall(text):
        if "://" in target:
            continue
        path = os.path.normpath(os.path.join(ROOT, os.path.dirname(page), target))
        assert path.startswith(ROOT + os.sep), f"{page} links {target}, outside the project"
        assert os.path.exists(path), f"{page} links {target}, which does not exist"
    for target, anchor in ANCHORED_LINK.findall(text):
        if "://" not in target and target.endswith(".md"):
            headings = re.findall(r"^#+ (.*)$", _page_text(os.path.join(os.path.dirname(page), target)), re.MULTILINE)
            assert anchor in {_slug(h) for h in headings}, f"{page} links {target}#{anchor}: no such heading"


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("page", PAGES)
def test_the_python_blocks_import_what_exists(page):
    for first, info, lines in fenced_blocks(_page_text(page)):
        if not info.startswith("python"):
            continue
        for node in ast.parse("\n".join(lines), filename=f"{page}:{first}").body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    importlib.import_module(alias.name)
            elif isinstance(node, ast.ImportFrom):
                module = importlib.import_module(node.module)
                for alias in node.names:
                    assert hasattr(module, alias.name) or importlib.util.find_spec(f"{node.module}.{alias.name}"), \
                        f"{page}:{first}: `from {node.module} import {alias.name}` fails"


PLACEHOLDER = re.compile(r"[\[\]|]|\bmy_|\bFILE\b|\bALGO\b")

# listed commands that another test runs as they are listed (or with only the output file named, or
# a shorter --timeout): run again here they would cost the slow tests half a minute each for
# nothing new
RUN_ELSEWHERE = {
    ("docs/proofs.md", "check lcr --n 3 --infer"):
        "tests/prove/test_infer.py::test_infer_writes_an_invariant_that_prove_then_proves",
    ("docs/proofs.md", "check cr --n 3 --infer --infer-out found.py"):
        "tests/prove/test_infer.py::test_infer_writes_an_invariant_that_prove_then_proves",
    ("docs/proofs.md", "check hs-unoriented --n 3 --infer"):
        "tests/prove/test_infer.py::test_infer_on_hs_unoriented_is_proved_in_every_labelling",
    ("docs/proofs.md", "check dfs-election-literal --n 4 --graph complete --prove"):
        "tests/prove/test_prove_network.py::test_dfs_literal_is_proved_safe_on_k4",
    ("docs/proofs-all-n.md", "check lcr --all-n --termination"):
        "tests/prove/test_termination.py::test_lcr_terminates_and_elects_for_every_ring_size",
    ("docs/proofs-all-n.md", "check cr --all-n --termination"):
        "tests/prove/test_termination.py::test_cr_terminates_and_elects_for_every_ring_size",
    ("docs/proofs-all-n.md", "check tests/mutants/lcr_no_terminate.py --all-n --termination --timeout 2"):
        "tests/prove/test_termination.py::test_the_mutant_without_announcement_fails_election_at_termination",
}


def listed_commands() -> list[tuple[str, int, str]]:
    """(page, line, command) of the ``check ...`` lines (no ``$``, no output) of the pages'
    command lists, except synopses with placeholders such as ``[--json]`` or ``my_hs.py`` and
    commands run elsewhere; a command listed more than once is run once."""
    found, seen = [], set()
    for page in PAGES:
        for first, info, lines in fenced_blocks(_page_text(page)):
            if info.startswith(("python", "json")):
                continue
            for offset, line in enumerate(lines):
                command = line.split("#")[0].strip()
                if line.startswith("check ") and not PLACEHOLDER.search(command) \
                        and (page, command) not in RUN_ELSEWHERE and command not in seen:
                    seen.add(command)  # listed twice, run once
                    found.append((page, first + offset, command))
    return found


def test_a_listed_command_run_elsewhere_is_listed_and_its_test_exists():
    listed = {(page, line.split("#")[0].strip()) for page in PAGES for _, _, lines in fenced_blocks(_page_text(page))
              for line in lines if line.startswith("check ")}
    for (page, command), test in RUN_ELSEWHERE.items():
        assert (page, command) in listed, f"{page} no longer lists `{command}`: drop it from RUN_ELSEWHERE"
        path, name = test.split("::")
        with open(os.path.join(ROOT, path)) as source:
            assert f"def {name}(" in source.read(), f"{test} is gone: `{command}` would run nowhere"


@pytest.mark.slow
@pytest.mark.parametrize("page, line, command", listed_commands(), ids=[f"{p}:{k}" for p, k, _ in listed_commands()])
def test_a_listed_command_is_accepted_and_runs(page, line, command, tmp_path):
    """A command a page lists without its output must still be one `check` accepts (not exit 2)."""
    example = Example(page, line, command, None, [])
    status, output = run_example(example, tmp_path)
    assert status != 2, f"{page}:{line}: `{command}` is refused:\n{output}"
    assert output.strip(), f"{page}:{line}: `{command}` printed nothing"


def test_an_indented_fence_is_read_as_markdown_reads_it():
    text = "- a list item:\n\n  ```\n  $ check lcr --n 3\n    indented output\n  ```\n"
    assert list(fenced_blocks(text)) == [(4, "", ["$ check lcr --n 3", "  indented output"])]
    assert ("docs/networks.md", "check tests/examples/exchange.py:ExchangeNumbered --n 3 --graph complete") in \
        {(e.page, e.command) for e in EXAMPLES}


def test_the_pages_have_examples():
    assert len(EXAMPLES) >= 5
    assert all(e.argv or e.command == "check" for e in EXAMPLES)
    commands = {(e.page, e.command) for e in EXAMPLES}
    assert SLOW <= commands, f"SLOW names examples no page has: {SLOW - commands}"


@pytest.mark.parametrize("expected, actual, result", [
    (["a", "...", "d"], ["a", "b", "c", "d"], True),
    (["a", "...", "d"], ["a", "d"], True),
    (["a", "d"], ["a", "b", "d"], False),
    (["a", "..."], ["a", "b"], True),
    (["a"], ["a", "b"], False),
    (["time 0.01 s"], ["time 12.50 s"], True),
    (['"seconds": 0.5,'], ['"seconds": 1.234,'], True),
    (["peak 204 MB"], ["peak 1.5 GiB"], True),
    (["states 3,248"], ["states 3,249"], False),
    (["x  ───  y"], ["x ─────── y   "], True),
])
def test_the_matching_rules(expected, actual, result):
    assert matches(expected, actual) is result
