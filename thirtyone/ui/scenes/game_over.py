"""Game over: the winner celebrated with confetti, final standings, Play again or Title."""

from __future__ import annotations

import pygame

from ...controller import Match
from ...model.events import Eliminated, LifeLost, RoundStarted
from ..game_setup import GameSetup
from ..layout import Box, dialog, ui_unit
from ..scene import BaseScene, Context, Replace, Transition
from ..sprites import Confetti
from ..widgets import Button, blit_text, draw_backdrop, draw_panel


def standings(match: Match) -> list[int]:
    """Seats from the winner down to the first one out (order of elimination reversed)."""
    out = [e.seat for e in match.events if isinstance(e, Eliminated)]
    rest = [s for s in range(len(match.names)) if s not in out and s != match.winner]
    first = [match.winner] if match.winner >= 0 else []
    return first + rest + out[::-1]


class GameOverScene(BaseScene):
    name = "game_over"

    def __init__(self, ctx: Context, setup: GameSetup, match: Match) -> None:
        super().__init__(ctx)
        self.setup = setup
        self.match = match
        self.order = standings(match)
        self.confetti = Confetti()
        self.launch_s = 0.0
        self.bursts = 0
        self.buttons = [Button("Play again", self._again, "Enter"), Button("Title", self._title, "Esc")]

    def _again(self) -> Transition:
        from .table import TableScene
        setup = GameSetup(self.setup.seats, self.setup.preset, self.setup.rules, None if not self.ctx.demo else None)
        return Replace(TableScene(self.ctx, setup))

    def _title(self) -> Transition:
        from .title import TitleScene
        return Replace(TitleScene(self.ctx), clear=True)

    @property
    def busy(self) -> bool:
        return self.confetti.busy or self.bursts < 4

    def update(self, dt: float) -> Transition:
        w, h = self.ctx.size
        u = ui_unit(w, h, self.ctx.settings.ui_scale)
        self.launch_s -= dt
        if self.bursts < 4 and self.launch_s <= 0 and self.ctx.settings.animation_speed > 0:
            self.confetti.burst(w * (0.2 + 0.2 * self.bursts), h * 0.45, 80, 900 * u, u)
            self.bursts += 1
            self.launch_s = 0.35
        elif self.ctx.settings.animation_speed <= 0:
            self.bursts = 4
        self.confetti.update(dt, 700 * u)
        if self.ctx.demo and not self.confetti.busy and self.bursts >= 4:
            self.launch_s -= 0
            self._demo_wait = getattr(self, "_demo_wait", 2.5) - dt
            if self._demo_wait <= 0:
                return self._again()
        return None

    def handle_event(self, event: pygame.event.Event) -> Transition:
        clicked = self.click_buttons(self.buttons, event)
        if clicked is not None:
            return clicked
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self._again()
            if event.key == pygame.K_ESCAPE:
                return self._title()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        w, h = surface.get_size()
        u = ui_unit(w, h, ctx.settings.ui_scale)
        theme = ctx.theme
        draw_backdrop(surface, ctx.assets, theme, u)
        self.confetti.draw(surface)
        winner = self.match.names[self.match.winner] if self.match.winner >= 0 else "Nobody"
        crown = "You win!" if winner == "You" else f"{winner} wins!"
        blit_text(surface, ctx.assets, crown, 58 * u, (0, 0, 0), (w / 2 + 3 * u, h * 0.14 + 3 * u), "center", True)
        blit_text(surface, ctx.assets, crown, 58 * u, theme.accent, (w / 2, h * 0.14), "center", True)
        panel = dialog(w, h, 520, 64 + 34 * len(self.order), ctx.settings.ui_scale)
        panel = Box(panel.x, h * 0.24, panel.w, panel.h)
        draw_panel(surface, panel, theme, u)
        blit_text(surface, ctx.assets, "Final standings", 20 * u, theme.text_dim, (w / 2, panel.y + 12 * u), "midtop", True)
        y = panel.y + 50 * u
        for place, seat in enumerate(self.order, 1):
            colour = theme.accent if place == 1 else theme.text
            blit_text(surface, ctx.assets, f"{place}.", 19 * u, colour, (panel.x + 40 * u, y), "topright", True)
            blit_text(surface, ctx.assets, self.match.names[seat], 19 * u, colour, (panel.x + 54 * u, y), bold=place == 1)
            note = f"winner with {self._lives(seat)}" if place == 1 else f"out {self._out_round(seat)}"
            blit_text(surface, ctx.assets, note, 15 * u, theme.text_dim, (panel.right - 20 * u, y + 2 * u), "topright")
            y += 34 * u
        rounds = max((e.round_number for e in self.match.events if isinstance(e, RoundStarted)), default=0)
        lives = sum(e.lives for e in self.match.events if isinstance(e, LifeLost))
        kitty = ctx.assets.scaled(("tokens", theme.kitty), round(90 * u))
        summary = f"{rounds} round{'s' if rounds != 1 else ''} · {lives} li{'ves' if lives != 1 else 'fe'} went to the kitty"
        image = ctx.assets.text(summary, 17 * u, theme.text_dim)
        row_w = kitty.get_width() + 12 * u + image.get_width()
        left = w / 2 - row_w / 2
        surface.blit(kitty, kitty.get_rect(midleft=(round(left), round(panel.bottom + 50 * u))))
        surface.blit(image, image.get_rect(midleft=(round(left + kitty.get_width() + 12 * u), round(panel.bottom + 50 * u))))
        top = panel.bottom + 100 * u
        for i, button in enumerate(self.buttons):
            button.box = Box(w / 2 - 230 * u + i * 240 * u, top, 220 * u, 50 * u)
            button.draw(surface, ctx.assets, theme, u)

    def _lives(self, seat: int) -> str:
        tokens = self.match.observation(seat).tokens[seat]
        return "one life left" if tokens == 1 else f"{tokens} lives left"

    def _out_round(self, seat: int) -> str:
        round_number = 0
        for event in self.match.events:
            if hasattr(event, "round_number") and not hasattr(event, "result"):
                round_number = event.round_number
            if isinstance(event, Eliminated) and event.seat == seat:
                return f"in round {round_number}"
        return ""
