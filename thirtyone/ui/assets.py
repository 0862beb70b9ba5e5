"""Cached loading of images, fonts and rendered text, scaled once per size.

Nothing is scaled per frame: a card face is smooth-scaled once for each width
asked for, text is rendered once per (text, size, colour). ``face_probe`` lets
tests record which card faces were drawn (to check hidden cards stay hidden).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pygame

from ..model import Card
from ..paths import asset_path
from .theme import FONT, FONT_BOLD


UNITS = frozenset({"s", "ms", "%"})
"""Units written after a number with a space; wrapping never parts them from it."""


def _with_units(words: list[str]) -> list[str]:
    """``words`` with each unit joined to the number before it, so the two wrap as one."""
    joined: list[str] = []
    for word in words:
        if joined and joined[-1][-1:].isdigit() and word.rstrip(".,;:)") in UNITS:
            joined[-1] = f"{joined[-1]} {word}"
        else:
            joined.append(word)
    return joined


class Assets:
    """Every surface the window draws, loaded lazily and cached."""

    TEXT_CACHE = 1500

    def __init__(self) -> None:
        self._raw: dict[tuple[str, ...], pygame.Surface] = {}
        self._scaled: dict[tuple[Any, ...], pygame.Surface] = {}
        self._rotated: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        self.face_probe: set[str] | None = None
        """When a set, every card face drawn adds its code (for tests)."""

    def image(self, *parts: str) -> pygame.Surface:
        """An asset image as loaded (converted for fast blits when a display exists)."""
        surface = self._raw.get(parts)
        if surface is None:
            surface = pygame.image.load(str(asset_path(*parts)))
            if pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
            self._raw[parts] = surface
        return surface

    def scaled(self, parts: tuple[str, ...], width: int, height: int | None = None) -> pygame.Surface:
        """An image smooth-scaled to ``width`` (height keeps the ratio unless given), cached."""
        width = max(1, int(width))
        key = (parts, width, height)
        surface = self._scaled.get(key)
        if surface is None:
            raw = self.image(*parts)
            h = height if height is not None else max(1, round(raw.get_height() * width / raw.get_width()))
            surface = pygame.transform.smoothscale(raw, (width, max(1, int(h))))
            self._scaled[key] = surface
        return surface

    def card(self, deck: str, card: Card | None, width: int) -> pygame.Surface:
        """A card face (or the back when ``card`` is None) at ``width`` pixels."""
        if card is not None and self.face_probe is not None:
            self.face_probe.add(card.code)
        name = "back.png" if card is None else f"{card.code}.png"
        return self.scaled(("cards", deck, name), width)

    def rotated(self, surface_key: tuple[Any, ...], surface: pygame.Surface, angle: float) -> pygame.Surface:
        """``surface`` turned by ``angle`` degrees (to the nearest degree), cached."""
        whole = round(angle)
        if whole == 0:
            return surface
        key = surface_key + (whole,)
        rotated = self._rotated.get(key)
        if rotated is None:
            rotated = pygame.transform.rotozoom(surface, whole, 1.0)
            self._rotated[key] = rotated
            if len(self._rotated) > 800:
                self._rotated.popitem(last=False)
        return rotated

    MIN_FONT_PX = 11
    """No text is set smaller than this, even in the smallest window."""

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        size = max(self.MIN_FONT_PX, int(size))
        font = self._fonts.get((size, bold))
        if font is None:
            font = pygame.font.Font(str(asset_path("fonts", FONT_BOLD if bold else FONT)), size)
            self._fonts[size, bold] = font
        return font

    def text(self, text: str, size: float, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        """Rendered, anti-aliased text, cached by content, size and colour."""
        size = max(self.MIN_FONT_PX, int(size))
        key = (text, size, colour, bold)
        surface = self._text.get(key)
        if surface is None:
            surface = self.font(int(size), bold).render(text, True, colour)
            self._text[key] = surface
            if len(self._text) > self.TEXT_CACHE:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(key)
        return surface

    def wrap(self, text: str, size: float, width: float, bold: bool = False) -> list[str]:
        """Split ``text`` into lines that fit ``width`` pixels, at spaces; only a word wider
        than a whole line is split, between letters, so nothing is ever cut off. A number
        keeps its unit on its line ("0.7 s", "350 ms", "25 %")."""
        font = self.font(int(size), bold)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in _with_units(paragraph.split(" ")):
                attempt = f"{line} {word}" if line else word
                if font.size(attempt)[0] <= width:
                    line = attempt
                    continue
                if line:
                    lines.append(line)
                while len(word) > 1 and font.size(word)[0] > width:
                    cut = max(1, next((i for i in range(len(word) - 1, 0, -1) if font.size(word[:i])[0] <= width), 1))
                    lines.append(word[:cut])
                    word = word[cut:]
                line = word
            lines.append(line)
        return lines

    def felt(self, theme_felt: str, size: tuple[int, int], unit: float) -> pygame.Surface:
        """The felt tiled over a whole window, cached per size."""
        key = ("felt", theme_felt, size)
        surface = self._scaled.get(key)
        if surface is None:
            tile = self.scaled(("table", theme_felt), max(64, int(256 * unit)))
            surface = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
            for x in range(0, size[0], tile.get_width()):
                for y in range(0, size[1], tile.get_height()):
                    surface.blit(tile, (x, y))
            self._scaled[key] = surface
        return surface

    def cache_get(self, key: tuple[Any, ...]) -> pygame.Surface | None:
        """A surface a scene pre-rendered under ``key`` (backgrounds, panels)."""
        return self._scaled.get(key)

    def cache_drop(self, key: tuple[Any, ...]) -> None:
        self._scaled.pop(key, None)

    def cache_put(self, key: tuple[Any, ...], surface: pygame.Surface) -> pygame.Surface:
        if len(self._scaled) > 3000:
            self._scaled.clear()
        self._scaled[key] = surface
        return surface
