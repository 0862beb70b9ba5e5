"""Game over for a Deal of the day: the usual standings and chart, then the par and the share line.

The par comes from the worker process started with the game; until it is there the
screen says so and wakes a few times a second to look (never waiting on it). Buttons:
Copy result, Replay (this game in the review) and Title; no Play again (one try a day).
"""

from __future__ import annotations

import datetime as dt

import pygame

from ...bots import LEVELS
from ...controller import Match
from ...daily import DailyResult, match_result, place_text, share_line, share_words, verdict
from ...i18n import N_, _, ngettext
from ...storage.stats import StatsError
from ..bridge.daily import PRACTICE_KEY, DailyDesk
from ..game_setup import GameSetup
from ..keys import DAILY, Intent
from ..layout import Box
from ..scene import Context, Push, Transition
from ..theme import TEXT
from ..widgets import Button, blit_text, draw_panel, fit_text
from .daily import copy_to_clipboard, draw_share
from .game_over import GameOverScene

PAR_POLL_S = 0.25
"""How often the screen looks for the par while it is being worked out."""


class DailyOverScene(GameOverScene):
    """The end of a Deal of the day (or of its practice)."""

    name = "daily_over"
    keys_place = DAILY
    footer_u = 186.0

    def __init__(self, ctx: Context, setup: GameSetup, match: Match, desk: DailyDesk, day: dt.date) -> None:
        super().__init__(ctx, setup, match)
        self.desk = desk
        self.day = day
        self.practice = bool(match.record.meta.get(PRACTICE_KEY))
        self.result: DailyResult | None = desk.finished(match)
        if self.result is None:
            try:
                self.result = match_result(match)
            except StatsError:
                self.result = None
        self.par: DailyResult | None = None
        self.message = ""
        self.copy_failed = False
        self.buttons = [Button(N_("Copy result"), self._copy, "C"), Button(N_("Replay"), self._replay, "R"),
                        Button(N_("Title"), self._title, "Esc")]
        self.focus = 0
        self._look_for_par()

    def _look_for_par(self) -> None:
        if self.par is None:
            self.par = self.desk.par(self.day)

    @property
    def waiting_for_par(self) -> bool:
        return self.par is None and not self.desk.par_failed(self.day)

    @property
    def wake_in_s(self) -> float | None:
        later = super().wake_in_s
        return min(PAR_POLL_S, later) if self.waiting_for_par and later is not None else (
            PAR_POLL_S if self.waiting_for_par else later)

    def update(self, dt: float) -> Transition:
        self._look_for_par()
        return super().update(dt)

    def share(self) -> str:
        """The line the Copy button copies."""
        assert self.result is not None
        return share_line(self.day, self.result, self.par)

    def _copy(self) -> Transition:
        if self.result is None:
            return None
        self.copy_failed = not copy_to_clipboard(self.share())
        self.message = (_("No clipboard here: the line is shown selected above; copy it by hand.") if self.copy_failed
                        else _("Copied: paste it in a chat."))
        return None

    def _replay(self) -> Transition:
        from .review import ReviewScene
        return Push(ReviewScene(self.ctx, self.match.record, _("Deal of the day {date}").format(date=self.day.isoformat())))

    def command(self, command: str, intent: Intent | None) -> Transition:
        if command == "back":
            return self._title()
        if command in ("next", "previous"):
            self.focus = (self.focus + (1 if command == "next" else -1)) % len(self.buttons)
        elif command in ("activate", "copy", "replay"):
            index = {"activate": self.focus, "copy": 0, "replay": 1}[command]
            self.ctx.sound.play("click")
            result: Transition = self.buttons[index].press()
            return result
        return None

    def par_text(self) -> str:
        """The par and how the player's game reads against it."""
        if self.par is None:
            return (_("The par could not be worked out this time.") if self.desk.par_failed(self.day)
                    else _("The par is being worked out…"))
        par = self.par
        lives = ngettext("{count} life kept", "{count} lives kept", par.lives_kept).format(count=par.lives_kept)
        rounds = ngettext("{count} round", "{count} rounds", par.rounds).format(count=par.rounds)
        text = _("Par ({bot} in your seat): {place}, {lives}, {rounds}").format(
            bot=_(LEVELS["expert"].name), place=place_text(par.place, par.players), lives=lives, rounds=rounds)
        if self.result is not None:
            text += " — " + _("you are {verdict}").format(verdict=verdict(self.result, par))
        return text

    def _draw_buttons(self, surface: pygame.Surface, u: float, h: int) -> None:
        w = surface.get_width()
        ctx, theme = self.ctx, self.ctx.theme
        self._draw_par(surface, u, h)
        count = len(self.buttons)
        bw = min(200 * u, (w - 30 * u - (count - 1) * 12 * u) / count)
        left = w / 2 - (count * bw + (count - 1) * 12 * u) / 2
        for i, button in enumerate(self.buttons):
            button.box = Box(left + i * (bw + 12 * u), h - 64 * u, bw, 50 * u)
            button.focused = i == self.focus
            button.draw(surface, ctx.assets, theme, u)

    def _draw_par(self, surface: pygame.Surface, u: float, h: int) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        w = surface.get_width()
        total = min(w - 30 * u, 1100 * u)
        box = Box(w / 2 - total / 2, h - 176 * u, total, 104 * u)
        draw_panel(surface, box, theme, u)
        title = _("Deal of the day {date}").format(date=self.day.isoformat())
        if self.practice:
            title = _("{title} — practice, not counted").format(title=title)
        inner = box.w - 32 * u
        blit_text(surface, ctx.assets, fit_text(ctx.assets, title, TEXT.body * u, inner, True), TEXT.body * u,
                  theme.accent, (box.x + 16 * u, box.y + 8 * u), "topleft", True)
        blit_text(surface, ctx.assets, fit_text(ctx.assets, self.par_text(), TEXT.body * u, inner), TEXT.body * u,
                  theme.text, (box.x + 16 * u, box.y + 32 * u), "topleft")
        if self.result is not None:
            draw_share(surface, ctx, Box(box.x + 8 * u, box.y + 58 * u, box.w - 16 * u, 36 * u), u,
                       share_words(self.day, self.result, self.par), self.result, self.copy_failed)
        if self.message:
            blit_text(surface, ctx.assets, fit_text(ctx.assets, self.message, TEXT.small * u, inner), TEXT.small * u,
                      theme.good if not self.copy_failed else theme.text, (box.right - 16 * u, box.y + 10 * u), "topright")


def daily_game_over(ctx: Context, setup: GameSetup, match: Match, desk: DailyDesk) -> GameOverScene:
    """The game over for ``match``: the daily's if it is a Deal of the day, else the usual one."""
    from ...daily import is_daily
    day = is_daily(match.record)
    if day is None:
        return GameOverScene(ctx, setup, match)
    return DailyOverScene(ctx, setup, match, desk, day)

