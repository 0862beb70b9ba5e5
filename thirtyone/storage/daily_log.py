"""The Deal of the day's history: ``data/daily.json``, one entry per day played, and the streak.

``{"version": 1, "days": {"YYYY-MM-DD": {"result": {...}, "par": {...} | null, "game": "g…"}}}``:
the player's result and the par (``DailyResult.to_dict``, defined here with the day's
format ``parse_day``; ``daily`` plays the day and reads them from here) and the archived game's id
(``saves.game_id``, for the replay). Only the first game of a day is kept: a practice
replay of a day already played is never written. Every field is checked on reading; a file
out of shape is set aside like any other (``atomic.reject``) and the history starts afresh.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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

FIRST_DAY = dt.date(2020, 1, 1)
LAST_DAY = dt.date(9999, 12, 31)
ROUND_MARKS = ("🟩", "🟨", "🟥", "⬛")
"""A round in the share line: no life lost, one life lost, two or more lost, out in that round."""


class DailyDateError(ValueError):
    """A date that is not a day of the Deal of the day."""


def parse_day(text: str) -> dt.date:
    """A ``YYYY-MM-DD`` date from 2020-01-01 on; ``DailyDateError`` says what is wrong."""
    try:
        day = dt.date.fromisoformat(text.strip())
    except ValueError:
        raise DailyDateError(_("{text!r} is not a date: use YYYY-MM-DD, e.g. 2026-11-26").format(text=text)) from None
    if len(text.strip()) != 10 or day < FIRST_DAY:
        raise DailyDateError(_("{text!r}: use YYYY-MM-DD from 2020-01-01 on").format(text=text))
    return day


@dataclass(frozen=True)
class DailyResult:
    """How one seat did in a finished game: what the par and the player are read by."""

    place: int
    players: int
    lives_kept: int
    rounds: int
    """Rounds the seat was dealt in (rounds survived, the one it went out in included)."""
    marks: tuple[int, ...]
    """Per round dealt in: lives lost, or -1 for the round it went out in."""

    def symbols(self) -> str:
        return "".join(ROUND_MARKS[3] if lost < 0 else ROUND_MARKS[min(lost, 2)] for lost in self.marks)

    def to_dict(self) -> dict[str, Any]:
        return {"place": self.place, "players": self.players, "lives_kept": self.lives_kept,
                "rounds": self.rounds, "marks": list(self.marks)}

    @classmethod
    def from_dict(cls, data: Any) -> DailyResult:
        """A result read back from a file; ``ValueError`` for anything out of shape or range."""
        if not isinstance(data, dict):
            raise ValueError("a result is not an object")
        numbers = [data.get(key) for key in ("place", "players", "lives_kept", "rounds")]
        marks = data.get("marks")
        if any(not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 10_000 for n in numbers):
            raise ValueError("a result's numbers are out of range")
        if not isinstance(marks, list) or len(marks) > 10_000 or any(
                not isinstance(m, int) or isinstance(m, bool) or not -1 <= m <= 100 for m in marks):
            raise ValueError("a result's rounds are out of shape")
        place, players, lives, rounds = (int(n) for n in numbers)  # type: ignore[arg-type]
        if not 1 <= place <= players <= 12:
            raise ValueError("a result's place is out of range")
        return cls(place, players, lives, rounds, tuple(marks))

    def better_than(self, other: DailyResult) -> int:
        """+1 if this beats ``other`` (place, then lives kept, then rounds survived), -1 if worse, 0 level."""
        mine, theirs = (-self.place, self.lives_kept, self.rounds), (-other.place, other.lives_kept, other.rounds)
        return (mine > theirs) - (mine < theirs)


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
