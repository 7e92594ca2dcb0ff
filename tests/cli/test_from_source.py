"""A user's file rewritten at the same size and modification time is run as it now reads.

Python's bytecode cache takes a file for unchanged while its modification time (whole seconds)
and size are the ones recorded: a script that writes variant after variant into one file (``<``
for ``>``) within a second would have the old one checked (checker/cli/from_source.py). Each
test runs `check` twice in processes that may write the cache, the file rewritten in between with
the same size and its old modification time put back: the second run must see the edit.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

ALGORITHM = """\
from algorithms.lcr import LCR, Token
from models import NEXT, receive
{import_line}

class LCRCompared(LCR, name="lcr-compared"):
    @receive(Token, when=lambda p, m, port: {comparison})
    def pass_on(p, m, port):
        p.send(NEXT, m)
"""


def _check(folder, *argv) -> subprocess.CompletedProcess:
    # the cache written, as on a user's machine (this machine's shell may say otherwise)
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    environment["PYTHONPATH"] = str(folder)
    return subprocess.run([sys.executable, "-m", "checker", *map(str, argv)], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120, check=False)


def _rewrite_keeping_size_and_time(path, text: str) -> None:
    before = os.stat(path)
    assert len(text.encode()) == before.st_size
    path.write_text(text)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_an_algorithm_file_rewritten_within_the_second_is_checked_as_it_reads(tmp_path):
    path = tmp_path / "variant.py"
    path.write_text(ALGORITHM.format(import_line="", comparison="m.id < p.id"))
    first = _check(tmp_path, path, "--n", "3")
    assert first.returncode == 0 and ": VERIFIED" in first.stdout, first.stdout + first.stderr
    _rewrite_keeping_size_and_time(path, ALGORITHM.format(import_line="", comparison="m.id > p.id"))
    second = _check(tmp_path, path, "--n", "3")
    assert second.returncode == 1 and ": VIOLATED" in second.stdout, second.stdout + second.stderr
    assert not (tmp_path / "__pycache__").exists()  # nothing cached beside the user's files


def test_a_helper_module_rewritten_within_the_second_is_run_as_it_reads(tmp_path):
    path = tmp_path / "helped.py"
    path.write_text(ALGORITHM.format(import_line="import order_of_ids", comparison="order_of_ids.less(m.id, p.id)"))
    helper = tmp_path / "order_of_ids.py"
    helper.write_text("def less(a, b):\n    return a < b\n")
    first = _check(tmp_path, path, "--n", "3")
    assert first.returncode == 0 and ": VERIFIED" in first.stdout, first.stdout + first.stderr
    _rewrite_keeping_size_and_time(helper, "def less(a, b):\n    return a > b\n")
    second = _check(tmp_path, path, "--n", "3")
    assert second.returncode == 1 and ": VIOLATED" in second.stdout, second.stdout + second.stderr
    assert not (tmp_path / "__pycache__").exists()
