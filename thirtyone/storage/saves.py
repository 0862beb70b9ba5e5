"""The game in progress and the archive of finished games.

The game in progress is a plain game record (``GameRecord.to_json``) in
``data/current_game.json``, written atomically, plus a journal of the actions
played since (``journal.py``: one appended line per action, folded into the
record now and then); small UI extras (which seats are humans at this screen,
the table layout …) ride along in ``meta["ui"]``, so ``thirtyone replay
data/current_game.json`` still works (up to the last fold).
Every finished game is kept in ``data/games/<UTC stamp>-<preset>[-<game id>].json``.

A saved game is data, never code: its seats may name humans and built-in bot
levels only. A save naming anything else (``"bot:os:system"``, a plug-in's
module path) is set aside before anything is built from it.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Mapping, TypeGuard

from .. import __version__
from ..i18n import _
from ..bots import LEVELS
from ..model.errors import RecordError
from ..model.json_input import brief
from ..model.record import FINISHED_AT, HINTS_USED, PROGRAM, GameRecord
from .atomic import read_text, reject, remove_temporary_files, utc_stamp, write_atomic
from .journal import JOURNAL_KEY, read_journal
from .logs import ProblemLog
from .paths import StoragePaths, storage_problem

log = logging.getLogger(__name__)
_autosave_log = ProblemLog(log, "autosave")
"""The autosave runs after every action: a failing disk is logged once, not once per action."""

_SAFE_LABEL = re.compile(r"[a-z0-9][a-z0-9-]{0,30}")
"""Preset ids that are safe in a file name on every platform; anything else is filed as "custom"."""

UI_META_KEY = "ui"
"""Where ``save_game``'s ``extra`` goes inside the record's ``meta``."""
MAX_HINTS = 10**9

ABANDONED_KEY = "abandoned"
"""In an archived record's ``meta``: ``true`` for a game given up before its end (``finish.abandon_game``)."""


class SaveError(ValueError):
    """Something that cannot be saved as JSON was handed to ``save_game``."""


def with_meta(record: GameRecord, **notes: Any) -> GameRecord:
    """``record`` with these ``meta`` entries set (``None`` removes one)."""
    meta = dict(record.meta)
    for key, value in notes.items():
        if value is None:
            meta.pop(key, None)
        else:
            meta[key] = value
    return GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions,
                      record.decks, record.preset, meta)


def save_game(paths: StoragePaths, record: GameRecord, extra: Mapping[str, Any] | None = None,
              journal_token: str | None = None) -> str | None:
    """Write the whole game in progress; returns a one-line notice if it could not be written.

    ``journal_token`` names the journal that follows this base (``JournalWriter``
    passes it); without one, any old journal is ignored on reading.
    """
    notes: dict[str, Any] = {"saved_at": _iso_now(), "program": f"thirtyone {__version__}"}
    if extra:
        notes[UI_META_KEY] = dict(extra)
    notes[JOURNAL_KEY] = journal_token
    try:
        text = with_meta(record, **notes).to_json()
    except (TypeError, ValueError) as error:
        raise SaveError(_("the save's extras must be plain JSON data: {error}").format(error=error)) from None
    try:
        write_atomic(paths.current_game_file, text)
    except OSError as error:
        _autosave_log.failed(error)
        return storage_problem(_("Could not autosave the game to {path}: {reason}. The game goes on, but cannot be "
                                 "resumed after quitting."), paths.current_game_file, error)
    _autosave_log.worked()
    return None


def is_builtin_player(player: str) -> bool:
    """Whether a seat's player is one a save may name: ``human`` or ``bot:<built-in level>``."""
    return player == "human" or (player.startswith("bot:") and player[4:] in LEVELS)


def load_saved_game(paths: StoragePaths) -> tuple[GameRecord | None, str | None]:
    """The autosaved game (``None`` if there is none) and a one-line notice if the file was bad.

    A file that is not a valid record, is from a newer version, no longer
    replays or names a seat that is not a built-in level is set aside, never
    deleted, and nothing is built from it. The UI extras are in ``saved_extras(record)``.
    """
    path = paths.current_game_file
    result = read_text(path)
    if not result.is_ok:
        return None, result.notice
    try:
        record = GameRecord.from_json(result.data)
    except RecordError as error:
        newer = "newer than this program" in str(error)
        log.warning("the saved game cannot be resumed: %s", error)
        aside = reject(path, _("could not be resumed (it is from a newer thirtyone)") if newer else _("could not be resumed"),
                       reason="newer" if newer else "corrupt")
        return None, aside.notice
    strangers = [seat.player for seat in record.seats if not is_builtin_player(seat.player)]
    if strangers:
        aside = reject(path, _("names a player that is not a built-in level ({player}), so it was not resumed").format(
            player=brief(strangers[0])), reason="unsafe")
        return None, aside.notice
    record = read_journal(paths, record)
    meta = {key: value for key, value in record.meta.items() if key != JOURNAL_KEY}
    hints = meta.get(HINTS_USED)
    if hints is not None and (not isinstance(hints, int) or isinstance(hints, bool) or not 0 <= hints <= MAX_HINTS):
        log.warning("the saved game's hint count %s is out of range; it starts again at 0", brief(hints))
        del meta[HINTS_USED]
    return GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions,
                      record.decks, record.preset, meta), None


def saved_extras(record: GameRecord) -> dict[str, Any]:
    """The ``extra`` that ``save_game`` stored with this record (``{}`` if none)."""
    extra = record.meta.get(UI_META_KEY, {})
    return dict(extra) if isinstance(extra, dict) else {}


def clear_saved_game(paths: StoragePaths) -> str | None:
    """Forget the game in progress (after it is archived or abandoned); a notice on failure."""
    for path in (paths.current_game_file, paths.current_game_journal):
        try:
            os.unlink(path)
        except FileNotFoundError:
            continue
        except OSError as error:
            log.warning("cannot remove %s: %s", path, error)
            return storage_problem(_("Could not remove {path}: {reason}."), path, error)
    return None


def clean_leftovers(paths: StoragePaths) -> int:
    """At start: remove temporary files of interrupted writes, and a journal whose game is gone; how many."""
    removed = sum(remove_temporary_files(folder)
                  for folder in (paths.config_dir, paths.data_dir, paths.games_dir, paths.log_dir))
    if not paths.current_game_file.exists() and paths.current_game_journal.exists():
        removed += clear_saved_game(paths) is None
    return removed


GAME_ID = re.compile(r"g[0-9a-f]{11}")
"""What ``game_id`` gives: a ``g`` and eleven hex digits (files that name a game are checked against it)."""


def is_game_id(text: object) -> TypeGuard[str]:
    """Whether ``text`` has the shape of a ``game_id``."""
    return isinstance(text, str) and GAME_ID.fullmatch(text) is not None


def game_id(record: GameRecord) -> str:
    """A short name for one game, the same whenever its record is read (meta aside): finishing uses it
    so that a game is archived and counted once, however often finishing is interrupted."""
    plain = GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions,
                       record.decks, record.preset)
    return "g" + hashlib.sha256(plain.to_json().encode("utf-8")).hexdigest()[:11]


def archive_game(paths: StoragePaths, record: GameRecord, now: datetime | None = None,
                 identity: str | None = None) -> tuple[Path | None, str | None]:
    """Keep a finished game as ``data/games/<UTC stamp>-<preset>.json``.

    With ``identity`` (``game_id(record)``) the name ends in it and a game
    already archived under it is not written again (the existing file is returned).
    Returns the file (``None`` if it could not be written) and a notice on failure.
    ``thirtyone replay FILE`` reads these files.
    """
    return archive_text(paths, record.preset, lambda notes: with_meta(record, **notes).to_json(), now, identity)


def archive_text(paths: StoragePaths, preset: str | None, text: Callable[[dict[str, str]], str],
                 now: datetime | None = None, identity: str | None = None) -> tuple[Path | None, str | None]:
    """Keep a finished game's file (``text`` of the notes to add to its ``meta``: when it finished, which
    program) in the archive the Review list reads, named and kept once as ``archive_game`` says."""
    moment = now or datetime.now(timezone.utc)
    stamp = utc_stamp(moment)
    label = preset if preset and _SAFE_LABEL.fullmatch(preset) else "custom"
    suffix = f"-{identity}" if identity else ""
    if identity:
        try:
            earlier = next(iter(sorted(paths.games_dir.glob(f"*{suffix}.json"))), None)
        except OSError as error:  # the write below reports the folder's problem to the player
            log.info("cannot look for an earlier archive of %s: %s", identity, error)
            earlier = None
        if earlier is not None:
            return earlier, None
    target = paths.games_dir / f"{stamp}-{label}{suffix}.json"
    counter = 2
    while target.exists():
        target = paths.games_dir / f"{stamp}-{label}{suffix}-{counter}.json"
        counter += 1
    notes = {FINISHED_AT: moment.astimezone(timezone.utc).isoformat(timespec="seconds"),
             PROGRAM: f"thirtyone {__version__}"}
    try:
        write_atomic(target, text(notes))
    except OSError as error:
        log.warning("archiving failed: %s", error)
        return None, storage_problem(_("Could not archive the game to {path}: {reason}."), target, error)
    return target, None


def is_abandoned(meta: Any) -> bool:
    """Whether an archived record's ``meta`` marks a game given up before its end."""
    return isinstance(meta, dict) and meta.get(ABANDONED_KEY) is True


def archived_games(paths: StoragePaths) -> list[Path]:
    """The archived game files, newest first (an unreadable folder gives an empty list)."""
    try:
        files = [p for p in paths.games_dir.iterdir() if p.suffix == ".json" and p.is_file()]
    except FileNotFoundError:
        return []
    except OSError as error:
        log.warning("cannot list %s: %s", paths.games_dir, error)
        return []
    return sorted(files, key=_archive_order, reverse=True)


def _archive_order(path: Path) -> tuple[str, int]:
    # "<stamp>-<preset>-2.json" was written after "<stamp>-<preset>.json" in the same second.
    head, _, tail = path.stem.rpartition("-")
    return path.stem[:15], int(tail) if tail.isdigit() and head[15:] else 1


def _iso_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


__all__ = ["ABANDONED_KEY", "SaveError", "archive_game", "archive_text", "archived_games", "clean_leftovers", "clear_saved_game", "game_id",
           "is_abandoned", "is_builtin_player", "load_saved_game", "save_game", "saved_extras",
           "with_meta"]
