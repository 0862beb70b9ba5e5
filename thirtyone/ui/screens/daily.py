"""The Deal of the day from the title: today's game, the streak, and once played, the result.

Not played yet: Play. Played: the result against the par, Copy result, Replay (the
day's archived game in the review) and Practice (the same game again, marked as
practice and never counted). The last days played are listed with their marks.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pygame

from ...bots import LEVELS
from ...daily import ROUND_MARKS, DailyResult, DailySetup, place_text, share_line, share_words, verdict
from ...i18n import N_, _, ngettext, seat_name
from ...model import PRESETS
from ...session import LocalSession
from ..bridge.daily import DailyDesk
from ..game_setup import GameSetup
from ..keys import DAILY, Intent
from .base import MenuScene
from ..layout import Box
from ..scene import Context, Pop, Push, Replace, Transition
from ..theme import TEXT
from ...speech.menus import button_line, screen_line
from ..widgets import Button, blit_text, draw_panel, draw_screen, fit_text

MARK_COLOURS = ((90, 190, 100), (235, 200, 60), (215, 75, 60), (25, 25, 25))
"""The round marks on screen, in the order of ``daily.ROUND_MARKS`` (the font has no emoji)."""
RECENT_DAYS = 5


def mark_colours(result: DailyResult) -> list[tuple[int, int, int]]:
    """One colour per round, as the share line's squares."""
    return [MARK_COLOURS[ROUND_MARKS.index(symbol)] for symbol in result.symbols()]


def draw_marks(surface: pygame.Surface, result: DailyResult, x: float, centre_y: float, size: float,
               edge: tuple[int, int, int], right: float | None = None) -> float:
    """The round marks as squares from ``x`` (shrunk to end by ``right``); returns where they end."""
    count = len(result.marks)
    step = size * 1.2
    if right is not None and count and x + step * count > right:
        step = max(2.0, (right - x) / count)
        size = step / 1.2
    for i, colour in enumerate(mark_colours(result)):
        square = pygame.Rect(round(x + i * step), round(centre_y - size / 2), max(2, round(size)), max(2, round(size)))
        pygame.draw.rect(surface, colour, square, border_radius=max(1, round(size / 6)))
        pygame.draw.rect(surface, edge, square, 1, border_radius=max(1, round(size / 6)))
    return x + step * count


def copy_to_clipboard(text: str) -> bool:
    """Put ``text`` on the system clipboard; ``False`` if there is none to put it on."""
    try:
        pygame.scrap.put_text(text)
        return bool(pygame.scrap.get_text() == text)
    except (pygame.error, AttributeError, NotImplementedError):
        return False


def opponents_text(setup: DailySetup) -> str:
    names = [f"{seat_name(seat.name)} ({_(LEVELS[seat.player[4:]].name)})" for seat in setup.seats()[1:]]
    return _("{rules}: you against {opponents}").format(rules=_(PRESETS[setup.preset].title),
                                                         opponents=", ".join(names))


def daily_stat_lines(desk: DailyDesk) -> list[tuple[str, str]]:
    """The Deal of the day's rows for Statistics: the streak, and the days under, level with and over par."""
    history = desk.history
    if not history.days:
        return []
    under, level, over = history.par_record()
    streak = history.streak(desk.today())
    return [(_("Deal of the day streak"), _("{current} (best {best})").format(current=streak, best=history.best_streak())),
            (_("Days under / level / over par"), f"{under} / {level} / {over}")]


class DailyScene(MenuScene):
    """The title's "Deal of the day" entry."""

    name = "daily"
    keys_place = DAILY

    def __init__(self, ctx: Context, desk: DailyDesk) -> None:
        super().__init__(ctx)
        self.desk = desk
        self.message = ""
        self.copy_failed = False
        self.focus = 0
        self.buttons = self._buttons()

    @property
    def day(self) -> dt.date:
        return self.desk.today()

    def _buttons(self) -> list[Button]:
        back = Button(N_("Back"), lambda: Pop(), "Esc")
        if self.desk.history.played(self.day) is None:
            if self.desk.in_progress() and "Continue" in self.ctx.optional_scenes:
                return [Button(N_("Continue today's deal"), self._continue, "Enter"), back]
            if self.desk.history.was_started(self.day):  # begun and left: its cards are known now
                return [Button(N_("Practice"), lambda: self._play(practice=True), "P"), back]
            return [Button(N_("Play today's deal"), self._play, "Enter"), back]
        return [Button(N_("Copy result"), self._copy, "C"), Button(N_("Replay"), self._replay, "R"),
                Button(N_("Practice"), lambda: self._play(practice=True), "P"), back]

    def resume(self, result: Any = None) -> None:
        self.buttons = self._buttons()
        self.focus = min(self.focus, len(self.buttons) - 1)

    def _play(self, practice: bool = False) -> Transition:
        from ..table.scene import TableScene
        match = self.desk.start(practice)
        return Replace(TableScene(self.ctx, GameSetup.from_match(match), LocalSession(match, self.ctx.game_hooks)))

    def _continue(self) -> Transition:
        return Replace(self.ctx.optional_scenes["Continue"](self.ctx))

    def _copy(self) -> Transition:
        entry = self.desk.history.played(self.day)
        if entry is None:
            return None
        self.copy_failed = not copy_to_clipboard(share_line(self.day, entry.result, entry.par or self.desk.par(self.day)))
        self.message = (_("No clipboard here: the line is shown selected above; copy it by hand.") if self.copy_failed
                        else _("Copied: paste it in a chat."))
        return None

    def _replay(self) -> Transition:
        from .review import ReviewScene
        record = self.desk.replay_record(self.day)
        if record is None:
            self.message = _("Today's game is not in Finished games any more.")
            return None
        return Push(ReviewScene(self.ctx, record, _("Deal of the day {date}").format(date=self.day.isoformat())))

    @property
    def wake_in_s(self) -> float | None:
        entry = self.desk.history.played(self.day)
        waiting = entry is not None and entry.par is None and not self.desk.par_failed(self.day)
        return 0.25 if waiting else None

    def command(self, command: str, intent: Intent | None) -> Transition:
        if command == "back":
            return Pop()
        if command in ("next", "previous"):
            self.focus = (self.focus + (1 if command == "next" else -1)) % len(self.buttons)
        elif command == "activate":
            return self._press(self.buttons[self.focus])
        elif command in ("copy", "replay", "practice"):
            wanted = {"copy": "Copy result", "replay": "Replay", "practice": "Practice"}[command]
            button = next((b for b in self.buttons if b.label == wanted), None)
            return self._press(button) if button is not None else None
        return None

    @property
    def spoken_focus(self) -> str:
        """Speech: the day, the opponents and the button the focus is on."""
        button = self.buttons[min(self.focus, len(self.buttons) - 1)]
        item = "{} {} {}".format(self.day.isoformat(), opponents_text(self.desk.setup()),
                                 button_line(_(button.label), button.hint))
        return screen_line(_("Deal of the day"), item)

    def _press(self, button: Button) -> Transition:
        self.ctx.sound.play("click")
        result: Transition = button.press()
        return result

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        theme, assets = self.ctx.theme, self.ctx.assets
        w, h, u = self.measure(surface)
        draw_screen(surface, assets, theme, u, _("Deal of the day"))
        setup = self.desk.setup()
        entry = self.desk.history.played(self.day)
        box = Box(w / 2 - min(w - 30 * u, 820 * u) / 2, 60 * u, min(w - 30 * u, 820 * u), min(h - 60 * u - 84 * u, 400 * u))
        draw_panel(surface, box, theme, u)
        inner = box.w - 40 * u
        y = box.y + 16 * u
        line = TEXT.body * u * 1.55

        def say(text: str, size: float, colour: tuple[int, int, int], bold: bool = False) -> None:
            nonlocal y
            blit_text(surface, assets, fit_text(assets, text, size, inner, bold), size, colour,
                      (box.x + 20 * u, y), "topleft", bold)
            y += size * 1.55

        say(_("{date} · the same game for everyone today").format(date=self.day.isoformat()), TEXT.lead * u, theme.accent, True)
        say(opponents_text(setup), TEXT.body * u, theme.text)
        streak, best = self.desk.history.streak(self.day), self.desk.history.best_streak()
        say(ngettext("Streak: {count} day", "Streak: {count} days", streak).format(count=streak)
            + " · " + _("best {count}").format(count=best), TEXT.body * u, theme.text_dim)
        y += 6 * u
        if entry is None and self.desk.history.was_started(self.day) and not self.desk.in_progress():
            say(_("You left today's deal unfinished: it is not counted. Practice it, or come back tomorrow."),
                TEXT.body * u, theme.text)
        elif entry is None:
            say(_("One try a day. {bot} plays your seat on the same game for the par, shown when you finish.").format(
                bot=_(LEVELS["expert"].name)), TEXT.body * u, theme.text)
        else:
            par = entry.par or self.desk.par(self.day)
            if par is None:
                text = _("Played today: {place}; the par is still being worked out…").format(
                    place=place_text(entry.result.place, entry.result.players))
            else:
                text = _("Played today: {place} · par {par} · {verdict}").format(
                    place=place_text(entry.result.place, entry.result.players),
                    par=place_text(par.place, par.players), verdict=verdict(entry.result, par))
            say(text, TEXT.strong * u, theme.text, True)
            self._draw_share(surface, box, y, u, entry.result, par)
            y += line * 1.2
        recent = sorted(self.desk.history.days.items(), reverse=True)[:RECENT_DAYS]
        if recent and box.bottom - y > line * 2:
            y += 6 * u
            say(_("Days played"), TEXT.body * u, theme.text_dim, True)
            for day, past in recent:
                if box.bottom - y < line:
                    break
                par_text = place_text(past.par.place, past.par.players) if past.par else "?"
                text = _("{date}: {place} · par {par}").format(
                    date=day.isoformat(), place=place_text(past.result.place, past.result.players), par=par_text)
                size = TEXT.body * u
                blit_text(surface, assets, text, size, theme.text, (box.x + 20 * u, y), "topleft")
                start = box.x + 20 * u + assets.font(int(size)).size(text)[0] + 12 * u
                draw_marks(surface, past.result, start, y + size * 0.6, size * 0.9, theme.panel_edge, box.right - 20 * u)
                y += size * 1.55
        self._draw_buttons(surface, u)
        if self.message:
            blit_text(surface, assets, fit_text(assets, self.message, TEXT.body * u, w - 30 * u), TEXT.body * u,
                      theme.good if not self.copy_failed else theme.text, (w / 2, h - 80 * u), "midbottom")

    def _draw_share(self, surface: pygame.Surface, box: Box, y: float, u: float, result: DailyResult,
                    par: DailyResult | None) -> None:
        draw_share(surface, self.ctx, Box(box.x + 16 * u, y, box.w - 32 * u, TEXT.body * u * 1.9), u,
                   share_words(self.day, result, par), result, self.copy_failed)

    def _draw_buttons(self, surface: pygame.Surface, u: float) -> None:
        w, h = surface.get_size()
        count = len(self.buttons)
        bw = min(200 * u, (w - 30 * u - (count - 1) * 12 * u) / count)
        left = w / 2 - (count * bw + (count - 1) * 12 * u) / 2
        for i, button in enumerate(self.buttons):
            button.box = Box(left + i * (bw + 12 * u), h - 70 * u, bw, 50 * u)
            button.focused = i == self.focus
            button.draw(surface, self.ctx.assets, self.ctx.theme, u)


def draw_share(surface: pygame.Surface, ctx: Context, box: Box, u: float, words: str, result: DailyResult,
               selected: bool) -> None:
    """The share line in a box: its words, then a square per round; lit as selected when copying failed."""
    theme, assets = ctx.theme, ctx.assets
    if selected:
        pygame.draw.rect(surface, theme.highlight, pygame.Rect(round(box.x), round(box.y), round(box.w), round(box.h)),
                         border_radius=max(2, round(4 * u)))
    size = TEXT.body * u
    marks_w = len(result.marks) * size * 1.1 + 10 * u
    text = fit_text(assets, words, size, max(40 * u, box.w - 16 * u - min(marks_w, box.w * 0.4)))
    colour = theme.background if selected else theme.text
    blit_text(surface, assets, text, size, colour, (box.x + 8 * u, box.center[1]), "midleft")
    start = box.x + 8 * u + assets.font(int(size)).size(text)[0] + 8 * u
    draw_marks(surface, result, start, box.center[1], size * 0.95, theme.panel_edge, box.right - 8 * u)
