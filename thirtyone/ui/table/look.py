"""A look through the discard pile: its public cards spread out in the order they went down."""

from __future__ import annotations

from typing import Sequence

import pygame

from ...i18n import _, ngettext
from ...model import Card
from ..assets import Assets
from ..layout import CARD_RATIO, Box, TableLayout
from ..theme import TEXT, Theme
from ..widgets import blit_text, draw_panel


def look_geometry(layout: TableLayout, count: int) -> tuple[Box, list[Box]]:
    """The panel over the table and one box per card (oldest first), in rows that fit the panel."""
    u = layout.unit
    table = layout.table
    panel = Box.centered(table.center[0], table.center[1], table.w * 0.9, table.h * 0.8)
    inner = Box(panel.x + 16 * u, panel.y + 46 * u, panel.w - 32 * u, panel.h - 80 * u)
    card_w = min(72 * u, inner.w / 6)
    while True:
        step = card_w * 0.62
        per_row = max(1, int((inner.w - card_w) // step) + 1)
        rows = -(-max(count, 1) // per_row)
        row_h = card_w * CARD_RATIO + 8 * u
        if rows * row_h <= inner.h or card_w < 20 * u:
            break
        card_w *= 0.9
    boxes = [Box(inner.x + (i % per_row) * step, inner.y + (i // per_row) * row_h, card_w, card_w * CARD_RATIO)
             for i in range(count)]
    return panel, boxes


def draw_discard_look(surface: pygame.Surface, assets: Assets, theme: Theme, deck: str, layout: TableLayout,
                      discards: Sequence[Card]) -> None:
    """The pile spread out over the table, bottom card first; any click, L or Esc closes it."""
    u = layout.unit
    panel, boxes = look_geometry(layout, len(discards))
    shade = pygame.Surface((round(layout.table.w), round(layout.table.h)), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))  # the table behind steps back, so the pile reads on its own
    surface.blit(shade, (round(layout.table.x), round(layout.table.y)))
    draw_panel(surface, panel, theme, u, alpha=245)
    title = ngettext("Discard pile: {count} card, first down on the left",
                     "Discard pile: {count} cards, first down on the left", len(discards)).format(count=len(discards))
    if not discards:
        title = _("The discard pile is empty")
    blit_text(surface, assets, title, TEXT.lead * u, theme.accent, (panel.center[0], panel.y + 12 * u), "midtop", bold=True)
    for card, box in zip(discards, boxes):
        image = assets.card(deck, card, round(box.w))
        surface.blit(image, (round(box.x), round(box.y)))
    blit_text(surface, assets, _("L, Esc or a click closes"), TEXT.small * u, theme.text_dim,
              (panel.center[0], panel.bottom - 10 * u), "midbottom")
