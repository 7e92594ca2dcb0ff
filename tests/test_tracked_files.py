"""The repository holds source, not what is built from it: no wheel, archive, compiled object or
other binary file is tracked (a 10 MB wheel once sat at the root). Pictures are SVG text; build
what you need, and declare a tool you run (ruff: the test extra) instead of carrying it."""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILT = (".whl", ".egg", ".tar", ".gz", ".tgz", ".bz2", ".xz", ".zst", ".zip", ".7z", ".jar", ".so", ".o",
         ".a", ".dylib", ".dll", ".exe", ".pyc", ".pyo", ".pyd", ".class", ".pickle", ".pkl", ".checkpoint")
LARGEST = 256 * 1024  # bytes: the largest source file, the C engine, is about 100 KB


def _tracked(root: str) -> list[str]:
    if shutil.which("git") is None or not os.path.exists(os.path.join(root, ".git")):
        pytest.skip("not a git checkout: no list of tracked files to read")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
    return [name for name in listed.decode().split("\0") if name]


def _is_binary(path: str) -> bool:
    with open(path, "rb") as f:
        return b"\0" in f.read(8192)


def _not_source(root: str) -> list[str]:
    found = []
    for name in _tracked(root):
        path = os.path.join(root, name)
        if not os.path.isfile(path):  # deleted in the work tree, not yet in the index
            continue
        if name.lower().endswith(BUILT):
            found.append(f"{name}: a build artefact or archive")
        elif os.path.getsize(path) > LARGEST:
            found.append(f"{name}: {os.path.getsize(path):,} bytes")
        elif _is_binary(path):
            found.append(f"{name}: binary")
    return found


def test_no_build_artefact_or_binary_is_tracked():
    found = _not_source(ROOT)
    assert not found, "tracked files that are not source (git rm --cached them):\n" + "\n".join(found)


def test_the_check_names_a_wheel_an_archive_and_a_binary(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "ruff-0.0.0-py3-none-any.whl").write_bytes(b"PK\x03\x04")
    (tmp_path / "models.tar.gz").write_text("not really")
    (tmp_path / "engine").write_bytes(b"\x7fELF\0\0")
    (tmp_path / "algorithm.py").write_text("class A: pass\n")
    subprocess.run(["git", "add", "."], cwd=tmp_path, check=True)
    assert sorted(_not_source(str(tmp_path))) == ["engine: binary", "models.tar.gz: a build artefact or archive",
                                                   "ruff-0.0.0-py3-none-any.whl: a build artefact or archive"]
