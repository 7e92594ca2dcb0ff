"""Each ``check`` command of the fuzzer in a process of its own, forked from a server that has the
checker loaded.

A generated algorithm may make the checker hang (a search that never reaches its limit) or eat
the machine's memory; a run in the fuzzer's own process could not be stopped. So every run is a
fork of this server: a fresh process with nothing a previous run left, and no start-up to pay
(the checker is imported once, here). The server is started as ``python -m tests.fuzz.runner``
by ``Server`` (one per fuzzing process), reads one request a line on stdin (JSON: argv, the
directory to import the case's helpers from, the environment, the seconds allowed) and answers
one line on stdout: exit status, stdout, stderr, and the traceback if ``main`` raised, or that
the run was killed. It has one thread, so forking it is safe (forking a pytest-xdist worker,
which has threads, is not: tests/conftest.py).
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import select
import signal
import subprocess
import sys
import threading
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MEMORY_BYTES = 8 * 2**30  # a run's address space (beside --max-memory, which a C search may pass)


def _child(request: dict, answer: int) -> None:
    """In the forked process: run the command, write the answer, and end."""
    import resource

    os.environ.clear()
    os.environ.update(request["environment"])
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    except (ValueError, OSError):
        pass
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # nothing may write into the server's answers
    os.dup2(devnull, 2)
    sys.path.insert(0, request["directory"])
    from checker.cli import main

    out, err = io.StringIO(), io.StringIO()
    raised = None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(request["argv"])
    except BaseException:  # noqa: BLE001 -- a traceback is what the fuzzer looks for
        status, raised = None, traceback.format_exc()
    with os.fdopen(answer, "w") as f:
        json.dump({"status": status, "stdout": out.getvalue(), "stderr": err.getvalue(), "raised": raised}, f)
    os._exit(0)


def _one(request: dict) -> dict:
    """Fork a child for the request and wait for its answer, or kill it when its time is up."""
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(reading)
        try:
            _child(request, writing)
        finally:
            os._exit(70)
    os.close(writing)
    chunks = []
    timed_out = False
    remaining = request["seconds"]
    import time

    deadline = time.monotonic() + remaining
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out = True
            break
        ready, _, _ = select.select([reading], [], [], left)
        if not ready:
            continue
        chunk = os.read(reading, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    if timed_out:
        os.kill(pid, signal.SIGKILL)
    os.close(reading)
    _, code = os.waitpid(pid, 0)
    if timed_out:
        return {"status": None, "stdout": "", "stderr": "", "hang": True,
                "raised": f"HANG: still running after {request['seconds']} s, killed"}
    try:
        return json.loads(b"".join(chunks))
    except ValueError:
        how = f"signal {-os.WTERMSIG(code)}" if os.WIFSIGNALED(code) else f"exit code {os.WEXITSTATUS(code)}"
        return {"status": None, "stdout": "", "stderr": "", "raised": f"the run's process died ({how})"}


def serve() -> None:
    sys.path.insert(0, ROOT)
    import checker.cli.main
    import checker.explore.run  # noqa: F401

    for line in sys.stdin:
        answer = _one(json.loads(line))
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


class Server:
    """The client side: one server process, started when first needed and again if it died."""

    def __init__(self):
        self.process = None
        self.lock = threading.Lock()

    def run(self, argv: list[str], directory: str, seconds: float) -> dict:
        with self.lock:
            if self.process is None or self.process.poll() is not None:
                self.process = subprocess.Popen([sys.executable, "-m", "tests.fuzz.runner"], cwd=ROOT,
                                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                                env={**os.environ, "PYTHONPATH": ROOT})
            request = {"argv": argv, "directory": directory, "environment": dict(os.environ), "seconds": seconds}
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
            if not line:
                self.process = None
                return {"status": None, "stdout": "", "stderr": "", "raised": "the fuzzer's run server died"}
            return json.loads(line)

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(10)
        self.process = None


if __name__ == "__main__":
    serve()
