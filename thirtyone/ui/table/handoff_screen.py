"""Pass-and-play: an opaque screen between human turns, so nobody sees another's cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...i18n import _, seat_name
from ..pointer import pointer
from ..layout import ui_unit
from ..scene import BaseScene, Context, Pop, Push, Transition
from ..keys import HANDOFF, read
from ..widgets import blit_text, draw_backdrop
from ..theme import TEXT

if TYPE_CHECKING:
    from ..screens.pause import PausedGame


class HandoffScene(BaseScene):
    """"Pass to Maria — click when ready". Covers the whole table."""

    name = "handoff"

    def __init__(self, ctx: Context, player: str, seat: int, table: PausedGame | None = None) -> None:
        super().__init__(ctx)
        self.player = player
        self.seat = seat
        self.table = table
        """The table underneath, so Esc can open the pause menu from here too."""

    def handle_event(self, event: pygame.event.Event) -> Transition:
        intent = read(event, HANDOFF)
        command = intent.command if intent is not None else ""
        if command == "pause" and self.table is not None:
            from ..screens.pause import PauseScene
            return Push(PauseScene(self.ctx, self.table))
        mouse = pointer(event)
        if mouse is not None and mouse.left_press or command == "continue":
            self.ctx.sound.play("click")
            return Pop(("handoff", self.seat))
        return None

    @property
    def spoken_focus(self) -> str:
        """The hand-off, said as one: whose turn it is to take the game, and no card of anyone."""
        return _("Hand-off: pass the game to {name}. {name}, press Enter when only you are listening.").format(
            name=seat_name(self.player))

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h = surface.get_size()
        u = ui_unit(w, h, ctx.settings.ui_scale)
        draw_backdrop(surface, ctx.assets, ctx.theme, u)
        back = ctx.assets.card(ctx.settings.deck, None, round(120 * u))
        surface.blit(back, back.get_rect(center=(w // 2, round(h * 0.34))))
        blit_text(surface, ctx.assets, _("Pass to {name}").format(name=self.player), TEXT.huge * u, ctx.theme.accent, (w / 2, h * 0.58), "center", True)
        blit_text(surface, ctx.assets, _("Only {name} should look now — click or press Enter when ready.").format(name=self.player),
                  TEXT.lead * u, ctx.theme.text, (w / 2, h * 0.66), "center")
        if self.table is not None:
            blit_text(surface, ctx.assets, _("Esc: pause"), TEXT.normal * u, ctx.theme.text_dim, (w / 2, h - 20 * u), "midbottom")
