"""A yes-or-no question over a screen: a dimmed backdrop, a panel, two buttons, Enter and Esc.

The screen that asks keeps a ``Question`` while it waits, hands it every event
(``answer``) and draws it last; nothing under it reacts until it is answered.
"""

from __future__ import annotations

import pygame

from ...i18n import N_, _
from ..assets import Assets
from ..keys import CONFIRM, read
from ..layout import Box, dialog, ui_unit
from ..theme import TEXT, Theme
from ..widgets import Button, blit_text, dim_overlay, draw_panel

YES, NO = "yes", "no"


class Question:
    """A question with a button for yes (Enter) and one for no (Esc or Backspace); labels are marked with ``N_``."""

    def __init__(self, question: str, explanation: str, yes: str, no: str) -> None:
        self.question = question
        self.explanation = explanation
        self.yes = Button(yes, lambda: YES, N_("Enter"))  # the keys of CONFIRM's "yes" and "no"
        self.no = Button(no, lambda: NO, "Esc")

    def answer(self, event: pygame.event.Event) -> str | None:
        """``YES``, ``NO`` or ``None`` (not answered yet) for one event."""
        for button in (self.yes, self.no):
            result = button.handle(event)
            if result in (YES, NO):
                return str(result)
        intent = read(event, CONFIRM)
        return intent.command if intent is not None else None

    def draw(self, surface: pygame.Surface, assets: Assets, theme: Theme, ui_scale: float) -> None:
        """The question centred over the screen, its explanation wrapped to the panel."""
        w, h = surface.get_size()
        u = ui_unit(w, h, ui_scale)
        dim_overlay(surface, 170)
        width = dialog(w, h, 680, 10, ui_scale).w
        title = assets.wrap(_(self.question), TEXT.heading * u, width - 40 * u, bold=True)
        lines = assets.wrap(_(self.explanation), TEXT.body * u, width - 40 * u)
        height = (24 + 30 * len(title) + 10 + 21 * len(lines) + 20 + 44 + 20) * u
        panel = Box.centered(w / 2, h / 2, width, min(height, h - 20 * u))
        draw_panel(surface, panel, theme, u)
        y = panel.y + 20 * u
        for line in title:
            blit_text(surface, assets, line, TEXT.heading * u, theme.accent, (panel.center[0], y), "midtop", True)
            y += 30 * u
        y += 10 * u
        for line in lines:
            blit_text(surface, assets, line, TEXT.body * u, theme.text, (panel.center[0], y), "midtop")
            y += 21 * u
        button_w = min(300 * u, (panel.w - 50 * u) / 2)
        self.yes.box = Box(panel.center[0] - 5 * u - button_w, panel.bottom - 64 * u, button_w, 44 * u)
        self.no.box = Box(panel.center[0] + 5 * u, panel.bottom - 64 * u, button_w, 44 * u)
        self.yes.lit = True
        for button in (self.yes, self.no):
            button.draw(surface, assets, theme, u)
