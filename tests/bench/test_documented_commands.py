"""Every `python bench/SCRIPT.py ARGS` line in README.md, docs/*.md and the bench scripts'
own docstrings is accepted by that script's command line.

The benchmarks take minutes and some need SPIN or Storm, so nothing here runs one: each script
is imported (its work runs only under ``if __name__ == "__main__"``) and its ``parser()``
parses the documented arguments. A line is taken from a fenced block, or from an inline code
span (which may continue on the next line of the paragraph); a leading ``VAR=value`` and a
trailing ``# comment`` are not arguments. Each case is named by the page and line it comes from.
"""
from __future__ import annotations

import ast
import functools
import glob
import importlib.util
import os
import re
import shlex
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGES = ["README.md", *sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))]
SCRIPTS = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "bench", "*.py")))

COMMAND = re.compile(r"(?:\b([A-Z_][A-Z0-9_]*)=\S+\s+)?python bench/([\w-]+)\.py\b([^\n]*)")
FENCE = re.compile(r"^\s*(```+|~~~+)")
# an inline code span: backticks around text that may go on over line breaks, not over a blank line
CODE_SPAN = re.compile(r"`((?:[^`\n]|\n(?![ \t]*\n))+)`")
# what ends a command inside a line of shell
SHELL_OPERATORS = {"&&", "||", ";", "|"}
# The pages' placeholders for an algorithm or a size, stood in for by values the scripts take
# (a placeholder for a folder, such as DIR or BEFORE, is a valid argument as it is)
PLACEHOLDERS = {"ALGORITHM": "lcr", "NAME": "lcr", "ALGO": "lcr", "N": "3", "N...": "3"}


def _command(script: str, rest: str, variable: str | None, where: str):
    words = []
    for word in shlex.split(rest, comments=True):
        if word in SHELL_OPERATORS:
            break
        words.append(word)
    return pytest.param(script, words, variable, id=where)


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def documented_commands() -> list:
    found = []
    for page in PAGES:
        with open(os.path.join(ROOT, page), encoding="utf-8") as source:
            text = source.read()
        # fenced lines are read one by one; the rest of the page, with them blanked, for code spans
        prose, fenced, inside = [], [], False
        for number, line in enumerate(text.split("\n"), start=1):
            if FENCE.match(line):
                inside = not inside
                prose.append("")
            elif inside:
                fenced.append((number, line))
                prose.append("")
            else:
                prose.append(line)
        for number, line in fenced:
            for match in COMMAND.finditer(line):
                found.append(_command(match[2], match[3], match[1], f"{page}:{number}"))
        prose_text = "\n".join(prose)
        for span in CODE_SPAN.finditer(prose_text):
            content = span[1]
            for match in COMMAND.finditer(content.replace("\n", " ")):
                where = f"{page}:{_line_of(prose_text, span.start(1) + match.start())}"
                found.append(_command(match[2], match[3], match[1], where))
    return found


def docstring_commands() -> list:
    """The usage lines of every bench script's docstring, named by the script's file and line."""
    found = []
    for script in SCRIPTS:
        with open(os.path.join(ROOT, script), encoding="utf-8") as source:
            text = source.read()
        module = ast.parse(text)
        if ast.get_docstring(module) is None:
            continue
        docstring = module.body[0]
        for number, line in enumerate(text.split("\n")[:docstring.end_lineno], start=1):
            for match in COMMAND.finditer(line):
                found.append(_command(match[2], match[3], match[1], f"{script}:{number}"))
    return found


@functools.cache
def bench_script(name: str):
    """bench/ is scripts, not a package: a script is loaded from its file, under a name of its own."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", os.path.join(ROOT, "bench", f"{name}.py"))
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    # a script may put bench/ first on sys.path for its own imports (spin, promela); the tests
    # that come after it in this process keep the path they had
    path = list(sys.path)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = path
    return module


def parse(name: str, words: list[str]):
    script = bench_script(name)
    if hasattr(script, "split_check_options"):  # before_after.py: what follows -- is check's, passed on unread
        words, _ = script.split_check_options(words)
    return script.parser().parse_args([PLACEHOLDERS.get(word, word) for word in words])


DOCUMENTED = documented_commands()
DOCSTRINGS = docstring_commands()


@pytest.mark.parametrize("page", PAGES)
def test_every_bench_command_line_of_a_page_is_collected(page):
    # a line in prose, or in a code span this file does not read, would go untested
    with open(os.path.join(ROOT, page), encoding="utf-8") as source:
        written = source.read().count("python bench/")
    assert sum(1 for p in DOCUMENTED if p.id.startswith(f"{page}:")) == written


@pytest.mark.parametrize("name, words, variable", DOCUMENTED)
def test_documented_command_line_is_accepted(name, words, variable):
    path = os.path.join(ROOT, "bench", f"{name}.py")
    assert os.path.exists(path), f"bench/{name}.py does not exist"
    if variable:
        with open(path, encoding="utf-8") as source:
            assert re.search(rf"\b{variable}\b", source.read()), f"bench/{name}.py does not read {variable}"
    parse(name, words)


@pytest.mark.parametrize("name, words, variable", DOCSTRINGS)
def test_usage_line_in_a_docstring_is_accepted(name, words, variable):
    assert os.path.exists(os.path.join(ROOT, "bench", f"{name}.py")), f"bench/{name}.py does not exist"
    parse(name, words)


@pytest.mark.parametrize("name", sorted({p.values[0] for p in DOCUMENTED}))
def test_a_documented_script_shows_its_usage_in_its_docstring(name):
    assert any(p.values[0] == name for p in DOCSTRINGS), f"bench/{name}.py's docstring has no usage line"


@pytest.mark.parametrize("name, argv", [
    ("before_after", ["/tmp/before", "no-such-algorithm", "5", "--", "--jobs", "1"]),
    ("catalogue", ["--por-only", "no-such-algorithm", "4"]),
    ("readings", ["no-such-algorithm"]),
    ("spin_vs_ringleader", ["no-such-algorithm", "--n", "3"]),
    ("spin_vs_ringleader", ["franklin"]),  # a built-in, but bench/promela.py has no model of it
])
def test_a_wrong_algorithm_name_is_one_error_line_and_status_2(name, argv, capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", [f"bench/{name}.py", *argv])  # argparse names the program after argv[0]
    with pytest.raises(SystemExit) as stopped:
        bench_script(name).main(argv)
    assert stopped.value.code == 2
    usage, error = capsys.readouterr().err.split(f"{name}.py: error: ")
    assert usage.startswith("usage: ") and "Traceback" not in usage
    assert error.startswith("argument ALGO: ") and error.count("\n") == 1


@pytest.mark.parametrize("name, argv", [
    ("catalogue", ["hs", "five"]),
    ("symmetry_proofs", ["3", "x"]),
    ("synchronizer_overhead", ["3", "5", "plot.svg", "extra"]),
    ("prism_leader_sync", []),
    ("message_tables", ["eight"]),
    ("spin_vs_ringleader", ["hs", "--ids", "1,two,3"]),
])
def test_other_bad_input_is_an_error_not_a_traceback(name, argv, capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", [f"bench/{name}.py", *argv])
    with pytest.raises(SystemExit) as stopped:
        bench_script(name).main(argv)
    assert stopped.value.code == 2
    assert f"{name}.py: error: " in capsys.readouterr().err


def test_before_after_passes_what_follows_the_double_dash_to_check():
    script = bench_script("before_after")
    assert script.split_check_options(["/tmp/before", "hs", "5", "--", "--jobs", "1", "--"]) == (
        ["/tmp/before", "hs", "5"], ["--jobs", "1", "--"])
    arguments = parse("before_after", ["/tmp/before", "hs", "5", "6", "--", "--no-por"])
    assert (arguments.before, arguments.algorithm, arguments.sizes) == ("/tmp/before", "hs", [5, 6])


def test_catalogue_takes_por_only_anywhere_as_before():
    arguments = bench_script("catalogue").parser().parse_intermixed_args(["hs", "--por-only", "4", "5"])
    assert (arguments.algorithm, arguments.sizes, arguments.por_only) == ("hs", [4, 5], True)


@pytest.mark.parametrize("name", ["before_after", "catalogue"])
def test_a_users_algorithm_file_is_measured_as_check_takes_it(name, tmp_path, monkeypatch):
    """as an absolute path: the scripts run check in other directories (the checkouts, the root)"""
    monkeypatch.chdir(os.path.join(ROOT, "tests"))
    words = ["/tmp/before"] if name == "before_after" else []
    arguments = parse(name, [*words, "mutants/lcr_no_terminate.py", "3"])
    assert arguments.algorithm == os.path.join(ROOT, "tests", "mutants", "lcr_no_terminate.py")
    assert parse(name, [*words, "hs", "3"]).algorithm == "hs"


@pytest.mark.parametrize("name, words", [("before_after", ["/tmp/before"]), ("catalogue", [])])
def test_an_algorithm_without_sizes_needs_them_unless_the_plan_has_them(name, words, capsys, monkeypatch):
    """before, an algorithm without N printed an empty table"""
    argv = [*words, "tests/mutants/lcr_no_terminate.py"]
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "argv", [f"bench/{name}.py", *argv])
    with pytest.raises(SystemExit) as stopped:
        bench_script(name).main(argv)
    assert stopped.value.code == 2 and "give the sizes N" in capsys.readouterr().err
