"""The run's own worker processes (checker/explore/pool.py): results, errors, deaths, and an end
that never waits for a busy worker. Each test runs its pool in a fresh process
(in_a_fresh_process): a pool forked from the threaded pytest-xdist worker may deadlock."""
from __future__ import annotations

import os
import signal
import time

from checker.explore.pool import Pool, PoolBroken, WorkerTraceback

from conftest import in_a_fresh_process


def _square(x: int) -> tuple[int, int]:
    return x * x, os.getpid()


def _fails(message: str):
    raise ValueError(message)


def _results_and_errors():
    with Pool(2) as pool:
        tasks = [pool.submit(_square, k) for k in range(6)] + [pool.submit(_fails, "in the worker")]
        while not all(task.done for task in tasks):
            pool.wait([task for task in tasks if not task.done])
        squares = [task.result()[0] for task in tasks[:6]]
        workers = {task.result()[1] for task in tasks[:6]}
        try:
            tasks[6].result()
        except ValueError as error:
            raised = (str(error), isinstance(error.__cause__, WorkerTraceback), "_fails" in str(error.__cause__))
    return squares, len(workers - {os.getpid()}), raised


def test_results_come_back_and_an_exception_is_raised_with_the_workers_traceback():
    squares, workers, raised = in_a_fresh_process(_results_and_errors)
    assert squares == [0, 1, 4, 9, 16, 25]
    assert 1 <= workers <= 2
    assert raised == ("in the worker", True, True)


def _a_death():
    with Pool(2) as pool:
        first = pool.submit(time.sleep, 30)
        second = pool.submit(time.sleep, 30)
        queued = pool.submit(_square, 3)
        victim = pool.workers[0].process.pid
        os.kill(victim, signal.SIGKILL)
        done = pool.wait([first, second, queued])
        broken = []
        for task in (first, second, queued):
            try:
                task.result()
            except PoolBroken as error:
                broken.append((error.pid, error.exit_code, error.task is first))
        late = pool.submit(_square, 4)
        late_broken = late.done and isinstance(late._error, PoolBroken)
    return len(done), broken, victim, late_broken


def test_a_dead_worker_breaks_the_pool_and_is_named_with_the_task_it_held():
    done, broken, victim, late_broken = in_a_fresh_process(_a_death)
    assert done == 3
    assert broken == [(victim, -signal.SIGKILL, True)] * 3
    assert late_broken


def _ending_while_busy():
    started = time.monotonic()
    with Pool(2) as pool:
        tasks = [pool.submit(time.sleep, 60) for _ in range(4)]
        processes = [worker.process for worker in pool.workers]
    return time.monotonic() - started, [p.exitcode for p in processes], all(not t.done for t in tasks)


def test_leaving_the_pool_kills_and_reaps_busy_workers_at_once():
    """The workers would sleep a minute: the pool ends them instead of waiting (a guard of 20 s,
    not a timing: a hang would take 60)."""
    seconds, exit_codes, unfinished = in_a_fresh_process(_ending_while_busy)
    assert seconds < 20
    assert exit_codes == [-signal.SIGKILL, -signal.SIGKILL]
    assert unfinished
