"""Progress on stderr for runs longer than a second, drawn by rich; silent when stderr is not a terminal."""
from __future__ import annotations

import sys
import threading
import time

SHOWN_AFTER = 1.0  # seconds: a quicker step draws nothing


def _rich_bar(label: str, total: int | None, text: str, **fields):
    """A started rich progress display on stderr with one bar; gone from the screen when stopped."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeElapsedColumn,
    )
    from rich.progress import Progress as RichProgress

    display = RichProgress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn(text), TimeElapsedColumn(),
        console=Console(stderr=True), transient=True,
    )
    display.start()
    return display, display.add_task(label, total=total, **fields)


class Progress:
    def __init__(self, label: str, total_arrangements: int, enabled: bool | None = None):
        self.label = label
        self.total = total_arrangements
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.started = time.perf_counter()
        self.done = 0
        self.states_before = 0
        self._display = None
        self._task = None

    def _ensure_display(self):
        if self._display is None and self.enabled and time.perf_counter() - self.started > SHOWN_AFTER:
            self._display, self._task = _rich_bar(self.label, self.total, "arrangements  {task.fields[states]:,} states",
                                                  completed=self.done, states=0)

    def states(self, found: int, _transitions: int = 0) -> None:
        self._ensure_display()
        if self._display is not None:
            self._display.update(self._task, states=self.states_before + found)

    def arrangement_done(self, states: int) -> None:
        self.done += 1
        self.states_before += states
        self._ensure_display()
        if self._display is not None:
            self._display.update(self._task, completed=self.done, states=self.states_before)

    def close(self) -> None:
        if self._display is not None:
            self._display.stop()


class Steps:
    """The progress of the work before a search (planning): things done out of a total (set by
    ``expect`` once known; until then the bar only says the work goes on), ``what`` they are.
    Shown as Progress is, after a second, by a timer: a step may be one long call (finding a
    large graph's automorphisms) that reports nothing on the way."""

    def __init__(self, label: str, what: str, enabled: bool | None = None):
        self.label, self.what = label, what
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.total = None
        self.done = 0
        self._next_look = 0.0
        self._display = None
        self._task = None
        self._lock = threading.Lock()  # the timer's thread starts the display, this one stops it
        self._closed = False
        self._timer = threading.Timer(SHOWN_AFTER, self._start) if self.enabled else None
        if self._timer is not None:
            self._timer.daemon = True
            self._timer.start()

    def _start(self) -> None:
        with self._lock:
            if not self._closed:
                display, self._task = _rich_bar(self.label, self.total, self.what, completed=self.done)
                self._display = display

    def expect(self, total: int) -> None:
        """There are ``total`` things to do."""
        self.total = total
        if self._display is not None:
            self._display.update(self._task, total=total)

    def advance(self, count: int = 1) -> None:
        """``count`` more things done."""
        self.done += count
        if self._display is not None:
            now = time.perf_counter()
            if now >= self._next_look:  # planning may advance millions of times: draw ten times a second
                self._next_look = now + 0.1
                self._display.update(self._task, completed=self.done)

    def over(self, items):
        """The items, advancing by one for each."""
        for item in items:
            yield item
            self.advance()

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer.join()  # gone before the run forks its workers
        with self._lock:
            self._closed = True
            if self._display is not None:
                self._display.stop()
