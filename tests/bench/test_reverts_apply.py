"""bench/reverts/: each patch that reverts a fixed class of bugs (bench/fuzz_reverts.py) still
applies to today's code. A patch that no longer applies would make that script fail for its
class, and nobody would notice until it is run by hand."""
import glob
import os
import shutil
import subprocess

import pytest
from conftest import ROOT

PATCHES = sorted(glob.glob(os.path.join(ROOT, "bench", "reverts", "*.patch")))


@pytest.mark.skipif(shutil.which("git") is None or not os.path.exists(os.path.join(ROOT, ".git")),
                    reason="needs git and a git checkout")
@pytest.mark.parametrize("patch", PATCHES, ids=os.path.basename)
def test_the_revert_still_applies(patch):
    done = subprocess.run(["git", "apply", "--check", patch], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_there_are_patches():
    assert len(PATCHES) >= 13
