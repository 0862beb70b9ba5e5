"""The program's log: ``thirtyone.log`` in the log folder, rotated so it never grows past a few MB.

Storage problems (a file set aside, a failed autosave, an interrupted finish)
are logged here as well as shown in one line, so a bug report can include
what happened. Logging never stops the game: an unwritable log folder means
no log file, and a log that cannot be written (a full disk) is said once on
standard error, not with a traceback per line: the next time only if the
problem changes or the log could be written in between.
"""

from __future__ import annotations

import logging
import stat
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from ..i18n import _
from .atomic import set_aside
from .paths import StoragePaths

LOG_FILE = "thirtyone.log"
LOG_BYTES = 512 * 1024
"""One log file's size before it is rotated; ``LOG_BACKUPS`` older ones are kept."""
LOG_BACKUPS = 3
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def setup_logging(paths: StoragePaths, level: int = logging.INFO) -> RotatingFileHandler | None:
    """Send the ``thirtyone`` loggers to the rotating log file (once per folder); ``None`` if impossible."""
    root = logging.getLogger("thirtyone")
    target = paths.log_dir / LOG_FILE
    for handler in root.handlers:
        if isinstance(handler, RotatingFileHandler) and handler.baseFilename == str(target.absolute()):
            return handler
    try:
        paths.log_dir.mkdir(parents=True, exist_ok=True)
        _set_aside_unless_regular(target)
        handler = QuietFileHandler(target, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8",
                                   delay=True)
    except OSError as error:
        logging.getLogger(__name__).warning("no log file in %s: %s", paths.log_dir, error)
        return None
    handler.setFormatter(logging.Formatter(_FORMAT))
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > level:
        root.setLevel(level)
    return handler


class ProblemLog:
    """A problem that recurs (a write after every action) logged once until it changes or goes away."""

    def __init__(self, logger: logging.Logger, what: str) -> None:
        self.logger = logger
        self.what = what
        self.failing: tuple[type[BaseException], int | None] | None = None

    def failed(self, error: OSError) -> None:
        """Log ``error`` unless the same problem was logged last time."""
        kind = (type(error), error.errno)
        if kind != self.failing:
            self.failing = kind
            self.logger.warning("%s failed: %s (said once until it changes)", self.what, error)

    def worked(self) -> None:
        """The write worked: log that the problem is over, and say the next one again."""
        if self.failing is not None:
            self.failing = None
            self.logger.info("%s works again", self.what)


def _set_aside_unless_regular(target: Path) -> None:
    """Move a FIFO, device or folder where the log should be out of the way (opening a FIFO to
    append would wait for a reader for ever)."""
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        moved = set_aside(target)
        logging.getLogger(__name__).warning("%s was not a regular file; it was kept as %s", target, moved.name)


class QuietFileHandler(RotatingFileHandler):
    """The log file; a failed write is said in one line on standard error, once per problem."""

    failing: tuple[type[BaseException], int | None] | None = None
    """The kind of the last failed write, until a write succeeds again."""
    _failed_now = False

    def emit(self, record: logging.LogRecord) -> None:
        """Write ``record``; a write that works again ends the quiet (the next failure is said)."""
        self._failed_now = False
        super().emit(record)
        if not self._failed_now:
            self.failing = None

    def handleError(self, record: logging.LogRecord) -> None:
        """One line for a new problem, nothing for the same problem again (no tracebacks)."""
        self._failed_now = True
        error = sys.exc_info()[1]
        kind = (type(error) if error is not None else Exception, getattr(error, "errno", None))
        if kind == self.failing:
            return
        self.failing = kind
        reason = getattr(error, "strerror", None) or (type(error).__name__ if error else "?")
        try:
            sys.stderr.write(_("thirtyone: cannot write the log {file} ({reason}); log messages are dropped "
                               "until it can be written again.").format(file=self.baseFilename, reason=reason) + "\n")
        except (OSError, ValueError):  # no usable stderr (a windowed program): nothing more to do
            pass
