"""Game over: who won, where you finished and how it went, lives per round, Play again or Title.

A player at the table reads their own place first ("You finished 3rd of 4 — out in
round 6; Ada won with 2 lives left"); confetti is for a win, or for the winner when
only bots or several humans played. A chart shows every seat's lives after each round.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from ...i18n import N_, _, ngettext, seat_name
from ...i18n import ordinal as ordinal  # where the statistics and Finished games import it from
from ...controller import Match
from ...model.events import Eliminated, LifeLost, RoundStarted
from ...model.reasons import lone_human
from ...storage.stats import StatsError, finishing_places
from ..game_setup import GameSetup
from ..layout import Box, fitted_unit
from ..scene import Context, Replace, Transition
from ..keys import GAME_OVER, Intent
from .base import MenuScene
from ..animation.sprites import Confetti
from ..animation.tween import Tweener
from ..widgets import Button, blit_text, draw_backdrop, draw_panel, fit_text
from ..theme import TEXT

DEMO_NEXT_GAME_S = 2.5
ACCURACY_POLL_S = 0.5
"""How often the screen looks for the coach's review while it is worked out."""
SEAT_COLOURS = ((240, 200, 80), (120, 190, 255), (255, 130, 120), (140, 225, 140), (220, 150, 250),
                (250, 170, 90), (120, 230, 220), (235, 235, 235))


def places(match: Match) -> tuple[int, ...]:
    """Each seat's place, ranked as the statistics and Finished games rank them (``finishing_places``:
    later out is better, and of two out in one round the better hand; equal ones share a place)."""
    try:
        return finishing_places(match.events, len(match.names))
    except StatsError:  # not over: everyone still in shares the place after those out
        out = [e.seat for e in match.events if isinstance(e, Eliminated)]
        still_in = len(match.names) - len(out)
        return tuple(len(match.names) - out.index(s) if s in out else still_in for s in range(len(match.names)))


def standings(match: Match) -> list[int]:
    """Seats from the winner down to the first one out."""
    ranked = places(match)
    return sorted(range(len(match.names)), key=lambda seat: ranked[seat])


def lives_per_round(match: Match) -> list[list[int]]:
    """For each seat, its lives at the start and after every round (a gunshot ends them at 0).

    Read from the engine's own replay of the record, so the start is what the rules deal
    and every change (lives lost, a gunshot, a bounty) counts as the game counted it.
    A round starts with its deal, so the state before each later deal holds the lives
    after the round before.
    """
    record = match.record
    history = [[tokens] for tokens in record.initial_state().tokens]
    last = record.initial_state()
    for before, _action, after, events in record.replay():
        if events and isinstance(events[0], RoundStarted) and events[0].round_number > 1:
            for seat, tokens in enumerate(before.tokens):
                history[seat].append(tokens)
        last = after
    for seat, tokens in enumerate(last.tokens):
        history[seat].append(tokens)
    return history


def out_round(match: Match, seat: int) -> int | None:
    """The round in which ``seat`` went out (``None``: it never did)."""
    round_number = 0
    for event in match.events:
        if isinstance(event, RoundStarted):
            round_number = event.round_number
        if isinstance(event, Eliminated) and event.seat == seat:
            return round_number
    return None


class GameOverScene(MenuScene):
    name = "game_over"
    keys_place = GAME_OVER
    ignores_stray_input = True
    footer_u = 76.0
    """Design height kept free under the standings and the chart (the buttons; the daily adds its par)."""

    def __init__(self, ctx: Context, setup: GameSetup, match: Match) -> None:
        super().__init__(ctx)
        self.setup = setup
        self.match = match
        self.places = places(match)
        self.order = standings(match)
        self.history = lives_per_round(match)
        self.player = lone_human(match.human_seats())
        """The one human at the table, told their place first (``None``: bots only or pass-and-play)."""
        self.confetti = Confetti()
        self.launch_s = 0.0
        self.bursts = 0 if self.player is None or self.player == match.winner else 4
        self.timers = Tweener()
        self.next_game: Transition = None
        if ctx.demo:
            self.timers.after(DEMO_NEXT_GAME_S + (1.4 if ctx.settings.duration_s(1.0) > 0 else 0.0), self._demo_next)
        self.buttons = [Button(N_("Play again"), self._again, "Enter"), Button(N_("Title"), self._title, "Esc")]
        self.buttons[0].focused = True
        self.accuracy_watch: Any = None
        """The coach's review of your play under way (``accuracy_desk.AccuracyWatch``), set by storage."""
        self.rating_text: Callable[[], str] = lambda: ""
        """Your rating after this game and its change ("" if the game is not rated), set by storage."""

    def _demo_next(self) -> None:
        self.next_game = self._again()

    def _again(self) -> Transition:
        setup = GameSetup(self.setup.seats, self.setup.preset, self.setup.rules, None)
        return Replace(self.ctx.screens.to_table(self.ctx, setup))

    def _title(self) -> Transition:
        return Replace(self.ctx.screens.to_title(self.ctx), clear=True)

    @property
    def busy(self) -> bool:
        return self.confetti.busy or self.bursts < 4

    @property
    def wake_in_s(self) -> float | None:
        if self.accuracy_watch is not None and self.accuracy_watch.result() is None and not self.accuracy_watch.failed:
            later = self.timers.next_deadline_s
            return ACCURACY_POLL_S if later is None else min(later, ACCURACY_POLL_S)
        return self.timers.next_deadline_s

    def accuracy_text(self) -> str:
        """Your accuracy and lives given away, once the coach's review is in ("" without one)."""
        watch = self.accuracy_watch
        if watch is None:
            return ""
        figures = watch.result()
        if figures is None:
            return "" if watch.failed else _("Accuracy: the coach is reviewing your game…")
        if figures.accuracy is None:
            return _("Accuracy: no decision to score")
        return _("Accuracy {percent} · {lives} lives given away").format(
            percent=f"{round(figures.accuracy * 100)}%", lives=f"{figures.given_away:.2f}")

    def headline(self) -> tuple[str, str]:
        """The big line and the line under it, for whoever reads the screen."""
        match = self.match
        players = len(match.names)
        if match.winner >= 0:
            winner = match.names[match.winner]
            left = self._tokens(match.winner)
            won_with = ngettext("{name} won with one life", "{name} won with {count} lives", left).format(
                name=winner, count=left)
        else:
            winner, won_with = _("Nobody"), _("Nobody won")
        if self.player is None:
            big = _("{name} wins!").format(name=winner)  # no one player at the screen: every seat by name
            return big, self._rounds_text()
        if self.player == match.winner:
            left = self._tokens(self.player)
            return _("You win!"), ngettext("First of {players}, with one life. {rounds}",
                                           "First of {players}, with {count} lives. {rounds}", left).format(
                players=players, count=left, rounds=self._rounds_text())
        place = self.places[self.player]
        went_out = out_round(match, self.player)
        how = (_("You were out in round {round}; {won_with}.").format(round=went_out, won_with=won_with)
               if went_out is not None else _("You were still in at the end; {won_with}.").format(won_with=won_with))
        return _("You finished {place} of {players}").format(place=ordinal(place), players=players), how

    @property
    def spoken_focus(self) -> str:
        """Game over, the headline, and the button the keyboard is on (said again as it moves)."""
        big, small = self.headline()
        focused = next((b for b in self.buttons if b.focused), self.buttons[0])
        return _("Game over. {headline}. {detail} Button: {button}.").format(
            headline=big.rstrip("!."), detail=small, button=_(focused.label))

    def _rounds_text(self) -> str:
        rounds = max((e.round_number for e in self.match.events if isinstance(e, RoundStarted)), default=0)
        lives = sum(e.lives for e in self.match.events if isinstance(e, LifeLost))
        text = _("{rounds}, {lives} to the kitty.") if self.match.rules.kitty else _("{rounds}, {lives} lost.")
        return text.format(rounds=ngettext("{count} round", "{count} rounds", rounds).format(count=rounds),
                           lives=ngettext("{count} life", "{count} lives", lives).format(count=lives))

    def update(self, dt: float) -> Transition:
        w, h = self.ctx.size
        u = fitted_unit(w, h, self.ctx.settings.ui_scale)
        self.launch_s -= dt
        if self.bursts < 4 and self.launch_s <= 0 and self.ctx.settings.duration_s(1.0) > 0:
            self.confetti.burst(w * (0.2 + 0.2 * self.bursts), h * 0.35, 80, 900 * u, u)
            self.bursts += 1
            self.launch_s = 0.35
        elif self.ctx.settings.duration_s(1.0) <= 0:
            self.bursts = 4
        self.confetti.update(dt, 700 * u)
        self.timers.update(dt)
        return self.next_game

    def command(self, command: str, intent: Intent | None) -> Transition:
        if command == "switch":
            first = not self.buttons[0].focused
            self.buttons[0].focused, self.buttons[1].focused = first, not first
        elif command == "activate":
            return self._again() if self.buttons[0].focused else self._title()
        elif command == "title":
            return self._title()
        return None

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h, u = self.measure(surface)
        theme = ctx.theme
        draw_backdrop(surface, ctx.assets, theme, u)
        self.confetti.draw(surface)
        big, small = self.headline()
        size = 50 * u
        big = fit_text(ctx.assets, big, size, w - 30 * u, True)
        blit_text(surface, ctx.assets, big, size, (0, 0, 0), (w / 2 + 3 * u, 14 * u + 3 * u), "midtop", True)
        blit_text(surface, ctx.assets, big, size, theme.accent, (w / 2, 14 * u), "midtop", True)
        blit_text(surface, ctx.assets, fit_text(ctx.assets, small, TEXT.lead * u, w - 30 * u), TEXT.lead * u, theme.text,
                  (w / 2, 78 * u), "midtop")
        top, bottom = 112 * u, h - self.footer_u * u
        if bottom - top < 40 * u:
            self._draw_buttons(surface, u, h)
            return
        total = min(w - 30 * u, 1100 * u)
        left = Box(w / 2 - total / 2, top, total * 0.4 - 6 * u, bottom - top)
        right = Box(left.right + 12 * u, top, total - left.w - 12 * u, bottom - top)
        self._draw_standings(surface, left, u)
        self._draw_chart(surface, right, u)
        self._draw_buttons(surface, u, h)

    def _draw_buttons(self, surface: pygame.Surface, u: float, h: int) -> None:
        w = surface.get_width()
        bw = min(220 * u, (w - 40 * u) / 2)
        for i, button in enumerate(self.buttons):
            button.box = Box(w / 2 - bw - 10 * u + i * (bw + 20 * u), h - 64 * u, bw, 50 * u)
            button.draw(surface, self.ctx.assets, self.ctx.theme, u)

    def _draw_standings(self, surface: pygame.Surface, box: Box, u: float) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        draw_panel(surface, box, theme, u)
        blit_text(surface, ctx.assets, _("Final standings"), TEXT.lead * u, theme.text_dim, (box.center[0], box.y + 10 * u),
                  "midtop", True)
        row = min(32 * u, (box.h - 44 * u) / max(1, len(self.order)))
        size = min(18 * u, row * 0.6)
        y = box.y + 40 * u
        for seat in self.order:
            place = self.places[seat]
            colour = theme.accent if place == 1 or seat == self.player else theme.text
            bold = place == 1 or seat == self.player
            pygame.draw.circle(surface, SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                               (round(box.x + 16 * u), round(y + row / 2)), max(2, round(5 * u)))
            blit_text(surface, ctx.assets, f"{place}.", size, colour, (box.x + 48 * u, y + row / 2), "midright", True)
            note = ngettext("one life left", "{count} lives left", self._tokens(seat)).format(
                count=self._tokens(seat)) if place == 1 else self._out_text(seat)
            note_w = ctx.assets.font(int(size * 0.8)).size(note)[0]
            name = fit_text(ctx.assets, seat_name(self.match.names[seat]), size, box.w - 70 * u - note_w, bold)
            blit_text(surface, ctx.assets, name, size, colour, (box.x + 54 * u, y + row / 2), "midleft", bold)
            blit_text(surface, ctx.assets, note, size * 0.8, theme.text_dim, (box.right - 12 * u, y + row / 2), "midright")
            y += row
        if box.bottom - y > 30 * u:
            summary = fit_text(ctx.assets, self._rounds_text(), TEXT.body * u, box.w - 24 * u)
            blit_text(surface, ctx.assets, summary, TEXT.body * u, theme.text_dim, (box.center[0], box.bottom - 12 * u), "midbottom")
        accuracy = self.accuracy_text()
        if accuracy and box.bottom - y > 56 * u:
            blit_text(surface, ctx.assets, fit_text(ctx.assets, accuracy, TEXT.body * u, box.w - 24 * u), TEXT.body * u,
                      theme.text, (box.center[0], box.bottom - 36 * u), "midbottom")
        rating = self.rating_text()
        if rating and box.bottom - y > (80 if accuracy else 56) * u:
            blit_text(surface, ctx.assets, fit_text(ctx.assets, rating, TEXT.body * u, box.w - 24 * u), TEXT.body * u,
                      theme.text, (box.center[0], box.bottom - (60 if accuracy else 36) * u), "midbottom")

    def _draw_chart(self, surface: pygame.Surface, box: Box, u: float) -> None:
        """Lives after every round, one line per seat, in the seat's colour."""
        ctx, theme = self.ctx, self.ctx.theme
        draw_panel(surface, box, theme, u)
        blit_text(surface, ctx.assets, _("Lives after each round"), TEXT.lead * u, theme.text_dim,
                  (box.center[0], box.y + 10 * u), "midtop", True)
        plot = Box(box.x + 40 * u, box.y + 42 * u, box.w - 60 * u, box.h - 76 * u)
        if plot.w < 20 or plot.h < 20:
            return
        rounds = max(1, max(len(line) for line in self.history) - 1)
        most = max(1, max(max(line) for line in self.history))
        for level in range(most + 1):
            y = plot.bottom - plot.h * level / most
            pygame.draw.line(surface, theme.table_shade, (plot.x, y), (plot.right, y), max(1, round(u)))
            blit_text(surface, ctx.assets, str(level), TEXT.small * u, theme.text_dim, (plot.x - 8 * u, y), "midright")
        step = max(1, rounds // 10)
        for r in range(0, rounds + 1, step):
            x = plot.x + plot.w * r / rounds
            blit_text(surface, ctx.assets, str(r), TEXT.small * u, theme.text_dim, (x, plot.bottom + 4 * u), "midtop")
        blit_text(surface, ctx.assets, _("round"), TEXT.caption * u, theme.text_dim, (plot.right, plot.bottom + 18 * u), "topright")
        spread = min(3 * u, plot.h / most / 4)
        for seat, line in enumerate(self.history):
            offset = (seat - (len(self.history) - 1) / 2) * spread / max(1, len(self.history) / 2)
            points = [(plot.x + plot.w * r / rounds, plot.bottom - plot.h * v / most + offset) for r, v in enumerate(line)]
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            width = max(2, round((4 if seat == self.player else 2.5) * u))
            if len(points) >= 2:
                pygame.draw.lines(surface, colour, False, points, width)
            pygame.draw.circle(surface, colour, (round(points[-1][0]), round(points[-1][1])), max(2, round(4 * u)))

    def _tokens(self, seat: int) -> int:
        return self.match.observation(seat).tokens[seat]

    def _out_text(self, seat: int) -> str:
        went = out_round(self.match, seat)
        return _("out in round {round}").format(round=went) if went is not None else ""
