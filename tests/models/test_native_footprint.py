"""The native explorer's diagnostic line (built with RINGLEADER_NATIVE_FOOTPRINT set, one line per
search on stderr: docs/engines.md) says, with crashes, which process the search designated and how
many of the states it expanded come after the crash. docs/search.md's breakdown of Bully under a
crash rests on those counts: here they must add up to the states `check` reports, and on the full
graph the states before any crash must be exactly the graph without crashes."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COUNTS = re.compile(r"designated (-?\d+), expanded (\d+), of them after the crash (\d+)")


def _run(*arguments: str) -> tuple[dict, list[tuple[int, int, int]]]:
    """check's JSON and, per search, (designated, expanded, after the crash) from the footprint lines."""
    env = dict(os.environ, RINGLEADER_NATIVE_FOOTPRINT="1")
    done = subprocess.run([sys.executable, "-m", "checker", "bully-always-replies", *arguments, "--json"],
                          cwd=ROOT, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout), [tuple(map(int, m)) for m in COUNTS.findall(done.stderr)]


@pytest.mark.slow
def test_states_after_the_crash_are_counted_per_designation():
    reduced, searches = _run("--n", "3", "--crashes", "1")
    assert reduced["engine"] == "native"
    assert [d for d, _, _ in searches] == [0, 1, 2]
    assert sum(expanded for _, expanded, _ in searches) == reduced["states"]
    assert all(0 < after < expanded for _, expanded, after in searches)


@pytest.mark.slow
def test_before_any_crash_the_full_graph_is_the_one_without_crashes():
    full, [(designated, expanded, after)] = _run("--n", "3", "--crashes", "1", "--no-por")
    without_crashes, _ = _run("--n", "3", "--no-por")
    assert designated == -1 and expanded == full["states"]
    assert expanded - after == without_crashes["states"]
