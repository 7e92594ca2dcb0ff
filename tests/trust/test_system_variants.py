"""Variants aimed at the shortcuts of the other system kinds, each VIOLATED in every mode.

tests/trust/system_variants/ holds real bugs that a shortcut of a system kind other than the
plain asynchronous ring could hide (issue 31):

* synchronizers (class 3): a handler that reads which port its place lists last, for the
  parent's (the order of a place's ports is their numbers), and a structure set by the instance
  from vertex numbers where the class's own follows the ids; one port labelling standing for
  all, and one arrangement per class, would each hide one;
* the mirror proof (class 4): a synchronous ring whose round reads CW before CCW, a timeout
  that sends one way only, two mirror-image timeouts of different ranks, a timeout that waits
  for one neighbour, and a mirror-image timeout whose guard z3 reads differently from Python;
  the reflection quotient would hide each.

Each is VIOLATED in the most concrete mode (reference engine, no reduction, no symmetry, no
twins, every labelling): checked first. Then every mode that applies to its system kind may say
VIOLATED or refuse in one line (exit 2, no traceback); none may say VERIFIED. The default mode
must say VIOLATED, with the note naming the shortcut it did not take.
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT

from checker.cli import main

VARIANTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "system_variants")
FLOODING_ON_A_PATH = ["flooding", "--n", "3", "--graph", "path"]
CONCRETE = ["--engine", "reference", "--no-por", "--symmetry", "none", "--no-twins"]

COMMON = {
    "default": [], "no-symmetry": ["--symmetry", "none"], "reference": ["--engine", "reference"],
    "interned": ["--engine", "interned"], "native": ["--engine", "native"], "no-por": ["--no-por"],
    "no-twins": ["--no-twins"], "messages": ["--messages"], "concrete": CONCRETE,
}
SYNCHRONIZER_MODES = {**COMMON, "fifo": ["--fifo"], "fifo-no-symmetry": ["--fifo", "--symmetry", "none"],
                      "fifo-concrete": ["--fifo", *CONCRETE]}
RING_MODES = {**COMMON, "rotation": ["--symmetry", "rotation"]}
TIMEOUT_MODES = {**RING_MODES, "strong-fairness": ["--fairness", "strong"]}

# file, how it is run, its modes, what the default run's notes say of the shortcut not taken
CATALOGUE = {
    "beta_parent_on_last_port.py": (["--synchronizer"], SYNCHRONIZER_MODES,
                                    "ParentOnLastPort.receive depends on the order in which its place lists its ports"),
    "beta_safe_up_the_last_port.py": (["--synchronizer"], SYNCHRONIZER_MODES,
                                      "SafeUpTheLastPort.actions depends on the order in which its place lists"),
    "beta_tree_by_vertex_numbers.py": (["--synchronizer"], SYNCHRONIZER_MODES,
                                       "synchronizer builds its own structure (places)"),
    "sync_ring_keeps_last_heard.py": ([], RING_MODES,
                                      ("in a synchronous round, Hello on CW (hear) then Hello on CCW (hear) does what "
                                       "no command does in the other order")),
    "timeout_tells_clockwise_only.py": ([], TIMEOUT_MODES, "tell (line 26) has no counterpart"),
    "timeout_ranks_favour_clockwise.py": ([], TIMEOUT_MODES, "tell_clockwise (line 26) has no counterpart"),
    "timeout_hidden_counterpart.py": ([], TIMEOUT_MODES,
                                      ("TimeoutHiddenCounterpart.tell_anticlockwise (line 32): at id=1, waiting=true, "
                                       "heard=NIL: z3 says the guard is true, Python says false")),
    "timeout_waits_for_clockwise.py": (["--crashes", "1"], TIMEOUT_MODES, "take_over (line 70) has no counterpart"),
}


def _argv(filename: str, mode: str) -> list[str]:
    how, modes, _ = CATALOGUE[filename]
    path = os.path.join(VARIANTS, filename)
    if how == ["--synchronizer"]:
        return [*FLOODING_ON_A_PATH, "--synchronizer", path, *modes[mode]]
    return [path, "--n", "3", *how, *modes[mode]]


def _run(capsys, filename: str, mode: str) -> tuple[int, str, str]:
    status = main(_argv(filename, mode))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_every_variant_is_in_the_catalogue():
    assert {f for f in os.listdir(VARIANTS) if f.endswith(".py")} == set(CATALOGUE)


@pytest.mark.parametrize("filename", sorted(CATALOGUE))
def test_each_variant_is_a_real_bug(filename, capsys):
    status, out, _ = _run(capsys, filename, "concrete")
    assert status == 1 and ": VIOLATED" in out.splitlines()[0]


@pytest.mark.parametrize("filename", sorted(CATALOGUE))
def test_the_default_mode_says_violated_and_names_the_shortcut_it_did_not_take(filename, capsys):
    status, out, _ = _run(capsys, filename, "default")
    assert status == 1 and ": VIOLATED" in out.splitlines()[0]
    assert CATALOGUE[filename][2] in " ".join(out.split())


@pytest.mark.parametrize("filename, mode", [(f, m) for f, (_, modes, _) in sorted(CATALOGUE.items()) for m in modes])
def test_no_mode_says_verified(filename, mode, capsys):
    status, out, err = _run(capsys, filename, mode)
    assert "VERIFIED" not in out, f"{filename} {mode}: {out[:400]}"
    assert status in (1, 2), f"{filename} {mode}: exit {status}: {out[:400]}{err[:400]}"
    if status == 2:  # refused: one line naming what is wrong
        assert err.count("\n") == 1 and err.startswith("check: ") and "Traceback" not in err, err


@pytest.mark.parametrize("filename, where", [
    ("beta_parent_on_last_port.py", ["--jobs", "2"]),
    ("timeout_waits_for_clockwise.py", ["--jobs", "2"]),
    pytest.param("timeout_ranks_favour_clockwise.py", ["--cluster", "local:2"], marks=pytest.mark.slow),
    pytest.param("sync_ring_keeps_last_heard.py", ["--cluster", "local:2"], marks=pytest.mark.slow),
], ids=str)
def test_with_workers_and_on_a_cluster_too(filename, where):
    """A handler that reads the order of its ports in a worker sends PortNumbersRead back to the
    run, which starts again with every labelling, as in one process; a cluster's run is planned
    as a local one (crashes and synchronizers run on this machine only)."""
    run = subprocess.run([sys.executable, "-m", "checker", *_argv(filename, "default"), *where], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 1 and ": VIOLATED" in run.stdout.splitlines()[0], run.stdout + run.stderr
    assert CATALOGUE[filename][2] in " ".join(run.stdout.split())
