"""Round end: every hand face up, the counted cards marked, values and one sentence each."""

from __future__ import annotations

import pygame

from ...model import Rules
from ...model.events import RoundEnd, RoundResult
from ...model.scoring import counted_cards, format_value, shown_name
from ..layout import CARD_RATIO, dialog, log_width, ui_unit
from ..narration import addressed
from ..scene import BaseScene, Context, Pop, Transition
from ..widgets import blit_text, dim_overlay, draw_panel, fit_text

HEADLINES = {
    RoundEnd.KNOCK: "{knocker} knocked — hands are shown",
    RoundEnd.THIRTY_ONE: "{shown}!",
    RoundEnd.DEALT_31: "{shown} on the deal!",
    RoundEnd.UNDER_THE_GUN: "{knocker} knocked under the gun",
    RoundEnd.STOCK_OUT: "The stock ran out",
    RoundEnd.TURN_LIMIT: "The turn limit is reached",
}


class RoundEndScene(BaseScene):
    """A panel over the table; click or Enter continues to the next deal."""

    name = "round_end"
    overlay = True

    def __init__(self, ctx: Context, result: RoundResult, names: tuple[str, ...], rules: Rules) -> None:
        super().__init__(ctx)
        self.result = result
        self.names = names
        self.rules = rules
        self.age_s = 0.0

    def update(self, dt: float) -> Transition:
        self.age_s += dt
        if self.ctx.demo and self.age_s > (3.0 if self.ctx.settings.animation_speed > 0 else 0.0):
            return Pop("round-continue")
        return None

    @property
    def busy(self) -> bool:
        return self.age_s < 0.4

    def handle_event(self, event: pygame.event.Event) -> Transition:
        if self.age_s < 0.15 and not self.ctx.fast:
            return None
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.ctx.sound.play("click")
            return Pop("round-continue")
        return None

    def headline(self) -> str:
        knocker = self.names[self.result.knocker] if self.result.knocker is not None else "Someone"
        shown = shown_name(self.result.hands[seat] for seat in self.result.showed_31).capitalize()
        return f"Round {self.result.round_number}: " + HEADLINES[self.result.reason].format(knocker=knocker, shown=shown)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, result = self.ctx, self.result
        w, h = surface.get_size()
        u = ui_unit(w, h, ctx.settings.ui_scale)
        theme = ctx.theme
        dim_overlay(surface, 120)
        seats = [s for s in range(len(self.names)) if result.hands[s]]
        row_h = 60 * u
        # Over the table only: the game log beside it stays readable.
        table_w = round(w - log_width(w, h, ctx.settings.ui_scale))
        panel = dialog(table_w, h, 900, 120 + row_h / u * len(seats), ctx.settings.ui_scale)
        row_h = min(row_h, (panel.h - 110 * u) / max(1, len(seats)))
        draw_panel(surface, panel, theme, u, alpha=235)
        blit_text(surface, ctx.assets, self.headline(), 26 * u, theme.accent, (panel.center[0], panel.y + 14 * u), "midtop", True)
        card_w = round(min(38 * u, row_h / CARD_RATIO * 0.92))
        y = panel.y + 58 * u
        for seat in seats:
            hand, score, lost = result.hands[seat], result.scores[seat], result.lives_lost[seat]
            counted = set(counted_cards(hand, self.rules)) if len(hand) == 3 else set()
            x = panel.x + 18 * u
            mid = y + row_h / 2
            name = fit_text(ctx.assets, self.names[seat], 17 * u, 130 * u, True)
            blit_text(surface, ctx.assets, name, 17 * u, theme.text, (x, mid), "midleft", True)
            if seat == result.knocker:
                blit_text(surface, ctx.assets, "knocked", 12 * u, theme.highlight, (x, mid + 11 * u), "topleft")
            x += 140 * u
            for card in hand:
                image = ctx.assets.card(ctx.settings.deck, card, card_w)
                r = image.get_rect(midleft=(round(x), round(mid - (4 * u if card in counted else 0))))
                if card in counted:
                    pygame.draw.rect(surface, theme.highlight, r.inflate(6 * u, 6 * u), border_radius=round(5 * u))
                surface.blit(image, r)
                if counted and card not in counted:
                    shade = pygame.Surface(r.size, pygame.SRCALPHA)
                    shade.fill((0, 0, 0, 90))
                    surface.blit(shade, r)
                x += card_w + 6 * u
            x += 8 * u
            value = format_value(score) if score is not None else "–"
            blit_text(surface, ctx.assets, value, 24 * u, theme.accent, (x + 24 * u, mid), "center", True)
            x += 62 * u
            colour = theme.bad if lost else theme.good
            reason = addressed(result.reasons[seat], self.names[seat])
            lines = ctx.assets.wrap(reason, 15 * u, panel.right - x - 16 * u)[:2]
            top = mid - len(lines) * 9 * u
            for line in lines:
                blit_text(surface, ctx.assets, line, 15 * u, colour, (x, top))
                top += 18 * u
            y += row_h
        blit_text(surface, ctx.assets, "Click or press Enter to continue", 15 * u, theme.text_dim,
                  (panel.center[0], panel.bottom - 12 * u), "midbottom")
