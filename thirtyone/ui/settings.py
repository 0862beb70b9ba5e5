"""The window's settings as one plain value the app holds and hands to scenes.

Storage persists it later; the ui only reads it. Speeds are multipliers of the
base durations; an animation speed of 0 means "instant".
"""

from __future__ import annotations

from dataclasses import dataclass

ANIMATION_SPEEDS: tuple[tuple[float, str], ...] = ((0.6, "slow"), (1.0, "normal"), (2.0, "fast"), (0.0, "instant"))
"""Choices for ``UiSettings.animation_speed``: multiplier and label (0 = no animation)."""
BOT_SPEEDS: tuple[tuple[float, str], ...] = ((0.5, "slow"), (1.0, "normal"), (2.5, "fast"), (0.0, "instant"))
"""Choices for ``UiSettings.bot_speed``: how fast bots show their turns (0 = at once)."""
THEMES = ("classic", "pony")


@dataclass
class UiSettings:
    """Everything the player can tune about the window."""

    theme: str = "classic"
    four_colour: bool = False
    animation_speed: float = 1.0
    bot_speed: float = 1.0
    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    ui_scale: float = 1.0
    show_hand_value: bool = True
    confirm_knock: bool = False
    coach_hints: str = "on-request"

    def duration_s(self, base_s: float) -> float:
        """A base animation duration scaled by the animation speed (0 when instant)."""
        return 0.0 if self.animation_speed <= 0 else base_s / self.animation_speed

    def bot_delay_s(self, base_s: float = 0.8) -> float:
        """How long a bot visibly thinks before its move shows."""
        return 0.0 if self.bot_speed <= 0 else base_s / self.bot_speed

    @property
    def deck(self) -> str:
        """The card deck folder for the theme and colour choice."""
        if self.theme == "pony":
            return "pony"
        return "classic4" if self.four_colour else "classic"
