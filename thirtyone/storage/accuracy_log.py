"""``data/accuracy.json``: each finished game's accuracy and lives given away, for Statistics' figures and trend.

``{"version": 1, "games": [{"game": "g…", "accuracy": 0.86 | null, "given_away": 0.43, "decisions": 22}, …]}``,
oldest first, at most ``KEEP`` games. Written when the coach's review of a game (worked out
in a worker process at its game over) comes in; a game whose review never finished is
simply not in it. Every field is checked on reading; a file out of shape is set aside.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import _
from .atomic import load_object, read_list, save_object
from .paths import StoragePaths
from .saves import is_game_id

VERSION = 1
ACCURACY_FILE = "accuracy.json"
KEEP = 500
"""Games kept (the oldest go first): Statistics reads only the recent ones."""
RECENT = 10
"""Games in Statistics' figure; the trend compares them with the ten before."""


def accuracy_file(paths: StoragePaths) -> Path:
    return paths.data_dir / ACCURACY_FILE


@dataclass(frozen=True)
class GameAccuracy:
    """One game's figures."""

    game: str
    accuracy: float | None
    given_away: float
    decisions: int

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "accuracy": self.accuracy, "given_away": self.given_away, "decisions": self.decisions}

    @classmethod
    def from_dict(cls, data: Any) -> GameAccuracy:
        """``ValueError`` for anything out of shape or range."""
        if not isinstance(data, dict):
            raise ValueError("a game is not an object")
        game, share, decisions = data.get("game"), data.get("accuracy"), data.get("decisions")
        given: Any = data.get("given_away")
        if not is_game_id(game):
            raise ValueError("a game id is not one")
        if share is not None and (not _number(share) or not 0.0 <= share <= 1.0):
            raise ValueError("an accuracy is not a share from 0 to 1")
        if not isinstance(decisions, int) or isinstance(decisions, bool) or not 0 <= decisions <= 100_000:
            raise ValueError("a count of decisions is out of range")
        if not _number(given) or not 0.0 <= given <= decisions:
            raise ValueError("lives given away are out of range")
        return cls(game, None if share is None else float(share), float(given), decisions)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value and abs(value) < 1e9


@dataclass(frozen=True)
class AccuracyLog:
    """The games with figures, oldest first."""

    games: tuple[GameAccuracy, ...] = ()

    def with_game(self, entry: GameAccuracy) -> AccuracyLog:
        """The log with ``entry`` added (a game already in it is not added again)."""
        if any(g.game == entry.game for g in self.games):
            return self
        return AccuracyLog((self.games + (entry,))[-KEEP:])

    def recent(self, count: int = RECENT, skip: int = 0) -> tuple[GameAccuracy, ...]:
        """The ``count`` newest scored games before the ``skip`` newest."""
        scored = [g for g in self.games if g.accuracy is not None]
        return tuple(scored[max(0, len(scored) - skip - count):len(scored) - skip])

    def average(self, count: int = RECENT, skip: int = 0) -> tuple[float, float] | None:
        """Mean accuracy and mean lives given away per game over ``recent(count, skip)`` (``None``: no games)."""
        games = self.recent(count, skip)
        if not games:
            return None
        return (sum(g.accuracy or 0.0 for g in games) / len(games), sum(g.given_away for g in games) / len(games))

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "games": [g.to_dict() for g in self.games]}

    @classmethod
    def from_dict(cls, data: Any) -> AccuracyLog:
        return cls(read_list(data, "games", GameAccuracy.from_dict, KEEP))


def load_accuracy(paths: StoragePaths) -> tuple[AccuracyLog, str | None]:
    """The log (empty if none) and a one-line notice if the file was bad (it is set aside)."""
    return load_object(accuracy_file(paths), VERSION, AccuracyLog.from_dict, AccuracyLog(),
                       _("has accuracy figures this version cannot read ({problem})"))


def save_accuracy(paths: StoragePaths, log: AccuracyLog) -> str | None:
    """Write the log atomically; a one-line notice if it could not be written."""
    return save_object(accuracy_file(paths), log.to_dict(), _("Could not save the accuracy figures to {path}: {reason}."))
