"""Cached loading of images, fonts and rendered text, scaled once per size.

Nothing is scaled per frame: a card face is smooth-scaled once for each width
asked for, text is rendered once per (text, size, colour). The caches are bounded
by bytes (``SurfaceCache``), so a window left open all evening stays the same size
(``build_scripts/bench_memory.py``). ``face_probe`` lets tests record which card
faces were drawn (to check hidden cards stay hidden).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, TypeVar, cast

import pygame

from ..model import Card
from ..paths import asset_path
from .surface_cache import SurfaceCache
from .theme import FONT, FONT_BOLD, MIN_FONT_PX

MIB = 1024 * 1024

T = TypeVar("T")


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

    SCALED_BYTES = 32 * MIB
    """Scaled images and the layers scenes pre-render: a 1920×1080 table needs about 30 MiB."""
    ROTATED_BYTES = 12 * MIB
    TEXT_BYTES = 6 * MIB
    RAW_BYTES = 12 * MIB
    """The images as loaded, which new sizes are scaled from: a deck's 53 faces weigh 17.7 MiB
    (250×350), kept whole they were a tenth of an evening's window. 12 MiB holds 36 faces, the
    most a table shows at once (eight hands at the showdown, the board, the pile): with 4 MiB
    the round end at 8 seats reloaded 46 images in one frame (0.7 ms each, an 88 ms frame)."""

    def __init__(self) -> None:
        self._raw = SurfaceCache(self.RAW_BYTES)
        self._scaled = SurfaceCache(self.SCALED_BYTES)
        self._rotated = SurfaceCache(self.ROTATED_BYTES)
        self._fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
        self._font_area = 0
        self._text = SurfaceCache(self.TEXT_BYTES)
        self._measured: dict[tuple[Any, ...], Any] = {}
        self._current: dict[str, tuple[Any, ...]] = {}
        self.face_probe: set[str] | None = None
        """When a set, every card face drawn adds its code (for tests)."""

    def image(self, *parts: str) -> pygame.Surface:
        """An asset image as loaded (converted for fast blits when a display exists)."""
        surface = self._raw.get(parts)
        if surface is None:
            surface = pygame.image.load(str(asset_path(*parts)))
            if pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
            self._raw.put(parts, surface)
        return surface

    def scaled(self, parts: tuple[str, ...], width: int, height: int | None = None) -> pygame.Surface:
        """An image smooth-scaled to ``width`` (height keeps the ratio unless given), cached."""
        width = max(1, int(width))
        key = (parts, width, height)
        surface = self._scaled.get(key)
        if surface is None:
            raw = self.image(*parts)
            h = height if height is not None else max(1, round(raw.get_height() * width / raw.get_width()))
            surface = self._scaled.put(key, pygame.transform.smoothscale(raw, (width, max(1, int(h)))))
        return surface

    def card(self, deck: str, card: Card | None, width: int) -> pygame.Surface:
        """A card face (or the back when ``card`` is None) at ``width`` pixels."""
        if card is not None and self.face_probe is not None:
            self.face_probe.add(card.face_code)
        name = "back.png" if card is None else f"{card.face_code}.png"
        return self.scaled(("cards", deck, name), width)

    def rotated(self, surface_key: tuple[Any, ...], surface: pygame.Surface, angle: float,
                keep: bool = True) -> pygame.Surface:
        """``surface`` turned by ``angle`` degrees (to the nearest degree), cached unless ``keep`` is False.

        A card in flight turns through a new angle every frame and is never drawn at that
        angle again: caching it would only push out what is drawn every frame.
        """
        whole = round(angle)
        if whole == 0:
            return surface
        if not keep:
            return pygame.transform.rotozoom(surface, whole, 1.0)
        key = surface_key + (whole,)
        rotated = self._rotated.get(key)
        if rotated is None:
            rotated = self._rotated.put(key, pygame.transform.rotozoom(surface, whole, 1.0))
        return rotated

    FONTS = 48
    FONT_AREA = 48 * 30 * 30
    """Fonts kept open, least recently used first, at most ``FONTS`` of them and ``FONT_AREA`` in
    their sizes squared (a font's glyphs weigh about its size squared). A popup grows and shrinks
    through every size (setting one line at 240 sizes held 64 MiB more, unbounded), and opening a
    font again takes 0.3-0.5 ms: a table and its round end at 8 seats set text in more than 24
    sizes, and with 24 kept the round end's first frame opened 132 fonts (72 ms)."""

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The game's font at ``size`` pixels (never below ``MIN_FONT_PX``)."""
        size = max(MIN_FONT_PX, int(size))
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(asset_path("fonts", FONT_BOLD if bold else FONT)), size)
            self._fonts[key] = font
            self._font_area += size * size
            while len(self._fonts) > 1 and (len(self._fonts) > self.FONTS or self._font_area > self.FONT_AREA):
                (oldest, _bold), _font = self._fonts.popitem(last=False)
                self._font_area -= oldest * oldest
        else:
            self._fonts.move_to_end(key)
        return font

    def text(self, text: str, size: float, colour: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        """Rendered, anti-aliased text, cached by content, size and colour."""
        size = max(MIN_FONT_PX, int(size))
        key = (text, size, colour, bold)
        surface = self._text.get(key)
        if surface is None:
            surface = self._text.put(key, self.font(int(size), bold).render(text, True, colour))
        return surface

    MEASURED_ENTRIES = 4096
    """Text measurements kept (wrapped lines, fitted sizes): a few hundred per screen, a few bytes each."""

    def measured(self, key: tuple[Any, ...], work: Callable[[], T]) -> T:
        """``work()``, a measurement of text, done once per ``key``: screens ask the same every frame,
        and measuring a paragraph word by word cost more than drawing it."""
        if key in self._measured:
            return cast(T, self._measured[key])
        value = work()
        if len(self._measured) >= self.MEASURED_ENTRIES:
            self._measured.clear()
        self._measured[key] = value
        return value

    def wrap(self, text: str, size: float, width: float, bold: bool = False) -> list[str]:
        """Split ``text`` into lines that fit ``width`` pixels, at spaces; only a word wider
        than a whole line is split, between letters, so nothing is ever cut off. A number
        keeps its unit on its line ("0.7 s", "350 ms", "25 %")."""
        return list(self.measured(("wrap", text, int(size), width, bold),
                                  lambda: tuple(self._wrap(text, size, width, bold))))

    def _wrap(self, text: str, size: float, width: float, bold: bool) -> list[str]:
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
            self._scaled.put(key, surface)
        return surface

    @property
    def cached_bytes(self) -> int:
        """Bytes of pixels the caches hold now (the loaded originals included)."""
        return self._scaled.bytes + self._rotated.bytes + self._text.bytes + self._raw.bytes

    @property
    def evicted(self) -> int:
        """Surfaces the caches let go so far to stay within their budgets."""
        return self._scaled.evicted + self._rotated.evicted + self._text.evicted + self._raw.evicted

    def cache_get(self, key: tuple[Any, ...]) -> pygame.Surface | None:
        """A surface a scene pre-rendered under ``key`` (backgrounds, panels)."""
        return self._scaled.get(key)

    def cache_put(self, key: tuple[Any, ...], surface: pygame.Surface) -> pygame.Surface:
        """Keep a pre-rendered surface under ``key``; returns it."""
        return self._scaled.put(key, surface)

    def cache_current(self, role: str, key: tuple[Any, ...], surface: pygame.Surface) -> pygame.Surface:
        """Keep ``surface`` under ``key`` as the one image of ``role`` (the game log, the table's still
        layer) and drop the role's previous image, which will not be drawn again; returns it."""
        old = self._current.get(role)
        if old is not None and old != key:
            self._scaled.drop(old)
        self._current[role] = key
        return self._scaled.put(key, surface)
