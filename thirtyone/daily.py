"""The Deal of the day: one game a day, the same for every player, with the Expert's par.

The whole game derives from the date by derivation **v1** (written down in
``docs/daily.md``; the pinned dates in ``tests/test_daily.py`` are its contract):

* ``digest = BLAKE2b-256("thirtyone-daily-v1:YYYY-MM-DD")``;
* the engine seed is ``int.from_bytes(digest[0:8], "little") >> 1``;
* the opponents (seats 2-4, named Ada, Ben, Cleo) are ``OPPONENT_TABLES[digest[8] % 4]``;
* the rules are Classic 31, except on Sundays: ``SUNDAY_PRESETS[iso_week % 3]``;
* you sit in seat 1; the first dealer is the engine's own choice from the seed.

The **par** is the same game with the Expert (no clock, its default play-outs) in
your seat: the same bots, the same seed. A change to any of this is a new version
(``v2``), never an edit of ``v1``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from typing import Any, Sequence

from .controller import Match
from .i18n import _, ordinal
from .model import PRESETS, Rules
from .model.events import Eliminated, Event, LifeLost, RoundStarted
from .model.record import GameRecord, Seat
from .storage.setting_options import BOT_NAMES, HUMAN_NAMES
from .storage.stats import StatsError, finishing_places
from .storage.daily_log import FIRST_DAY, LAST_DAY, ROUND_MARKS, DailyDateError, DailyResult, parse_day

VERSION = "v1"
"""The derivation in use; it is part of the hashed key, so a new one gives new days."""
OPPONENT_TABLES = (("sharp", "sharp", "sharp"), ("casual", "sharp", "sharp"),
                   ("sharp", "casual", "sharp"), ("sharp", "sharp", "casual"))
"""The opponents' levels, seats 2-4. Never the Expert: its clock would make its moves depend on the machine."""
SUNDAY_PRESETS = ("london", "kitty", "scat")
"""Sunday's rules rotate through these by ISO week number; every other day is Classic 31."""
META_KEY = "daily"
"""The record's ``meta`` key holding the day (``YYYY-MM-DD``) of a Deal of the day."""
PLAYER_SEAT = 0
MAX_ACTIONS = 50_000


@dataclass(frozen=True)
class DailySetup:
    """Everything that makes one day's game."""

    day: dt.date
    seed: int
    preset: str
    opponents: tuple[str, str, str]

    @classmethod
    def for_day(cls, day: dt.date) -> DailySetup:
        """The day's game by derivation v1 (see the module notes)."""
        digest = hashlib.blake2b(f"thirtyone-daily-{VERSION}:{day.isoformat()}".encode(), digest_size=32).digest()
        seed = int.from_bytes(digest[0:8], "little") >> 1
        opponents = OPPONENT_TABLES[digest[8] % len(OPPONENT_TABLES)]
        preset = SUNDAY_PRESETS[day.isocalendar()[1] % len(SUNDAY_PRESETS)] if day.isoweekday() == 7 else "classic"
        return cls(day, seed, preset, opponents)

    @property
    def rules(self) -> Rules:
        return PRESETS[self.preset].rules

    @property
    def levels(self) -> tuple[str, ...]:
        """Who plays each seat: ``"human"`` in yours, then the bots' levels."""
        return ("human", *self.opponents)

    def seats(self, you: str = "human") -> tuple[Seat, ...]:
        """The record's seats; ``you`` is ``"human"`` or ``"bot:expert"`` (the par)."""
        return (Seat(HUMAN_NAMES[0], you),) + tuple(Seat(BOT_NAMES[i], f"bot:{level}")
                                                   for i, level in enumerate(self.opponents))

    def start(self, you: str = "human", bots: Any = None) -> Match:
        """A fresh match of the day, marked as the daily in its record."""
        match = Match.new(self.rules, self.seats(you), seed=self.seed, preset=self.preset, bots=bots)
        match.note(META_KEY, self.day.isoformat())
        return match

    def to_dict(self) -> dict[str, Any]:
        return {"date": self.day.isoformat(), "derivation": VERSION, "seed": self.seed, "preset": self.preset,
                "seats": [{"name": seat.name, "player": seat.player} for seat in self.seats()]}


def result_of(events: Sequence[Event], seat_count: int, final_tokens: int, seat: int = PLAYER_SEAT) -> DailyResult:
    """``seat``'s result in a finished game, from its public events; ``StatsError`` if it is not finished."""
    place = finishing_places(events, seat_count)[seat]
    marks: list[int] = []
    out = False
    for event in events:
        if isinstance(event, RoundStarted) and not out:
            marks.append(0)
        elif isinstance(event, LifeLost) and event.seat == seat and marks:
            marks[-1] += event.lives
        elif isinstance(event, Eliminated) and event.seat == seat and marks:
            marks[-1], out = -1, True
    return DailyResult(place, seat_count, 0 if out else final_tokens, len(marks), tuple(marks))


def match_result(match: Match, seat: int = PLAYER_SEAT) -> DailyResult:
    """``result_of`` a finished match."""
    return result_of(match.events, len(match.names), match.state.tokens[seat], seat)


def play_par(day: dt.date) -> tuple[DailyResult, GameRecord]:
    """The Expert in your seat on the day's game, to the end: its result and the game's record.

    The Expert thinks with a fixed number of play-outs and no clock, so the par is the
    same on every machine. Top level, so a worker process can run it.
    """
    from .bots import make_bot
    setup = DailySetup.for_day(day)
    bots = {0: make_bot("expert", clock=False)} | {i + 1: make_bot(level) for i, level in enumerate(setup.opponents)}
    match = setup.start("bot:expert", bots)
    match.play_bots_to_end(MAX_ACTIONS)
    return match_result(match), match.record


def par_of(day_text: str) -> dict[str, Any]:
    """``play_par`` as plain data (for a worker process): the result's ``to_dict``."""
    return play_par(parse_day(day_text))[0].to_dict()


def place_text(place: int, players: int) -> str:
    """"2nd of 4" as the player's language writes it."""
    return _("{place} of {players}").format(place=ordinal(place), players=players)


def verdict(mine: DailyResult, par: DailyResult) -> str:
    """How the player's result reads against the par, in a few words."""
    return {1: _("under par"), 0: _("level with par"), -1: _("over par")}[mine.better_than(par)]


def share_words(day: dt.date, mine: DailyResult, par: DailyResult | None) -> str:
    """The share line without its round marks (the window draws the marks as coloured squares)."""
    par_text = place_text(par.place, par.players) if par is not None else "?"
    return _("Thirty-One daily {date}: {place} · par {par} ·").format(
        date=day.isoformat(), place=place_text(mine.place, mine.players), par=par_text)


def share_line(day: dt.date, mine: DailyResult, par: DailyResult | None) -> str:
    """The one line to paste in a chat: date, place, par and a mark per round (emoji squares)."""
    return f"{share_words(day, mine, par)} {mine.symbols()}"


def is_daily(record: GameRecord) -> dt.date | None:
    """The day of a Deal of the day's record (``None`` for any other game)."""
    value = record.meta.get(META_KEY)
    if not isinstance(value, str):
        return None
    try:
        return parse_day(value)
    except DailyDateError:
        return None


__all__ = ["FIRST_DAY", "LAST_DAY", "ROUND_MARKS", "DailyDateError", "DailyResult", "DailySetup", "StatsError", "is_daily",
           "match_result", "parse_day", "play_par", "result_of", "share_line", "verdict"]


class ParJob:
    """The par of one day, worked out in a worker process (``background.ProcessJob``): the window never waits.

    ``result()`` never blocks: ``None`` until the worker is done. A worker that fails sets
    ``failed`` and the par stays unknown; the player's game is unaffected.
    """

    def __init__(self, day: dt.date) -> None:
        from .background import ProcessJob
        self.day = day
        self._job = ProcessJob(par_of, day.isoformat(), name=f"daily-par-{day.isoformat()}")

    @property
    def failed(self) -> bool:
        return self._job.failed

    def result(self) -> DailyResult | None:
        data = self._job.result()
        if data is None:
            return None
        try:
            return DailyResult.from_dict(data)
        except ValueError:
            self._job.failed = True
            return None

    def cancel(self) -> None:
        """Stop the worker if it is still thinking."""
        self._job.cancel()
