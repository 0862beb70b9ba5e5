"""Crash logs: when something unexpected goes wrong, keep the details and say where.

``guarded(run, paths)`` wraps the whole program: an unexpected exception is
written to ``logs/crash-<UTC stamp>.log`` with the version and platform, one
line tells the player where the log is (and, if a game is saved, that the
autosave lets them resume it), and the exit status is 1.
"""

from __future__ import annotations

import logging
import platform
import sys
import traceback
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, TextIO

from .. import __version__
from ..i18n import _
from ..paths import read_regular
from .atomic import utc_stamp, write_atomic
from .paths import StoragePaths


def crash_report(exc: BaseException, now: datetime | None = None) -> str:
    """The text of a crash log: when, which version, which platform, and the traceback."""
    moment = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    lines = [
        f"thirtyone {__version__} crashed at {moment.isoformat(timespec='seconds')}",
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.platform()}",
        f"Command line: {' '.join(sys.argv)}",
        "",
        *traceback.format_exception(type(exc), exc, exc.__traceback__),
    ]
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def write_crash_log(paths: StoragePaths, exc: BaseException, now: datetime | None = None) -> Path | None:
    """Write ``crash-<UTC stamp>.log`` to the log folder; ``None`` if the folder is unwritable."""
    stamp = utc_stamp(now)
    target = paths.log_dir / f"crash-{stamp}.log"
    counter = 2
    while target.exists():
        target = paths.log_dir / f"crash-{stamp}-{counter}.log"
        counter += 1
    try:
        write_atomic(target, crash_report(exc, now))
    except OSError:
        return None
    return target


def unreported_crash_log(paths: StoragePaths) -> Path | None:
    """The newest crash log if no start has reported it yet, now marked as reported (``logs/.reported``);
    ``None`` when there is none or it was reported already."""
    try:
        logs = [(p.stat().st_mtime, p.name, p) for p in paths.log_dir.glob("crash-*.log")]
    except OSError:
        return None
    if not logs:
        return None
    newest: Path = max(logs)[2]
    marker = paths.log_dir / ".reported"
    try:
        if read_regular(marker).decode("utf-8", "replace").strip() == newest.name:
            return None
    except OSError:
        pass  # no marker yet (or not a regular file): this crash log has not been reported
    try:
        write_atomic(marker, newest.name + "\n")
    except OSError as error:  # the notice still shows; it may show again next start
        logging.getLogger(__name__).warning("cannot mark %s as reported: %s", newest.name, error)
    return newest


def guarded(run: Callable[[], int | None], paths: StoragePaths, out: TextIO | None = None) -> int:
    """Call ``run()`` and return its exit status; on an unexpected exception log it and return 1.

    ``KeyboardInterrupt`` and ``SystemExit`` pass through: they are not crashes.
    """
    try:
        return int(run() or 0)
    except Exception as exc:  # the last line of defence: anything unexpected becomes a log
        logging.getLogger(__name__).exception("crashed")
        log = write_crash_log(paths, exc)
        stream = out if out is not None else sys.stderr
        where = _("the details are in {file}").format(file=log) if log else \
            _("the details could not be saved:") + "\n" + crash_report(exc)
        stopped = _("thirtyone stopped because of an error ({error}); {where}.").format(
            error=type(exc).__name__, where=where)
        if _has_saved_game(paths):
            stopped += " " + _("Your game was autosaved: start thirtyone again to resume it.")
        print(stopped, file=stream)
        return 1


def _has_saved_game(paths: StoragePaths) -> bool:
    """Whether an autosave is on disk (the window writes its last save before the crash reaches here)."""
    try:
        return paths.current_game_file.is_file()
    except OSError:
        return False
