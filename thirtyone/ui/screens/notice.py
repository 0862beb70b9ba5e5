"""A one-line notice over the current screen: a file was set aside, a save failed …"""

from __future__ import annotations

import pygame

from ...i18n import _
from ..pointer import PRESS, pointer
from ..layout import Box, ui_unit
from ..scene import BaseScene, Context, Pop, Transition
from ..widgets import blit_text, draw_panel, fit_text
from ..theme import TEXT


class NoticeScene(BaseScene):
    """A one-line banner over the screen below; any key or click (or 10 seconds) closes it."""

    name = "notice"
    overlay = True
    SHOW_S = 10.0

    def __init__(self, ctx: Context, text: str) -> None:
        super().__init__(ctx)
        self.text = text
        self.left_s = self.SHOW_S

    @property
    def busy(self) -> bool:
        return True

    @property
    def spoken_focus(self) -> str:
        """Speech: the notice itself (any key closes it)."""
        return self.text

    def handle_event(self, event: pygame.event.Event) -> Transition:
        mouse = pointer(event)
        if event.type == pygame.KEYDOWN or mouse is not None and mouse.kind == PRESS:
            return Pop()
        return None

    @property
    def wake_in_s(self) -> float | None:
        """The banner closes by itself: the idle loop wakes for it."""
        return max(0.0, self.left_s)

    def update(self, dt: float) -> Transition:
        self.left_s -= dt
        return Pop() if self.left_s <= 0 else None

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h = surface.get_size()
        u = ui_unit(w, h, ctx.settings.ui_scale)
        size = 15 * u
        lines = ctx.assets.wrap(self.text, size, w - 200 * u)
        if len(lines) > 3:
            lines = lines[:2] + [fit_text(ctx.assets, " ".join(lines[2:]), size, w - 200 * u)]
        box = Box(20 * u, 10 * u, w - 40 * u, (14 + 20 * len(lines)) * u)
        draw_panel(surface, box, ctx.theme, u, alpha=235)
        for i, line in enumerate(lines):
            blit_text(surface, ctx.assets, line, size, ctx.theme.accent, (box.x + 14 * u, box.y + (7 + 20 * i) * u))
        blit_text(surface, ctx.assets, _("click to close"), TEXT.caption * u, ctx.theme.text_dim,
                  (box.right - 12 * u, box.center[1]), "midright")
