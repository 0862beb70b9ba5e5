"""Autosave off the window's thread: the latest record is written by one worker.

``save_game`` flushes the file to disk (``fsync``), which took 12 ms typical and
up to 130 ms on a busy shared disk: too long for a frame. ``AutosaveWriter``
takes the record (an immutable value) and writes it on a worker thread; if a
newer record arrives before the worker gets to the old one, only the newer one
is written. ``flush`` waits until the file on disk is the latest record; the
bridge calls it before a finished game clears the save and when the window closes.
"""

from __future__ import annotations

import threading
from typing import Any, Mapping

from ..model.record import GameRecord
from ..storage import StoragePaths, save_game


class AutosaveWriter:
    """One daemon thread that writes the newest submitted record with ``save_game``."""

    def __init__(self, paths: StoragePaths) -> None:
        self.paths = paths
        self._lock = threading.Condition()
        self._pending: tuple[GameRecord, Mapping[str, Any] | None] | None = None
        self._writing = False
        self._thread: threading.Thread | None = None
        self.problems: list[str] = []
        """Notices from failed writes, for the window to show (the caller empties it)."""
        self.writes = 0

    def submit(self, record: GameRecord, extra: Mapping[str, Any] | None = None) -> None:
        """Queue ``record`` to be saved; replaces a queued record that was not written yet."""
        with self._lock:
            self._pending = (record, dict(extra) if extra else None)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="thirtyone-autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def flush(self, timeout_s: float = 5.0) -> bool:
        """Wait until everything submitted is on disk; False if that took longer than ``timeout_s``."""
        with self._lock:
            return self._lock.wait_for(lambda: self._pending is None and not self._writing, timeout_s)

    def discard(self) -> None:
        """Forget a queued record (the game was finished or abandoned) and wait for a running write."""
        with self._lock:
            self._pending = None
            self._lock.wait_for(lambda: not self._writing, 5.0)

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: self._pending is not None, 30.0):
                    self._thread = None  # idle: the next submit starts a new thread
                    return
                record, extra = self._pending
                self._pending = None
                self._writing = True
            try:
                notice = save_game(self.paths, record, extra)
            except Exception as error:  # never let the writer die silently with a save queued
                notice = f"Could not autosave the game: {error}."
            with self._lock:
                self._writing = False
                self.writes += 1
                if notice:
                    self.problems.append(notice)
                self._lock.notify_all()
