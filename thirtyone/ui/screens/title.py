"""The title screen: New game, How to play, Quit, plus entries other packages register."""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence, cast


import pygame

from ...speech.menus import button_line, screen_line

from ...i18n import N_, _
from ...model import Card
from ..game_setup import WINDOW_SEATS, GameSetup
from ..layout import menu_buttons, ui_unit
from ..scene import Context, Push, Quit, Transition
from ..keys import TITLE, Intent
from .base import MenuScene
from ..theme import SIZE_TITLE, TEXT
from ..widgets import Button, blit_text, draw_backdrop

LESSON_ENTRY = N_("Learn by playing")
"""The guided first game's entry, under How to play."""
OPTIONAL_ORDER = (N_("Continue"), N_("Statistics"), N_("Settings"))
DAILY_ENTRIES = (N_("Deal of the day"), N_("Deal of the day ✓"))
"""The Deal of the day's entry, under New game when registered: not played yet today, or played (✓)."""
"""Optional entries, shown only when registered in ``Context.optional_scenes``."""


class TitleScene(MenuScene):
    name = "title"
    keys_place = TITLE

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.focus = 0
        self._entries = tuple(ctx.optional_scenes)
        """The optional entries the menu was built with: when storage changes them, the menu follows."""
        self._menu = self._buttons()

    @property
    def buttons(self) -> Sequence[Button]:
        """The menu, rebuilt (focus on top) once the optional entries changed: Continue came or went."""
        if tuple(self.ctx.optional_scenes) != self._entries:
            self.resume()
            self.focus = 0
        return self._menu

    @buttons.setter
    def buttons(self, menu: Sequence[Button]) -> None:
        self._menu = list(menu)

    def _buttons(self) -> list[Button]:
        from .how_to_play import HowToPlayScene
        from .host_lobby import HostLobbyScene, kept_table_setup
        from .join_table import JoinTableScene
        from .new_game import NewGameScene
        from ..table.guided import GuidedTableScene
        ctx = self.ctx
        entries: list[Button] = []
        if "Continue" in ctx.optional_scenes:
            entries.append(Button(N_("Continue"), lambda: Push(ctx.optional_scenes["Continue"](ctx))))
        entries.append(Button(N_("New game"), lambda: Push(NewGameScene(ctx, self._new_game_setup())), "N"))
        kept = kept_table_setup(ctx)
        if kept is not None:  # the table this window hosted and left: the others rejoin with their tokens
            entries.append(Button(N_("Reopen your table"), lambda: Push(HostLobbyScene(ctx, kept))))
        for name in DAILY_ENTRIES:
            if name in ctx.optional_scenes:
                entries.append(Button(name, partial(_open, ctx, name), "D"))
        entries.append(Button(N_("Join a table"), lambda: Push(JoinTableScene(ctx)), "J"))
        entries.append(Button(N_("How to play"), lambda: Push(HowToPlayScene(ctx)), "H"))
        entries.append(Button(LESSON_ENTRY, lambda: Push(GuidedTableScene(ctx)), "G"))
        for name in OPTIONAL_ORDER[1:]:
            if name in ctx.optional_scenes:
                entries.append(Button(name, partial(_open, ctx, name)))
        entries.append(Button(N_("Quit"), lambda: Quit(), "Esc"))
        return entries

    def _new_game_setup(self) -> GameSetup:
        """The remembered choices of the last game, or "you against three bots, classic"."""
        ctx = self.ctx
        if ctx.quick_game:
            return GameSetup.default(ctx.quick_game, seed=ctx.seed)
        if ctx.default_setup is not None:
            setup: GameSetup = ctx.default_setup()
            return setup
        return GameSetup.from_settings(ctx.settings, seed=ctx.seed)

    def resume(self, result: Any = None) -> None:
        self._entries = tuple(self.ctx.optional_scenes)
        self._menu = self._buttons()

    @property
    def spoken_focus(self) -> str:
        """Speech: the title and the entry the focus is on (up and down move it, Enter opens it)."""
        button = self.buttons[min(self.focus, len(self.buttons) - 1)]
        return screen_line(_("Thirty-one"), button_line(_(button.label), button.hint))

    def command(self, command: str, intent: Intent | None) -> Transition:
        if command == "quit":
            return Quit()
        if command in ("next", "previous"):
            self.focus = (self.focus + (1 if command == "next" else -1)) % len(self.buttons)
        elif command == "activate":
            return cast(Transition, self.buttons[self.focus].press())
        elif command == "new_game":
            return cast(Transition, next(b for b in self.buttons if b.label == "New game").press())
        elif command == "daily":
            daily = next((b for b in self.buttons if b.label in DAILY_ENTRIES), None)
            return cast(Transition, daily.press()) if daily is not None else None
        elif command == "join":
            return cast(Transition, next(b for b in self.buttons if b.label == "Join a table").press())
        elif command == "lesson":
            return cast(Transition, next(b for b in self.buttons if b.label == LESSON_ENTRY).press())
        elif command == "rules":
            return cast(Transition, next(b for b in self.buttons if b.label == "How to play").press())
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h = surface.get_size()
        count = len(self.buttons)
        # Fan, title, menu and footer stacked in design pixels: the unit shrinks until all fit.
        design_h = 150 + 96 + count * 64 - 14 + 56
        u = min(ui_unit(w, h, ctx.settings.ui_scale), max(0.3, h / design_h))
        scale = u / ui_unit(w, h, 1.0)
        theme = ctx.theme
        draw_backdrop(surface, ctx.assets, theme, u)
        # The menu starts at 48% of the height when everything fits around it, else all is centred.
        above, below = (150 + 96) * u, (design_h - 150 - 96) * u
        menu_top = h * 0.48 if above <= h * 0.48 and below <= h * 0.52 else max(0.0, (h - design_h * u) / 2) + above
        top = menu_top - above
        # A fan of the best hand in the game.
        for i, code in enumerate(("QS", "AS", "KS")):
            card = ctx.assets.card(ctx.settings.deck, Card.from_code(code), round(110 * u))
            angle = (1 - i) * 14
            image = ctx.assets.rotated(("title-card", code, round(110 * u)), card, angle)
            fan_y = top + 80 * u + abs(i - 1) * 10 * u
            surface.blit(image, image.get_rect(center=(round(w / 2 + (i - 1) * 70 * u), round(fan_y))))
        title_y = top + 150 * u + 44 * u
        blit_text(surface, ctx.assets, _("Thirty-One"), SIZE_TITLE * u, (0, 0, 0), (w / 2 + 3 * u, title_y + 3 * u), "center", True)
        blit_text(surface, ctx.assets, _("Thirty-One"), SIZE_TITLE * u, theme.accent, (w / 2, title_y), "center", True)
        top_frac = menu_top / h
        boxes = menu_buttons(w, h, count, scale, top_frac)
        for i, (button, box) in enumerate(zip(self.buttons, boxes)):
            button.box = box
            button.lit = i == self.focus
            button.draw(surface, ctx.assets, theme, u)
        blit_text(surface, ctx.assets, _("Scat · Blitz · 31 — for 2 to {count} players").format(count=WINDOW_SEATS),
                  TEXT.body * u, theme.text_dim,
                  (w / 2, h - 20 * u), "midbottom")


def _open(ctx: Context, name: str) -> Transition:
    """Open one of the optional scenes the title lists (Statistics, Settings ...)."""
    return Push(ctx.optional_scenes[name](ctx))
