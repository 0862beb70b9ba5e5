"""The choices that start a game (seats, rules, preset) and the bots the window offers."""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from .. import bots
from ..net.seating import REMOTE
from ..i18n import _
from ..controller import Match
from ..model import PRESETS, Rules, RulesError, player_counts
from ..model.presets import too_few_players
from ..model.state import new_game
from ..model.record import Seat
from ..storage.setting_options import (BOT_NAMES, DIFFICULTIES, HUMAN_NAMES, MAX_NAME_LENGTH, default_seats,
                                       difficulty_level)
from .plugin_seats import bots_with_plugins

if TYPE_CHECKING:
    from ..storage.settings import Settings

__all__ = ["BOT_NAMES", "HUMAN_NAMES", "WINDOW_SEATS", "GameSetup", "SeatChoice", "bot_levels", "default_level",
           "held_names", "level_name", "level_personality", "pass_and_play_names", "seats_offered"]

WINDOW_SEATS = 12
"""The most seats the window plays: the table stays legible at 1280×720 with this many."""


def seats_offered(rules: Rules) -> range:
    """How many seats New game offers: what the rules and one deck allow, at most ``WINDOW_SEATS``."""
    allowed = player_counts(rules)
    return range(allowed.start, min(allowed.stop, WINDOW_SEATS + 1))


def bot_levels() -> list[tuple[str, str]]:
    """``(level id, display name)`` of every bot level registered now."""
    return [(level.id, level.name) for level in bots.LEVELS.values()]


def default_level(difficulty: str = "normal", bot_index: int = 0) -> str:
    """The level of the ``bot_index``-th bot seat at ``difficulty`` (a registered level in any case)."""
    wanted = difficulty_level(difficulty, bot_index)
    return wanted if wanted in bots.LEVELS else next(iter(bots.LEVELS))


def held_names(names: list[str] | tuple[str, ...]) -> list[str]:
    """Names as the window shows them: at most ``MAX_NAME_LENGTH`` characters, none empty, all different."""
    out: list[str] = []
    for i, name in enumerate(names):
        held = name.strip()[:MAX_NAME_LENGTH].strip() or _("Player {number}").format(number=i + 1)
        if held in out:
            held = f"{held[:MAX_NAME_LENGTH - 3]} {i + 1}"
        out.append(held)
    return out


def pass_and_play_names(names: list[str], humans: list[bool]) -> list[str]:
    """With two or more humans nobody is called "You": the window's default name means "the player at this
    screen", and at a shared screen it would read like a pronoun ("You draws from the stock." for another
    seat). Only the name: who is told "you" is the seat at the screen, whatever the names."""
    if sum(humans) < 2:
        return names
    out = list(names)
    for i, (name, human) in enumerate(zip(names, humans)):
        if human and name == HUMAN_NAMES[0]:
            out[i] = next(_("Player {number}").format(number=n) for n in range(i + 1, 99)
                          if _("Player {number}").format(number=n) not in out)
    return out


def level_name(level_id: str) -> str:
    if level_id == REMOTE:
        return _("remote")
    level = bots.LEVELS.get(level_id)
    return _(level.name) if level else level_id


def level_personality(level_id: str) -> str:
    """A bot level's one-line personality (or what a human seat means)."""
    if level_id == "human":
        return _("A person at this computer; with two or more, the screen is passed between turns.")
    if level_id == REMOTE:
        return _("A friend on another computer: Start opens the table and shows the address and the code to join.")
    level = bots.LEVELS.get(level_id)
    return f"{_(level.name)}: {_(level.personality)}" if level else ""


@dataclass
class SeatChoice:
    name: str
    player: str
    """``"human"`` or a bot level id."""

    @property
    def is_human(self) -> bool:
        return self.player == "human"

    @property
    def is_remote(self) -> bool:
        """Played from another computer (the table is hosted here)."""
        return self.player == REMOTE

    @property
    def is_bot(self) -> bool:
        return not self.is_human and not self.is_remote


@dataclass
class GameSetup:
    """Everything the New game screen decides."""

    seats: list[SeatChoice] = field(default_factory=list)
    preset: str = "classic"
    rules: Rules = field(default_factory=lambda: PRESETS["classic"].rules)
    seed: int | None = None

    @classmethod
    def default(cls, fast: bool = False, demo: bool = False, seed: int | None = None,
                difficulty: str = "normal") -> GameSetup:
        """You against three bots of ``difficulty``, classic; ``demo`` puts bots in every seat; ``fast`` is a 1-life duel."""
        seats = [SeatChoice(s.name, "human" if s.player == "human" else s.player[4:])
                 for s in default_seats(difficulty)]
        rules = PRESETS["classic"].rules
        if fast:
            seats = seats[:2]
            rules = rules.replace(lives=1, honor_life=False)
        if demo:
            seats = [SeatChoice(BOT_NAMES[i], default_level(difficulty, i)) for i in range(4)]
        return cls(seats, "classic", rules, seed)

    @classmethod
    def from_settings(cls, settings: Settings, seed: int | None = None) -> GameSetup:
        """The remembered New game choices: preset, house rules, seats (bot seats at the chosen difficulty)."""
        from ..storage.settings import SettingsError
        try:
            rules = settings.rules()
            preset = settings.default_preset
        except SettingsError:
            rules, preset = PRESETS["classic"].rules, "classic"
        seats: list[SeatChoice] = []
        for seat in settings.default_seats:
            if seat.player == "human":
                seats.append(SeatChoice(seat.name, "human"))
            else:
                index = sum(1 for s in seats if not s.is_human)
                level = seat.player[4:]
                seats.append(SeatChoice(seat.name, level if level in bots.LEVELS else default_level(
                    settings.difficulty, index)))
        setup = cls(seats, preset, rules, seed)
        # Seats as a difficulty set them follow a later difficulty change; hand-picked levels stay.
        if setup.difficulty() not in (None, settings.difficulty):
            setup = setup.with_difficulty(settings.difficulty)
        return setup

    def difficulty(self) -> str | None:
        """The difficulty whose levels the bot seats have, in order (``None``: levels picked by hand)."""
        levels = [s.player for s in self.seats if s.is_bot]
        for name in DIFFICULTIES:
            if levels and levels == [default_level(name, i) for i in range(len(levels))]:
                return name
        return None

    def with_difficulty(self, difficulty: str) -> GameSetup:
        """The same table with every bot seat at ``difficulty``'s levels."""
        seats, index = [], 0
        for seat in self.seats:
            if not seat.is_bot:
                seats.append(seat)
            else:
                seats.append(SeatChoice(seat.name, default_level(difficulty, index)))
                index += 1
        return GameSetup(seats, self.preset, self.rules, self.seed)

    @classmethod
    def from_match(cls, match: Match) -> GameSetup:
        """The choices behind a match (for Continue from a saved game, then Play again)."""
        seats = [SeatChoice(seat.name, "human" if not seat.player.startswith("bot:") else seat.player[4:])
                 for seat in match.seats]
        preset = match.record.preset or "classic"
        return cls(seats, preset if preset in PRESETS else "classic", match.rules, None)

    def title(self, rules: Rules) -> str:
        """The preset's title as the player reads it, marked as house rules when ``rules`` differ from it."""
        preset = PRESETS.get(self.preset)
        title = _(preset.title) if preset else _("house rules")
        return title if preset and preset.rules == rules else _("{title} (house rules)").format(title=title)

    def start(self, plugin_seats: dict[int, str] | None = None) -> Match:
        """A new match for these choices (may raise ``RulesError``); ``plugin_seats`` replace bot seats' bots."""
        names = pass_and_play_names(held_names([s.name for s in self.seats]), [s.is_human for s in self.seats])
        seats = [Seat(name, "human" if s.is_human else f"bot:{s.player}") for name, s in zip(names, self.seats)]
        return Match.new(self.rules, seats, seed=self.seed, preset=self.preset,
                         bots=bots_with_plugins(seats, plugin_seats))

    def problem(self) -> str:
        """Why this table cannot start (the engine's words, or the window's), or ``""`` when it can."""
        names = [s.name for s in self.seats]
        if len(names) > WINDOW_SEATS:
            return _("the window seats at most {most} players, not {count}").format(most=WINDOW_SEATS, count=len(names))
        try:
            new_game(self.rules, names, seed=0)
        except (RulesError, ValueError) as error:
            return str(error)
        if len(set(names)) != len(names):
            return _("every player needs a different name")
        problem = too_few_players(self.rules, len(names))
        if problem:
            return problem
        if self.hosts_remote and sum(1 for seat in self.seats if seat.is_human) != 1:
            return _("a table with remote players has exactly one human player at this computer")
        return ""

    @property
    def hosts_remote(self) -> bool:
        """Whether a seat is played from another computer: the game is then hosted on the network."""
        return any(seat.is_remote for seat in self.seats)

    def table_kinds(self) -> list[str]:
        """The hosted table's seats: ``remote`` for every person (this screen's player joins too), else a level."""
        return [REMOTE if not seat.is_bot else seat.player for seat in self.seats]

    def kinds(self) -> list[str]:
        """What the table shows under each name."""
        humans = sum(1 for s in self.seats if s.is_human)
        return [(_("human") if humans > 1 else "") if s.is_human else level_name(s.player) for s in self.seats]
