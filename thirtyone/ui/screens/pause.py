"""Pause (Esc on the table): resume, the rules of this game, quit to title."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

import pygame

from ...i18n import N_, _
from ..layout import dialog, menu_buttons, ui_unit
from ..scene import Context, Pop, Push, Replace, Transition
from ..keys import PAUSE, Intent
from .base import MenuScene
from ..widgets import Button, blit_text, dim_overlay, draw_panel
from ..theme import TEXT

if TYPE_CHECKING:
    from ...session import TableSession
    from ..game_setup import GameSetup


class PausedGame(Protocol):
    """What the pause menu reads of the game it pauses (the table, under a panel or not)."""

    @property
    def setup(self) -> GameSetup: ...

    @property
    def session(self) -> TableSession: ...

    def pause_choices(self) -> list[tuple[str, Button]]:
        """Choices of this game's own, by command (the guided game's "Skip the lesson"), above Quit."""
        ...


class PauseScene(MenuScene):
    name = "pause"
    keys_place = PAUSE
    overlay = True

    def __init__(self, ctx: Context, table: PausedGame) -> None:
        super().__init__(ctx)
        self.table = table
        self.buttons = [Button(N_("Resume"), lambda: Pop(), "Esc"), Button(N_("How to play"), self._rules, "H")]
        if "Settings" in ctx.optional_scenes:
            self.buttons.append(Button(N_("Settings"), lambda: Push(ctx.optional_scenes["Settings"](ctx)), "S"))
        self.own = dict(table.pause_choices())
        """The game's own choices by command (``keys.PAUSE``)."""
        self.buttons.extend(self.own.values())
        self.buttons.append(Button(N_("Quit to title"), self._quit, "Q"))
        self.warning = ""
        """Said once Quit was pressed at a table hosted here: a second press closes it for everyone."""

    def _rules(self) -> Transition:
        from .how_to_play import HowToPlayScene
        return Push(HowToPlayScene(self.ctx, self.table.session.rules, self.table.setup.title(self.table.session.rules)))

    def _quit(self) -> Transition:
        if getattr(self.table.session, "hosting", False) and not self.warning:
            self.warning = _("This table is hosted here: quitting closes it for everyone (the game is kept, "
                             "and opening a table again takes it up). Press Q again to quit.")
            self.ctx.speech.answer(self.warning)
            return None
        return Replace(self.ctx.screens.to_title(self.ctx), clear=True)  # the app shuts the table down

    @property
    def spoken_focus(self) -> str:
        """Speech: paused, and the key of each choice."""
        return _("Paused. {choices}.").format(choices="; ".join(f"{b.hint}: {_(b.label)}" for b in self.buttons))

    def command(self, command: str, intent: Intent | None) -> Transition:
        if command == "resume":
            return Pop()
        if command == "rules":
            return self._rules()
        if command == "quit":
            return self._quit()
        if command in self.own:
            return cast(Transition, self.own[command].press())
        if command == "settings" and "Settings" in self.ctx.optional_scenes:
            return Push(self.ctx.optional_scenes["Settings"](self.ctx))
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h = surface.get_size()
        u = ui_unit(w, h, ctx.settings.ui_scale)
        dim_overlay(surface, 160)
        text_size = TEXT.body * u
        line_h = ctx.assets.font(int(text_size)).get_linesize()
        lines = ctx.assets.wrap(self.warning, text_size, 340 * u) if self.warning else []
        extra = (len(lines) * line_h + 8 * u) / u if lines else 0  # the warning sits in the panel, under the buttons
        panel = dialog(w, h, 380, 300 + 64 * (len(self.buttons) - 3) + extra, ctx.settings.ui_scale)
        draw_panel(surface, panel, ctx.theme, u)
        blit_text(surface, ctx.assets, _("Paused"), TEXT.display * u, ctx.theme.accent, (w / 2, panel.y + 22 * u), "midtop", True)
        for button, box in zip(self.buttons, menu_buttons(w, h, len(self.buttons), ctx.settings.ui_scale, top_frac=0.0)):
            button.box = type(box)(box.x, box.y + panel.y + 86 * u, box.w, box.h)
            button.draw(surface, ctx.assets, ctx.theme, u)
        y = panel.bottom - len(lines) * line_h - 14 * u
        for line in lines:
            blit_text(surface, ctx.assets, line, text_size, ctx.theme.bad, (w / 2, y), "midtop")
            y += line_h
