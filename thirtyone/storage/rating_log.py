"""``data/rating.json``: the player's rating on the bots' ladder, game by game (``thirtyone.rating``).

``{"version": 1, "games": [{"game": "g…", "before": 1200.0, "after": 1216.0}, …]}``, oldest
first, at most ``KEEP`` games; the rating now is the newest game's ``after`` (``START`` before
any). A game counts once, when it is finished (``rate_game``), and only if one human played it
against bots of the ladder's levels alone (a plug-in bot has no rating, and a hot-seat game is
not one person's). Every field is checked on reading; a file out of shape is set aside.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..i18n import _
from ..model.events import Event
from ..model.record import GameRecord
from ..rating import LADDER, START, game_change
from .atomic import load_object, read_list, save_object
from .paths import StoragePaths
from .saves import game_id, is_game_id
from .stats import StatsError, finishing_places

VERSION = 1
RATING_FILE = "rating.json"
KEEP = 500
"""Games kept (the oldest go first); the rating itself is carried by the newest."""
BOT_PREFIX = "bot:"
RATING_RANGE = (-10_000.0, 10_000.0)
"""Ratings the file may hold: far beyond any a player reaches from the ladder's (about 0 to 1,500)."""


def rating_file(paths: StoragePaths) -> Path:
    return paths.data_dir / RATING_FILE


@dataclass(frozen=True)
class RatedGame:
    """One game's effect on the rating."""

    game: str
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "before": round(self.before, 2), "after": round(self.after, 2)}

    @classmethod
    def from_dict(cls, data: Any) -> RatedGame:
        """``ValueError`` for anything out of shape or range."""
        if not isinstance(data, dict):
            raise ValueError("a game is not an object")
        game = data.get("game")
        before: Any = data.get("before")
        after: Any = data.get("after")
        if not is_game_id(game):
            raise ValueError("a game id is not one")
        if not _rating(before) or not _rating(after):
            raise ValueError("a rating is not a number in range")
        return cls(game, float(before), float(after))


def _rating(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and value == value
            and RATING_RANGE[0] <= value <= RATING_RANGE[1])


def rated_seats(record: GameRecord) -> tuple[int, list[float]] | None:
    """The one human seat and every seat's rating (the human's entry unused), if this game is rated."""
    humans = [seat for seat, spec in enumerate(record.seats) if spec.player == "human"]
    if len(humans) != 1:
        return None
    ratings = []
    for spec in record.seats:
        level = spec.player[len(BOT_PREFIX):] if spec.player.startswith(BOT_PREFIX) else None
        if spec.player != "human" and level not in LADDER:
            return None
        ratings.append(LADDER[level] if level is not None else START)
    return humans[0], ratings


@dataclass(frozen=True)
class RatingLog:
    """The rated games, oldest first."""

    games: tuple[RatedGame, ...] = ()

    @property
    def rating(self) -> float:
        """The rating now: after the newest game (``START`` before the first)."""
        return self.games[-1].after if self.games else START

    def game(self, identity: str) -> RatedGame | None:
        """What game ``identity`` did to the rating (``None``: not rated)."""
        return next((g for g in self.games if g.game == identity), None)

    def rate_game(self, record: GameRecord, events: Sequence[Event] | None = None) -> RatingLog:
        """The log with finished ``record`` rated (``self`` if it is not a rated game or is already in).

        Pass ``match.events`` to skip replaying the record."""
        identity = game_id(record)
        seats = rated_seats(record)
        if seats is None or self.game(identity) is not None:
            return self
        seat, ratings = seats
        if events is None:
            events = [event for *_, step in record.replay() for event in step]
        try:
            places = finishing_places(events, len(record.seats))
        except StatsError:  # not finished
            return self
        before = self.rating
        after = before + game_change(before, places, seat, ratings)
        return RatingLog((self.games + (RatedGame(identity, before, after),))[-KEEP:])

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "games": [g.to_dict() for g in self.games]}

    @classmethod
    def from_dict(cls, data: Any) -> RatingLog:
        return cls(read_list(data, "games", RatedGame.from_dict, KEEP))


def load_rating(paths: StoragePaths) -> tuple[RatingLog, str | None]:
    """The log (empty if none) and a one-line notice if the file was bad (it is set aside)."""
    return load_object(rating_file(paths), VERSION, RatingLog.from_dict, RatingLog(),
                       _("has a rating this version cannot read ({problem})"))


def save_rating(paths: StoragePaths, log: RatingLog) -> str | None:
    """Write the log atomically; a one-line notice if it could not be written."""
    return save_object(rating_file(paths), log.to_dict(), _("Could not save your rating to {path}: {reason}."))


def signed(change: float) -> str:
    """``+16``, ``-17``, ``±0``: a change of rating as a player reads it."""
    points = round(change)
    return f"{points:+d}" if points else "±0"


def rating_line(game: RatedGame) -> str:
    """``Rating 1216 (+16)``: the rating after a game and what the game did to it."""
    return _("Rating {rating} ({change})").format(rating=round(game.after), change=signed(game.change))


def rating_stat_lines(log: RatingLog) -> list[tuple[str, str]]:
    """Statistics' row: the rating now and the last game's change, ``1205 (+5)`` (none before a rated game)."""
    if not log.games:
        return []
    return [(_("Rating against bots"), f"{round(log.rating)} ({signed(log.games[-1].change)})")]
