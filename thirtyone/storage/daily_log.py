"""The Deal of the day's history: ``data/daily.json``, one entry per day played, and the streak.

``{"version": 1, "days": {"YYYY-MM-DD": {"result": {...}, "par": {...} | null, "game": "g…"}}}``:
the player's result and the par (``daily.DailyResult.to_dict``) and the archived game's id
(``saves.game_id``, for the replay). Only the first game of a day is kept: a practice
replay of a day already played is never written. Every field is checked on reading; a file
out of shape is set aside like any other (``atomic.reject``) and the history starts afresh.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..daily import DailyDateError, DailyResult, parse_day
from ..i18n import _
from .atomic import load_object, save_object
from .paths import StoragePaths
from .saves import archived_games, is_game_id

VERSION = 1
DAILY_FILE = "daily.json"
MAX_DAYS = 100_000
"""More days than anyone plays (about 270 years); a file with more is refused."""
KEEP_STARTED = 31
"""Days started kept in the file: enough to know today's and yesterday's."""


def daily_file(paths: StoragePaths) -> Path:
    """``data/daily.json``."""
    return paths.data_dir / DAILY_FILE


@dataclass(frozen=True)
class DailyEntry:
    """One day played: the player's result, the par (``None`` if it was not worked out) and the game's id."""

    result: DailyResult
    par: DailyResult | None
    game: str

    def to_dict(self) -> dict[str, Any]:
        return {"result": self.result.to_dict(), "par": self.par.to_dict() if self.par else None, "game": self.game}

    @classmethod
    def from_dict(cls, data: Any) -> DailyEntry:
        if not isinstance(data, dict):
            raise ValueError("a day is not an object")
        game = data.get("game")
        if not is_game_id(game):
            raise ValueError("a day's game id is not one")
        par = data.get("par")
        return cls(DailyResult.from_dict(data.get("result")), None if par is None else DailyResult.from_dict(par), game)


@dataclass(frozen=True)
class DailyHistory:
    """Every day played, by date."""

    days: dict[dt.date, DailyEntry] = field(default_factory=dict)
    started: frozenset[dt.date] = frozenset()
    """Days whose counted game was started (the last ``KEEP_STARTED``): one left unfinished is not
    started afresh, so the one try cannot be replayed with its cards known."""

    def was_started(self, day: dt.date) -> bool:
        return day in self.started or day in self.days

    def with_start(self, day: dt.date) -> DailyHistory:
        """The history with ``day``'s counted game marked as started."""
        kept = sorted(self.started | {day})[-KEEP_STARTED:]
        return DailyHistory(self.days, frozenset(kept))

    def played(self, day: dt.date) -> DailyEntry | None:
        return self.days.get(day)

    def with_day(self, day: dt.date, entry: DailyEntry) -> DailyHistory:
        """The history with ``day`` added; a day already played keeps its first game."""
        if day in self.days:
            return self
        return DailyHistory({**self.days, day: entry}, self.started)

    def streak(self, today: dt.date) -> int:
        """Days played in a row up to today (or up to yesterday, while today is still open)."""
        day = today if today in self.days else today - dt.timedelta(days=1)
        count = 0
        while day in self.days:
            count += 1
            day -= dt.timedelta(days=1)
        return count

    def best_streak(self) -> int:
        best = run = 0
        previous: dt.date | None = None
        for day in sorted(self.days):
            run = run + 1 if previous is not None and day - previous == dt.timedelta(days=1) else 1
            best, previous = max(best, run), day
        return best

    def par_record(self) -> tuple[int, int, int]:
        """Days under par, level with par and over par (days without a par are left out)."""
        counts = [0, 0, 0]
        for entry in self.days.values():
            if entry.par is not None:
                counts[1 - entry.result.better_than(entry.par)] += 1
        return counts[0], counts[1], counts[2]

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "days": {day.isoformat(): entry.to_dict() for day, entry in sorted(self.days.items())},
                "started": [day.isoformat() for day in sorted(self.started)]}

    @classmethod
    def from_dict(cls, data: Any) -> DailyHistory:
        """The history in a file's object; ``ValueError`` names the first thing out of shape."""
        days = data.get("days") if isinstance(data, dict) else None
        if not isinstance(days, dict):
            raise ValueError("no days")
        if len(days) > MAX_DAYS:
            raise ValueError("too many days")
        started = data.get("started", [])
        if not isinstance(started, list) or len(started) > KEEP_STARTED or not all(isinstance(d, str) for d in started):
            raise ValueError("the days started are not a short list of days")
        out: dict[dt.date, DailyEntry] = {}
        try:
            for text, entry in days.items():
                out[parse_day(text)] = DailyEntry.from_dict(entry)
            begun = frozenset(parse_day(text) for text in started)
        except DailyDateError as error:
            raise ValueError(str(error)) from None
        return cls(out, begun)


def load_daily(paths: StoragePaths) -> tuple[DailyHistory, str | None]:
    """The history (empty if there is none) and a one-line notice if the file was bad (it is set aside)."""
    return load_object(daily_file(paths), VERSION, DailyHistory.from_dict, DailyHistory(),
                       _("has a Deal of the day history this version cannot read ({problem})"))


def save_daily(paths: StoragePaths, history: DailyHistory) -> str | None:
    """Write the history atomically; a one-line notice if it could not be written."""
    return save_object(daily_file(paths), history.to_dict(),
                       _("Could not save the Deal of the day history to {path}: {reason}."))


def archived_file(paths: StoragePaths, game: str) -> Path | None:
    """The archived record of game ``game`` (``None`` if it is not in the archive)."""
    return next((path for path in archived_games(paths) if game in path.stem.split("-")), None)
