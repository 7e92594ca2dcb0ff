"""Many ``python -m checker ARGV`` commands for the price of one interpreter's start-up.

``answers(commands)`` starts this file once, as a process of its own that imports the checker,
and hands it the commands; the server forks one child per command, and each child becomes
``python -m checker ARGV`` in the command's folder and environment: it runs the package's
``__main__`` as ``-m`` does and ends the way Python ends (SystemExit's status, atexit handlers, a
traceback on stderr for an exception nobody caught). What comes back is the child's real exit
status, its stdout and stderr as written to its file descriptors 1 and 2, and its CPU seconds
as os.wait4 gives them (counted from the fork: the start-up it skipped is not in them).

The server has one thread, so forking it is safe (forking a pytest-xdist worker, which has
threads, is not: tests/conftest.py); tests/fuzz/runner.py does the same for the fuzzer.
"""
from __future__ import annotations

import json
import os
import runpy
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def answers(commands: list[dict], at_once: int = 4) -> list[dict]:
    """For each command ({"argv", "cwd", "environment", "seconds"}: the wall-clock seconds before
    it is killed), {"status", "stdout", "stderr", "cpu"}, and "hang" if it was killed; up to
    ``at_once`` run at a time."""
    finished = subprocess.run([sys.executable, os.path.abspath(__file__), str(at_once)], cwd=ROOT,
                              input=json.dumps(commands), capture_output=True, text=True,
                              timeout=60 + sum(command["seconds"] for command in commands),
                              env={**os.environ, "PYTHONPATH": ROOT})
    assert finished.returncode == 0, f"the command server failed:\n{finished.stderr}"
    return json.loads(finished.stdout)


def serve(at_once: int) -> dict | None:
    """Run the commands read on stdin and write their answers on stdout. Returns None in the
    server, and the command in a forked child, which is to become it."""
    import checker.cli.main  # noqa: F401 -- loaded once here (PYTHONPATH), inherited by every child

    commands = json.loads(sys.stdin.read())
    results: list[dict | None] = [None] * len(commands)
    waiting = list(enumerate(commands))
    running = {}  # pid -> (index, stdout file, stderr file, deadline)
    killed = set()
    while waiting or running:
        while waiting and len(running) < at_once:
            index, command = waiting.pop(0)
            out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                _take_over_the_descriptors(out, err)
                return command
            running[pid] = (index, out, err, time.monotonic() + command["seconds"])
        pid, status, usage = os.wait4(-1, os.WNOHANG)
        if pid:
            index, out, err, deadline = running.pop(pid)
            results[index] = {"status": os.waitstatus_to_exitcode(status), "stdout": _read(out),
                              "stderr": _read(err), "cpu": usage.ru_utime + usage.ru_stime}
            if pid in killed:
                results[index]["hang"] = True
            continue
        for pid, (_, _, _, deadline) in running.items():
            if time.monotonic() > deadline and pid not in killed:
                os.kill(pid, signal.SIGKILL)  # reaped by wait4 above, and marked a hang there
                killed.add(pid)
        time.sleep(0.01)
    sys.stdout.write(json.dumps(results))
    return None


def _take_over_the_descriptors(out, err) -> None:
    """In a child: stdin from /dev/null (the server's is the list of commands), stdout and stderr
    into the files the server reads."""
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(out.fileno(), 1)
    os.dup2(err.fileno(), 2)


def _read(file) -> str:
    file.seek(0)
    text = file.read().decode(errors="replace")
    file.close()
    return text


def become_the_command(command: dict) -> None:
    """``python -m checker ARGV`` in the command's folder: -m puts that folder first on sys.path
    (where the server has its own) and the module's path in sys.argv[0]. Its SystemExit (or exception) ends this process."""
    os.chdir(command["cwd"])
    os.environ.clear()
    os.environ.update(command["environment"])
    sys.path[0] = os.getcwd()
    sys.argv = [sys.argv[0], *command["argv"]]
    runpy.run_module("checker", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    child_command = serve(int(sys.argv[1]))
    if child_command is not None:
        become_the_command(child_command)
