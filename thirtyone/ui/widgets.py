"""Buttons and choice cyclers, plus the drawing helpers every widget shares (text fields: ``text_field``).

Widgets keep their own box (a layout ``Box``) and draw with the context's theme.
``handle`` returns True when the widget used the event.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from ..i18n import _
from .assets import Assets
from .layout import Box
from .pointer import LEFT, MOVE, PRESS, RIGHT, pointer
from .theme import SCREEN_TITLE_TOP, SIZE_SCREEN_TITLE, SMALLEST_FIT, Theme


def rect(box: Box) -> pygame.Rect:
    return pygame.Rect(box.rounded())


def draw_panel(surface: pygame.Surface, box: Box, theme: Theme, unit: float, alpha: int = 225,
               edge: bool = True) -> None:
    """A rounded, translucent panel with a thin edge."""
    r = rect(box)
    if r.w <= 0 or r.h <= 0:
        return
    key = ("panel", theme.name, r.size, alpha, edge, round(unit, 2))
    panel = _PANELS.get(key)
    if panel is None:
        radius = max(4, int(10 * unit))
        panel = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*theme.panel, alpha), panel.get_rect(), border_radius=radius)
        if edge:
            pygame.draw.rect(panel, (*theme.panel_edge, 200), panel.get_rect(), max(1, int(2 * unit)), border_radius=radius)
        if len(_PANELS) > 300:
            _PANELS.clear()
        _PANELS[key] = panel
    surface.blit(panel, r.topleft)


_PANELS: dict[tuple[Any, ...], pygame.Surface] = {}


def blit_text(surface: pygame.Surface, assets: Assets, text: str, size: float, colour: tuple[int, int, int],
              pos: tuple[float, float], anchor: str = "topleft", bold: bool = False) -> pygame.Rect:
    """Draw cached text with its ``anchor`` (a pygame.Rect attribute) at ``pos``."""
    image = assets.text(text, size, colour, bold)
    r = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, r)
    return r


def fit_size(assets: Assets, text: str, size: float, width: float, bold: bool = False) -> float:
    """The largest text size from ``size`` down to ``SMALLEST_FIT`` of it at which ``text`` fits ``width``
    (the smallest, if none does): a long word reads better a little smaller than cut."""
    return assets.measured(("fit_size", text, size, width, bold), lambda: _fit_size(assets, text, size, width, bold))


def _fit_size(assets: Assets, text: str, size: float, width: float, bold: bool) -> float:
    least = max(1, int(size * SMALLEST_FIT))
    step = int(size)
    while step > least and assets.font(step, bold).size(text)[0] > width:
        step -= 1
    return size if step == int(size) else float(step)


def fit_text(assets: Assets, text: str, size: float, width: float, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    return assets.measured(("fit_text", text, int(size), width, bold), lambda: _fit_text(assets, text, size, width, bold))


def _fit_text(assets: Assets, text: str, size: float, width: float, bold: bool) -> str:
    font = assets.font(int(size), bold)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


class Button:
    """A clickable button with a label and an optional key hint."""

    def __init__(self, label: str, on_click: Callable[[], Any] | None, hint: str = "", enabled: bool = True) -> None:
        """``on_click`` runs when ``handle`` sees a click; ``None`` for a button its owner hit-tests itself."""
        self.label = label
        self.on_click = on_click
        self.hint = hint
        self.enabled = enabled
        self.box = Box(0, 0, 0, 0)
        self.hover = False
        self.lit = False
        """Drawn as a suggested move (a legal action the player may take)."""
        self.focused = False
        """Has the keyboard focus (drawn with a ring; Enter or Space presses it)."""

    def text_places(self, assets: Assets, unit: float) -> tuple[str, float, tuple[float, float], tuple[float, float] | None]:
        """The label as drawn, its size and centre, and the key hint's bottom-right corner (None: no hint).

        A label too wide to stay centred beside the hint moves left, then shortens: the two never overlap.
        """
        r = rect(self.box)
        full = self._text_size(unit)
        shown = _(self.label)  # translated when drawn: a language switch needs no new buttons
        size = fit_size(assets, shown, full, r.w - 12 * unit, True)
        label = fit_text(assets, shown, size, r.w - 12 * unit, bold=True)
        centre = (float(r.centerx), float(r.centery))
        if not self.hint or r.w <= 90 * unit:
            return label, size, centre, None
        hint_at = (r.right - 6 * unit, r.bottom - 3 * unit)
        hint_left = hint_at[0] - assets.font(int(full * 0.62)).size(_(self.hint))[0] - 3 * unit
        label_w = assets.font(int(size), True).size(label)[0]
        if r.centerx + label_w / 2 > hint_left:
            size = fit_size(assets, shown, full, hint_left - r.x - 6 * unit, True)
            label = fit_text(assets, shown, size, hint_left - r.x - 6 * unit, bold=True)
            label_w = assets.font(int(size), True).size(label)[0]
            centre = (min(float(r.centerx), hint_left - label_w / 2), centre[1])
        return label, size, centre, hint_at

    def _text_size(self, unit: float) -> float:
        """The label's size when it fits; the key hint is always drawn at 62% of it."""
        return min(20 * unit, rect(self.box).h * 0.45)

    def press(self) -> Any:
        """What a click (or Enter on the focused button) does: ``on_click``'s result, or None without one."""
        return self.on_click() if self.on_click is not None else None

    def handle(self, event: pygame.event.Event) -> Any:
        """Returns the click callback's result (or True) when clicked, else None."""
        mouse = pointer(event)
        if mouse is None:
            return None
        if mouse.kind == MOVE:
            self.hover = self.box.contains(*mouse.pos)
        elif mouse.left_press and self.box.contains(*mouse.pos):
            if self.enabled:
                result = self.press()
                return True if result is None else result
        return None

    def draw(self, surface: pygame.Surface, assets: Assets, theme: Theme, unit: float) -> None:
        r = rect(self.box)
        colour = theme.button_hover if self.hover and self.enabled else theme.button
        if not self.enabled:
            colour = (int(theme.button[0] * 0.55), int(theme.button[1] * 0.55), int(theme.button[2] * 0.55))
        radius = max(3, int(8 * unit))
        shadow = r.move(0, max(1, int(3 * unit)))
        pygame.draw.rect(surface, theme.table_shade, shadow, border_radius=radius)
        pygame.draw.rect(surface, colour, r, border_radius=radius)
        edge = theme.highlight if (self.lit and self.enabled) else theme.panel_edge
        pygame.draw.rect(surface, edge, r, max(1, int((3 if self.lit else 1.5) * unit)), border_radius=radius)
        text_colour = theme.button_text if self.enabled else theme.text_dim
        label, size, centre, hint_at = self.text_places(assets, unit)
        blit_text(surface, assets, label, size, text_colour, centre, "center", bold=True)
        if hint_at is not None:
            blit_text(surface, assets, _(self.hint), self._text_size(unit) * 0.62, theme.text_dim, hint_at, "bottomright")
        if self.focused:
            draw_focus_ring(surface, self.box, theme, unit)
def draw_focus_ring(surface: pygame.Surface, box: Box, theme: Theme, unit: float) -> None:
    """The keyboard focus: a bright ring just outside ``box``."""
    r = rect(box).inflate(max(4, int(6 * unit)), max(4, int(6 * unit)))
    pygame.draw.rect(surface, theme.highlight, r, max(2, int(3 * unit)), border_radius=max(4, int(9 * unit)))


class Cycler:
    """A value picked from a list with ‹ › arrows (click left or right half, or the wheel)."""

    def __init__(self, choices: Sequence[tuple[Any, str]], index: int = 0,
                 on_change: Callable[[Any], None] | None = None) -> None:
        self.choices = list(choices)
        self.index = index
        self.on_change = on_change
        self.box = Box(0, 0, 0, 0)
        self.hover = False
        self.focused = False
        """Has the keyboard focus (← → change it)."""
        self.enabled = True
        """Off: drawn dimmed, ignores clicks, and the keyboard focus passes it by."""

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    @property
    def label(self) -> str:
        return self.choices[self.index][1]

    def set_value(self, value: Any) -> None:
        for i, (v, _label) in enumerate(self.choices):
            if v == value and type(v) is type(value):
                self.index = i
                return

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.choices)
        if self.on_change is not None:
            self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        mouse = pointer(event)
        if mouse is None:
            return False
        if mouse.kind == MOVE:
            self.hover = self.box.contains(*mouse.pos)
        elif mouse.kind == PRESS and self.enabled and self.box.contains(*mouse.pos):
            if mouse.button == LEFT:
                self.step(-1 if mouse.pos[0] < self.box.x + self.box.w * 0.25 else 1)
                return True
            if mouse.button == RIGHT:
                self.step(-1)
                return True
        return False

    def draw(self, surface: pygame.Surface, assets: Assets, theme: Theme, unit: float) -> None:
        r = rect(self.box)
        radius = max(3, int(6 * unit))
        if self.enabled:
            fill, arrows, text = theme.button_hover if self.hover else theme.button, theme.accent, theme.button_text
        else:  # as a disabled button: darker, grey text, no arrows to press
            fill = (int(theme.button[0] * 0.55), int(theme.button[1] * 0.55), int(theme.button[2] * 0.55))
            arrows, text = None, theme.text_dim
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        size = min(16 * unit, r.h * 0.55)
        if arrows is not None:
            blit_text(surface, assets, "‹", size * 1.3, arrows, (r.x + 8 * unit, r.centery), "midleft", True)
            blit_text(surface, assets, "›", size * 1.3, arrows, (r.right - 8 * unit, r.centery), "midright", True)
        size = fit_size(assets, _(self.label), size, r.w - 40 * unit)
        label = fit_text(assets, _(self.label), size, r.w - 40 * unit)
        blit_text(surface, assets, label, size, text, r.center, "center")
        if self.focused:
            draw_focus_ring(surface, self.box, theme, unit)


def draw_screen(surface: pygame.Surface, assets: Assets, theme: Theme, unit: float, title: str) -> None:
    """A menu screen's backdrop and its title at the top: every list screen looks alike."""
    draw_backdrop(surface, assets, theme, unit)
    blit_text(surface, assets, title, SIZE_SCREEN_TITLE * unit, theme.accent,
              (surface.get_width() / 2, SCREEN_TITLE_TOP * unit), "midtop", True)


def draw_backdrop(surface: pygame.Surface, assets: Assets, theme: Theme, unit: float) -> None:
    """The felt with a soft dark vignette, for menu screens (cached per size)."""
    size = surface.get_size()
    key = ("backdrop", theme.name, size)
    cached = assets.cache_get(key)
    if cached is None:
        cached = assets.felt(theme.felt, size, unit).copy()
        w, h = size
        small = pygame.Surface((32, 18), pygame.SRCALPHA)
        for x in range(32):
            for y in range(18):
                dx, dy = (x - 15.5) / 16, (y - 8.5) / 9
                small.set_at((x, y), (0, 0, 0, int(min(1.0, (dx * dx + dy * dy) ** 1.5 * 0.42) * 255)))
        cached.blit(pygame.transform.smoothscale(small, size), (0, 0))
        assets.cache_put(key, cached)
    surface.blit(cached, (0, 0))


def dim_overlay(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (under a pause or result panel)."""
    key = (surface.get_size(), alpha)
    shade = _SHADES.get(key)
    if shade is None:  # made once per window size: a fresh window-sized surface each frame cost 5× the blit
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, alpha))
        if len(_SHADES) > 8:  # a few alphas at the window's sizes of this evening
            _SHADES.clear()
        _SHADES[key] = shade
    surface.blit(shade, (0, 0))


_SHADES: dict[tuple[tuple[int, int], int], pygame.Surface] = {}
