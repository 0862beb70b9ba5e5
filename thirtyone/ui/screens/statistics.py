"""Statistics: your games per preset and overall, a chart of recent finishing places, Reset.

The numbers come from ``thirtyone.storage.Stats`` (the ``StorageBridge`` holds
them); the chart is drawn with ``pygame.draw``: one bar per recent game, as tall
as the place was good, gold when the game was won. Reset asks first.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pygame

from ...i18n import N_, _, ngettext
from ...model import PRESETS
from ...storage import GameSummary, Stats, Totals
from ..layout import Box, dialog
from ..scene import Context, Pop, Push, Transition
from ..keys import CONFIRM, STATISTICS, Intent, read
from .base import MenuScene
from ..widgets import Button, Cycler, blit_text, dim_overlay, draw_screen, draw_panel, fit_text
from ..theme import TEXT
from ...speech.menus import screen_line
from .game_over import ordinal

ALL = "all"


def preset_title(preset_id: str) -> str:
    """A preset's display name ("custom" games are house rules)."""
    if preset_id == ALL:
        return _("All games")
    return _(PRESETS[preset_id].title) if preset_id in PRESETS else _("House rules")


def stat_lines(totals: Totals, recent: list[GameSummary] | None = None) -> list[tuple[str, str]]:
    """``(label, value)`` rows for one set of totals (and the last of the ``recent`` games)."""
    def percent(part: float) -> str:
        return f"{round(part * 100)} %"
    average = totals.average_place
    lost = f"{totals.knocks_lost} ({percent(totals.knock_loss_rate)})" if totals.knocks else "–"
    return [
        (_("Games played"), f"{totals.games_played}"),
        (_("Games won"), f"{totals.games_won} ({percent(totals.win_rate)})"),
        (_("Average finishing place"), f"{average:.1f}" if average is not None else "–"),
        (_("Rounds played"), f"{totals.rounds_played}"),
        (_("Knocks made"), f"{totals.knocks}"),
        (_("Knocks that cost lives"), lost),
        (_("31s shown"), f"{totals.thirty_ones}"),
        (_("Lives lost"), f"{totals.lives_lost}"),
        (_("Coach hints used"), f"{totals.hints_used}"),
        (_("Longest winning streak"), _("{longest} (now {current})").format(
            longest=totals.longest_streak, current=totals.current_streak) if totals.current_streak
         else f"{totals.longest_streak}"),
    ] + ([(last_label(recent[-1]), last_game(recent[-1]))] if recent else [])


def last_label(game: GameSummary) -> str:
    """"Last game", or "Last game (network table)" for one joined at a table hosted elsewhere."""
    return _("{title} (network table)").format(title=_("Last game")) if game.network else _("Last game")


def last_game(game: GameSummary) -> str:
    """"1st of 4, 22 Nov" for the history's newest game."""
    try:
        when = datetime.fromisoformat(game.date).strftime(_("%d %b")).lstrip("0")
    except ValueError:
        when = game.date[:10]
    return _("{place} of {players}, {date}").format(place=ordinal(game.place), players=game.players, date=when)


class StatisticsScene(MenuScene):
    """The Statistics screen; ``bridge`` (a ``StorageBridge``) holds the stats and resets them."""

    name = "statistics"
    keys_place = STATISTICS

    def __init__(self, ctx: Context, bridge: Any) -> None:
        super().__init__(ctx)
        self.bridge = bridge
        self.selector = Cycler(self._choices(), 0)
        self.back = Button(N_("Back"), lambda: Pop(), "Esc")
        self.reset = Button(N_("Reset statistics"), self._ask_reset, "R")
        self.games = Button(N_("Finished games"), self._games, "G")
        self.confirm = Button(N_("Reset"), self._do_reset, "Enter")
        self.cancel = Button(N_("Cancel"), self._cancel, "Esc")
        self.buttons = (self.back, self.reset, self.games)
        self.confirming = False
        self.message = ""

    @property
    def stats(self) -> Stats:
        stats: Stats = self.bridge.stats
        return stats

    def _choices(self) -> list[tuple[str, str]]:
        played = set(self.bridge.stats.by_preset)
        ids = [ALL] + [p for p in PRESETS if p in played] + sorted(played - set(PRESETS))
        ids += [p for p in PRESETS if p not in played]
        return [(p, preset_title(p) if p == ALL or p in played else _("{title} (no games)").format(title=preset_title(p)))
                for p in ids]

    def totals(self) -> Totals:
        """The totals of the selected preset (or overall)."""
        chosen = self.selector.value
        return self.stats.overall if chosen == ALL else self.stats.for_preset(chosen)

    def history(self) -> list[GameSummary]:
        """The recent games of the selected preset, oldest first."""
        chosen = self.selector.value
        return [g for g in self.stats.history if chosen == ALL or g.preset == chosen]

    def _games(self) -> Transition:
        from ...storage import archived_games
        from .review_list import GameListScene
        return Push(GameListScene(self.ctx, archived_games(self.bridge.paths)))

    # -- reset ----------------------------------------------------------------------------------
    def _ask_reset(self) -> Transition:
        self.confirming = self.stats.overall.games_played > 0
        self.message = "" if self.confirming else _("There is nothing to reset yet.")
        return None

    def _cancel(self) -> Transition:
        self.confirming = False
        return None

    def _do_reset(self) -> Transition:
        self.confirming = False
        problem = self.bridge.reset_statistics()
        self.message = problem or _("Statistics were reset; the old file is kept beside the new one.")
        self.selector.choices, self.selector.index = self._choices(), 0
        return None

    @property
    def spoken_focus(self) -> str:
        """Speech: the game chosen and its main figures, or the reset question."""
        if self.confirming:
            return _("Reset every statistic? Enter resets, Esc keeps them.")
        t = self.totals()
        games = ngettext("{count} game played", "{count} games played", t.games_played).format(count=t.games_played)
        figures = _("{games}, {won} won; {rounds} rounds, {knocks} knocks, {lost} lives lost; "
                    "longest winning streak {streak}.").format(games=games, won=t.games_won,
                                                                rounds=t.rounds_played, knocks=t.knocks,
                                                                lost=t.lives_lost, streak=t.longest_streak)
        keys = _("Left and right: another game. G: finished games. R: reset. Esc: back.")
        line = screen_line(_("Statistics"), _("{game}: {figures}").format(game=self.selector.label, figures=figures))
        return " ".join(filter(None, (line, self.message, keys)))

    # -- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Transition:
        if self.confirming:
            for button in (self.confirm, self.cancel):
                if button.handle(event) is not None:
                    self.ctx.sound.play("click")
                    return None
            answer = read(event, CONFIRM)
            if answer is not None and answer.command == "yes":
                return self._do_reset()
            if answer is not None and answer.command == "no":
                return self._cancel()
            return None
        return super().handle_event(event)

    def widget_event(self, event: pygame.event.Event) -> bool:
        if self.selector.handle(event):
            self.ctx.sound.play("click")
            return True
        return False

    def command(self, command: str, intent: Intent | None) -> Transition:
        if command == "back":
            return Pop()
        if command in ("previous", "next"):
            self.selector.step(-1 if command == "previous" else 1)
        elif command == "reset":
            return self._ask_reset()
        elif command == "games":
            return self._games()
        return None

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h, u = self.measure(surface)
        theme, assets = ctx.theme, ctx.assets
        draw_screen(surface, assets, theme, u, _("Statistics"))
        self.selector.box = Box(w / 2 - 190 * u, 60 * u, 380 * u, 34 * u)
        self.selector.draw(surface, assets, theme, u)
        total_w = min(w - 40 * u, 1180 * u)
        top, bottom = 108 * u, h - 80 * u
        totals = self.totals()
        if totals.games_played == 0:
            panel = Box(w / 2 - total_w / 2, top, total_w, bottom - top)
            draw_panel(surface, panel, theme, u)
            blit_text(surface, assets, _("No finished games yet"), TEXT.heading * u, theme.accent,
                      (w / 2, panel.center[1] - 20 * u), "center", True)
            invite = _("Play a game to the end and it is counted here.") if self.selector.value == ALL else \
                _("Play a game with {title} to the end and it is counted here.").format(
                    title=preset_title(self.selector.value))
            blit_text(surface, assets, invite, TEXT.strong * u,
                      theme.text_dim, (w / 2, panel.center[1] + 20 * u), "center")
        else:
            left = Box(w / 2 - total_w / 2, top, total_w * 0.4, bottom - top)
            right = Box(left.right + 14 * u, top, total_w - left.w - 14 * u, bottom - top)
            draw_panel(surface, left, theme, u)
            draw_panel(surface, right, theme, u)
            self._draw_numbers(surface, left, totals, u)
            self._draw_chart(surface, right, self.history(), u)
        if self.message:
            blit_text(surface, assets, fit_text(assets, self.message, TEXT.normal * u, total_w), TEXT.normal * u, theme.text_dim,
                      (w / 2 - total_w / 2, bottom + 8 * u))
        self.back.box = Box(w / 2 - 300 * u, h - 56 * u, 180 * u, 44 * u)
        self.games.box = Box(w / 2 - 100 * u, h - 56 * u, 200 * u, 44 * u)
        self.reset.box = Box(w / 2 + 120 * u, h - 56 * u, 220 * u, 44 * u)
        self.reset.enabled = self.stats.overall.games_played > 0
        for button in (self.back, self.games, self.reset):
            button.draw(surface, assets, theme, u)
        if self.confirming:
            self._draw_confirm(surface, u)

    def _draw_numbers(self, surface: pygame.Surface, box: Box, totals: Totals, u: float) -> None:
        ctx = self.ctx
        theme, assets = ctx.theme, ctx.assets
        blit_text(surface, assets, preset_title(self.selector.value), TEXT.subhead * u, theme.accent,
                  (box.x + 18 * u, box.y + 14 * u), bold=True)
        lines = stat_lines(totals, self.history())
        if self.selector.value == ALL and getattr(self.bridge, "accuracy", None) is not None:
            from ..bridge.accuracy import accuracy_stat_lines
            lines += accuracy_stat_lines(self.bridge.accuracy.log)
        if self.selector.value == ALL and getattr(self.bridge, "rating", None) is not None:
            from ...storage.rating_log import rating_stat_lines
            lines += rating_stat_lines(self.bridge.rating)
        if self.selector.value == ALL and getattr(self.bridge, "daily", None) is not None:
            from .daily import daily_stat_lines
            lines += daily_stat_lines(self.bridge.daily)
        row_h = min(40 * u, (box.h - 60 * u) / len(lines))
        y = box.y + 54 * u
        for label, value in lines:
            blit_text(surface, assets, fit_text(assets, label, TEXT.body * u, box.w * 0.55), TEXT.body * u, theme.text_dim,
                      (box.x + 18 * u, y + row_h / 2), "midleft")
            blit_text(surface, assets, fit_text(assets, value, TEXT.strong * u, box.w * 0.45 - 24 * u, True), TEXT.strong * u,
                      theme.text, (box.right - 18 * u, y + row_h / 2), "midright", True)
            y += row_h

    def _draw_chart(self, surface: pygame.Surface, box: Box, games: list[GameSummary], u: float) -> None:
        ctx = self.ctx
        theme, assets = ctx.theme, ctx.assets
        blit_text(surface, assets, ngettext("Finishing place, last {count} game", "Finishing place, last {count} games",
                                                len(games)).format(count=len(games)),
                  TEXT.lead * u, theme.accent, (box.x + 18 * u, box.y + 14 * u), bold=True)
        average = sum(g.place for g in games) / len(games) if games else 0.0
        self._legend(surface, box, _("average {value}").format(value=f"{average:.1f}"), u)
        plot = Box(box.x + 62 * u, box.y + 70 * u, box.w - 84 * u, box.h - 126 * u)
        worst = max([g.players for g in games] + [2])
        step = plot.h / worst
        axis = theme.text_dim
        for place in range(1, worst + 1):  # one grid line per place, 1st at the top
            y = plot.y + (place - 1) * step
            pygame.draw.line(surface, theme.table_shade, (plot.x, y), (plot.right, y), max(1, round(u)))
            blit_text(surface, assets, ordinal(place), TEXT.small * u, axis, (plot.x - 8 * u, y), "midright")
        pygame.draw.line(surface, axis, (plot.x, plot.y), (plot.x, plot.bottom), max(1, round(1.5 * u)))
        pygame.draw.line(surface, axis, (plot.x, plot.bottom), (plot.right, plot.bottom), max(1, round(1.5 * u)))
        slot = plot.w / max(1, len(games))
        bar_w = max(2.0, min(slot * 0.7, 40 * u))
        label_every = max(1, -(-len(games) // 10))
        for i, game in enumerate(games):
            cx = plot.x + slot * (i + 0.5)
            top = plot.y + (game.place - 1) * step + 2 * u
            colour = theme.accent if game.won else theme.button_hover
            bar = pygame.Rect(round(cx - bar_w / 2), round(top), round(bar_w), round(plot.bottom - top))
            pygame.draw.rect(surface, colour, bar, border_top_left_radius=max(1, round(3 * u)),
                             border_top_right_radius=max(1, round(3 * u)))
            if (len(games) - 1 - i) % label_every == 0:
                blit_text(surface, assets, str(i + 1), TEXT.caption * u, axis, (cx, plot.bottom + 5 * u), "midtop")
        if games:
            y = plot.y + (average - 1) * step
            for x in range(round(plot.x), round(plot.right), max(4, round(10 * u))):
                pygame.draw.line(surface, theme.text, (x, y), (min(x + 5 * u, plot.right), y), max(1, round(1.5 * u)))
        blit_text(surface, assets, _("games, oldest to newest"), TEXT.small * u, axis, (plot.center[0], plot.bottom + 24 * u), "midtop")

    def _legend(self, surface: pygame.Surface, box: Box, average: str, u: float) -> None:
        ctx = self.ctx
        x, y = box.right - 18 * u, box.y + 42 * u
        for label, colour in ((average, None), (_("lost"), ctx.theme.button_hover), (_("won"), ctx.theme.accent)):
            r = blit_text(surface, ctx.assets, label, TEXT.small * u, ctx.theme.text_dim, (x, y), "midright")
            swatch = pygame.Rect(round(r.x - 20 * u), round(r.centery - 6 * u), round(12 * u), round(12 * u))
            if colour is None:
                pygame.draw.line(surface, ctx.theme.text, (swatch.x - 4 * u, swatch.centery), (swatch.centerx - 1 * u, swatch.centery), max(1, round(1.5 * u)))
                pygame.draw.line(surface, ctx.theme.text, (swatch.centerx + 3 * u, swatch.centery), (swatch.right + 2 * u, swatch.centery), max(1, round(1.5 * u)))
            else:
                pygame.draw.rect(surface, colour, swatch, border_radius=max(1, round(2 * u)))
            x = swatch.x - 14 * u

    def _draw_confirm(self, surface: pygame.Surface, u: float) -> None:
        ctx = self.ctx
        w, h = surface.get_size()
        dim_overlay(surface, 170)
        panel = dialog(w, h, 560, 200, ctx.settings.ui_scale)
        draw_panel(surface, panel, ctx.theme, u)
        blit_text(surface, ctx.assets, _("Reset all statistics?"), TEXT.heading * u, ctx.theme.accent,
                  (panel.center[0], panel.y + 20 * u), "midtop", True)
        text = _("Every count and the chart start again from zero. The old file is kept.")
        for i, line in enumerate(ctx.assets.wrap(text, TEXT.body * u, panel.w - 40 * u)[:2]):
            blit_text(surface, ctx.assets, line, TEXT.body * u, ctx.theme.text, (panel.center[0], panel.y + 62 * u + i * 20 * u), "midtop")
        self.confirm.box = Box(panel.center[0] - 190 * u, panel.bottom - 62 * u, 180 * u, 44 * u)
        self.cancel.box = Box(panel.center[0] + 10 * u, panel.bottom - 62 * u, 180 * u, 44 * u)
        for button in (self.confirm, self.cancel):
            button.draw(surface, ctx.assets, ctx.theme, u)
