"""A one-line text field (a seat's name on the New game screen)."""

from __future__ import annotations

from typing import Callable

import pygame

from ..i18n import _
from .pointer import pointer
from .assets import Assets
from .layout import Box
from .theme import Theme
from .widgets import blit_text, draw_focus_ring, fit_text, rect


class TextField:
    """A one-line text field: click (or Tab) to focus, type, Backspace, Enter or Tab to leave.

    Focusing selects the whole text, so typing replaces it (as Ctrl+A does);
    ``allowed`` may refuse characters with a reason shown by the screen.
    """

    def __init__(self, text: str, max_length: int = 16, placeholder: str = "",
                 allowed: Callable[[str], str | None] | None = None) -> None:
        self.text = text
        self.max_length = max_length
        self.placeholder = placeholder
        self.focused = False
        self.all_selected = False
        self.allowed = allowed
        """Returns why a character cannot be typed (``None``: it can)."""
        self.refusal = ""
        """Why the last typed character was refused ("" when none was)."""
        self.box = Box(0, 0, 0, 0)

    def focus(self, on: bool = True) -> None:
        """Take (or leave) the keyboard focus; taking it selects the whole text."""
        self.focused = on
        self.all_selected = on and bool(self.text)
        self.refusal = ""

    def handle(self, event: pygame.event.Event) -> bool:
        mouse = pointer(event)
        if mouse is not None and mouse.left_press:
            inside = self.box.contains(*mouse.pos)
            if inside != self.focused:
                self.focus(inside)
            return inside
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            typed, refused = "", False
            for ch in event.text:
                problem = None if ch.isprintable() else _("that key types nothing")
                if problem is None and self.allowed is not None:
                    problem = self.allowed(ch)
                if problem:
                    self.refusal, refused = problem, True
                else:
                    typed += ch
            if typed:
                self.refusal = self.refusal if refused else ""
                base = "" if self.all_selected else self.text
                self.text = (base + typed)[: self.max_length]
                self.all_selected = False
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.all_selected = bool(self.text)
            elif event.key == pygame.K_BACKSPACE:
                self.text = "" if self.all_selected else self.text[:-1]
                self.all_selected = False
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focus(False)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.all_selected = False
            return True
        return False

    def draw(self, surface: pygame.Surface, assets: Assets, theme: Theme, unit: float, blink_on: bool) -> None:
        r = rect(self.box)
        radius = max(3, int(6 * unit))
        pygame.draw.rect(surface, (250, 248, 240), r, border_radius=radius)
        pygame.draw.rect(surface, theme.highlight if self.focused else theme.panel_edge, r,
                         max(1, int(2 * unit)), border_radius=radius)
        size = min(16 * unit, r.h * 0.55)
        shown = self.text or self.placeholder
        colour = (30, 30, 30) if self.text else (140, 140, 140)
        label = fit_text(assets, shown, size, r.w - 16 * unit) if shown else ""
        if self.focused and self.all_selected and label:
            width = assets.font(int(size)).size(label)[0]
            pygame.draw.rect(surface, (150, 190, 250), pygame.Rect(round(r.x + 6 * unit), round(r.y + 4 * unit),
                                                                  width + round(4 * unit), max(1, r.h - round(8 * unit))))
        text_rect = blit_text(surface, assets, label, size, colour, (r.x + 8 * unit, r.centery), "midleft")
        if self.focused and blink_on and not self.all_selected:
            x = text_rect.right + 2 if self.text else r.x + 8 * unit
            pygame.draw.line(surface, (30, 30, 30), (x, r.y + 5 * unit), (x, r.bottom - 5 * unit), max(1, int(2 * unit)))
        if self.focused:
            draw_focus_ring(surface, self.box, theme, unit)
