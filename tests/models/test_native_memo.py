"""The native engine's stubborn-set memo with crashes or timeouts is a cache of bounded size that
starts afresh when full (models/native/explorer.c, RL_MEMO_MOST_SLOTS): what it holds is a function
of the situation alone, so a memo that restarts every eleven situations
(RINGLEADER_NATIVE_MEMO_SLOTS=16, a compile flag for tests) must give the same check, figure for
figure, as the default one."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESTARTS = re.compile(r"memo restarts (\d+)")


def _check(arguments: list[str], **environment: str) -> tuple[dict, str]:
    env = dict(os.environ, **environment)
    done = subprocess.run([sys.executable, "-m", "checker", *arguments, "--json", "--jobs", "1"],
                          cwd=ROOT, capture_output=True, text=True, env=env, check=False)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    report = json.loads(done.stdout)
    report.pop("seconds")
    return report, done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("arguments", [
    ["bully-always-replies", "--n", "3", "--crashes", "1"],
    ["bully-always-replies", "--n", "4"],
    ["tests/mutants/networks/bully_leader_wait_ends_when_quiet.py", "--n", "3", "--crashes", "1"],
], ids=["bully-always-replies-crash", "bully-always-replies-timeouts", "bully_leader_wait_ends_when_quiet"])
def test_a_memo_that_keeps_restarting_gives_the_same_check(arguments):
    default, _ = _check(arguments)
    tiny, footprint = _check(arguments, RINGLEADER_NATIVE_MEMO_SLOTS="16", RINGLEADER_NATIVE_FOOTPRINT="1")
    assert default["engine"] == tiny["engine"] == "native"
    assert max(int(k) for k in RESTARTS.findall(footprint)) > 0
    assert tiny == default
