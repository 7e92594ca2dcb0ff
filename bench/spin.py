"""Run SPIN on a generated Promela model: install it if missing, compile pan, run it, read its figures.

pan is compiled with ``-O2 -DSAFETY -DCOLLAPSE`` (safety properties only, lossless state
compression) and ``-DMEMLIM`` (it stops with "out of memory" rather than take the machine),
once as is (SPIN's partial-order reduction on) and once with ``-DNOREDUCE``.
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass

CFLAGS = ("-O2", "-DSAFETY", "-DCOLLAPSE")
DEPTH = 1_000_000  # pan's -m: far beyond the depth of any model here (hs at n = 5: under 100)


def ensure_installed(tools=("spin", "gcc")) -> None:
    """apt-get install the Debian packages of the missing tools (the package names are the tools')."""
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if not missing:
        return
    if os.geteuid() != 0:
        raise SystemExit(f"{', '.join(missing)} missing: run `sudo apt-get install {' '.join(missing)}`")
    print(f"installing {' '.join(missing)} with apt-get ...", flush=True)
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    try:
        subprocess.run(["apt-get", "update", "-q"], check=True, env=environment, stdout=subprocess.DEVNULL)
        subprocess.run(["apt-get", "install", "-y", "-q", *missing], check=True, env=environment,
                       stdout=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError) as error:
        raise SystemExit(f"could not install {' '.join(missing)} with apt-get ({error}): install them by hand") from None


def version() -> str:
    out = subprocess.run(["spin", "-V"], capture_output=True, text=True, check=True).stdout
    return out.strip()


@dataclass
class Timed:
    """A finished (or killed) child process: its output, wall seconds and peak memory."""

    output: str
    seconds: float
    peak_mb: float
    timed_out: bool
    status: int


def run_timed(command: list[str], timeout: float, cwd: str | None = None) -> Timed:
    """Run ``command`` in its own process group; kill the group after ``timeout`` seconds.

    Wall time is measured around the process; peak memory is its (and its waited-for
    children's) maximum resident set, from wait4.
    """
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        killed = threading.Event()

        def kill():
            killed.set()
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill)
        started = time.perf_counter()
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        if killed.is_set():  # worker processes of the group may outlive their parent
            kill()
        out.seek(0)
        return Timed(out.read().decode(errors="replace"), seconds, usage.ru_maxrss / 1024, killed.is_set(),
                     process.returncode)


@dataclass
class PanResult:
    states: int | None
    seconds: float
    peak_mb: float
    outcome: str  # "ok", "timeout", "out of memory", "channel full", "depth", "error: ..."


def compile_pan(model_text: str, directory: str, reduce: bool, memory_mb: int) -> tuple[str, float]:
    """spin -a and gcc; returns (path of pan, seconds taken)."""
    started = time.perf_counter()
    with open(os.path.join(directory, "model.pml"), "w") as f:
        f.write(model_text)
    subprocess.run(["spin", "-a", "model.pml"], cwd=directory, check=True, capture_output=True)
    name = "pan_por" if reduce else "pan_full"
    flags = [*CFLAGS, f"-DMEMLIM={memory_mb}"] + ([] if reduce else ["-DNOREDUCE"])
    subprocess.run(["gcc", *flags, "-o", name, "pan.c"], cwd=directory, check=True, capture_output=True)
    return os.path.join(directory, name), time.perf_counter() - started


def hash_bits(expected_states: int | None) -> int:
    """pan's -w: a hash table of about twice the expected states (2^26 slots when unknown)."""
    if not expected_states:
        return 26
    return max(18, min(28, (2 * expected_states).bit_length()))


def run_pan(pan: str, timeout: float, expected_states: int | None = None) -> PanResult:
    timed = run_timed([pan, f"-m{DEPTH}", f"-w{hash_bits(expected_states)}"], timeout, cwd=os.path.dirname(pan))
    text = timed.output
    if timed.timed_out:
        return PanResult(None, timed.seconds, timed.peak_mb, "timeout")
    stored = re.search(r"(\d+) states, stored", text)
    states = int(stored.group(1)) if stored else None
    if "out of memory" in text or "reached -DMEMLIM bound" in text:
        outcome = "out of memory"
    elif "assertion violated" in text and "q_full" in text:  # the capacity assertion of every send
        outcome = "channel full"
    elif "max search depth too small" in text:
        outcome = "depth"
    elif stored is None or not re.search(r"errors: 0\b", text):
        outcome = "error: " + (text.strip().splitlines() or ["no output"])[0]
    else:
        outcome = "ok"
    return PanResult(states, timed.seconds, timed.peak_mb, outcome)
