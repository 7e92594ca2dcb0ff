"""A time budget for a measurement made of many explorations (``--time-limit``)."""
from __future__ import annotations

import signal
import threading
import time


class OutOfTime(BaseException):
    """Not an Exception: it must pass through handlers that wrap an algorithm's own errors."""


class TimeBudget:
    """Raise OutOfTime in the main thread when ``seconds`` have passed (SIGALRM; elsewhere the
    caller looks at ``spent()`` between explorations)."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.armed = seconds is not None and threading.current_thread() is threading.main_thread()

    def __enter__(self):
        if self.armed:
            def expire(_signum, _frame):
                raise OutOfTime()
            self.previous = signal.signal(signal.SIGALRM, expire)
            # repeated: an exception raised while Python runs a finaliser (a weakref callback,
            # say) is printed and dropped, so the alarm rings again every 2 s until it is heard (long
            # enough for the worker pool to be ended after the first)
            signal.setitimer(signal.ITIMER_REAL, max(self.seconds, 0.001), 2.0)
        return self

    def stop(self) -> None:
        """Disarm the alarm: call it first when handling OutOfTime inside the budget."""
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)

    def spent(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def __exit__(self, *exc):
        if self.armed:
            self.stop()
            signal.signal(signal.SIGALRM, self.previous)
