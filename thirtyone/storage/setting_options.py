"""Every player setting declared once: its label, hint, choices and default.

``Settings`` (``settings.py``) takes its defaults and checks from here, storage
persists it, and the Settings screen is built from ``SETTING_OPTIONS`` the way
the house-rules screen is built from ``model.options.RULE_OPTIONS``. The seats a
fresh New game starts with, the names it offers and the difficulty levels live
here too, so New game, "+ Add player" and a fresh profile all read one list.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ..i18n import AUTO, LANGUAGES, N_
from ..model.options import Option
from ..model.record import Seat


ON_OFF = ((True, N_("On")), (False, N_("Off")))

SPEEDS: Mapping[str, float] = MappingProxyType({"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.75})
"""Speed names and the factor they put on animation durations and bot thinking pauses."""
SPEED_CHOICES = tuple(zip(SPEEDS, (N_("Instant"), N_("Fast"), N_("Normal"), N_("Slow"))))

DIFFICULTIES: Mapping[str, tuple[str, str]] = MappingProxyType({
    "easy": ("beginner", "casual"),
    "normal": ("casual", "sharp"),
    "hard": ("sharp", "expert"),
})
"""Difficulty → the two bot levels that alternate in the bot seats (weaker first).

Easy mixes Pip's slips with Sunny's greed; Normal pairs Sunny with Marlowe, who
counts cards, so a newcomer wins some and learns from the rest; Hard seats
Marlowe beside Lovelace, who weighs what the others pick up (seeing only its own seat, as every bot).
"""
DIFFICULTY_CHOICES = (("easy", N_("Easy")), ("normal", N_("Normal")), ("hard", N_("Hard")))

SPEECH_RATES = (0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0)
"""The speech rates offered, as factors on the voice's normal pace."""

MAX_NAME_LENGTH = 14
"""The longest player name: the New game field, saved settings and the table all hold to it."""
HUMAN_NAMES = ("You", "Maria", "Sam", "Lee", "Kim", "Noor", "Tom", "Zoe")
BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana")


def difficulty_level(difficulty: str, bot_index: int) -> str:
    """The bot level for the ``bot_index``-th bot seat (0-based) at ``difficulty``."""
    levels = DIFFICULTIES.get(difficulty, DIFFICULTIES["normal"])
    return levels[bot_index % 2]


def default_seats(difficulty: str = "normal") -> tuple[Seat, ...]:
    """You against three bots of ``difficulty``: the one-click game of a fresh profile."""
    return (Seat(HUMAN_NAMES[0], "human"),) + tuple(
        Seat(BOT_NAMES[i], f"bot:{difficulty_level(difficulty, i)}") for i in range(3))


LANGUAGE_CHOICES = ((AUTO, N_("System language")),) + tuple(LANGUAGES.items())
"""Follow the system, or one language named in itself (never translated: a reader finds their own)."""

ANSWER_WINDOW_FACTORS: Mapping[str, float] = MappingProxyType({"normal": 1.0, "long": 3.0})
"""Quick Draw answer time choices and the factor each puts on the rules' answer window (the rules allow
at most ``MAX_ANSWER_WINDOW_MS``): three times 0.7 s leaves time to hear "Draw!" and press G."""
MAX_ANSWER_WINDOW_MS = 5000


def answer_window_ms(rules_ms: int, choice: str) -> int:
    """The answer window a game is started with under the Quick Draw answer time ``choice``."""
    return min(MAX_ANSWER_WINDOW_MS, max(rules_ms, round(rules_ms * ANSWER_WINDOW_FACTORS.get(choice, 1.0))))


UI_SCALES = (0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0)

SETTING_OPTIONS: tuple[Option, ...] = (
    Option("theme", N_("Theme"), N_("The table, the cards and the menus: classic green felt, pastel ponies, "
                                  "or high contrast (white on black, four-colour deck) for low vision."),
           (("classic", N_("Classic green felt")), ("pony", N_("Pony pastel")), ("contrast", N_("High contrast"))),
           default="classic"),
    Option("four_colour", N_("Four-colour deck"),
                  N_("Blue diamonds and green clubs, so the four suits never look alike (classic theme)."), ON_OFF, default=False),
    Option("difficulty", N_("Difficulty"),
                  N_("How strong New game's bots are: Easy (Pip and Sunny), Normal (Sunny and Marlowe), "
                  "Hard (Marlowe and Lovelace)."), DIFFICULTY_CHOICES, default="normal"),
    Option("animation_speed", N_("Animation speed"),
                  N_("How fast cards fly; Instant skips the animation. Space skips it during a game."),
                  SPEED_CHOICES, default="normal"),
    Option("bot_speed", N_("Bot speed"), N_("How long bots seem to think before their move shows."),
                  SPEED_CHOICES, default="normal"),
    Option("volume", N_("Sound volume"), N_("Loudness of the sound effects."),
                  tuple((i / 10, f"{i * 10} %") for i in range(11)), default=0.8),
    Option("muted", N_("Mute sound"), N_("Silence every sound (the volume is kept)."), ON_OFF, default=False),
    Option("fullscreen", N_("Full screen"), N_("Fill the screen; F11 switches at any time."), ON_OFF, default=False),
    Option("ui_scale", N_("Interface size"), N_("Bigger or smaller cards, text and buttons."),
                  tuple((s, f"{round(s * 100)} %") for s in UI_SCALES), default=1.0),
    Option("show_hand_value", N_("Show my hand's value"),
                  N_("Show what your hand counts during play (H switches it)."), ON_OFF, default=True),
    Option("confirm_knock", N_("Confirm before knocking"), N_("Ask once more before you knock, against slips."),
                  ON_OFF, default=True),
    Option("coach_hints", N_("Coach hints"),
                  N_("The best move and its odds on your turn: never, when you ask (Hint, ? or F1), or every turn."),
                  (("off", N_("Off")), ("on-request", N_("On request")), ("always", N_("Always"))), default="on-request"),
    Option("speech", N_("Speech"),
           N_("The game speaks every event, menu and answer through the system's voice or screen reader "
              "(How to play lists the question keys)."), (("off", N_("Off")), ("on", N_("On"))), default="off"),
    Option("speech_verbosity", N_("Speech detail"),
           N_("Short: what happens. Full: also whose turn it is and what you may do."),
           (("short", N_("Short")), ("full", N_("Full"))), default="full"),
    Option("speech_interrupt", N_("Speech interrupts itself"),
           N_("On: a new event cuts off the line being spoken. Off: lines wait their turn."), ON_OFF, default=False),
    Option("speech_rate", N_("Speech rate"),
           N_("How fast the game's own voice speaks. A screen reader keeps the rate you set in it."),
           tuple((rate, f"{round(rate * 100)} %") for rate in SPEECH_RATES), default=1.0),
    Option("quick_draw_window", N_("Quick Draw answer time"),
           N_("How long you have to fire back in a Quick Draw: longer gives a speech user time to hear the cue."),
           (("normal", N_("Normal")), ("long", N_("Longer, for speech"))), default="normal"),
    Option("language", N_("Language"), N_("The language of the game: the system's, or one chosen here."),
                  LANGUAGE_CHOICES, default=AUTO),
)
"""The settings on the Settings screen, in the order shown."""

OPTION_BY_FIELD: Mapping[str, Option] = MappingProxyType({opt.field: opt for opt in SETTING_OPTIONS})
