"""The games this player joined at tables hosted elsewhere: each one's seat record kept, archived and counted.

``NetworkSession`` hands the seat's record over as it stands at each round's end and when the
host says the game is over (``GameHooks.keep_network_game``, on the window's thread); checking,
writing, archiving and counting it run on a worker thread here, so the frames never wait on the disk.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable

from ...model.errors import RecordError
from ...model.seat_record import SeatRecord
from ...storage.paths import StoragePaths
from ...storage.seat_games import keep_seat_game
from ...storage.stats import Stats

_log = logging.getLogger(__name__)


class NetworkGameDesk:
    """Keeps joined games: ``keep`` returns at once; ``flush`` waits for what is under way (at closing)."""

    def __init__(self, paths: StoragePaths, stats: Callable[[], Stats], counted: Callable[[Stats], None],
                 note: Callable[[str], None]) -> None:
        self.paths = paths
        self._stats, self._counted, self._note = stats, counted, note
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="network-game")
        self._pending: list[Future[None]] = []

    def keep(self, record: SeatRecord) -> None:
        """Keep ``record`` on the worker: as it stands while the game goes on; archived and counted once it is
        finished (once per game, however often it is handed over)."""
        self._pending = [job for job in self._pending if not job.done()]
        self._pending.append(self._pool.submit(self._finish, record))

    def _finish(self, record: SeatRecord) -> None:
        try:
            checked = SeatRecord.from_json(record.to_json())  # what the host sent, read as the Review will read it
        except RecordError as error:
            _log.warning("the network game's record cannot be kept: %s", error)
            return
        with self._lock:
            stats, notices = keep_seat_game(self.paths, checked, self._stats())
            self._counted(stats)
        for notice in notices:
            self._note(notice)

    def flush(self, timeout_s: float = 10.0) -> None:
        """Wait for the games being kept (the window is closing)."""
        for job in list(self._pending):
            try:
                job.result(timeout_s)
            except Exception:  # noqa: BLE001 - closing must go on; the log has it
                _log.exception("keeping a network game failed")

    def close(self) -> None:
        self.flush()
        self._pool.shutdown(wait=False)


__all__ = ["NetworkGameDesk"]
