"""Statistics of the human seats, per preset and overall, from the engine's events.

``record_finished_game`` is a pure function: it replays a finished record (or
takes the events the match already has) and returns new ``Stats``. Finishing
places: the winner is 1st, then players by how late they left the game, at the
end of a round or shot (Old West); players who went out at the end of the same
round are ordered by that round's hand value, and equal values share the better
place (4 players: 1, 2, 2, 4). A shot player leaves alone, at the moment of the
shot (in a Quick Draw duel the slower victim left later).

A game that carries an id (``GameSummary.game_id``) is counted once: adding it
again, e.g. after finishing was interrupted, changes nothing.

Several human seats at one table (hot seat) count as one game for "you": won if
any of them won, the best place of them, rounds while any of them was in, and
knocks, 31s and lives added up over them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import datetime, timezone
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Sequence

from ..i18n import _
from ..model.events import Eliminated, Event, Hit, LifeLost, RoundEnded, Won
from ..model.json_input import brief
from ..model.record import FINISHED_AT, HINTS_USED, GameRecord
from ..model.rule_choices import MAX_SEATS
from .atomic import load_object, save_object, set_aside
from .paths import StoragePaths, storage_problem

VERSION = 1
HISTORY_LENGTH = 50
MAX_COUNT = 10**9
"""More games, rounds, knocks or lives than anyone plays; a larger count in the file is damage."""
MAX_TEXT = 64
"""The longest date, preset id or game id the file may hold (the game writes at most 32 characters)."""


class StatsError(ValueError):
    """A game that cannot be counted (not finished, no human seat) or stats data of the wrong shape."""


@dataclass(frozen=True)
class GameSummary:
    """One finished game as the human seats saw it; the history list holds these."""

    date: str
    """When the game finished, ISO 8601 in UTC."""
    preset: str
    place: int
    players: int
    rounds: int
    won: bool
    knocks: int = 0
    knocks_lost: int = 0
    thirty_ones: int = 0
    lives_lost: int = 0
    game_id: str = ""
    """Names the game (``saves.game_id``) so it is counted once; empty for games counted before ids."""
    hints_used: int = 0
    """Turns on which the coach's hint was shown (the record's ``hints_used`` note)."""
    network: bool = False
    """Played at a table hosted elsewhere (counted from the seat's own record, ``storage.seat_games``)."""


@dataclass(frozen=True)
class Totals:
    """Counts over many games; ``add`` one more game."""

    games_played: int = 0
    games_won: int = 0
    places_total: int = 0
    rounds_played: int = 0
    knocks: int = 0
    knocks_lost: int = 0
    """Knocks after which the knocker lost lives."""
    thirty_ones: int = 0
    lives_lost: int = 0
    current_streak: int = 0
    longest_streak: int = 0
    """Most games won in a row."""
    hints_used: int = 0

    @property
    def win_rate(self) -> float:
        """Games won per game played (0 before the first game)."""
        return self.games_won / self.games_played if self.games_played else 0.0

    @property
    def average_place(self) -> float | None:
        """Mean finishing place (1 = won); ``None`` before the first game."""
        return self.places_total / self.games_played if self.games_played else None

    @property
    def knock_loss_rate(self) -> float:
        """How often a knock cost lives (0 before the first knock)."""
        return self.knocks_lost / self.knocks if self.knocks else 0.0

    def add(self, game: GameSummary) -> Totals:
        """These totals with one more game."""
        streak = self.current_streak + 1 if game.won else 0
        return Totals(
            games_played=self.games_played + 1, games_won=self.games_won + game.won,
            places_total=self.places_total + game.place, rounds_played=self.rounds_played + game.rounds,
            knocks=self.knocks + game.knocks, knocks_lost=self.knocks_lost + game.knocks_lost,
            thirty_ones=self.thirty_ones + game.thirty_ones, lives_lost=self.lives_lost + game.lives_lost,
            current_streak=streak, longest_streak=max(self.longest_streak, streak),
            hints_used=self.hints_used + game.hints_used)


@dataclass(frozen=True)
class Stats:
    """All statistics: overall, per preset id (``"custom"`` for games without one), recent games."""

    overall: Totals = Totals()
    by_preset: Mapping[str, Totals] = field(default_factory=lambda: MappingProxyType({}))
    history: tuple[GameSummary, ...] = ()
    """The last ``HISTORY_LENGTH`` games, oldest first."""

    def for_preset(self, preset_id: str) -> Totals:
        """The totals of one preset (all zero if never played)."""
        return self.by_preset.get(preset_id, Totals())

    def has_counted(self, game_id: str) -> bool:
        """Whether the game with this id is among the recent games already counted."""
        return bool(game_id) and any(game.game_id == game_id for game in self.history)

    def add(self, game: GameSummary) -> Stats:
        """These statistics with one more game (unchanged if that game was counted already)."""
        if self.has_counted(game.game_id):
            return self
        by_preset = dict(self.by_preset)
        by_preset[game.preset] = self.for_preset(game.preset).add(game)
        return Stats(self.overall.add(game), MappingProxyType(by_preset),
                     (self.history + (game,))[-HISTORY_LENGTH:])

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data with the version; ``from_dict`` reads it back."""
        return {"version": VERSION, "overall": dataclasses.asdict(self.overall),
                "by_preset": {name: dataclasses.asdict(t) for name, t in sorted(self.by_preset.items())},
                "history": [dataclasses.asdict(game) for game in self.history]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Stats:
        """Statistics from plain data; ``StatsError`` if any part has the wrong shape."""
        by_preset = data.get("by_preset", {})
        history = data.get("history", [])
        if not isinstance(by_preset, dict) or not isinstance(history, list):
            raise StatsError("by_preset must be an object and history a list")
        if any(len(name) > MAX_TEXT for name in by_preset):  # the Statistics screen shows each as a choice
            raise StatsError("by_preset names a preset id that is far too long")
        return cls(_build(Totals, data.get("overall", {})),
                   MappingProxyType({str(k): _build(Totals, v) for k, v in by_preset.items()}),
                   tuple(_build(GameSummary, item) for item in history[-HISTORY_LENGTH:]))


def _build(kind: type[Any], data: Any) -> Any:
    """A ``Totals`` or ``GameSummary`` from a dict whose every value has the field's type and range."""
    if not isinstance(data, dict):
        raise StatsError(f"{kind.__name__} must be an object")
    values: dict[str, Any] = {}
    for item in dataclasses.fields(kind):
        if item.name not in data:
            continue
        value: object = data[item.name]
        wanted = {"str": str, "bool": bool, "int": int}[str(item.type)]
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            raise StatsError(f"{kind.__name__}.{item.name} must be a {item.type}, not {brief(value)}")
        too_big = isinstance(value, str) and len(value) > MAX_TEXT
        if too_big or (isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= MAX_COUNT):
            raise StatsError(f"{kind.__name__}.{item.name} is out of range: {brief(value)}")
        values[item.name] = value
    try:
        built = kind(**values)
    except TypeError as error:
        raise StatsError(f"{kind.__name__} is incomplete: {error}") from None
    problem = _inconsistency(built)
    if problem:
        raise StatsError(f"{kind.__name__}: {problem}")
    return built


def _inconsistency(built: Totals | GameSummary) -> str | None:
    """What cannot be true of these counts together (the chart and averages rely on it), or ``None``."""
    if isinstance(built, GameSummary):
        if not 2 <= built.players <= MAX_SEATS:
            return f"players must be 2 to {MAX_SEATS}, not {built.players}"
        if not 1 <= built.place <= built.players:
            return f"place must be 1 to {built.players}, not {built.place}"
        if built.knocks_lost > built.knocks:
            return "more knocks lost than knocks"
        return None
    if built.games_won > built.games_played or built.longest_streak > built.games_won:
        return "more games won than played"
    if built.current_streak > built.longest_streak:
        return "the current streak is longer than the longest"
    if not built.games_played <= built.places_total <= built.games_played * MAX_SEATS:
        return "the places do not fit the games played"
    if built.knocks_lost > built.knocks:
        return "more knocks lost than knocks"
    return None


def finishing_places(events: Iterable[Event], seat_count: int) -> tuple[int, ...]:
    """Each seat's place in a finished game (see the module notes for order and ties)."""
    outs: list[tuple[int, float, int]] = []
    """(moment the seat left, hand value then, seat); a later moment is a better place."""
    winner: int | None = None
    moment, result = 0, None
    for index, event in enumerate(events):
        if isinstance(event, RoundEnded):
            moment, result = index, event.result
        elif isinstance(event, Hit):
            moment, result = index, None
        elif isinstance(event, Eliminated):
            score = result.scores[event.seat] if result is not None else None
            outs.append((moment, score or 0.0, event.seat))
        elif isinstance(event, Won):
            winner = event.seat
    if winner is None or len(outs) != seat_count - 1:
        raise StatsError("the game is not finished: places need a winner and everyone else out")
    places = [0] * seat_count
    places[winner] = 1
    ordered = sorted(outs, key=lambda out: (-out[0], -out[1]))
    for index, (left_at, score, seat) in enumerate(ordered):
        earlier = ordered[index - 1] if index else None
        if earlier is not None and (earlier[0], earlier[1]) == (left_at, score):
            places[seat] = places[earlier[2]]
        else:
            places[seat] = index + 2
    return tuple(places)


def summarize_game(record: GameRecord, human_seats: Sequence[int] | None = None,
                   events: Sequence[Event] | None = None, finished_at: str | None = None,
                   game_id: str = "") -> GameSummary:
    """One finished game from the human seats' side (``human_seats`` default: seats played by "human")."""
    humans = tuple(human_seats) if human_seats is not None else tuple(
        seat for seat, spec in enumerate(record.seats) if spec.player == "human")
    if not humans:
        raise StatsError("the game has no human seat to count")
    if events is None:
        events = [event for *_, step in record.replay() for event in step]
    places = finishing_places(events, len(record.seats))
    rounds = knocks = knocks_lost = thirty_ones = lives_lost = 0
    for event in events:
        if isinstance(event, RoundEnded):
            result = event.result
            rounds += any(result.scores[seat] is not None for seat in humans)
            if result.knocker in humans:
                knocks += 1
                knocks_lost += result.lives_lost[result.knocker] > 0
            thirty_ones += sum(seat in result.showed_31 for seat in humans)
        elif isinstance(event, LifeLost) and event.seat in humans:
            lives_lost += event.lives
    date = finished_at or record.meta.get(FINISHED_AT)
    if not isinstance(date, str) or len(date) > MAX_TEXT:  # the record's notes are not checked: stay in range
        date = datetime.now(timezone.utc).isoformat(timespec="seconds")
    best = min(places[seat] for seat in humans)
    hints = record.meta.get(HINTS_USED, 0)
    return GameSummary(date=date, preset=record.preset or "custom", place=best, players=len(record.seats),
                       rounds=rounds, won=best == 1, knocks=knocks, knocks_lost=knocks_lost,
                       thirty_ones=thirty_ones, lives_lost=lives_lost, game_id=game_id,
                       hints_used=hints if isinstance(hints, int) and not isinstance(hints, bool) and 0 < hints <= MAX_COUNT
                       else 0)


def record_finished_game(stats: Stats, record: GameRecord, human_seats: Sequence[int] | None = None,
                         events: Sequence[Event] | None = None, finished_at: str | None = None,
                         game_id: str = "") -> Stats:
    """``stats`` with one more finished game; pass ``match.events`` to skip the replay.

    With ``game_id``, a game already counted is not counted again."""
    if stats.has_counted(game_id):
        return stats
    return stats.add(summarize_game(record, human_seats, events, finished_at, game_id))


def load_stats(paths: StoragePaths) -> tuple[Stats, str | None]:
    """The saved statistics (or empty ones) and a one-line notice if the file was bad."""
    return load_object(paths.stats_file, VERSION, Stats.from_dict, Stats(),
                       _("has statistics this version cannot read ({problem})"))


def save_stats(paths: StoragePaths, stats: Stats) -> str | None:
    """Write the statistics; returns a one-line notice if they could not be saved."""
    return save_object(paths.stats_file, stats.to_dict(), _("Could not save statistics to {path}: {reason}."))


def reset_stats(paths: StoragePaths) -> str | None:
    """Start the statistics afresh; the old file is kept aside as ``stats.json.reset-<stamp>``."""
    try:
        set_aside(paths.stats_file, "reset")
    except FileNotFoundError:
        return None
    except OSError as error:
        return storage_problem(_("Could not reset statistics in {path}: {reason}."), paths.stats_file, error)
    return None
