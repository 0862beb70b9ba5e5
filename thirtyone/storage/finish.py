"""Finishing a game: archived, counted once, and only then is the autosave removed.

The steps run in an order that survives a kill or a full disk at any point:

1. the record is archived under its game id (``saves.game_id``); a game already
   archived under that id is not written again;
2. the statistics count it with that id; a game already counted is not counted again;
3. only if both are safely on disk is the autosave cleared.

If the archive or the statistics cannot be written, the game's record is
kept as ``data/unarchived-<game id>.json`` (or, if even that cannot be written,
the autosave stays as it is), the player is told, and the next start finishes
the game again (``finish_pending``), which repeats only what was missing. The
player is told the game is kept only when it is on disk: if nothing could be
written and the autosave holds an older game (its writes failed too, on a full
disk), the notice says the game is not kept.

A game in progress that the player gives up for a new one is archived too, marked
``meta["abandoned"]`` (``abandon_game``), and never counted in the statistics.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from ..i18n import _
from ..model.errors import RecordError
from ..model.events import Event
from ..model.record import GameRecord
from .atomic import reject, write_atomic
from .journal import read_journal
from .paths import StoragePaths, storage_problem
from .saves import ABANDONED_KEY, archive_game, clear_saved_game, game_id, with_meta
from .stats import Stats, StatsError, record_finished_game, save_stats

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Finished:
    """What finishing did: the statistics now, whether the autosave was cleared, notices for the player."""

    stats: Stats
    cleared: bool
    notices: tuple[str, ...]


PENDING_PREFIX = "unarchived-"


def finish_game(paths: StoragePaths, record: GameRecord, stats: Stats,
                events: Sequence[Event] | None = None, source: Path | None = None) -> Finished:
    """Archive ``record``, count it for the human seats (if any) and then clear the autosave
    (or remove ``source``, a game kept by an earlier finish that could not store it)."""
    identity = game_id(record)
    notices: list[str] = []
    archived, notice = archive_game(paths, record, identity=identity)
    safe = archived is not None
    if notice:
        notices.append(notice)
    if any(seat.player == "human" for seat in record.seats):
        try:
            counted = record_finished_game(stats, record, events=events, game_id=identity)
        except StatsError as error:
            log.warning("game %s not counted: %s", identity, error)
            notices.append(_("This game could not be counted in the statistics: {problem}.").format(problem=error))
            counted = stats
        if counted is not stats:
            problem = save_stats(paths, counted)
            if problem:
                notices.append(problem)
                safe = False
            stats = counted
    if not safe:
        log.warning("game %s finished but not safely stored", identity)
        if source is not None:  # a game kept by an earlier finish: that file is still there
            notices.append(_kept_notice())
            return Finished(stats, False, tuple(notices))
        pending = paths.data_dir / f"{PENDING_PREFIX}{identity}.json"
        try:
            write_atomic(pending, record.to_json())
        except OSError as error:
            log.warning("cannot keep %s (%s)", pending, error)
            if _autosave_holds(paths, identity):
                notices.append(_kept_notice())
            else:  # the autosave on disk is older (its writes failed too): say so, do not promise
                notices.append(storage_problem(_("The finished game could not be stored ({reason}); it is not "
                                                 "kept."), pending, error))
            return Finished(stats, False, tuple(notices))
        notices.append(_kept_notice())
        return Finished(stats, clear_saved_game(paths) is None, tuple(notices))
    problem = _remove(source) if source is not None else clear_saved_game(paths)
    if problem:
        notices.append(problem)
    log.info("game %s finished and stored as %s", identity, archived)
    return Finished(stats, problem is None, tuple(notices))


def abandon_game(paths: StoragePaths, record: GameRecord) -> tuple[bool, str | None]:
    """Keep the game in progress in the archive, marked as abandoned, then clear the autosave.

    Returns whether it was kept, and a one-line notice on failure. When it could
    not be archived the autosave is left as it is: the caller must not start a game over it.
    """
    identity = game_id(record)
    archived, notice = archive_game(paths, with_meta(record, **{ABANDONED_KEY: True}), identity=identity)
    if archived is None:
        return False, notice or _("The game in progress could not be kept.")
    log.info("game %s abandoned and kept as %s", identity, archived)
    return True, clear_saved_game(paths)


def pending_records(paths: StoragePaths) -> list[GameRecord]:
    """The finished games an earlier finish could not store, as ``finish_pending`` will find them
    (unreadable ones left out: it sets those aside)."""
    try:
        files = sorted(paths.data_dir.glob(f"{PENDING_PREFIX}*.json"))
    except OSError:
        return []
    records = []
    for path in files:
        try:
            records.append(GameRecord.from_file(path))
        except RecordError:
            continue
    return records


def finish_pending(paths: StoragePaths, stats: Stats) -> tuple[Stats, tuple[str, ...]]:
    """At start: finish the games an earlier finish could not store; the statistics and notices."""
    notices: list[str] = []
    try:
        pending = sorted(paths.data_dir.glob(f"{PENDING_PREFIX}*.json"))
    except OSError as error:
        log.warning("cannot look for unarchived games: %s", error)
        return stats, ()
    for path in pending:
        try:
            record = GameRecord.from_file(path)
        except RecordError as error:
            log.warning("%s cannot be read: %s", path, error)
            notice = reject(path, _("could not be read")).notice
            notices.extend([notice] if notice else [])
            continue
        finished = finish_game(paths, record, stats, source=path)
        stats = finished.stats
        notices.extend(finished.notices)
    return stats, tuple(notices)


def _kept_notice() -> str:
    return _("The finished game is kept and will be stored at the next start.")


def _autosave_holds(paths: StoragePaths, identity: str) -> bool:
    """Whether the autosave on disk (record and journal) is the game named ``identity``; read only."""
    try:
        base = GameRecord.from_file(paths.current_game_file)
    except RecordError:
        return False
    return game_id(read_journal(paths, base)) == identity


def _remove(path: Path) -> str | None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        log.warning("cannot remove %s: %s", path, error)
        return _("Could not remove {path}: {reason}.").format(path=path, reason=error.strerror or error)
    return None
