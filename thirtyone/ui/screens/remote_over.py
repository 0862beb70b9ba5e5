"""Game over at a table hosted elsewhere: the host's standings (places, lives), your own place first; Back to the title.

The host keeps the game's record, so this screen shows what the host said at the end
(``TableSession.ending``): no chart of the rounds and no Play again, which is the host's
to offer. A table that closed early (the host left, the connection was lost) says why.
"""

from __future__ import annotations

import pygame

from ...i18n import N_, _, ngettext, ordinal
from ...session import Ending
from ..keys import GAME_OVER, Intent
from ..layout import Box
from ..scene import Context, Replace, Transition
from ..theme import TEXT
from ..widgets import Button, blit_text, draw_backdrop, draw_panel, fit_text
from .base import MenuScene


class RemoteGameOverScene(MenuScene):
    """The end of a network game as the host told it, for the player at ``you``."""

    name = "remote_over"
    keys_place = GAME_OVER
    ignores_stray_input = True

    def __init__(self, ctx: Context, ending: Ending, you: int) -> None:
        super().__init__(ctx)
        self.ending = ending
        self.you = you
        self.buttons = [Button(N_("Back to the title"), self._title, "Enter")]

    def _title(self) -> Transition:
        return Replace(self.ctx.screens.to_title(self.ctx), clear=True)

    def command(self, command: str, intent: Intent | None) -> Transition:
        return self._title() if command in ("activate", "title") else None

    def headline(self) -> tuple[str, str]:
        """The big line and the one under it."""
        ending = self.ending
        if not ending.played_out:
            return _("The table closed"), ending.message[:1].upper() + ending.message[1:]
        if not ending.standings:
            return _("Game over"), ""
        winner = ending.standings[0]
        mine = next((row for row in ending.standings if row[1] == self.you), None)
        if mine is not None and mine[1] == winner[1]:
            return _("You win!"), _("Game over at the host's table.")
        players = len(ending.standings)
        if mine is not None:
            return (_("You finished {place} of {players}").format(place=ordinal(mine[0]), players=players),
                    _("{name} won.").format(name=winner[2]))
        return _("{name} wins!").format(name=winner[2]), ""

    @property
    def spoken_focus(self) -> str:
        big, small = self.headline()
        rows = "; ".join(self.row_text(row) for row in self.ending.standings)
        return " ".join(part for part in (big + ".", small, rows, _("Enter: back to the title.")) if part)

    @staticmethod
    def row_text(row: tuple[int, int, str, int]) -> str:
        place, _seat, name, lives = row
        return ngettext("{place} {name}: {lives} life", "{place} {name}: {lives} lives", lives).format(
            place=ordinal(place), name=name, lives=lives)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        w, h, u = self.measure(surface)
        draw_backdrop(surface, ctx.assets, theme, u)
        big, small = self.headline()
        size = 50 * u
        big = fit_text(ctx.assets, big, size, w - 30 * u, True)
        blit_text(surface, ctx.assets, big, size, (0, 0, 0), (w / 2 + 3 * u, 17 * u), "midtop", True)
        blit_text(surface, ctx.assets, big, size, theme.accent, (w / 2, 14 * u), "midtop", True)
        blit_text(surface, ctx.assets, fit_text(ctx.assets, small, TEXT.lead * u, w - 30 * u), TEXT.lead * u,
                  theme.text, (w / 2, 78 * u), "midtop")
        rows = self.ending.standings
        if rows:
            bottom = h - 80 * u
            row_h = min(32 * u, (bottom - 112 * u - 44 * u) / max(1, len(rows)))
            box = Box(w / 2 - min(w - 40 * u, 480 * u) / 2, 112 * u, min(w - 40 * u, 480 * u), 44 * u + row_h * len(rows))
            draw_panel(surface, box, theme, u)
            blit_text(surface, ctx.assets, _("Final standings"), TEXT.lead * u, theme.text_dim,
                      (box.center[0], box.y + 10 * u), "midtop", True)
            text = min(18 * u, row_h * 0.6)
            for i, row in enumerate(rows):
                y = box.y + 40 * u + i * row_h
                colour = theme.accent if row[1] == self.you else theme.text
                line = fit_text(ctx.assets, self.row_text(row), text, box.w - 30 * u, row[1] == self.you)
                blit_text(surface, ctx.assets, line, text, colour, (box.x + 15 * u, y), "topleft", row[1] == self.you)
        button = self.buttons[0]
        bw = min(260 * u, w - 40 * u)
        button.box = Box(w / 2 - bw / 2, h - 64 * u, bw, 50 * u)
        button.draw(surface, ctx.assets, theme, u)


__all__ = ["RemoteGameOverScene"]
