"""The program's log: ``thirtyone.log`` in the log folder, rotated so it never grows past a few MB.

Storage problems (a file set aside, a failed autosave, an interrupted finish)
are logged here as well as shown in one line, so a bug report can include
what happened. Logging never stops the game: an unwritable log folder means
no log file.
"""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler

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
        handler = RotatingFileHandler(target, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8",
                                      delay=True)
    except OSError as error:
        logging.getLogger(__name__).warning("no log file in %s: %s", paths.log_dir, error)
        return None
    handler.setFormatter(logging.Formatter(_FORMAT))
    root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > level:
        root.setLevel(level)
    return handler
