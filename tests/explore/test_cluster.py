"""--cluster: a run on a Dask cluster (a LocalCluster of two worker processes here) gives a
local run's output, a worker killed mid-run has its arrangement retried, and bad addresses or
modes get one line."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from checker.cli import main

from conftest import MUTANTS

pytest.importorskip("distributed")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _without_times(value):
    if isinstance(value, dict):
        return {k: _without_times(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [_without_times(v) for v in value]
    return value


def _run(capsys, *argv) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


def test_a_cluster_run_gives_the_local_output(capsys):
    local = _run(capsys, "hs", "--n", "4", "--json")
    remote = _run(capsys, "hs", "--n", "4", "--json", "--cluster", "local:2")
    assert local[0] == remote[0] == 0
    assert _without_times(json.loads(remote[1])) == _without_times(json.loads(local[1]))


@pytest.mark.slow
def test_a_violation_found_on_the_cluster_is_the_local_one(capsys):
    """A user's file: every worker loads it from its absolute path, and the trace comes back."""
    mutant = os.path.join(MUTANTS, "cr_forwards_smaller.py")
    local = _run(capsys, mutant, "--n", "4")
    remote = _run(capsys, mutant, "--n", "4", "--cluster", "local:2")
    assert local[0] == remote[0] == 1
    strip = [line for line in local[1].splitlines() if not line.lstrip().startswith("time")]
    assert [line for line in remote[1].splitlines() if not line.lstrip().startswith("time")] == strip


@pytest.mark.parametrize("argv, says", [
    (["cr", "--n", "3", "--check-invariant", "--cluster", "local:2"], "--cluster checks the election specification"),
    (["cr", "--n", "3", "--cluster", "local:two"], "give local:N with N workers"),
    (["cr", "--n", "3", "--messages", "--cluster", "local:2"], "--cluster goes with a check of one n"),
])
def test_what_a_cluster_cannot_do_is_one_line(capsys, argv, says):
    assert main(argv) == 2
    assert says in capsys.readouterr().err


def test_an_unreachable_scheduler_is_one_line(capsys, monkeypatch):
    import checker.explore.cluster as cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "0.3s")  # refused at once, but dask retries until then
    assert main(["cr", "--n", "3", "--cluster", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err
    assert "cannot reach a Dask scheduler there" in err and "Traceback" not in err


@pytest.mark.slow
def test_a_killed_cluster_worker_has_its_arrangement_retried():
    command = [sys.executable, "-m", "checker", "hs", "--n", "5", "--cluster", "local:2", "--json"]
    run = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           start_new_session=True)
    deadline = time.monotonic() + 120
    workers = []
    while time.monotonic() < deadline and len(workers) < 2:
        tree = subprocess.run(["ps", "-o", "pid=,args=", "-g", str(run.pid)], capture_output=True, text=True).stdout
        # a dask worker names itself "dask worker" when setproctitle is installed; otherwise it is
        # one of the processes the local cluster spawned
        workers = [int(line.split()[0]) for line in tree.splitlines()
                   if "dask worker" in line or "multiprocessing.spawn" in line]
        time.sleep(0.2)
    time.sleep(4)  # inside the searches
    os.kill(workers[0], signal.SIGKILL)
    out, err = run.communicate(timeout=900)
    assert run.returncode == 0, err[-2000:]
    report = json.loads(out)
    assert report["verdict"] == "verified" and report["states"] == 9_298_633
    assert report["arrangements"] == {"checked": 12, "represented": 120}


@pytest.mark.slow
def test_a_result_that_comes_ahead_of_the_plan_is_told_at_once(tmp_path):
    """The run records each cluster result in its checkpoint when it comes (run.py's
    ``finished``), not when its turn in the plan comes: a run killed while arrangement 0 is
    still running keeps 1 and 2. Arrangement 0 ends only once 1 and 2 have."""
    from types import SimpleNamespace

    from checker.explore.cluster import ClusterWorkers

    folder = str(tmp_path)

    def explore(_run, arrangement):
        import os as system
        import time as clock

        if arrangement == 0:
            deadline = clock.monotonic() + 60
            while clock.monotonic() < deadline and not all(
                    system.path.exists(system.path.join(folder, str(k))) for k in (1, 2)):
                clock.sleep(0.05)
            clock.sleep(0.5)  # and their results have reached the scheduler
        else:
            open(system.path.join(folder, str(arrangement)), "w").close()
        return arrangement

    events = []
    with ClusterWorkers([0, 1, 2], SimpleNamespace(cluster=SimpleNamespace(address="local:2")), explore,
                        finished=lambda index, result: events.append(("finished", index))) as workers:
        for index, result in enumerate(workers):
            assert result == index
            events.append(("yielded", index))
    assert events.index(("finished", 1)) < events.index(("yielded", 0))
    assert events.index(("finished", 2)) < events.index(("yielded", 0))
    assert sorted(e for e in events if e[0] == "finished") == [("finished", 0), ("finished", 1), ("finished", 2)]


@pytest.mark.slow
def test_twins_are_derived_on_the_cluster_as_locally(capsys, monkeypatch):
    """The cluster's workers probe and group the arrangements like local workers: hs at n = 4
    up to rotation has a twin, derived on the cluster, and the output is the local one's and
    (but for which was derived) the one of a run that searches every arrangement."""
    monkeypatch.setenv("RINGLEADER_PROBE_STATES", "50")  # the cluster's workers read it when they start
    target = ["hs", "--n", "4", "--symmetry", "rotation", "--json"]
    local = json.loads(_run(capsys, *target)[1])
    remote = json.loads(_run(capsys, *target, "--cluster", "local:2")[1])
    searched = json.loads(_run(capsys, *target, "--cluster", "local:2", "--no-twins")[1])
    assert _without_times(remote) == _without_times(local)
    assert sum(1 for a in remote["per_arrangement"] if a.get("renamed_from")) == 1
    for arrangement in remote["per_arrangement"]:
        arrangement.pop("renamed_from", None)
    remote.pop("notes", None), searched.pop("notes", None)
    assert _without_times(remote) == _without_times(searched)


@pytest.mark.slow
def test_a_probe_that_fails_on_the_cluster_leaves_its_arrangement_to_be_explored_alone():
    """A probe task that raises (here an exception; a task whose workers kept dying alike) still
    counts as done, so the groups are sent; its arrangement is explored alone."""
    from types import SimpleNamespace

    from checker.explore.cluster import ClusterWorkers

    def probe(_run, arrangements):
        if 3 in arrangements:
            raise ValueError("probe of 3 failed")
        return [(False, "alike") for _ in arrangements]

    def explore_group(_run, arrangements):
        return [("explored", a, len(arrangements)) for a in arrangements]

    with ClusterWorkers([0, 1, 2, 3], SimpleNamespace(cluster=SimpleNamespace(address="local:2")), None,
                        alike=(probe, explore_group)) as workers:
        assert list(workers) == [("explored", 0, 3), ("explored", 1, 3), ("explored", 2, 3), ("explored", 3, 1)]
