"""Worker processes for a run's arrangements: results in plan order, and the run's own faults.

Arrangements are independent, so ``jobs`` forked processes explore them (pool.py, which
notices a worker that dies and ends the others at once without waiting on any of them).
Results come back in the order of the plan, whatever the job count, so the output is the same.

Given a ``probe``, the workers first search every arrangement for a few states (which finishes
the small ones), then explore the others in groups: arrangements whose probes gave the same
figures, one after the other in one worker. Each worker keeps its own stubborn-set memo
(models/native/explorer.c), and two arrangements whose graphs are the same up to the ids
(hs at n = 5 has three such pairs) fill it with the same entries: the second one of a group
finds them there, or is derived from the first where run.py's twins check proves it the
first's renaming (twins.py). Groups go first, largest first. One process (jobs 1) probes and
groups the same way, and explores the groups in plan order (``_probed_here``).

Two faults of the run itself end it cleanly instead of hanging or going on:

  * a worker killed (SIGKILL from the kernel when memory runs out, or by hand):
    ``WorkerDied`` names the arrangement it held and the signal;
  * Ctrl-C (SIGINT to the process group): the KeyboardInterrupt reaches the caller at once,
    and the workers, busy in C searches that do not look at signals (and ignoring SIGINT), are
    killed on the way out rather than waited for, as on any early end.
"""
from __future__ import annotations

import os
import signal
from collections import deque
from typing import Callable

from .pool import Pool, PoolBroken


_explore_in_worker: Callable | None = None  # set before the workers fork, so they inherit it
_probe_in_worker: Callable | None = None  # likewise
_ends_run_in_worker: Callable | None = None  # likewise
_holder = None  # shared array: the pid of the worker exploring each arrangement of the plan
GROUP = 4  # the most arrangements one task explores in a row
PROBE_TASKS_PER_WORKER = 4  # the probes are sent in about this many tasks per worker


def _explore_at(index: int, arrangement, **alike):
    _holder[index] = os.getpid()
    return _explore_in_worker(arrangement, **alike)


def _probe_at(index: int, arrangement):
    _holder[index] = os.getpid()
    return _probe_in_worker(arrangement)


def _probe_batch(indices: list[int], arrangements: list) -> list:
    return [probed(_probe_at, index, arrangement) for index, arrangement in zip(indices, arrangements)]


def probed(probe: Callable, *arguments) -> tuple:
    """``probe(*arguments)``; a probe that raises (an error in the algorithm's code) leaves its
    arrangement to be explored alone, where the error is raised in the plan's order."""
    try:
        return probe(*arguments)
    except Exception:  # noqa: BLE001 -- raised again when the arrangement is explored
        return False, None


def explore_group(indices: list[int], arrangements: list, explore: Callable | None = None,
                  ends_run: Callable | None = None) -> list:
    """A group's arrangements in a row: the first ``leads``, the others are ``like`` it; in a
    worker, or with ``explore`` in this process. The group stops at a result that ``ends_run``
    (a violation): the plan's later arrangements are not needed then."""
    ends_run = ends_run or _ends_run_in_worker

    def one(index, arrangement, **alike):
        return _explore_at(index, arrangement, **alike) if explore is None else explore(arrangement, **alike)

    results = []
    for k, (index, arrangement) in enumerate(zip(indices, arrangements)):
        alike = {} if len(arrangements) == 1 else {"leads": True} if k == 0 else {"like": arrangements[0]}
        results.append(one(index, arrangement, **alike))
        if ends_run is not None and ends_run(results[-1]):
            break
    return results


def alike_tasks(figures: dict, largest_first: bool = True) -> list[list[int]]:
    """The arrangements the probes did not finish (plan index -> the figures of its probe),
    grouped: those with the same figures together, at most GROUP in a task, each alone whose
    figures are None; the largest groups first, or in the order of their first arrangement."""
    alike: dict = {}
    for index in sorted(figures):
        key = figures[index]
        alike.setdefault(key if key is not None else ("alone", index), []).append(index)
    tasks = [group[k:k + GROUP] for group in alike.values() for k in range(0, len(group), GROUP)]
    return sorted(tasks, key=lambda task: (-len(task), task[0]) if largest_first else task[0])


def take_probes(indices: list[int], probes: list, results: dict, figures: dict, tell: Callable) -> None:
    """Each probe's outcome (``probe`` of the arrangement at that plan index): a result, told
    (unless one was recorded before), or the figures of the search's first states."""
    for index, (finished_by_probe, value) in zip(indices, probes):
        if not finished_by_probe:
            figures[index] = value
        elif index not in results:
            results[index] = value
            tell(index, value)


def unfinished_tasks(figures: dict, known: dict, largest_first: bool = True) -> list[list[int]]:
    """``alike_tasks`` of every arrangement's figures, recorded ones (a checkpoint's) included, so
    that the tasks are an uninterrupted run's; those with nothing left to explore dropped. A task
    that is partly recorded runs whole, so that its later arrangements have their leader."""
    return [task for task in alike_tasks(figures, largest_first) if any(k not in known for k in task)]


def take_results(indices: list[int], values: list, results: dict, known: dict, tell: Callable) -> None:
    """A task's results, but for the arrangements recorded before (whose recorded result stays)."""
    for index, value in zip(indices, values):
        if index not in known:
            results[index] = value
            tell(index, value)


class WorkerDied(Exception):
    """A worker process ended without a result: ``arrangement`` is the one it was exploring."""

    def __init__(self, arrangement, exit_codes: list[int], how: str | None = None):
        self.arrangement, self.exit_codes, self.how = arrangement, exit_codes, how
        super().__init__(self.describe())

    def describe(self) -> str:
        ids = ",".join(map(str, self.arrangement.ids))
        if self.how:
            return f"a worker process exploring arrangement {ids} {self.how}"
        signals = [-code for code in self.exit_codes if code is not None and code < 0]
        if signal.SIGKILL in signals:
            how = "was killed (SIGKILL), as the kernel does when memory runs out; use fewer --jobs, --max-memory, or a smaller n"
        elif signals:
            how = f"was killed by signal {signal.Signals(signals[0]).name}"
        else:
            how = "ended without a result"
        return f"a worker process exploring arrangement {ids} {how}"


class Workers:
    """(result) per arrangement, in plan order, from ``explore(arrangement)`` in ``jobs``
    processes (in this one if jobs is 1). ``probe(arrangement)``: (True, its result) if a short
    search finished it, else (False, figures that arrangements with the same graph up to the
    ids share). ``ends_run(result)``: whether the run stops at that result (a group then
    stops there too). ``finished(index, result)`` is told of each result explored (not of those
    ``known``) as soon as it is there: with probes, groups finish arrangements ahead of the
    plan's order. A context manager: leaving it, early or not, ends the workers at once."""

    def __init__(self, plan: list, jobs: int, explore: Callable, explore_here: Callable, known: dict | None = None,
                 probe: Callable | None = None, finished: Callable | None = None, ends_run: Callable | None = None):
        global _explore_in_worker, _probe_in_worker, _ends_run_in_worker, _holder
        self.plan, self.explore_here, self.probe, self.finished = plan, explore_here, probe, finished
        self.ends_run = ends_run
        self.known = known or {}  # plan index -> a result recorded earlier (checkpoint.py): not explored again
        self.jobs = min(jobs, len(plan) - len(self.known))
        self.pool = None
        if self.jobs > 1:
            import multiprocessing  # here: one process (--jobs 1) needs none

            _explore_in_worker, _probe_in_worker, _ends_run_in_worker = explore, probe, ends_run
            _holder = multiprocessing.get_context("fork").RawArray("q", len(plan))
            self.pool = Pool(self.jobs)

    def __iter__(self):
        if self.pool is None and self.probe is not None and len(self.plan) > 1 and len(self.known) < len(self.plan):
            yield from self._probed_here()
            return
        if self.pool is None:
            for index, arrangement in enumerate(self.plan):
                if index in self.known:
                    yield self.known[index]
                    continue
                result = self.explore_here(arrangement)
                self._tell(index, result)
                yield result
            return
        if self.probe is not None:
            yield from self._probed()
            return
        # a window of two tasks per worker: each has the next one queued, and results are
        # consumed in plan order
        upcoming = iter(enumerate(self.plan))
        in_flight: deque = deque()

        def submit_next():
            index, arrangement = next(upcoming, (None, None))
            while index in self.known:  # nothing to explore: its place in the order is kept
                in_flight.append((index, arrangement, None, self.known[index]))
                index, arrangement = next(upcoming, (None, None))
            if arrangement is not None:
                in_flight.append((index, arrangement, self.pool.submit(_explore_at, index, arrangement), None))

        for _ in range(2 * self.jobs):
            submit_next()
        while in_flight:
            index, arrangement, future, known = in_flight.popleft()
            if future is None:
                yield known
                continue
            self.pool.wait([future])
            try:
                result = future.result()
            except PoolBroken as broken:  # the dead worker's task may be the other one in flight
                held = [other for other, _, task, _ in in_flight if task is broken.task and task is not None]
                raise self._death(broken, held or [index]) from None
            self._tell(index, result)
            submit_next()
            yield result

    def _probed(self):
        """Probe every arrangement, then explore the unfinished ones grouped by their probes'
        figures; results in plan order, and each handed to ``finished`` as soon as it is there
        (a group may finish arrangements far ahead of the plan's order)."""
        running: dict = {}  # future -> the plan indices it explores, and whether it probes them
        # every arrangement, recorded ones too, so that the groups are an uninterrupted run's; a few
        # probes a task: 120 arrangements of a few hundred states each (cr at n = 6) cost less to
        # search than to send one by one
        everything = list(range(len(self.plan)))
        size = max(1, len(everything) // (PROBE_TASKS_PER_WORKER * self.jobs))
        for at in range(0, len(everything), size):
            batch = everything[at:at + size]
            running[self.pool.submit(_probe_batch, batch, [self.plan[k] for k in batch])] = (batch, True)
        results, figures, failed = dict(self.known), {}, {}
        grouped = False
        for index in range(len(self.plan)):
            while index not in results and index not in failed:
                if not grouped and not any(probe for _, probe in running.values()):
                    self._group(figures, running)
                    grouped = True
                for future in self.pool.wait(running):
                    indices, probe = running.pop(future)
                    try:
                        values = future.result()
                    except PoolBroken as broken:
                        raise self._death(broken, running.get(broken.task, (indices,))[0]) from None
                    except Exception as error:  # raised in its turn: an earlier violation may end the run first
                        failed.update((k, error) for k in indices if k not in self.known)
                        continue
                    if probe:
                        take_probes(indices, values, results, figures, self._tell)
                        continue
                    take_results(indices, values, results, self.known, self._tell)
            if index in failed:
                raise failed[index]
            yield results.pop(index)

    def _probed_here(self):
        """One process (jobs 1): the same probes and groups as ``_probed``, so that a group's
        later arrangements may be derived from its first (twins.py). Every arrangement is probed
        first, in plan order; then the groups run in the order of their first arrangement,
        each as soon as the plan needs its first result, so a run that stops early (a
        violation, --max-states) explores no group past the one it stopped in."""
        results, figures = dict(self.known), {}
        for index, arrangement in enumerate(self.plan):  # recorded ones too: see unfinished_tasks
            take_probes([index], [probed(self.probe, arrangement)], results, figures, self._tell)
        tasks = iter(unfinished_tasks(figures, self.known, largest_first=False))
        for index in range(len(self.plan)):
            while index not in results:
                task = next(tasks)
                explored = explore_group(task, [self.plan[k] for k in task], self.explore_here, self.ends_run)
                take_results(task, explored, results, self.known, self._tell)
            yield results.pop(index)

    def _tell(self, index: int, result) -> None:
        if self.finished is not None:
            self.finished(index, result)

    def _group(self, figures: dict, running: dict) -> None:
        """Submit the arrangements the probes did not finish, grouped by their figures (alone
        where the figures are None): largest groups first, at most GROUP in a task."""
        for task in unfinished_tasks(figures, self.known):
            running[self.pool.submit(explore_group, task, [self.plan[index] for index in task])] = (task, False)

    def _death(self, broken: PoolBroken, indices: list[int]) -> WorkerDied:
        """The arrangement the dead worker was exploring: of the plan ``indices`` its task held,
        the last it took (by its pid in ``_holder``), else the task's first."""
        held = [index for index in indices if _holder[index] == broken.pid]
        return WorkerDied(self.plan[held[-1] if held else indices[0]], [broken.exit_code])

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.pool is not None:
            self.pool.close()
