"""The commands' one way in and one way out: how a record file is read and how text is written.

Reading: ``read_record`` opens the file with the game's guarded reader
(``paths.read_regular``: regular files only, never blocking on a FIFO, at most
16 MB) and parses it as a game record. A path that names no file (missing, a
folder, a FIFO or device) is a usage error (exit 2); a file that cannot be
read or is not a usable record is reported in one line and the command exits 1.

Writing: ``use_console_encoding`` makes standard output and standard error
write what the console cannot encode instead of raising: card suits become
letters (``A♣`` → ``AC``), anything else ``?``. ``emit_json`` writes JSON that
loses nothing on such a console (``\\u`` escapes instead).
"""

from __future__ import annotations

import argparse
import codecs
import errno
import io
import json
import sys
from pathlib import Path
from typing import Any

from ..i18n import _
from ..model import RecordError
from ..model.cards import SUIT_SYMBOLS, SUITS
from ..model.json_input import decode_json
from ..model.record import GameRecord
from ..model.seat_record import is_seat_record
from ..paths import UnusableFileError, read_regular

ERROR_HANDLER = "thirtyone-console"
"""The codec error handler that writes suits as letters and anything else unwritable as ``?``."""
_SUIT_LETTERS = dict(zip(SUIT_SYMBOLS + "♤♡♢♧", SUITS + SUITS))


def _console_replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start:error.end]
    return "".join(_SUIT_LETTERS.get(char, "?") for char in bad), error.end


_SUIT_TABLE = str.maketrans(SUIT_SYMBOLS + "♤♡♢♧", SUITS + SUITS)

codecs.register_error(ERROR_HANDLER, _console_replace)


def use_console_encoding() -> None:
    """Let standard output and error write any text, whatever the console's encoding (see the module notes)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors=ERROR_HANDLER)


def stdout_takes(text: str) -> bool:
    """Whether standard output can encode ``text`` as it is (a cp1252 console or pipe cannot write ♠)."""
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except UnicodeEncodeError:
        return False
    except LookupError:  # an encoding Python does not know: write as given
        return True
    return True


def emit(text: str) -> None:
    """Write one or more lines of ``text`` to standard output, suits as letters where the console needs it."""
    if not stdout_takes(text):
        text = text.translate(_SUIT_TABLE)
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    if not stdout_takes(text):
        text = text.encode(encoding, "replace").decode(encoding)
    sys.stdout.write(text + "\n")


def emit_json(data: Any) -> None:
    """``data`` as indented JSON; ``\\u`` escapes where the console cannot write a character, so nothing is lost."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    sys.stdout.write((text if stdout_takes(text) else json.dumps(data, indent=2)) + "\n")


def _is_seat_record(raw: bytes) -> bool:
    try:
        return is_seat_record(decode_json(raw))
    except ValueError:  # JsonInputError: the game record's own reason is said
        return False


def read_record(path: Path, parser: argparse.ArgumentParser, command: str) -> GameRecord | None:
    """The game record in ``path``; ``None`` after one line on standard error if it cannot be used.

    A path that names no regular file ends the command through ``parser.error`` (usage, exit 2).
    """
    try:
        raw = read_regular(path)
    except FileNotFoundError:
        parser.error(_("{file}: no such file").format(file=path))
    except UnusableFileError as error:
        if error.errno != errno.EFBIG:
            parser.error(f"{path}: {error.strerror}")
        problem = _("the file {error}").format(error=error.strerror)
    except OSError as error:
        problem = _("cannot read the file: {reason}").format(reason=error.strerror or type(error).__name__)
    else:
        try:
            return GameRecord.from_json(raw)
        except RecordError as error:
            problem = _("a seat record: only what one seat saw of a game joined at a table hosted elsewhere, with "
                        "no deal to replay (the window's Finished games shows it)") if _is_seat_record(raw) else str(error)
    print(_("thirtyone {command}: {file}: {error}").format(command=command, file=path, error=problem),
          file=sys.stderr)
    return None
