"""The table: a match in progress, animated from its events, played by mouse and keys."""

from __future__ import annotations

from typing import Any

import pygame

from ...controller import Accepted, Match
from ...model import Action, Deal, Phase, QuickDraw
from .. import easing
from ..bot_runner import BotRunner
from ..choreography import Choreographer, Snapshot
from ..game_setup import GameSetup
from ..gun_control import GunControl
from ..quick_draw import QuickDrawControl
from ..layout import Box
from ..scene import BaseScene, Context, Push, Replace, Transition
from ..table_draw import draw_table
from ..table_hud import draw_hand_value, turn_hint
from ..table_input import TableInput
from ..table_view import TableView
from ..tween import Tweener
from ..widgets import Button, draw_panel


class TableScene(BaseScene):
    """Runs one match: humans act through ``TableInput``, bots on a worker thread."""

    name = "table"

    def __init__(self, ctx: Context, setup: GameSetup, match: Match | None = None) -> None:
        super().__init__(ctx)
        self.setup = setup
        self.match = match if match is not None else setup.start(ctx.plugin_seats)
        humans = self.match.human_seats()
        self.pass_and_play = len(humans) >= 2
        viewer = humans[0] if humans else 0
        rules = self.match.rules
        self.view = TableView(self.match.names, viewer, rules.has_board, rules.honor_life, rules.old_west,
                              ui_scale=ctx.settings.ui_scale)
        self.view.face_seat = -1 if self.pass_and_play else viewer
        self.kinds = setup.kinds()
        self.view.relayout(ctx.size)
        self.view.sync(self.match.observation(viewer), self.kinds)
        self.log_lines: list[str] = [f"{len(self.match.names)} players, {self.setup_title()}."]
        self.tweener = Tweener()
        self.choreo = Choreographer(self.view, ctx.settings, ctx.sound, self.tweener, self.log_lines.append)
        self.bots = BotRunner(on_failure=lambda notice, detail: (self.say(notice), self.log_lines.append(detail)))
        self.input = TableInput(self.view, self.act, self.say,
                                lambda sprite: self.choreo.move(sprite, ctx.settings.duration_s(0.2)))
        self.message = ""
        self.message_s = 0.0
        self.pending_result = None
        self.awaiting_handoff = -1
        self.over_shown = False
        self.buttons = {"knock": Button("Knock", self.input.knock, "K"),
                        "pass": Button("Pass", lambda: self.act_key(pygame.K_p), "P"),
                        "swap_all": Button("Swap all", lambda: self.act_key(pygame.K_a), "A")}
        self.quick = QuickDrawControl(self)
        self.gun = GunControl(self, self.quick.open if rules.quick_draw else None)
        self.view.place(ctx.size)

    def setup_title(self) -> str:
        from ...model import PRESETS
        preset = PRESETS.get(self.setup.preset)
        title = preset.title if preset else "house rules"
        return title + ("" if preset and preset.rules == self.match.rules else " (house rules)")

    # -- acting -------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.message, self.message_s = text, 3.0

    def act_key(self, key: int) -> None:
        self.input.handle_key(key)

    def act(self, action: Action) -> None:
        """The viewer's intent: submit it if input is open, else explain."""
        if self.choreo.busy:
            return
        current = self.match.current_seat
        if current != self.view.viewer and current >= 0:
            self.say(f"Wait: it is {self.match.names[current]}'s turn.")
            return
        self.submit(self.view.viewer, action)

    def submit(self, seat: int, action: Action) -> bool:
        outcome = self.match.submit(seat, action)
        if not isinstance(outcome, Accepted):
            self.say(outcome.reason[:1].upper() + outcome.reason[1:])
            return False
        if self.ctx.after_action is not None:
            self.ctx.after_action(self.match)
        if self.match.is_over and self.ctx.after_game is not None:
            self.ctx.after_game(self.match)
        self.input.knock_armed = False
        self.view.selected.clear()
        self.view.board_selected.clear()
        viewer = self.view.viewer
        snap = Snapshot(self.match.observation(viewer), self.view.face_seat == viewer)
        self.choreo.play(outcome.events, snap)
        for event in outcome.events:
            result = getattr(event, "result", None)
            if result is not None:
                self.pending_result = result
        turn_over = self.match.current_seat != seat or self.match.is_over
        if self.pass_and_play and seat == self.view.face_seat and turn_over:
            self.view.face_seat = -1
            self.choreo.then(self._hide_viewer_hand)
        current = self.match.current_seat

        def settle() -> float:
            self.view.current = current
            self.view.stock_count = snap.observation.stock_count
            self.view.sync_guns(snap.observation)
            return 0.0
        self.choreo.then(settle)
        return True

    def _hide_viewer_hand(self) -> float:
        if self.view.revealed:
            return 0.0
        for sprite in self.view.hands[self.view.viewer]:
            self.tweener.animate(sprite, self.ctx.settings.duration_s(0.25), easing.accel_decel, flip=0.0)
        return self.ctx.settings.duration_s(0.3)

    # -- scene protocol ----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """False only while the table waits for a human with nothing moving (the loop then sleeps)."""
        match = self.match
        return (self.choreo.busy or self.bots.pending or self.view.confetti.busy or self.message_s > 0
                or self.pending_result is not None or (match.is_over and not self.over_shown)
                or (not match.is_over and match.is_bot(match.current_seat)) or self.input.drag_index >= 0
                or self.input.obs is None or self.gun.aiming or self.quick.standoff is not None)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        from .pause import PauseScene
        if self.quick.handle_event(event) or self.gun.handle_event(event):
            return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Push(PauseScene(self.ctx, self))
            if event.key == pygame.K_SPACE:
                self.choreo.skip()
                return None
            if event.key == pygame.K_h:
                self.ctx.settings.show_hand_value = not self.ctx.settings.show_hand_value
                return None
        if self.choreo.busy:
            return None
        if event.type == pygame.KEYDOWN:
            self.input.handle_key(event.key)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.input.obs is not None:
                for name, button in self.buttons.items():
                    if button.enabled and button.handle(event):
                        return None
            self.input.handle_mouse(event)
        return None

    def update(self, dt: float) -> Transition:
        from .game_over import GameOverScene
        from .handoff import HandoffScene
        from .round_end import RoundEndScene
        self.view.ui_scale = self.ctx.settings.ui_scale
        self.input.confirm_knock = self.ctx.settings.confirm_knock
        self.choreo.update(dt)
        self.view.confetti.update(dt, 900 * (self.view.layout.unit if self.view.layout else 1))
        self.message_s = max(0.0, self.message_s - dt)
        self.view.place(self.ctx.size)
        self.input.obs = None
        if self.quick.update(dt):
            self.gun.update_button()
            return None
        if self.choreo.busy:
            self._update_buttons()
            return None
        if self.pending_result is not None:
            result, self.pending_result = self.pending_result, None
            self.message_s = 0.0  # a prompt from the round that just ended would only confuse
            self.input.knock_armed = False
            return Push(RoundEndScene(self.ctx, result, self.match.names, self.match.rules))
        if self.match.is_over:
            if not self.over_shown and not self.view.confetti.busy:
                self.over_shown = True
                return Replace(GameOverScene(self.ctx, self.setup, self.match))
            return None
        if self.quick.poll_bots():
            return None
        seat = self.match.current_seat
        self.view.current = seat
        if self.match.is_bot(seat):
            self.gun.refresh()
            self.gun.update_button()  # Quick Draw: the human may draw while bots play
            self.bots.start(self.match)
            self.view.thinking = seat
            decided = self.bots.poll(dt, self.ctx.settings.bot_delay_s(0.8))
            if decided is not None:
                request, action = decided
                self.view.thinking = -1
                if request.action_number != self.match.action_count:
                    pass  # a draw came while it thought: it thinks again
                elif isinstance(action, QuickDraw):
                    self.quick.open(action.shooter, action.target)
                else:
                    self.submit(request.seat, action)
            return None
        self.view.thinking = -1
        obs = self.match.observation(seat)
        if obs.phase is Phase.DEAL:
            self.submit(seat, Deal())
            return None
        if self.pass_and_play and self.view.face_seat != seat:
            if self.awaiting_handoff != seat:
                self.awaiting_handoff = seat
                return Push(HandoffScene(self.ctx, self.match.names[seat], seat, self))
            return None
        if seat == self.view.viewer:
            self.input.obs = obs
        self._update_buttons()
        return None

    def _update_buttons(self) -> None:
        self.gun.refresh()
        self.gun.update_button()
        lit = self.input.lit() if self.input.obs is not None and not self.gun.aiming else {}
        for name, button in self.buttons.items():
            button.enabled = bool(lit.get(name))
            button.lit = button.enabled
        for i, sprite in enumerate(self.view.hands[self.view.viewer]):
            sprite.highlight = bool(lit.get("hand")) and i in self.view.selected
        self.view.stock_lit = bool(lit.get("stock"))
        top = self.view.discard[-1] if self.view.discard else None
        for sprite in self.view.discard:
            sprite.highlight = sprite is top and bool(lit.get("discard"))
        for i, sprite in enumerate(self.view.board):
            sprite.highlight = bool(lit.get("board")) or i in self.view.board_selected

    def resume(self, result: Any = None) -> None:
        if isinstance(result, tuple) and result[0] == "handoff":
            seat = result[1]
            self.awaiting_handoff = -1
            self.view.viewer = seat
            self.view.face_seat = seat
            obs = self.match.observation(seat)
            self.view.sync(obs, self.kinds)
            self.view.place(self.ctx.size)
            for sprite in self.view.hands[seat]:
                sprite.flip = 0.0
                self.tweener.animate(sprite, self.ctx.settings.duration_s(0.3), easing.accel_decel, flip=1.0)

    def pause(self) -> None:
        self.input.drag_index = -1

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        ctx, view = self.ctx, self.view
        layout = view.layout
        u = layout.unit
        draw_table(surface, view, ctx.assets, ctx.theme, ctx.settings.deck, self.log_lines, ctx.clock_s)
        theme = ctx.theme
        if not self.match.is_bot(view.viewer):
            rules = self.match.rules
            names = {"knock": True, "pass": rules.has_board or self.buttons["pass"].enabled,
                 "swap_all": rules.exchange.value == "commerce"}
            for name, button in self.buttons.items():
                if names[name]:
                    button.box = layout.buttons[name]
                    button.draw(surface, ctx.assets, theme, u)
        draw_hand_value(surface, self)
        self.gun.draw(surface)
        self.quick.draw(surface)
        hint = self.message if self.message_s > 0 else self.gun.hint() or (self.input.hover_text if self.input.obs else "")
        if not hint and self.input.obs is not None:
            hint = "Your turn: " + turn_hint(self.input.obs, self.view.has_board)
        if hint:
            box = layout.message
            image = ctx.assets.text(hint, 16 * u, theme.bad if self.message_s > 0 else theme.text, bold=self.message_s > 0)
            panel = Box.centered(box.center[0], box.center[1], image.get_width() + 28 * u, box.h)
            draw_panel(surface, panel, theme, u, alpha=210)
            surface.blit(image, image.get_rect(center=(round(box.center[0]), round(box.center[1]))))
