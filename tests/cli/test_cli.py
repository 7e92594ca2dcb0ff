"""The command line, through main([...]): outputs, exit statuses and one-line errors."""
import json
import textwrap

import pytest

from checker.cli import main


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_list_names_every_builtin_with_its_seed(capsys):
    status, out, _ = run(capsys, "--list")
    assert status == 0
    for name, seed in (("lcr", "000_"), ("cr", "002_"), ("hs", "001_")):
        line = next(l for l in out.splitlines() if l.startswith(name + " "))
        assert seed in line


@pytest.mark.parametrize("name,n", [("lcr", 4), ("cr", 4), ("hs", 3)])
def test_summary_lists_verdict_properties_and_figures(capsys, name, n):
    status, out, _ = run(capsys, name, "--n", n)
    assert status == 0
    assert "VERIFIED" in out
    for word in ("arrangements", "states", "transitions", "depth", "messages", "time", "at-most-one-leader", "termination"):
        assert word in out


def test_json_is_schema_1_and_alone_on_stdout(capsys):
    status, out, _ = run(capsys, "hs", "--n", 3, "--json", "--no-por", "--symmetry", "rotation")
    assert status == 0
    result = json.loads(out)
    assert result["schema"] == 1
    assert result["por"] is False
    assert result["algorithm"] == "hs" and result["n"] == 3 and result["verdict"] == "verified"
    assert result["arrangements"] == {"checked": 2, "represented": 6}
    assert result["states"] == 9376
    assert result["messages"] == {"min": 26, "max": 26}
    assert {p["name"] for p in result["properties"]} >= {"at-most-one-leader", "stability", "election", "termination"}
    assert all(p["holds"] is True for p in result["properties"])
    assert [a["ids"] for a in result["per_arrangement"]] == [[1, 2, 3], [1, 3, 2]]
    assert sum(a["states"] for a in result["per_arrangement"]) == result["states"]
    assert result["counterexample"] is None


def test_ids_checks_one_arrangement(capsys):
    status, out, _ = run(capsys, "hs", "--n", 3, "--ids", "1,3,2", "--json", "--no-por")
    result = json.loads(out)
    assert status == 0
    assert result["arrangements"] == {"checked": 1, "represented": 1}
    assert result["states"] == 4688


def test_ids_without_n_takes_n_from_the_ids(capsys):
    status, out, _ = run(capsys, "lcr", "--ids", "2,1,3", "--json")
    assert status == 0 and json.loads(out)["n"] == 3


def test_user_file_with_one_algorithm(capsys, tmp_path):
    source = tmp_path / "my_lcr.py"
    source.write_text(textwrap.dedent('''
        from algorithms.lcr import LCR

        class MyLCR(LCR, name="my-lcr"):
            """LCR, unchanged, loaded from a user's file."""
    '''))
    status, out, _ = run(capsys, source, "--n", 4, "--json", "--no-por")
    assert status == 0
    assert json.loads(out)["algorithm"] == "my-lcr"
    assert json.loads(out)["states"] == 2654


def test_user_file_naming_the_class(capsys, tmp_path):
    source = tmp_path / "two.py"
    source.write_text(textwrap.dedent('''
        from algorithms.lcr import LCR

        class First(LCR, name="first"):
            pass

        class Second(LCR, name="second"):
            pass
    '''))
    status, _, err = run(capsys, source, "--n", 3)
    assert status == 2 and "exactly one Algorithm subclass" in err and f"{source}:ClassName" in err
    status, out, _ = run(capsys, f"{source}:Second", "--n", 3, "--json")
    assert status == 0 and json.loads(out)["algorithm"] == "second"


@pytest.mark.parametrize(
    "argv,fragment",
    [
        (["nosuch", "--n", "3"], "unknown algorithm 'nosuch'"),
        (["hs", "--n", "0"], "--n must be at least 1"),
        (["hs"], "--n"),
        ([], "name an algorithm"),
        (["hs", "--n", "3", "--ids", "1,2,2"], "permutation of 1..3"),
        (["hs", "--n", "3", "--ids", "1,x,2"], "comma-separated integers"),
        (["hs", "--n", "4", "--ids", "1,2,3"], "lists 3 ids but --n is 4"),
        (["hs", "--n", "3", "--trace-out", "t.pdf"], "use a file ending in .txt, .md, .dot, .svg"),
        (["hs", "--n", "3", "--max-states", "0"], "--max-states must be at least 1"),
        (["./missing_file.py", "--n", "3"], "no such algorithm file"),
        (["hs", "--n", "three"], "invalid int value"),
    ],
)
def test_bad_commands_get_one_line_and_status_2(capsys, argv, fragment):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert fragment in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err and out == ""


BROKEN_FILES = {
    "syntax.py": ("class Broken(:\n    pass\n", "syntax.py:1: syntax error"),
    "raises.py": ("x = 1\nraise RuntimeError('boom')\n", "raises.py:2: loading the file raised RuntimeError: boom"),
    "python_and.py": (
        textwrap.dedent('''
            from models import Algorithm, Local, UnidirectionalRing, spontaneous

            class Bad(Algorithm, name="bad"):
                topology = UnidirectionalRing
                asleep = Local(bool, True)

                @spontaneous(when=lambda p: p.asleep and p.id > 1)
                def wake(p):
                    p.asleep = False
        '''),
        "python_and.py:8: in Bad.wake: Python `and` is not allowed; write And(a, b)",
    ),
    "no_algorithm.py": ("x = 1\n", "no Algorithm subclass"),
    "no_decisions.py": (
        textwrap.dedent('''
            from models import Algorithm, Local, UnidirectionalRing, spontaneous

            class Undecided(Algorithm, name="undecided"):
                topology = UnidirectionalRing
                asleep = Local(bool, True)

                @spontaneous(when=lambda p: p.asleep)
                def wake(p):
                    p.asleep = False
        '''),
        "define is_leader(p) and decided(p)",
    ),
}


@pytest.mark.parametrize("filename", sorted(BROKEN_FILES))
def test_broken_algorithm_files_get_one_line_and_status_2(capsys, tmp_path, filename):
    source, fragment = BROKEN_FILES[filename]
    path = tmp_path / filename
    path.write_text(source)
    status, out, err = run(capsys, path, "--n", 3)
    assert status == 2, err
    assert fragment in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_runtime_error_in_a_command_names_the_command(capsys, tmp_path):
    path = tmp_path / "crashes.py"
    path.write_text(textwrap.dedent('''
        from algorithms.lcr import LCR, Token
        from models import NEXT, receive

        class Crashes(LCR, name="crashes"):
            @receive(Token, when=lambda p, m, port: m.id < p.id)
            def pass_on(p, m, port):
                p.send(NEXT, m.nosuchfield)
    '''))
    status, _, err = run(capsys, path, "--n", 3)
    assert status == 2
    assert "Crashes.pass_on" in err and "AttributeError" in err and "Traceback" not in err


def test_max_states_gives_incomplete_never_verified(capsys):
    status, out, _ = run(capsys, "hs", "--n", 3, "--max-states", 100, "--json")
    assert status == 3
    result = json.loads(out)
    assert result["verdict"] == "incomplete"
    assert all(p["holds"] is None for p in result["properties"])
    status, out, _ = run(capsys, "hs", "--n", 3, "--max-states", 100)
    assert status == 3 and "INCOMPLETE" in out and "--max-states" in out


def test_max_states_large_enough_changes_nothing(capsys):
    status, out, _ = run(capsys, "hs", "--n", 3, "--max-states", 9376, "--json", "--no-por", "--symmetry", "rotation")
    assert status == 0 and json.loads(out)["states"] == 9376


def test_por_is_the_default_and_no_por_explores_the_full_graph(capsys):
    status, out, _ = run(capsys, "lcr", "--n", 4, "--json")
    reduced = json.loads(out)
    status_full, out, _ = run(capsys, "lcr", "--n", 4, "--no-por", "--json")
    full = json.loads(out)
    assert status == status_full == 0
    assert reduced["por"] is True and full["por"] is False
    assert full["states"] == 2654 and reduced["states"] < full["states"]
    assert reduced["messages"] == full["messages"]
    status, out, _ = run(capsys, "lcr", "--n", 4, "--por", "--json")
    assert json.loads(out) | {"seconds": 0} == reduced | {"seconds": 0}


def test_trace_out_text(capsys, tmp_path):
    from conftest import MUTANTS

    target = tmp_path / "t.txt"
    status, out, _ = run(capsys, f"{MUTANTS}/lcr_no_terminate.py", "--n", 3, "--trace-out", target)
    assert status == 1
    text = target.read_text()
    assert text.startswith("Counterexample to election")
    assert "initial state" in text and "final state" in text
    assert f"trace written to {target}" in out


def test_ringleader_is_the_same_entry_point():
    import tomllib
    from pathlib import Path

    scripts = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["check"] == scripts["ringleader"] == "checker.cli:entry_point"


def test_memory_limit_stops_cleanly_as_incomplete(capsys):
    status, out, _ = run(capsys, "hs", "--n", 4, "--max-memory", "20M", "--jobs", 1, "--json")
    assert status == 3
    result = json.loads(out)
    assert result["verdict"] == "incomplete"
    assert "memory limit (20 MiB per worker)" in result["notes"][0]


def test_bad_memory_size_is_a_usage_error(capsys):
    status, _, err = run(capsys, "hs", "--n", 3, "--max-memory", "lots")
    assert status == 2 and "give a size such as 4G" in err


def test_too_many_arrangements_is_refused_with_status_3(capsys):
    status, out, err = run(capsys, "lcr", "--n", 13)
    assert status == 3 and out == ""
    assert "479,001,600 arrangements" in err and "--ids" in err
    assert len(err.strip().splitlines()) == 1
