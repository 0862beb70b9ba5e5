"""Autosave off the window's thread: the latest record is written by one worker.

A save appends the new actions to the journal (``storage/journal.py``) and
flushes it to disk (``fsync``), which took 12 ms typical and up to 130 ms on a
busy shared disk: too long for a frame. ``AutosaveWriter`` takes the record
(an immutable value) and saves it on a worker thread, so the window never waits
on a disk sync; if a newer record arrives before the worker gets to the old
one, only the newer one is saved (its journal lines cover both). ``flush`` waits
until the disk holds the latest record; the bridge calls it before a finished
game is archived and when the window closes.
"""

from __future__ import annotations

import logging
import threading
from functools import partial
from typing import Any, Mapping

from ...i18n import _
from ...model.growing_record import RecordSnapshot
from ...model.record import GameRecord
from ...storage import StoragePaths, save_game
from ...storage.journal import JournalWriter

log = logging.getLogger(__name__)


class AutosaveWriter:
    """One daemon thread that saves the newest submitted record through a ``JournalWriter``."""

    def __init__(self, paths: StoragePaths) -> None:
        self.paths = paths
        self._lock = threading.Condition()
        self._pending: tuple[GameRecord | RecordSnapshot, Mapping[str, Any] | None] | None = None
        self._writing = False
        self._thread: threading.Thread | None = None
        self.problems: list[str] = []
        """Notices from failed writes, for the window to show (the caller empties it)."""
        self.writes = 0
        self.journal = JournalWriter(paths)

    def submit(self, record: GameRecord | RecordSnapshot, extra: Mapping[str, Any] | None = None) -> None:
        """Queue ``record`` to be saved; replaces a queued record that was not written yet.

        A ``RecordSnapshot`` (``Match.snapshot``) costs nothing to take and appends in constant time."""
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
            self.journal.forget()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: self._pending is not None, 30.0):
                    self._thread = None  # idle: the next submit starts a new thread
                    return
                pending = self._pending
                assert pending is not None  # wait_for returned True
                record, extra = pending
                self._pending = None
                self._writing = True
            try:
                notice = self.journal.save(record, extra, partial(_write_base, self.paths))
            except Exception as error:  # never let the writer die with a save queued; the log keeps the details
                log.exception("autosave failed")
                notice = _("Could not autosave the game: {error}.").format(error=error)
            with self._lock:
                self._writing = False
                self.writes += 1
                if notice:
                    self.problems.append(notice)
                self._lock.notify_all()


def _write_base(paths: StoragePaths, record: GameRecord, extra: Mapping[str, Any] | None,
                token: str) -> str | None:
    return save_game(paths, record, extra, journal_token=token)
