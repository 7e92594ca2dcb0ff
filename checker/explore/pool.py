"""Forked worker processes that the run owns: one pipe each, one task at a time, no threads.

Why not concurrent.futures.ProcessPoolExecutor: a run that ends early (a violation, Ctrl-C,
--max-states) must not wait for workers deep in C searches, which look at no signal, so they
are killed; but killing an executor's processes behind its back leaves its manager thread
waiting on the result pipe, and ``shutdown`` then waits for that thread for ever (5 hung runs
in 40 of a violated hs-unoriented variant at n = 3). Here there is nothing to wait for: the
parent hands a task to an idle worker over that worker's own pipe and reads the results with
``multiprocessing.connection.wait``, which also sees a worker die (its sentinel), so a death
is noticed at once and ``close`` is a kill and a reap.

A worker ignores SIGINT (Ctrl-C reaches the whole process group; the parent decides, and kills
it), and on Linux the kernel kills it when the parent dies, so a killed run leaves no worker
searching on.
"""
from __future__ import annotations

import multiprocessing
import signal
import traceback
from collections import deque
from multiprocessing.connection import Connection, wait
from typing import Callable


class WorkerTraceback(Exception):
    """The traceback of an exception raised in a worker: the ``__cause__`` of the exception
    raised in the parent, so that --debug shows where it was, as the worker formatted it, and a
    bug report can name the worker's frame (``frames``: file name and line, innermost last)."""

    def __init__(self, text: str, frames: list[tuple[str, int]]):
        super().__init__(text)
        self.frames = frames

    def __str__(self) -> str:
        return self.args[0]


class PoolBroken(Exception):
    """A worker process ended without handing back its task: ``pid`` and ``exit_code`` are that
    process's, ``task`` the task it held (None if it was idle)."""

    def __init__(self, pid: int, exit_code: int | None, task: Task | None):
        self.pid, self.exit_code, self.task = pid, exit_code, task
        super().__init__(f"worker {pid} ended with exit code {exit_code}")


class Task:
    """A call submitted to the pool; ``result()`` once it is ``done`` (``Pool.wait``)."""

    def __init__(self, function: Callable, arguments: tuple, keywords: dict):
        self.call = (function, arguments, keywords)
        self.done = False
        self._value = None
        self._error: BaseException | None = None

    def finish(self, value=None, error: BaseException | None = None) -> None:
        self.done, self._value, self._error = True, value, error

    def result(self):
        assert self.done, "Pool.wait for a task before taking its result"
        if self._error is not None:
            raise self._error
        return self._value


class _Worker:
    def __init__(self, context):
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs, self.connection), daemon=True)
        self.process.start()
        theirs.close()
        self.task: Task | None = None


class Pool:
    """``jobs`` forked processes; ``submit`` queues a call, ``wait`` runs the queue until one of
    the given tasks is done. A worker's death breaks the pool: every unfinished task, and every
    later one, fails with the PoolBroken that names it. A context manager: leaving it kills and
    reaps every worker, whatever they are doing."""

    def __init__(self, jobs: int):
        context = multiprocessing.get_context("fork")
        # SIGINT stays blocked while the workers are forked, so that a Ctrl-C cannot reach a
        # worker before it ignores SIGINT (a traceback of the worker's); the parent gets it after
        interrupts = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self.workers = [_Worker(context) for _ in range(jobs)]
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, interrupts)
        self.queue: deque[Task] = deque()
        self.broken: PoolBroken | None = None

    def submit(self, function: Callable, *arguments, **keywords) -> Task:
        task = Task(function, arguments, keywords)
        if self.broken is not None:
            task.finish(error=self.broken)
        else:
            self.queue.append(task)
            self._hand_out()
        return task

    def wait(self, tasks) -> list[Task]:
        """The given tasks that are done, at least one: blocks until a worker finishes one."""
        while not any(task.done for task in tasks):
            self._receive()
        return [task for task in tasks if task.done]

    def _hand_out(self) -> None:
        for worker in self.workers:
            if not self.queue:
                return
            if worker.task is None:
                worker.task = self.queue.popleft()
                try:
                    worker.connection.send(worker.task.call)
                except OSError:  # it died while idle
                    self._break(worker)
                    return
                except Exception as unpicklable:  # noqa: BLE001 -- the call's arguments do not pickle
                    worker.task.finish(error=unpicklable)
                    worker.task = None

    def _receive(self) -> None:
        busy = {worker.connection: worker for worker in self.workers if worker.task is not None}
        sentinels = {worker.process.sentinel: worker for worker in self.workers}
        for ready in wait([*busy, *sentinels]):
            worker = busy.get(ready)
            if worker is not None and worker.task is not None:
                self._take_result(worker)
            elif ready in sentinels and self.broken is None and not ready_with_result(sentinels[ready], busy):
                self._break(sentinels[ready])
        self._hand_out()

    def _take_result(self, worker: _Worker) -> None:
        task = worker.task
        try:
            succeeded, value, trace = worker.connection.recv()
        except (EOFError, OSError):  # it died with the task
            self._break(worker)
            return
        except Exception as unreadable:  # noqa: BLE001 -- an exception that pickles but does not unpickle
            succeeded, value, trace = False, RuntimeError(f"a worker's result could not be read: {unreadable!r}"), None
        worker.task = None
        if succeeded:
            task.finish(value)
        else:
            if trace is not None:
                value.__cause__ = WorkerTraceback(*trace)
            task.finish(error=value)

    def _break(self, worker: _Worker) -> None:
        worker.process.join(1)  # its exit code: the signal that killed it
        self.broken = PoolBroken(worker.process.pid, worker.process.exitcode, worker.task)
        for other in self.workers:
            if other.task is not None:
                other.task.finish(error=self.broken)
                other.task = None
        while self.queue:
            self.queue.popleft().finish(error=self.broken)

    def close(self) -> None:
        """Kill every worker (a C search would finish its arrangement first) and reap it."""
        for worker in self.workers:
            if worker.process.exitcode is None:
                worker.process.kill()
        for worker in self.workers:
            worker.process.join(5)
            worker.connection.close()
        self.queue.clear()

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def ready_with_result(worker: _Worker, busy: dict) -> bool:
    """A worker whose sentinel is ready may have sent its result just before it ended: that
    result is read (from its connection) before the death counts."""
    return worker.connection in busy and worker.connection.poll()


def _serve(connection: Connection, parents_end: Connection) -> None:
    """A worker's loop: a call from the pipe, its outcome back, until the pipe closes."""
    parents_end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # blocked by the parent while it forked
    _die_with_parent()
    while True:
        try:
            function, arguments, keywords = connection.recv()
        except (EOFError, OSError):
            return
        try:
            outcome = (True, function(*arguments, **keywords), None)
        except BaseException as error:  # noqa: BLE001 -- handed to the parent, which raises it
            outcome = (False, error, _where(error))
        try:
            connection.send(outcome)
        except (EOFError, OSError):
            return
        except Exception as unpicklable:  # noqa: BLE001 -- a result or exception that does not pickle
            connection.send((False, RuntimeError(f"a worker's result could not be sent: {unpicklable!r}"),
                             outcome[2] or _where(unpicklable)))


def _where(error: BaseException) -> tuple[str, list[tuple[str, int]]]:
    """An exception's traceback as text, and its frames' files and lines."""
    frames = traceback.extract_tb(error.__traceback__)
    return "".join(traceback.format_exception(error)), [(frame.filename, frame.lineno) for frame in frames]


def _die_with_parent() -> None:
    """Linux: SIGKILL this process when its parent ends (prctl PR_SET_PDEATHSIG)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
