"""Progress on stderr for runs longer than a second, drawn by rich; silent when stderr is not a terminal."""
from __future__ import annotations

import sys
import time


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
        if self._display is None and self.enabled and time.perf_counter() - self.started > 1.0:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
            )
            from rich.progress import Progress as RichProgress

            self._display = RichProgress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                TextColumn("arrangements  {task.fields[states]:,} states"), TimeElapsedColumn(),
                console=Console(stderr=True), transient=True,
            )
            self._display.start()
            self._task = self._display.add_task(self.label, total=self.total, completed=self.done, states=0)

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
