"""Round end: every hand face up, the counted cards marked, values and one sentence each.

The panel continues by itself in the demo and when ``watching`` (every human at
the table is out): a timer on the ``Tweener`` runs on the clock, also while the
window idles. A watcher can also skip to the result or start a new game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import N_, _, seat_name
from ..pointer import PRESS, pointer
from ...model import Rules
from ...model.events import RoundEnd, RoundResult
from ...model.scoring import counted_cards, format_value, shown_name
from ..layout import CARD_RATIO, Box, log_width, ui_unit
from ..scene import BaseScene, Context, Pop, Push, Replace, Transition
from ..keys import ROUND_END, read
from ..animation.tween import Tweener
from ..widgets import Button, blit_text, dim_overlay, draw_panel, fit_size, fit_text
from ..theme import TEXT

if TYPE_CHECKING:
    from ..assets import Assets
    from ..screens.pause import PausedGame

DEMO_PAUSE_S = 3.0
"""How long the demo shows a round's result before the next deal (base, at normal speed)."""
WATCH_PAUSE_S = 4.0
"""How long a player who is out sees each round's result before the next deal."""
CONTINUE = "round-continue"
SKIP_TO_RESULT = "skip-to-result"

HEADLINES = {
    RoundEnd.KNOCK: N_("{knocker} knocked — hands are shown"),
    RoundEnd.THIRTY_ONE: N_("{shown}!"),
    RoundEnd.DEALT_31: N_("{shown} on the deal!"),
    RoundEnd.UNDER_THE_GUN: N_("{knocker} knocked under the gun"),
    RoundEnd.STOCK_OUT: N_("The stock ran out"),
    RoundEnd.TURN_LIMIT: N_("The turn limit is reached"),
}
YOUR_HEADLINES = {
    RoundEnd.KNOCK: N_("You knocked — hands are shown"),
    RoundEnd.UNDER_THE_GUN: N_("You knocked under the gun"),
}
"""The headlines that name the knocker, when it is the seat at the screen (German conjugates: "Du hast geklopft")."""


SMALLEST_REASON = 0.7
"""A seat's reason may be set down to this share of the body size to fit its row whole."""


def reason_lines(assets: Any, reason: str, size: float, width: float, room: float) -> tuple[float, list[str]]:
    """The text size and lines of a seat's reason: the body size if its lines fit the row's height
    ``room``, else smaller (to ``SMALLEST_REASON`` of it), so the whole sentence is read; only a
    reason too long even then ends in an ellipsis."""
    smallest = size * SMALLEST_REASON
    shown = size
    while True:
        lines = assets.wrap(reason, shown, width)
        step = 18 / 15 * shown  # the body size's line spacing, kept in proportion
        if len(lines) * step <= room or shown <= smallest:
            break
        shown = max(smallest, shown * 0.92)
    fits = max(1, int(room // step))
    if len(lines) > fits:
        lines = lines[:fits]
        lines[-1] = fit_text(assets, lines[-1] + " …", shown, width)
    return shown, lines


PANEL_LEAST_W = 600
"""Design width the panel needs for a name, a hand, its value and a reason beside one another: on a
narrower table (1024×600 at 200%) the panel's unit gives way, else its headline and reasons are cut."""
NAME_COLUMN = 130
"""Design width of the names' column on the round-end panel; it widens for longer names while the
reasons keep ``REASON_ROOM``."""
REASON_ROOM = 200
"""Design width the reasons keep when the names' column widens."""


def name_column(assets: Assets, names: list[str], u: float, room: float) -> float:
    """The names' column: ``NAME_COLUMN`` units, wider (up to what ``room`` leaves the reasons, less
    ``REASON_ROOM``) so a long name such as "Bartholomew Ox" is read whole, not "Bartholome…"."""
    font = assets.font(int(TEXT.strong * u), True)
    widest = max((font.size(name)[0] for name in names), default=0)
    return max(NAME_COLUMN * u, min(widest, room - REASON_ROOM * u))


class RoundEndScene(BaseScene):
    """A panel over the table; click or Enter continues to the next deal."""

    name = "round_end"
    overlay = True

    def __init__(self, ctx: Context, result: RoundResult, names: tuple[str, ...], rules: Rules,
                 watching: bool = False, table: PausedGame | None = None, you: int | None = None,
                 remote: bool = False) -> None:
        super().__init__(ctx)
        self.table = table
        """The table underneath, so Esc opens the pause menu here as it does at the table."""
        self.result = result
        self.names = names
        self.rules = rules
        self.you = you
        """The seat told in the second person (the one at the screen), or ``None``."""
        self.watching = watching
        """Every human is out: the panel continues by itself and offers Skip to result and New game."""
        self.done: Transition = None
        self.timers = Tweener()
        self.buttons: list[Button] = []
        if ctx.demo or watching:
            pause = DEMO_PAUSE_S if ctx.demo else WATCH_PAUSE_S
            self.timers.after(ctx.settings.duration_s(pause) if ctx.demo else pause, self._continue)
        self.remote = remote
        """The game is kept by a network host: skipping it or leaving it for a new one is not this panel's."""
        if watching and remote:
            self.buttons = [Button(N_("Next round"), lambda: Pop(CONTINUE), "Enter")]
        elif watching:
            self.buttons = [Button(N_("Skip to result"), lambda: Pop(SKIP_TO_RESULT), "S"),
                            Button(N_("New game"), self._new_game, "N"),
                            Button(N_("Next round"), lambda: Pop(CONTINUE), "Enter")]

    def _continue(self) -> None:
        self.done = Pop(CONTINUE)

    def _new_game(self) -> Transition:
        from ..game_setup import GameSetup
        setup = GameSetup.from_settings(self.ctx.settings, seed=self.ctx.seed)
        return Replace(self.ctx.screens.to_new_game(self.ctx, setup, True), clear=True)

    def update(self, dt: float) -> Transition:
        self.timers.update(dt)
        return self.done

    @property
    def spoken_focus(self) -> str:
        """What speech says as the panel opens (the result itself was said as the round ended)."""
        if self.watching and not self.remote:
            return _("Round over. Enter: next round; S: skip to the result; N: new game.")
        if self.table is not None and self.table.session.is_over:
            return _("Round over, and the game. Enter: the result.")
        return _("Round over. Enter: next round.")

    @property
    def busy(self) -> bool:
        return self.just_shown(0.4)

    @property
    def wake_in_s(self) -> float | None:
        return self.timers.next_deadline_s

    def handle_event(self, event: pygame.event.Event) -> Transition:
        if self.just_shown(0.15) and not self.ctx.fast:
            return None
        clicked = self.click_buttons(self.buttons, event)
        if clicked is not None:
            return clicked
        intent = read(event, ROUND_END)
        command = intent.command if intent is not None else ""
        if command == "pause" and self.table is not None:
            from ..screens.pause import PauseScene
            return Push(PauseScene(self.ctx, self.table))
        if self.watching and not self.remote and command in ("skip", "new"):
            self.ctx.sound.play("click")
            return Pop(SKIP_TO_RESULT) if command == "skip" else self._new_game()
        mouse = pointer(event)
        on_button = mouse is not None and mouse.kind == PRESS and any(b.box.contains(*mouse.pos) for b in self.buttons)
        if (mouse is not None and mouse.left_press and not on_button) or command == "continue":
            self.ctx.sound.play("click")
            return Pop(CONTINUE)
        return None

    def headline(self) -> str:
        seat = self.result.knocker
        knocker = self.names[seat] if seat is not None else _("Someone")
        shown = _(shown_name(self.result.hands[seat] for seat in self.result.showed_31)).capitalize()
        wording = YOUR_HEADLINES.get(self.result.reason) if seat is not None and seat == self.you else None
        return _("Round {number}: {headline}").format(
            number=self.result.round_number,
            headline=_(wording or HEADLINES[self.result.reason]).format(knocker=knocker, shown=shown))

    def draw(self, surface: pygame.Surface) -> None:
        ctx, result = self.ctx, self.result
        w, h = surface.get_size()
        # Over the table only: the game log beside it stays readable.
        table_w = round(w - log_width(w, h, ctx.settings.ui_scale))
        # The panel gives way below the interface size where the table is too narrow for it, as the table does.
        u = max(0.5, min(ui_unit(w, h, ctx.settings.ui_scale), (table_w - 20) / PANEL_LEAST_W))
        theme = ctx.theme
        dim_overlay(surface, 120)
        seats = [s for s in range(len(self.names)) if result.hands[s]]
        row_h = 84 * u
        footer = (84 if self.buttons else 34) * u
        panel = Box.centered(table_w / 2, h / 2, min(900 * u, table_w - 20 * u),
                             min(64 * u + footer + row_h * len(seats), h - 20 * u))
        if panel.w < 20 or panel.h < 20:
            return  # a window too small for any panel: the table shows through
        row_h = max(1.0, min(row_h, (panel.h - 56 * u - footer) / max(1, len(seats))))
        draw_panel(surface, panel, theme, u, alpha=235)
        headline_size = fit_size(ctx.assets, self.headline(), TEXT.heading * u, panel.w - 24 * u, True)
        headline = fit_text(ctx.assets, self.headline(), headline_size, panel.w - 24 * u, True)
        blit_text(surface, ctx.assets, headline, headline_size, theme.accent, (panel.center[0], panel.y + 14 * u), "midtop", True)
        card_w = max(8, round(min(60 * u, row_h / CARD_RATIO * 0.9)))
        # What the names and the reasons share: the panel less its margins, the hands and the values.
        name_w = name_column(ctx.assets, [seat_name(self.names[s]) for s in seats], u,
                             panel.w - 3 * (card_w + 6 * u) - 114 * u)
        y = panel.y + 58 * u
        for seat in seats:
            hand, score, lost = result.hands[seat], result.scores[seat], result.lives_lost[seat]
            counted = set(counted_cards(hand, self.rules)) if len(hand) == 3 else set()
            x = panel.x + 18 * u
            mid = y + row_h / 2
            full = seat_name(self.names[seat])
            name_size = fit_size(ctx.assets, full, TEXT.strong * u, name_w, True)
            name = fit_text(ctx.assets, full, name_size, name_w, True)
            blit_text(surface, ctx.assets, name, name_size, theme.text, (x, mid), "midleft", True)
            if seat == result.knocker:
                blit_text(surface, ctx.assets, _("knocked"), TEXT.caption * u, theme.highlight, (x, mid + 11 * u), "topleft")
            x += name_w + 10 * u
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
            blit_text(surface, ctx.assets, value, TEXT.heading * u, theme.accent, (x + 24 * u, mid), "center", True)
            x += 62 * u
            colour = theme.bad if lost else theme.good
            reason = result.reasons_for(self.you)[seat]
            size, lines = reason_lines(ctx.assets, reason, TEXT.body * u, max(60 * u, panel.right - x - 16 * u), row_h)
            step = 18 * u * size / (TEXT.body * u)
            top = mid - len(lines) * step / 2
            for line in lines:
                blit_text(surface, ctx.assets, line, size, colour, (x, top))
                top += step
            y += row_h
        self._draw_footer(surface, panel, u)

    def _draw_footer(self, surface: pygame.Surface, panel: Box, u: float) -> None:
        ctx, theme = self.ctx, self.ctx.theme
        left = self.timers.next_deadline_s
        if self.buttons:
            gap = 10 * u
            bw = min(200 * u, (panel.w - 40 * u - 2 * gap) / 3)
            x = panel.center[0] - (3 * bw + 2 * gap) / 2
            for button in self.buttons:
                button.box = Box(x, panel.bottom - 52 * u, bw, 40 * u)
                button.draw(surface, ctx.assets, theme, u)
                x += bw + gap
            note = _("You are out: watching the bots.")
            if left is not None:
                note = _("{note} Next round in {seconds} s.").format(note=note, seconds=max(1, round(left + 0.49)))
            blit_text(surface, ctx.assets, fit_text(ctx.assets, note, TEXT.normal * u, panel.w - 24 * u), TEXT.normal * u,
                      theme.text_dim, (panel.center[0], panel.bottom - 60 * u), "midbottom")
            return
        text = _("Click or press Enter to continue · Esc: pause") if self.table is not None else _("Click or press Enter to continue")
        if left is not None and self.ctx.demo:
            text = _("Next round in {seconds} s — click or press Enter to go on now").format(
                seconds=max(1, round(left + 0.49)))
        blit_text(surface, ctx.assets, fit_text(ctx.assets, text, TEXT.body * u, panel.w - 24 * u), TEXT.body * u, theme.text_dim,
                  (panel.center[0], panel.bottom - 12 * u), "midbottom")
