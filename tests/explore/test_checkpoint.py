"""--checkpoint: a killed run started again with the same file ends as an uninterrupted one."""
from __future__ import annotations

import json
import os
import pickle
import signal
import subprocess
import sys
import time

import pytest

from checker.cli import main
from checker.explore.checkpoint import Checkpoint

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _without_times(value):
    if isinstance(value, dict):
        return {k: _without_times(v) for k, v in value.items() if k not in ("seconds", "notes")}
    if isinstance(value, list):
        return [_without_times(v) for v in value]
    return value


def _json(capsys, *argv) -> dict:
    assert main(list(argv) + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_resumed_run_takes_the_recorded_arrangements(tmp_path, capsys):
    path = str(tmp_path / "cr.checkpoint")
    first = _json(capsys, "cr", "--n", "5", "--checkpoint", path)
    assert len(Checkpoint(path, _key_of(path), "").recorded) == first["arrangements"]["checked"]
    again = _json(capsys, "cr", "--n", "5", "--checkpoint", path)
    assert _without_times(again) == _without_times(first) == _without_times(_json(capsys, "cr", "--n", "5"))


def _key_of(path: str) -> str:
    with open(path, "rb") as file:
        return json.loads(file.readline())["key"]


def test_a_record_cut_short_by_a_kill_is_dropped(tmp_path, capsys):
    path = str(tmp_path / "cr.checkpoint")
    first = _json(capsys, "cr", "--n", "4", "--checkpoint", path)
    recorded = len(Checkpoint(path, _key_of(path), "").recorded)
    with open(path, "r+b") as file:
        file.truncate(os.path.getsize(path) - 5)  # the last record, half written
    assert len(Checkpoint(path, _key_of(path), "").recorded) == recorded - 1
    with open(path, "ab") as file:
        file.write(b"\x07")  # and some garbage after it
    assert _without_times(_json(capsys, "cr", "--n", "4", "--checkpoint", path)) == _without_times(first)
    assert len(Checkpoint(path, _key_of(path), "").recorded) == recorded


@pytest.mark.parametrize("other", [["lcr", "--n", "4"], ["cr", "--n", "4", "--no-por"], ["cr", "--n", "5"]])
def test_a_file_of_another_run_is_refused(tmp_path, capsys, other):
    path = str(tmp_path / "cr.checkpoint")
    _json(capsys, "cr", "--n", "4", "--checkpoint", path)
    assert main([*other, "--checkpoint", path]) == 2
    assert "records another run (cr n = 4)" in capsys.readouterr().err


def test_a_file_that_is_not_a_checkpoint_is_refused(tmp_path, capsys):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    assert main(["cr", "--n", "3", "--checkpoint", str(path)]) == 2
    assert "is not a ringleader checkpoint" in capsys.readouterr().err


def test_a_file_damaged_in_the_middle_is_refused(tmp_path, capsys):
    """Issue 30: a record that is whole but does not unpickle ended in an UnpicklingError."""
    path = str(tmp_path / "cr.checkpoint")
    _json(capsys, "cr", "--n", "4", "--checkpoint", path)
    with open(path, "rb") as file:
        file.readline()
        first_record = file.tell() + 8  # after the header and the record's length
    with open(path, "r+b") as file:
        file.seek(first_record)
        file.write(b"\x00" * 4)
    assert main(["cr", "--n", "4", "--checkpoint", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"check: --checkpoint {path}: its record 1 is damaged (")
    assert err.endswith("); delete the file to start the run afresh\n")


def test_a_directory_is_refused(tmp_path, capsys):
    assert main(["cr", "--n", "3", "--checkpoint", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"check: --checkpoint {tmp_path} is a directory; give a file (a new one is created)\n"


@pytest.mark.slow
def test_a_killed_run_resumes_to_the_same_output(tmp_path):
    path = str(tmp_path / "hs.checkpoint")
    command = [sys.executable, "-m", "checker", "hs", "--n", "5", "--jobs", "2", "--json", "--checkpoint", path]
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           start_new_session=True)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and run.poll() is None:
        if os.path.exists(path) and os.path.getsize(path) > 0 and len(Checkpoint(path, _key_of(path), "").recorded) >= 3:
            break  # reading the file leaves it as it is
        time.sleep(0.2)
    assert run.poll() is None, "the run ended before it could be killed"
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    recorded = len(Checkpoint(path, _key_of(path), "").recorded)
    assert 3 <= recorded < 12
    resumed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    whole = subprocess.run(command[:-2], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert resumed.returncode == whole.returncode == 0
    assert _without_times(json.loads(resumed.stdout)) == _without_times(json.loads(whole.stdout))


def _without(path: str, dropped: int) -> None:
    """The checkpoint at ``path`` without arrangement ``dropped``'s record, as if the run had
    been killed between that arrangement and the one before it."""
    with open(path, "rb") as file:
        header = file.readline()
        records = []
        while prefix := file.read(8):
            body = file.read(int.from_bytes(prefix, "little"))
            if pickle.loads(body)[0] != dropped:
                records.append(prefix + body)
    with open(path, "wb") as file:
        file.write(header + b"".join(records))


@pytest.mark.parametrize("where", [["--jobs", "1"], ["--jobs", "2"], pytest.param(["--cluster", "local:2"], marks=pytest.mark.slow)], ids=str)
def test_a_twin_whose_leader_was_recorded_is_derived_again_on_resuming(tmp_path, where):
    """hs at n = 4 up to rotation has a pair of twins: the checkpoint kept the first, not the
    derived second. The resumed run searches the first again (keeping its recorded result) so
    that the second is derived as in the uninterrupted run: the same output, renamed_from too."""
    path = str(tmp_path / "hs4.checkpoint")
    command = [sys.executable, "-m", "checker", "hs", "--n", "4", "--symmetry", "rotation", "--json",
               "--no-progress", *where, "--checkpoint", path]
    whole = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert whole.returncode == 0, whole.stderr
    expected = json.loads(whole.stdout)
    derived = [k for k, a in enumerate(expected["per_arrangement"]) if a.get("renamed_from")]
    assert len(derived) == 1
    _without(path, derived[0])
    assert len(Checkpoint(path, _key_of(path), "").recorded) == len(expected["per_arrangement"]) - 1
    resumed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    assert _without_times(json.loads(resumed.stdout)) == _without_times(expected)


# -- what the key covers: every file whose code can change a recorded result -------------------

HELPED = """\
import lcr_helpers
from algorithms.lcr import LCR, Token
from models import NEXT, receive


class LCRHelped(LCR, name="lcr-helped"):
    @receive(Token, when=lambda p, m, port: lcr_helpers.smaller(m.id, p.id))
    def pass_on(p, m, port):
        p.send(NEXT, m)
"""
HELPERS = """\
def smaller(a, b):
    from lcr_order import less  # imported when a guard first runs, not when the file is loaded
    return less(a, b)
"""
ORDER = "def less(a, b):\n    return a < b\n"


def _helped(tmp_path):
    (tmp_path / "lcr_helped.py").write_text(HELPED)
    (tmp_path / "lcr_helpers.py").write_text(HELPERS)
    (tmp_path / "lcr_order.py").write_text(ORDER)
    return str(tmp_path / "lcr_helped.py")


def _check(tmp_path, *argv) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(tmp_path)}
    return subprocess.run([sys.executable, "-m", "checker", *argv], cwd=ROOT, env=environment, capture_output=True,
                          text=True, timeout=300, check=False)


def test_a_helper_module_imported_lazily_two_imports_away_is_in_the_key(tmp_path):
    """The algorithm's file imports lcr_helpers, whose function imports lcr_order when it runs.
    lcr_order edited between two runs: the second is another run, not a resumed one."""
    algorithm, checkpoint = _helped(tmp_path), str(tmp_path / "helped.checkpoint")
    first = _check(tmp_path, algorithm, "--n", "3", "--checkpoint", checkpoint)
    assert first.returncode == 0 and ": VERIFIED" in first.stdout, first.stdout + first.stderr
    (tmp_path / "lcr_order.py").write_text("def less(a, b):\n    return a > b\n")
    assert _check(tmp_path, algorithm, "--n", "3").returncode == 1  # what the edit does
    again = _check(tmp_path, algorithm, "--n", "3", "--checkpoint", checkpoint)
    assert again.returncode == 2 and "records another run (lcr-helped n = 3)" in again.stderr, again.stdout


def test_the_user_files_are_followed_through_imports_and_nothing_else(tmp_path, monkeypatch):
    from checker.cli.loader import load_algorithm
    from checker.explore.checkpoint import user_files

    monkeypatch.syspath_prepend(str(tmp_path))
    algorithm = load_algorithm(_helped(tmp_path))
    (tmp_path / "lcr_order.py").write_text("import json\nimport networkx\nimport z3\n\n\n" + ORDER)
    expected = {str(tmp_path / name) for name in ("lcr_helped.py", "lcr_helpers.py", "lcr_order.py")}
    # ringleader's own packages are keyed whole; the standard library and installed packages not at all
    assert user_files((algorithm,)) == expected


def test_a_synchronizer_edited_between_two_runs_is_another_run(tmp_path, capsys):
    synchronizer, checkpoint = tmp_path / "my_beta.py", str(tmp_path / "beta.checkpoint")
    synchronizer.write_text("from models.systems.synchronizers import Beta\n\n\nclass MyBeta(Beta):\n    name = 'my-beta'\n")
    argv = ["flooding", "--n", "3", "--graph", "path", "--synchronizer", str(synchronizer)]
    assert main([*argv, "--checkpoint", checkpoint]) == 0
    with open(os.path.join(ROOT, "tests", "mutants", "synchronizers", "beta_root_skips_subtrees.py")) as mutant:
        synchronizer.write_text(mutant.read().replace("RootSkipsSubtrees", "MyBeta"))
    capsys.readouterr()
    assert main(argv) == 1  # what the edit does
    assert main([*argv, "--checkpoint", checkpoint]) == 2
    assert "records another run (flooding n = 3)" in capsys.readouterr().err


def test_a_graph_file_edited_between_two_runs_is_another_run(tmp_path, capsys):
    graph, checkpoint = tmp_path / "graph.txt", str(tmp_path / "graph.checkpoint")
    graph.write_text("0 1\n1 2\n")
    argv = [os.path.join(ROOT, "tests", "examples", "exchange.py:Exchange"), "--n", "3", "--graph", str(graph)]
    assert main([*argv, "--checkpoint", checkpoint]) == 1  # on a path a process knows only its neighbours
    graph.write_text("0 1\n1 2\n0 2\n")
    capsys.readouterr()
    assert main([*argv, "--checkpoint", checkpoint]) == 2
    assert "records another run" in capsys.readouterr().err


def test_a_run_that_reads_port_numbers_resumes_with_every_labelling(tmp_path, capsys):
    """The first run lets one labelling stand for all and starts again with every labelling when
    the algorithm reads a port number: the checkpoint keeps the second run's results and says so,
    and a resumed run goes straight there, with the same output and note."""
    checkpoint = str(tmp_path / "numbered.checkpoint")
    argv = [os.path.join(ROOT, "tests", "examples", "exchange.py:ExchangeNumbered"), "--n", "3", "--graph", "complete"]
    whole = _json(capsys, *argv)
    first = _json(capsys, *argv, "--checkpoint", checkpoint)
    recorded = len(Checkpoint(checkpoint, _key_of(checkpoint), "", "reads").recorded)
    assert recorded == whole["arrangements"]["checked"]
    resumed = _json(capsys, *argv, "--checkpoint", checkpoint)
    assert _without_times(resumed) == _without_times(first) == _without_times(whole)
    assert "so every port labelling was checked" in whole["notes"][0]
    assert resumed["notes"][0] == whole["notes"][0]


INVARIANT = """\
from algorithms.cr import RED
from models import Implies, Or
from specs.cr_invariant import CRInvariant
from specs.invariants import ForAll, conjunct


class Mine(CRInvariant):
    @conjunct
    def initiators_stay_red(s):
        \"\"\"An initiator never turns black.\"\"\"
        return ForAll(s.processes, lambda p: Implies(p.initiated, {colour}))
"""


def test_an_invariant_edited_between_two_runs_is_another_run(tmp_path, capsys):
    """The conjunct keeps its name; only its body changes (from always true to false)."""
    invariant, checkpoint = tmp_path / "mine.py", str(tmp_path / "invariant.checkpoint")
    invariant.write_text(INVARIANT.format(colour="Or(p.color == RED, p.color != RED)"))
    argv = ["cr", "--n", "3", "--check-invariant", "--invariant", str(invariant)]
    assert main([*argv, "--checkpoint", checkpoint]) == 0
    invariant.write_text(INVARIANT.format(colour="p.color == RED"))
    capsys.readouterr()
    assert main(argv) == 1  # what the edit does
    assert main([*argv, "--checkpoint", checkpoint]) == 2
    assert "records another run (cr n = 3)" in capsys.readouterr().err
