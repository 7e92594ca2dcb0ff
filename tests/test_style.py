"""The code's style is checked with the tests: ruff (the test extra) with pyproject.toml's
[tool.ruff] rules, over everything, so the fast loop and CI see a slip as any other failure."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff") or os.path.join(os.path.dirname(sys.executable), "ruff")
    assert os.path.exists(ruff), "ruff is not installed: pip install -e '.[test]'"
    done = subprocess.run([ruff, "check", "--no-cache", "--output-format", "concise", "."], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
