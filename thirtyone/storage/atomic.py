"""Safe file writing and reading: never a half-written file, never a lost one.

``write_atomic`` writes a temporary file in the same folder, flushes it to the
disk and renames it over the old file, so a crash or a full disk leaves either
the old file or the new one. ``read_json`` never raises for a bad file: it
moves the file aside (``settings.json.corrupt-20261122T101500``) so the player
can still recover it, and says so in one line.
"""

from __future__ import annotations

import enum
import json
import logging
import os
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, TypeVar

from ..i18n import _
from ..model.json_input import JsonInputError, decode_json, decode_text
from ..paths import UnusableFileError, read_regular
from .paths import storage_problem

log = logging.getLogger(__name__)

TIMESTAMP_FORMAT = "%Y%m%dT%H%M%S"
"""UTC timestamps in file names: sortable and valid on every file system."""


def utc_stamp(now: datetime | None = None) -> str:
    """``20261122T101500`` for the given moment (default: now), in UTC."""
    return (now or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime(TIMESTAMP_FORMAT)


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) all at once; raises ``OSError`` on failure.

    On failure the old file is left as it was and no temporary file remains.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        _replace(temp_name, path)
    except BaseException:
        try:
            os.unlink(temp_name)
        except OSError as error:
            log.warning("could not remove the temporary file %s: %s", temp_name, error)
        raise
    _sync_folder(path.parent)


def _replace(source: str, target: Path) -> None:
    # On Windows a virus scanner or indexer may hold the old file for a moment.
    attempts = 5 if os.name == "nt" else 1
    for attempt in range(1, attempts + 1):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == attempts:
                raise
            time.sleep(0.02 * attempt)


def _sync_folder(folder: Path) -> None:
    # Makes the rename itself survive a power cut on POSIX; Windows cannot open folders.
    if os.name != "posix":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError as error:
        log.info("cannot open %s to sync it: %s", folder, error)
        return
    try:
        os.fsync(descriptor)
    except OSError as error:  # some file systems cannot sync folders; the rename still happened
        log.info("cannot sync %s: %s", folder, error)
    finally:
        os.close(descriptor)


def remove_temporary_files(folder: Path) -> int:
    """Remove the temporary files ``write_atomic`` left in ``folder`` when a write was killed; how many."""
    removed = 0
    try:
        leftovers = [p for p in folder.glob(".*.tmp") if p.is_file()]
    except OSError as error:
        log.info("cannot look for temporary files in %s: %s", folder, error)
        return 0
    for leftover in leftovers:
        try:
            leftover.unlink()
            removed += 1
        except OSError as error:
            log.warning("cannot remove the leftover %s: %s", leftover, error)
    return removed


def set_aside(path: Path, reason: str = "corrupt", now: datetime | None = None) -> Path:
    """Rename a bad file (or a folder in its place) to ``<name>.<reason>-<UTC stamp>``.

    A counter (``-2``, ``-3`` …) is added if that name is taken. Returns the new
    path; raises ``OSError`` if the rename is impossible.
    """
    stem = f"{path.name}.{reason}-{utc_stamp(now)}"
    target = path.with_name(stem)
    counter = 2
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{stem}-{counter}")
        counter += 1
    os.replace(path, target)
    return target


class ReadStatus(enum.Enum):
    """What reading a file found."""

    OK = "ok"
    MISSING = "missing"
    """No file yet: a first start, or the player deleted it."""
    SET_ASIDE = "set-aside"
    """The file was bad and has been renamed; defaults are used."""
    UNREADABLE = "unreadable"
    """The file could not be read or moved (permissions, I/O error); defaults are used."""


@dataclass(frozen=True)
class ReadResult:
    """The outcome of reading one file: the data if ``OK``, else a notice for the player."""

    status: ReadStatus
    data: Any = None
    notice: str | None = None
    set_aside_to: Path | None = None

    @property
    def is_ok(self) -> bool:
        """Whether ``data`` holds the file's contents."""
        return self.status is ReadStatus.OK


def read_text(path: Path) -> ReadResult:
    """The file's text through the guarded reader (regular files only, size cap, UTF-8 with or without
    a byte-order mark); a folder, FIFO or device in its place, an oversized file or undecodable bytes
    are set aside."""
    try:
        text = decode_text(read_regular(path))
    except FileNotFoundError:
        return ReadResult(ReadStatus.MISSING)
    except UnusableFileError as error:
        return reject(path, str(error.strerror))
    except JsonInputError as error:
        return reject(path, str(error))
    except OSError as error:
        log.warning("cannot read %s: %s", path, error)
        return ReadResult(ReadStatus.UNREADABLE, notice=storage_problem(
            _("Could not read {path}: {reason}. Using defaults."), path, error))
    return ReadResult(ReadStatus.OK, text)


def read_json(path: Path, version: int, accept_newer: bool = False) -> ReadResult:
    """A versioned JSON object ``{"version": n, ...}`` with ``1 <= n <= version``, read by the guarded reader.

    Empty, garbage, truncated, oversized or too deeply nested JSON, a value that
    is not an object, a missing version, or a version newer than this program
    reads (unless ``accept_newer``: the caller reads what it understands): the file is set aside.
    """
    result = read_text(path)
    if not result.is_ok:
        return result
    try:
        data = decode_json(result.data)
    except JsonInputError as error:
        return reject(path, str(error))
    if not isinstance(data, dict):
        return reject(path, _("does not hold a JSON object"))
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        return reject(path, _("has no version number"))
    if found > version and not accept_newer:
        return reject(path, _("is from a newer thirtyone (version {found}, this one reads {version})").format(
            found=found, version=version),
                      reason="newer")
    return ReadResult(ReadStatus.OK, data)


def reject(path: Path, why: str, reason: str = "corrupt") -> ReadResult:
    """Set a bad file aside and describe it in one line (``why`` completes "<file> ...")."""
    log.warning("%s %s", path, why)
    try:
        moved = set_aside(path, reason)
    except OSError as error:
        log.warning("could not set %s aside: %s", path, error)
        return ReadResult(ReadStatus.UNREADABLE,
                          notice=_("{file} {problem} and could not be moved aside ({reason}); using defaults.").format(
                              file=path.name, problem=why, reason=error.strerror or error))
    return ReadResult(ReadStatus.SET_ASIDE, set_aside_to=moved,
                      notice=_("{file} {problem}; it was kept as {kept} and defaults are used.").format(
                          file=path.name, problem=why, kept=moved.name))


T = TypeVar("T")


def load_object(path: Path, version: int, parse: Callable[[Any], T], empty: T,
                unreadable: str) -> tuple[T, str | None]:
    """The file's object as ``parse`` reads it (``empty`` if there is no file) and a one-line notice
    if it was bad: damaged (``read_json``), or refused by ``parse`` with ``ValueError``, when it is set
    aside with ``unreadable`` (a sentence about the file, with ``{problem}``)."""
    result = read_json(path, version)
    if not result.is_ok:
        return empty, result.notice
    try:
        return parse(result.data), None
    except ValueError as error:
        return empty, reject(path, unreadable.format(problem=error)).notice


def read_list(data: Any, field: str, parse: Callable[[Any], T], most: int) -> tuple[T, ...]:
    """The list under ``field`` of a file's object, each item read by ``parse``; ``ValueError`` when there
    is no such list or it is longer than ``most`` (a log keeps at most that many)."""
    items = data.get(field) if isinstance(data, dict) else None
    if not isinstance(items, list) or len(items) > most:
        raise ValueError(f"no list of {field}, or too many")
    return tuple(parse(item) for item in items)


def save_object(path: Path, data: dict[str, Any], failure: str) -> str | None:
    """Write ``data`` as JSON atomically; a one-line notice (``failure``, with ``{path}`` and ``{reason}``)
    if it could not be written."""
    try:
        write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    except OSError as error:
        return storage_problem(failure, path, error)
    return None
