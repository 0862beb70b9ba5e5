"""How a menu's focused item is said: its label, its value, and what kind of control it is.

The scenes ask these as the keyboard focus moves (``spoken_focus``); the window says the line
whenever it changes, so a player hears each step of New game, Settings, Statistics and Review.
"""

from __future__ import annotations

from ..i18n import _


def screen_line(screen: str, item: str) -> str:
    """"Settings. Theme: Classic green felt.": the screen's name, then the focused item."""
    return _("{screen}. {item}").format(screen=screen, item=item) if item else screen


def choice_line(label: str, value: str, hint: str = "") -> str:
    """A choice changed with the arrows: "Difficulty: Normal. Left and right change it." and its hint."""
    line = _("{label}: {value}. Left and right change it.").format(label=label, value=value)
    return f"{line} {hint}" if hint else line


def button_line(label: str, keys: str = "") -> str:
    """A button: "Start, button (Enter)."."""
    return (_("{label}, button ({keys}).").format(label=label, keys=keys) if keys
            else _("{label}, button.").format(label=label))


def field_line(label: str, text: str) -> str:
    """A text field: "Player 1's name: Maria. Type to replace it."."""
    return _("{label}: {text}. Type to replace it.").format(label=label, text=text or _("empty"))


__all__ = ["button_line", "choice_line", "field_line", "screen_line"]
