"""The game in progress and the archive of finished games.

The game in progress is a plain game record (``GameRecord.to_json``) in
``data/current_game.json``, rewritten atomically after every action; small UI
extras (which seats are humans at this screen, the table layout …) ride along
in ``meta["ui"]``, so ``thirtyone replay data/current_game.json`` still works.
Every finished game is kept in ``data/games/<UTC stamp>-<preset>.json``.
"""

from __future__ import annotations

import os
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping

from .. import __version__
from ..model.errors import RecordError
from ..model.record import GameRecord
from .atomic import read_text, reject, utc_stamp, write_atomic
from .paths import StoragePaths, storage_problem

_SAFE_LABEL = re.compile(r"[a-z0-9][a-z0-9-]{0,30}")
"""Preset ids that are safe in a file name on every platform; anything else is filed as "custom"."""

UI_META_KEY = "ui"
"""Where ``save_game``'s ``extra`` goes inside the record's ``meta``."""


class SaveError(ValueError):
    """Something that cannot be saved as JSON was handed to ``save_game``."""


def _with_meta(record: GameRecord, **notes: Any) -> GameRecord:
    meta = dict(record.meta)
    meta.update(notes)
    return GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions,
                      record.decks, record.preset, meta)


def save_game(paths: StoragePaths, record: GameRecord, extra: Mapping[str, Any] | None = None) -> str | None:
    """Autosave the game in progress; returns a one-line notice if it could not be written.

    Fast enough to call after every action (about a millisecond or two for a
    300-action game, most of it the flush to disk).
    """
    notes: dict[str, Any] = {"saved_at": _iso_now(), "program": f"thirtyone {__version__}"}
    if extra:
        notes[UI_META_KEY] = dict(extra)
    try:
        text = _with_meta(record, **notes).to_json()
    except (TypeError, ValueError) as error:
        raise SaveError(f"the save's extras must be plain JSON data: {error}") from None
    try:
        write_atomic(paths.current_game_file, text)
    except OSError as error:
        return storage_problem("autosave the game to", paths.current_game_file, error) + \
            " The game goes on, but cannot be resumed after quitting."
    return None


def load_saved_game(paths: StoragePaths) -> tuple[GameRecord | None, str | None]:
    """The autosaved game (``None`` if there is none) and a one-line notice if the file was bad.

    A file that is not a valid record, is from a newer version or no longer
    replays is set aside, never deleted. The UI extras are in ``saved_extras(record)``.
    """
    path = paths.current_game_file
    result = read_text(path)
    if not result.is_ok:
        return None, result.notice
    try:
        return GameRecord.from_json(result.data), None
    except RecordError as error:
        newer = "newer than this program" in str(error)
        aside = reject(path, "could not be resumed" + (" (it is from a newer thirtyone)" if newer else ""),
                       reason="newer" if newer else "corrupt")
        return None, aside.notice


def saved_extras(record: GameRecord) -> dict[str, Any]:
    """The ``extra`` that ``save_game`` stored with this record (``{}`` if none)."""
    extra = record.meta.get(UI_META_KEY, {})
    return dict(extra) if isinstance(extra, dict) else {}


def clear_saved_game(paths: StoragePaths) -> str | None:
    """Forget the game in progress (after it is archived or abandoned); a notice on failure."""
    try:
        os.unlink(paths.current_game_file)
    except FileNotFoundError:
        return None
    except OSError as error:
        return storage_problem("remove", paths.current_game_file, error)
    return None


def archive_game(paths: StoragePaths, record: GameRecord,
                 now: datetime | None = None) -> tuple[Path | None, str | None]:
    """Keep a finished game as ``data/games/<UTC stamp>-<preset>.json``.

    Returns the new file (``None`` if it could not be written) and a notice on failure.
    ``thirtyone replay FILE`` reads these files.
    """
    moment = now or datetime.now(timezone.utc)
    stamp = utc_stamp(moment)
    label = record.preset if record.preset and _SAFE_LABEL.fullmatch(record.preset) else "custom"
    target = paths.games_dir / f"{stamp}-{label}.json"
    counter = 2
    while target.exists():
        target = paths.games_dir / f"{stamp}-{label}-{counter}.json"
        counter += 1
    record = _with_meta(record, finished_at=moment.astimezone(timezone.utc).isoformat(timespec="seconds"),
                        program=f"thirtyone {__version__}")
    try:
        write_atomic(target, record.to_json())
    except OSError as error:
        return None, storage_problem("archive the game to", target, error)
    return target, None


def archived_games(paths: StoragePaths) -> list[Path]:
    """The archived game files, newest first (an unreadable folder gives an empty list)."""
    try:
        files = [p for p in paths.games_dir.iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        return []
    return sorted(files, key=_archive_order, reverse=True)


def _archive_order(path: Path) -> tuple[str, int]:
    # "<stamp>-<preset>-2.json" was written after "<stamp>-<preset>.json" in the same second.
    head, _, tail = path.stem.rpartition("-")
    return path.stem[:15], int(tail) if tail.isdigit() and head[15:] else 1


def _iso_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


__all__ = ["SaveError", "archive_game", "archived_games", "clear_saved_game", "load_saved_game",
           "save_game", "saved_extras"]
