"""The common opening of the menu screens: buttons first, then one key read, then the screen's own command.

Title, pause, statistics, the game over and the Deal of the day's two screens all begin
``handle_event`` the same way and measure the window the same way before drawing; that
opening lives here once. The network's screens (host lobby, join) open ``draw`` with
``open_page``: the backdrop and the title.
"""

from __future__ import annotations

from typing import Sequence

import pygame

from ...i18n import _
from ..keys import Intent, read
from ..layout import fitted_unit, ui_unit
from ..scene import BaseScene, Context, Transition
from ..theme import TEXT
from ..widgets import Button, blit_text, draw_backdrop


class MenuScene(BaseScene):
    """A screen of buttons and keys. Subclasses set ``keys_place`` and answer ``command``."""

    keys_place = ""
    """The key table's place whose commands this screen answers."""
    ignores_stray_input = False
    """Screens that follow a game's last move ignore input for a moment (``just_shown``)."""
    buttons: Sequence[Button] = ()

    def handle_event(self, event: pygame.event.Event) -> Transition:
        if self.ignores_stray_input and self.just_shown():
            return None
        for button in self.buttons:
            result = button.handle(event)
            if result is not None:
                self.ctx.sound.play("click")
                return result if result is not True else None
        if self.widget_event(event):
            return None
        intent = read(event, self.keys_place)
        return self.command(intent.command if intent is not None else "", intent)

    def widget_event(self, event: pygame.event.Event) -> bool:
        """Widgets besides the buttons (a selector); whether ``event`` was theirs."""
        return False

    def command(self, command: str, intent: Intent | None) -> Transition:
        """The screen's answer to a key's ``command`` ("" when the event was no key of this screen)."""
        return None

    def measure(self, surface: pygame.Surface) -> tuple[int, int, float]:
        """The surface's width and height and the UI unit that makes a full-window form fit."""
        w, h = surface.get_size()
        return w, h, fitted_unit(w, h, self.ctx.settings.ui_scale)


def open_page(surface: pygame.Surface, ctx: Context, title: str, title_top: float) -> tuple[int, int, float]:
    """Draw a page's backdrop and its ``title`` (marked for translation) ``title_top`` units from the top;
    the surface's width and height and the UI unit."""
    w, h = surface.get_size()
    u = ui_unit(w, h, ctx.settings.ui_scale)
    draw_backdrop(surface, ctx.assets, ctx.theme, u)
    blit_text(surface, ctx.assets, _(title), TEXT.display * u, ctx.theme.accent, (w / 2, title_top * u), "midtop", True)
    return w, h, u


__all__ = ["MenuScene", "open_page"]
