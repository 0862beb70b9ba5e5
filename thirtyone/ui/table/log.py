"""The game log beside the table: wrapped lines on an opaque piece of the table's background."""

from __future__ import annotations

import pygame

from ...i18n import _
from ..assets import Assets
from ..layout import Box, TableLayout
from .layer import background
from ..theme import TEXT, Theme
from ..widgets import blit_text, rect

SHOWN = 60
"""The newest lines the log lays out (the box shows the last of them that fit)."""


def log_box(layout: TableLayout) -> Box:
    """Where the log's text sits (inside the log panel)."""
    return layout.log.inflate(-12 * layout.unit, -12 * layout.unit)


def log_area(layout: TableLayout, bounds: pygame.Rect | None = None) -> pygame.Rect:
    """Where the log's image goes: its box clipped to ``bounds`` (the window), empty at 0,0 if nothing is left.

    An empty clip keeps the box's corner, which may lie outside ``bounds``; a subsurface there fails."""
    area = rect(log_box(layout)).clip(bounds or pygame.Rect(0, 0, layout.width, layout.height))
    return area if area.w > 0 and area.h > 0 else pygame.Rect(0, 0, 0, 0)


def log_image(layout: TableLayout, assets: Assets, theme: Theme, lines: list[str]) -> pygame.Surface:
    """The log text, rendered once per new line onto its own piece of the table's background.

    The piece is opaque (the panel under the text is part of it), so a frame copies it
    without blending, which costs a fraction of blitting transparent text over the panel."""
    box = log_box(layout)
    # The lines themselves, not their count: at a shared screen the same log reads "you" for another seat.
    key = ("log", theme.name, layout.width, layout.height, box.rounded(), tuple(lines[-SHOWN:]))
    layer = assets.cache_get(key)
    if layer is None:
        table = background(assets, theme, layout)
        area = log_area(layout, table.get_rect())
        layer = table.subsurface(area).copy()
        render_log(layer, layout, assets, theme, lines, Box(box.x - area.x, box.y - area.y, box.w, box.h))
        assets.cache_current("game log", key, layer)
    return layer


def render_log(surface: pygame.Surface, layout: TableLayout, assets: Assets, theme: Theme, lines: list[str], box: Box) -> None:
    """The log's heading and its newest lines that fit ``box``, wrapped between words."""
    u = layout.unit
    blit_text(surface, assets, _("Game log"), TEXT.lead * u, theme.accent, (box.x + 12 * u, box.y + 10 * u), bold=True)
    size = 13 * u
    line_h = assets.font(int(size)).get_linesize()
    top = box.y + 42 * u
    bottom = box.bottom - 10 * u
    wrapped: list[tuple[str, bool]] = []
    for line in lines[-SHOWN:]:
        heading = line.startswith("—")
        for part in assets.wrap(line, size, box.w - 24 * u, heading):  # measured once, in the bounded cache
            wrapped.append((part, heading))
    visible = max(1, int((bottom - top) // line_h))
    y = top
    for text, heading in wrapped[-visible:]:
        blit_text(surface, assets, text, size, theme.accent if heading else theme.text, (box.x + 12 * u, y), bold=heading)
        y += line_h

