"""The choices that start a game (seats, rules, preset) and the bots the window offers."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import bots
from ..controller import Match
from ..model import PRESETS, Rules
from ..model.record import Seat
from .plugin_seats import bots_with_plugins

BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")
HUMAN_NAMES = ("You", "Maria", "Sam", "Lee", "Kim", "Noor", "Tom", "Zoe")


def bot_levels() -> list[tuple[str, str]]:
    """``(level id, display name)`` of every bot level registered now."""
    return [(level.id, level.name) for level in bots.LEVELS.values()]


def default_level() -> str:
    """A friendly middle level when the strong bots exist, else the first one."""
    for wanted in ("casual", "sharp", "beginner"):
        if wanted in bots.LEVELS:
            return wanted
    return next(iter(bots.LEVELS))


def level_name(level_id: str) -> str:
    level = bots.LEVELS.get(level_id)
    return level.name if level else level_id


def level_personality(level_id: str) -> str:
    """A bot level's one-line personality (or what a human seat means)."""
    if level_id == "human":
        return "A person at this computer; with two or more, the screen is passed between turns."
    level = bots.LEVELS.get(level_id)
    return f"{level.name}: {level.personality}" if level else ""


@dataclass
class SeatChoice:
    name: str
    player: str
    """``"human"`` or a bot level id."""

    @property
    def is_human(self) -> bool:
        return self.player == "human"


@dataclass
class GameSetup:
    """Everything the New game screen decides."""

    seats: list[SeatChoice] = field(default_factory=list)
    preset: str = "classic"
    rules: Rules = field(default_factory=lambda: PRESETS["classic"].rules)
    seed: int | None = None

    @classmethod
    def default(cls, fast: bool = False, demo: bool = False, seed: int | None = None) -> GameSetup:
        """You against three bots, classic; ``demo`` puts bots in every seat; ``fast`` is a 1-life duel."""
        level = default_level()
        seats = [SeatChoice("You", "human")] + [SeatChoice(BOT_NAMES[i], level) for i in range(3)]
        rules = PRESETS["classic"].rules
        if fast:
            seats = seats[:2]
            rules = rules.replace(lives=1, honor_life=False)
        if demo:
            seats = [SeatChoice(BOT_NAMES[i], level) for i in range(4)]
        return cls(seats, "classic", rules, seed)

    @classmethod
    def from_match(cls, match: Match) -> GameSetup:
        """The choices behind a match (for Continue from a saved game, then Play again)."""
        seats = [SeatChoice(seat.name, "human" if not seat.player.startswith("bot:") else seat.player[4:])
                 for seat in match.seats]
        preset = match.record.preset or "classic"
        return cls(seats, preset if preset in PRESETS else "classic", match.rules, None)

    def start(self, plugin_seats: dict[int, str] | None = None) -> Match:
        """A new match for these choices (may raise ``RulesError``); ``plugin_seats`` replace bot seats' bots."""
        seats = [Seat(s.name.strip() or f"Player {i + 1}", "human" if s.is_human else f"bot:{s.player}")
                 for i, s in enumerate(self.seats)]
        return Match.new(self.rules, seats, seed=self.seed, preset=self.preset, bots=bots_with_plugins(seats, plugin_seats))

    def kinds(self) -> list[str]:
        """What the table shows under each name."""
        humans = sum(1 for s in self.seats if s.is_human)
        return [("human" if humans > 1 else "") if s.is_human else level_name(s.player) for s in self.seats]
