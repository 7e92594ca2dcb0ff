"""Wrong inputs a new user met (issue 30): each gets one line on stderr and exit 2 (or 3 for a
limit), never a traceback. The focused tests run the exact command of the issue through main();
test_every_wrong_input_gets_one_line runs many more as `python -m checker` processes (command_server.py)."""
import json
import os
import socket
import subprocess
import sys
import time

import pytest

from algorithms import BUILTIN, builtin
from checker.cli import main

from command_server import answers
from conftest import in_a_fresh_process

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(capsys, *argv):
    status = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_command(*argv, timeout: float = 60, stdin=None):
    """`python -m checker ARGV` in a process of its own, from the worktree's root."""
    return subprocess.run([sys.executable, "-m", "checker", *map(str, argv)], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, "RINGLEADER_JOBS": "1"}, stdin=stdin)


# -- sizes -------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv, count", [
    (("hs", "--n", 2000), "at least 10^5,731 arrangements"),
    (("lcr", "--n", 1_000_000), "at least 10^5,565,702 arrangements"),
])
def test_a_huge_ring_is_refused_at_once_with_its_count_as_a_power_of_ten(capsys, argv, count):
    started = time.monotonic()
    status, out, err = run(capsys, *argv)
    assert time.monotonic() - started < 5  # the exact count of lcr --n 1000000 took 7 s, building its ring 2 s
    assert status == 3 and not out
    assert err.startswith(f"check: n = {argv[2]} has {count} to explore (whatever the symmetry), too many; ")


def test_a_count_too_long_to_write_is_given_as_a_power_of_ten(capsys):
    """A star of 1000 vertices, every arrangement and labelling: 1000! 999!, 5,133 digits (Python
    writes 4,300 at most)."""
    status, _, err = run(capsys, "dfs-election", "--graph", "star", "--n", 1000, "--symmetry", "none")
    assert status == 3
    assert err.startswith("check: n = 1000 has about 10^5,132 arrangements to explore (every arrangement), too many")


def test_the_count_of_a_ring_too_large_is_the_count_planned(capsys):
    """n = 12, one per rotation and reflection class: 11!/2 (it said 11!, the rotation classes)."""
    status, _, err = run(capsys, "hs", "--n", 12)
    assert status == 3
    assert err == ("check: n = 12 has 19,958,400 arrangements to explore (one per rotation and reflection class), "
                   "too many; n = 11 is the largest with at most 10,000,000 arrangements: check that n or a smaller "
                   "one, or one arrangement with --ids\n")


# -- files -------------------------------------------------------------------------------------

def test_a_file_that_is_not_python_is_refused(capsys):
    status, _, err = run(capsys, "/etc/passwd", "--n", 3)
    assert status == 2
    assert err == "check: /etc/passwd is not a Python file: an algorithm is written in a file ending in .py\n"


def test_a_directory_is_not_an_algorithm(capsys, tmp_path):
    status, _, err = run(capsys, tmp_path, "--n", 3)
    assert status == 2
    assert err == f"check: {tmp_path} is a directory; give the algorithm's .py file\n"


def test_a_stray_colon_is_named_as_typed(capsys, tmp_path, monkeypatch):
    """`variant.py:` said "no such algorithm file: variant"."""
    (tmp_path / "variant.py").write_text("from algorithms.lcr import LCR\n\nclass Variant(LCR, name='variant'):\n    pass\n")
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "variant.py:", "--n", 3)
    assert status == 2
    assert err == ("check: 'variant.py:' ends in a colon with no class name after it; give variant.py for its one "
                   "algorithm, or variant.py:ClassName for one of several\n")


def test_a_synchronizer_file_given_as_the_algorithm_is_sent_to_synchronizer(capsys):
    """It suggested FILE:ClassName, which cannot help: the file has no algorithm."""
    path = os.path.join("tests", "mutants", "synchronizers", "alpha_safe_before_acks.py")
    status, _, err = run(capsys, path, "--n", 3)
    assert status == 2
    assert err == (f"check: {path} defines a synchronizer (SafeBeforeAcks), not an algorithm: pass it with "
                   f"--synchronizer after a synchronous algorithm, e.g. `check flooding --n 3 --synchronizer {path}`\n")


def test_an_algorithm_file_given_as_the_synchronizer_is_sent_back(capsys):
    path = os.path.join("tests", "mutants", "lcr_no_terminate.py")
    status, _, err = run(capsys, "flooding", "--n", 3, "--synchronizer", path)
    assert status == 2
    assert err == (f"check: {path} defines an algorithm (LCRNoTerminate), not a synchronizer: "
                   f"check it with `check {path}`\n")


def test_a_file_without_an_algorithm_is_not_told_to_name_a_class(capsys, tmp_path):
    (tmp_path / "empty.py").write_text("x = 1\n")
    status, _, err = run(capsys, tmp_path / "empty.py", "--n", 3)
    assert status == 2
    assert err == f"check: {tmp_path / 'empty.py'} defines no algorithm: a subclass of Algorithm (docs/writing-algorithms.md)\n"


# -- clusters ----------------------------------------------------------------------------------

@pytest.mark.parametrize("address, why", [
    ("foo", "missing port number in address 'foo'"),
    ("foo:bar", "invalid literal for int() with base 10: 'bar'"),
])
def test_an_address_that_is_not_one_is_refused(capsys, address, why):
    pytest.importorskip("distributed")
    status, _, err = run(capsys, "hs", "--n", 4, "--cluster", address)
    assert status == 2
    assert err == (f"check: --cluster {address}: not a scheduler address ({why}); give tcp://HOST:PORT, "
                   "as `dask scheduler` prints it, or local:N\n")


def test_jobs_is_refused_with_a_cluster(capsys):
    status, _, err = run(capsys, "hs", "--n", 4, "--cluster", "local:2", "--jobs", 3)
    assert status == 2
    assert err.startswith("check: --jobs sets this machine's worker processes, which --cluster does not use")


def test_an_id_blind_search_under_a_cluster_says_it_ran_here(capsys):
    pytest.importorskip("distributed")
    status, out, _ = run(capsys, "itai-rodeh", "--n", 3, "--cluster", "local:2")
    assert status == 0
    assert ("note: --cluster was not used: one search with hidden ids stood for every arrangement, and it ran on "
            "this machine") in out


@pytest.mark.slow  # a Dask cluster started for one line (2 s): tests/explore/test_cluster.py has the cluster in the fast loop
def test_an_error_in_the_algorithm_on_a_cluster_is_one_line(tmp_path):
    """Dask's workers printed "Compute Failed" with the task's traceback before the one line."""
    pytest.importorskip("distributed")
    path = tmp_path / "divides.py"
    path.write_text("from algorithms.lcr import LCR, Token\nfrom models import receive\n\n"
                    "class Divides(LCR, name='divides'):\n"
                    "    @receive(Token, when=lambda p, m, port: m.id == p.id)\n"
                    "    def elected(p, m, port):\n"
                    "        p.leader = p.id // 0\n")
    done = run_command(path, "--n", 4, "--cluster", "local:2")
    assert done.returncode == 2
    assert done.stderr.startswith("check: Divides.elected (line 7) raised ZeroDivisionError")
    assert len(done.stderr.splitlines()) <= 2, done.stderr


# -- options -----------------------------------------------------------------------------------

@pytest.mark.parametrize("more", [("--expected",), ("--export", "x.drn"), ("--within", 3)], ids=str)
def test_n_0_is_refused_in_the_quantitative_modes(capsys, more):
    """`--n 0 --expected` built a ring of no process and failed in it (IndexError)."""
    status, _, err = run(capsys, "itai-rodeh", "--n", 0, *more)
    assert status == 2
    assert err == "check: --n must be at least 1, got 0\n"


def test_a_distribution_of_no_k_is_refused(capsys):
    """--distribution 0 printed no table and no word about it."""
    status, out, err = run(capsys, "itai-rodeh", "--n", 3, "--distribution", 0)
    assert status == 2 and not out
    assert err == "check: --distribution K tabulates k = 1..K: K must be at least 1, got 0\n"


def test_list_prints_json_with_json(capsys):
    status, out, _ = run(capsys, "--list", "--json")
    assert status == 0
    listed = json.loads(out)
    assert [entry["name"] for entry in listed] == list(BUILTIN)
    assert listed[0] == {"name": "lcr", "summary": builtin("lcr").summary(), "seed": builtin("lcr").seed,
                         "topology": "unidirectional ring"}


def test_list_with_an_algorithm_is_refused(capsys):
    status, out, err = run(capsys, "hs", "--list")
    assert status == 2 and not out
    assert err == "check: --list lists the built-in algorithms; drop hs (or --list)\n"


def test_a_synchronizer_on_a_ring_algorithm_does_not_advise_graph(capsys):
    """It advised --graph, which timeslice then refuses: timeslice is written for a ring."""
    status, _, err = run(capsys, "timeslice", "--n", 3, "--synchronizer", "alpha")
    assert status == 2
    assert "--graph" not in err
    assert err.endswith("timeslice is written for a unidirectional ring: check it without --synchronizer\n")


def test_fingerprint_refused_in_synchronous_rounds_says_what_to_do(capsys):
    """The refusal ended "the Python engine ran it", a note for a run that did not happen (a
    network was refused so before the native engine ran networks)."""
    status, _, err = run(capsys, "flooding", "--n", 3, "--fingerprint")
    assert status == 2
    assert err == ("check: --fingerprint needs the native engine, which cannot run flooding: the native engine "
                   "is built for the asynchronous model, not for synchronous rounds; drop --fingerprint\n")


# -- errors in the algorithm -------------------------------------------------------------------

def test_an_exception_in_a_command_names_the_arrangement_and_the_state(capsys, tmp_path):
    path = tmp_path / "divides.py"
    path.write_text("from algorithms.lcr import LCR, Token\nfrom models import receive\n\n"
                    "class Divides(LCR, name='divides'):\n"
                    "    @receive(Token, when=lambda p, m, port: m.id == p.id)\n"
                    "    def elected(p, m, port):\n"
                    "        p.leader = p.id // 0\n")
    status, _, err = run(capsys, path, "--n", 3)
    assert status == 2
    assert err == ("check: Divides.elected (line 7) raised ZeroDivisionError: integer division or modulo by zero\n"
                   "  at p0 (id 1) with ids 1, 2, 3: asleep=false, leader=NIL; receiving Token(1) on PREV\n")


@pytest.mark.slow
def test_a_local_cluster_does_not_warn_when_another_holds_port_8787():
    """Two local clusters at once: the second warned "Port 8787 is already in use" on stderr."""
    pytest.importorskip("distributed")
    holder = socket.socket()
    try:
        holder.bind(("0.0.0.0", 8787))
        holder.listen()
    except OSError:
        pass  # another program holds it already, which is the case under test
    try:
        done = run_command("cr", "--n", 4, "--cluster", "local:2")
    finally:
        holder.close()
    assert done.returncode == 0 and done.stderr == ""


# -- exit statuses -----------------------------------------------------------------------------

def test_a_reader_that_goes_away_keeps_the_verdicts_status():
    """`check bully --n 3 | head -1` exited 0 on a violation; here the reader leaves before the
    first line (the same broken pipe, without a race)."""
    process = subprocess.Popen([sys.executable, "-m", "checker", "bully", "--n", "3"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "RINGLEADER_JOBS": "1"})
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=60) == 1 and err == ""


def _a_bug_in_the_check(*args, **options):
    return {}["a key that is not there"]


def test_a_bug_in_ringleader_is_one_line_and_status_4(capsys, monkeypatch):
    monkeypatch.setattr(sys.modules["checker.cli.main"], "check", _a_bug_in_the_check)
    status, _, err = run(capsys, "hs", "--n", 3)
    assert status == 4
    assert err == ("check: internal error, a bug in ringleader: KeyError: 'a key that is not there' at "
                   "tests/cli/test_wrong_inputs.py:" + str(_a_bug_in_the_check.__code__.co_firstlineno + 1) +
                   "; please report it as an issue of the project with the command (check hs --n 3) and what "
                   "--debug prints\n")


def _a_bug_in_a_worker(*args, **options):
    return {}["a key that is not there"]


def _check_with_a_bug_in_the_workers() -> tuple[int, str]:
    """`check hs --n 4 --jobs 2` with a bug in the exploration (in the workers), run by
    in_a_fresh_process: a pool forked from the threaded pytest-xdist worker may deadlock."""
    import contextlib
    import io

    import checker.explore.run as run_module

    run_module._explore = _a_bug_in_a_worker
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["hs", "--n", "4", "--jobs", "2", "--symmetry", "none"])
    return status, err.getvalue()


def test_a_bug_in_a_worker_process_names_the_workers_line():
    status, err = in_a_fresh_process(_check_with_a_bug_in_the_workers)
    assert status == 4
    assert err.startswith("check: internal error, a bug in ringleader: KeyError: 'a key that is not there' at "
                          "tests/cli/test_wrong_inputs.py:" + str(_a_bug_in_a_worker.__code__.co_firstlineno + 1) + ";")


def test_debug_adds_the_traceback(capsys, monkeypatch):
    monkeypatch.setattr(sys.modules["checker.cli.main"], "check", _a_bug_in_the_check)
    status, _, err = run(capsys, "hs", "--n", 3, "--debug")
    assert status == 4
    assert err.startswith("Traceback (most recent call last):\n")
    assert err.endswith("with the command (check hs --n 3) and what --debug prints\n")


# -- every wrong input -------------------------------------------------------------------------

SYNCHRONIZER_FILE = os.path.join(ROOT, "tests", "mutants", "synchronizers", "alpha_safe_before_acks.py")
ALGORITHM_FILE = os.path.join(ROOT, "tests", "mutants", "lcr_no_terminate.py")
FILES = {  # written to a folder of the test's own; {name} in a case is its path
    "variant.py": "from algorithms.lcr import LCR\n\nclass Variant(LCR, name='variant'):\n    pass\n",
    "two.py": "from algorithms.lcr import LCR\n\nclass First(LCR, name='first'):\n    pass\n\n"
              "class Second(LCR, name='second'):\n    pass\n",
    "syntax.py": "class Broken(:\n    pass\n",
    "raises.py": "x = 1\nraise RuntimeError('boom')\n",
    "empty.py": "x = 1\n",
    "binary.py": "\0\1\2binary",
    "notes.txt": "hello\n",
    "bad_edges.txt": "0 1\n1 2 3\n",
    "disconnected.txt": "0 1\n2 3\n",
    "path3.txt": "0 1\n1 2\n",
}
# (case, why it is wrong), run in a folder of their own; the slowest first (they import Dask or
# compile), so that they start before the machine is busy with the others
WRONG_INPUTS = [
    ("hs --n 4 --cluster foo", "an address without a port"),
    ("hs --n 4 --cluster foo:bar", "a port that is not a number"),
    ("hs --n 4 --cluster local:x", "local:N without a number"),
    ("hs --n 4 --cluster local:2 --jobs 2", "--jobs with a cluster"),
    ("cr --n 4 --cluster local:2 --crashes 1", "crashes on a cluster"),
    ("flooding --n 3 --fingerprint", "fingerprints without the native engine"),
    ("cr --n 4 --checkpoint {damaged.checkpoint}", "a checkpoint damaged in the middle"),
    ("cr --n 4 --checkpoint {lcr.checkpoint}", "another run's checkpoint"),
    ("cr --n 3 --checkpoint {folder}", "a checkpoint that is a directory"),
    ("cr --n 3 --checkpoint {notes.txt}", "a file that is not a checkpoint"),
    ("cr --n 3 --messages --checkpoint run.checkpoint", "a checkpoint for a table"),
    ("", "no algorithm"),
    ("hs", "no --n"),
    ("nosuch --n 3", "an unknown algorithm"),
    ("hs --n three", "--n not a number"),
    ("hs --n 0", "--n 0"),
    ("hs --n 3..5", "a range for one check"),
    ("hs --n 3 --ids 1,x,2", "an id not a number"),
    ("hs --n 4 --ids 1,2,3", "fewer ids than n"),
    ("hs --n 3 --max-memory lots", "a size that is not one"),
    ("hs --n 3 --bogus", "an unknown option"),
    ("hs --n 3 --trace-out trace.pdf", "a trace format that does not exist"),
    ("hs --n 3 --crashes 3", "every process crashed"),
    ("hs --list", "--list with an algorithm"),
    ("itai-rodeh --n 0 --expected", "--expected of no process"),
    ("itai-rodeh --n 0 --export model.drn", "--export of no process"),
    ("hs --n 99999999999999999999", "a ring of 10^20 processes"),
    ("random-one-bit --n 99999999999999999999 --expected", "the expectations of 10^20 processes"),
    ("hs --n 99999999999999999999 --prove", "a proof for 10^20 processes"),
    ("lcr --n 3..99999999999999999999 --messages", "a message table up to 10^20 processes"),
    ("timeslice --n 3 --id-values 1..1000", "ids chosen from a thousand values"),
    ("flooding --graph complete --n 200", "a synchronous network of degree 199"),
    ("itai-rodeh --n 3 --distribution 0", "an empty distribution"),
    ("timeslice --n 3 --synchronizer alpha", "a synchronizer for a ring algorithm"),
    ("flooding --n 3 --synchronizer /etc/passwd", "a synchronizer file that is not Python"),
    (f"flooding --n 3 --synchronizer {ALGORITHM_FILE}", "an algorithm file as the synchronizer"),
    ("cr --n 3 --prove --invariant no_such_file.py", "an invariant file that is not there"),
    ("/etc/passwd --n 3", "a file that is not Python"),
    ("./missing_file.py --n 3", "a file that is not there"),
    ("{folder} --n 3", "a directory"),
    ("{variant.py}: --n 3", "a stray colon"),
    ("{syntax.py} --n 3", "a syntax error"),
    ("{raises.py} --n 3", "a file that raises when loaded"),
    ("{empty.py} --n 3", "a file without an algorithm"),
    ("{two.py} --n 3", "two algorithms, none named"),
    ("{binary.py} --n 3", "bytes that are not text"),
    (f"{SYNCHRONIZER_FILE} --n 3", "a synchronizer file as the algorithm"),
    ("flooding --graph nosuchfamily --n 3", "an unknown graph family"),
    ("flooding --graph {bad_edges.txt}", "an edge of three vertices"),
    ("flooding --graph {disconnected.txt}", "a graph that is not connected"),
    ("flooding --graph {path3.txt} --n 5", "a graph of another size"),
    ("flooding --graph {folder} --n 3", "a graph that is a directory"),
    ("flooding --graphs connected --n 9", "too many vertices for the atlas"),
    ("hs --n 3 --graph complete", "a graph for a ring algorithm"),
    ("hs --n 12", "too many arrangements"),
    ("hs --n 2000", "too many arrangements to write down"),
    ("lcr --n 1000000", "a ring of a million processes"),
    ("hs --all-n --n 3", "--all-n with one n"),
]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict:
    """The paths a case names: the files above, a folder, and two checkpoints (one of lcr's, one
    of cr's with its first record damaged)."""
    folder = tmp_path_factory.mktemp("wrong_inputs")
    paths = {"folder": str(folder)}
    for name, text in FILES.items():
        (folder / name).write_text(text)
        paths[name] = str(folder / name)
    for name, argv in (("lcr.checkpoint", ["lcr", "--n", "4"]), ("damaged.checkpoint", ["cr", "--n", "4"])):
        paths[name] = str(folder / name)
        assert main([*argv, "--checkpoint", paths[name], "--json"]) == 0
    with open(paths["damaged.checkpoint"], "r+b") as file:
        file.readline()
        file.seek(file.tell() + 8)  # into the first record, after its length
        file.write(b"\0" * 4)
    return paths


def _filled_in(case: str, paths: dict) -> list[str]:
    for name, path in paths.items():
        case = case.replace("{" + name + "}", path)
    return case.split()


def _what_is_wrong(answer: dict) -> str | None:
    """What is wrong with the CLI's answer, or None. "Within 10 s" is the answer's CPU time (its
    user and system seconds, as os.wait4 gives them): on a machine that other jobs share, its wall
    time says more about them than about the answer. A hang is still a hang: the wall clock stops
    it after a minute."""
    if answer.get("hang"):
        return "still running after 60 s"
    status, out, err, seconds = answer["status"], answer["stdout"], answer["stderr"], answer["cpu"]
    if seconds > 10:
        return f"took {seconds:.1f} s of CPU"
    if status not in (2, 3) or len(err.splitlines()) > 2 or "Traceback" in err or out:
        return f"exit {status} after {seconds:.1f} s of CPU, stdout {out[:200]!r}, stderr {err[-600:]!r}"
    return None


def test_every_wrong_input_gets_one_line(inputs):
    """Each case: exit 2 (or 3 for a size), at most two lines on stderr, no traceback, nothing on
    stdout, within 10 s of CPU. Each is `python -m checker` in a process of its own, forked from
    one that has loaded the checker (command_server.py): 58 interpreters starting and importing
    the checker cost 20 s of CPU, and the answers are what a fresh process gives."""
    assert len(WRONG_INPUTS) >= 40
    environment = {**os.environ, "RINGLEADER_JOBS": "1", "PYTHONPATH": ROOT}
    commands = [{"argv": _filled_in(case, inputs), "cwd": inputs["folder"], "environment": environment, "seconds": 60}
                for case, _ in WRONG_INPUTS]
    problems = [_what_is_wrong(answer) for answer in answers(commands)]
    wrong = [f"{case!r} ({why}): {problem}" for (case, why), problem in zip(WRONG_INPUTS, problems) if problem]
    assert not wrong, "\n".join(wrong)


def test_a_file_of_bytes_that_are_not_text_names_no_line(capsys, tmp_path):
    """It said "binary.py:None: syntax error"."""
    path = tmp_path / "binary.py"
    path.write_bytes(b"\0\1\2binary")
    status, _, err = run(capsys, path, "--n", 3)
    assert status == 2
    assert err.startswith(f"check: {path}: syntax error: ")
