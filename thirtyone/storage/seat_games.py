"""A game played at a table hosted elsewhere: the seat's own record kept, archived and the game counted.

The joiner has no deal to replay, so its game is kept as a seat record (``model.seat_record``,
only what its seat saw). While the game goes on, the record as it stood at the last round's
end is ``data/network_game-<game id>.json`` (a window that crashed and took the seat back
carries on from it); once finished it goes to the same archive as every finished game and is
counted in the statistics like a local game, marked ``network``, and that file is removed.
Both happen once per game: the record's ``game`` (from the seat's token, the same after a
drop or a rejoin) names the archived file and the statistics' entry. Runs off the window's
thread (``ui.bridge``).
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone
from pathlib import Path

from ..i18n import _
from ..model.record import FINISHED_AT
from ..model.errors import RecordError
from ..model.seat_record import NETWORK_KEY, SeatRecord, merged, with_every_showdown
from .atomic import write_atomic
from .logs import ProblemLog
from .paths import StoragePaths
from .saves import archive_text
from .stats import MAX_TEXT, GameSummary, Stats, StatsError, save_stats

log = logging.getLogger(__name__)
_progress_log = ProblemLog(log, "network game")
"""Written at every round's end: a failing disk is logged once, not once per round."""
PROGRESS_PREFIX = "network_game-"


def progress_file(paths: StoragePaths, game: str) -> Path:
    """Where a joined game's record waits while the game goes on."""
    return paths.data_dir / f"{PROGRESS_PREFIX}{game}.json"


def keep_seat_game(paths: StoragePaths, record: SeatRecord, stats: Stats) -> tuple[Stats, tuple[str, ...]]:
    """Keep the seat's record as it stands, with the rounds the progress file holds that it does not (kept
    before a crash): unfinished, in that file; finished, archived and counted (``finish_seat_game``), then
    the file removed. The statistics now and notices for the player."""
    path = progress_file(paths, record.game)
    try:
        record = merged(SeatRecord.from_file(path), record)
    except RecordError:  # none yet; a damaged one is left where it is (the game goes on without it)
        pass
    if not record.is_finished:
        try:
            write_atomic(path, record.to_json())
        except OSError as error:
            _progress_log.failed(error)
        else:
            _progress_log.worked()
        return stats, ()
    stats, notices = finish_seat_game(paths, with_every_showdown(record), stats)
    try:
        archived = any(paths.games_dir.glob(f"*-{record.game}.json"))
    except OSError:
        archived = False
    if archived:
        path.unlink(missing_ok=True)
    return stats, notices


def summarize_seat_game(record: SeatRecord, finished_at: str | None = None) -> GameSummary:
    """The finished game from its seat's side: its place in the host's standings, and from every round's
    result its rounds, knocks, knocks that cost it lives, 31s shown and lives lost."""
    try:
        places = record.places()
    except ValueError as error:  # RecordError: the standings do not place every seat
        raise StatsError(str(error)) from None
    seat = record.seat
    rounds = knocks = knocks_lost = thirty_ones = lives_lost = 0
    for result in record.results:
        rounds += result["scores"][seat] is not None
        lost = int(result["lives_lost"][seat])
        if result.get("knocker") == seat:
            knocks += 1
            knocks_lost += lost > 0
        thirty_ones += seat in result.get("showed_31", [])
        lives_lost += lost
    date = finished_at or record.meta.get(FINISHED_AT)
    if not isinstance(date, str) or len(date) > MAX_TEXT:
        date = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return GameSummary(date=date, preset=record.preset or "custom", place=places[seat], players=len(record.seats),
                       rounds=rounds, won=places[seat] == 1, knocks=knocks, knocks_lost=knocks_lost,
                       thirty_ones=thirty_ones, lives_lost=lives_lost, game_id=record.game, network=True)


def finish_seat_game(paths: StoragePaths, record: SeatRecord, stats: Stats) -> tuple[Stats, tuple[str, ...]]:
    """Archive the seat's record and count the game (each once); the statistics now and notices for the player."""
    notices: list[str] = []
    archived, notice = archive_text(paths, record.preset,
                                    lambda notes: record.with_meta(**notes, **{NETWORK_KEY: True}).to_json(),
                                    identity=record.game)
    if notice:
        notices.append(notice)
    if stats.has_counted(record.game):
        return stats, tuple(notices)
    try:
        counted = stats.add(summarize_seat_game(record))
    except StatsError as error:
        log.warning("network game %s not counted: %s", record.game, error)
        notices.append(_("This game could not be counted in the statistics: {problem}.").format(problem=error))
        return stats, tuple(notices)
    problem = save_stats(paths, counted)
    if problem:
        notices.append(problem)
    log.info("network game %s kept as %s", record.game, archived)
    return counted, tuple(notices)


__all__ = ["PROGRESS_PREFIX", "finish_seat_game", "keep_seat_game", "progress_file", "summarize_seat_game"]
