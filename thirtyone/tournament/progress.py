"""A one-line progress bar on a terminal; silent when the stream is not a terminal (CI logs)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class ProgressBar:
    """Redraws one line in place with games done and time left; ``close`` ends the line."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self._started = time.monotonic()
        self._last_draw = 0.0

    def update(self, done: int) -> None:
        """Show ``done`` of ``total``; redraws at most ten times a second."""
        if not self.enabled:
            return
        now = time.monotonic()
        if done < self.total and now - self._last_draw < 0.1:
            return
        self._last_draw = now
        filled = self.width * done // max(1, self.total)
        elapsed = now - self._started
        left = elapsed / done * (self.total - done) if done else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{self.total} games, "
                          f"{_clock(elapsed)} elapsed, {_clock(left)} left ")
        self.stream.flush()

    def close(self) -> None:
        """Finish the line so later output starts clean."""
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
