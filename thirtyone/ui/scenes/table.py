"""The table: a match in progress, animated from its events, played by mouse and keys."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from ...i18n import N_, _
from ...controller import Accepted, Match
from ...model import Action, Deal, Phase, QuickDraw
from ...model.events import Passed, RoundResult
from ...storage.setting_options import answer_window_ms
from ..bot_runner import BotRunner
from ..coach_panel import CoachPanel
from ..choreography import Choreographer, Snapshot
from ..game_setup import GameSetup
from ..gun_control import GunControl
from ..quick_draw import QuickDrawControl
from ..scene import BaseScene, Context, Push, Replace, Transition
from ..repaint import Repainter, paint_all
from ..sprites import CardSprite
from ..table_frame import frame_items, table_background
from ..table_handoff import HandOff
from ..keys import TABLE, Intent, label, read
from ..table_hud import turn_hint
from ...speech.table_voice import TableVoice
from ..table_input import TableInput
from ..table_offers import TableOffers
from ..table_out import Spectator, out_hint
from ..table_view import TableView
from ..tween import Tweener
from ..widgets import Button


class TableScene(BaseScene):
    """Runs one match: humans act through ``TableInput``, bots on a worker thread."""

    name = "table"

    def __init__(self, ctx: Context, setup: GameSetup, match: Match | None = None) -> None:
        super().__init__(ctx)
        if match is None and setup.rules.quick_draw:  # Settings → Quick Draw answer time: the game's own rules
            window = answer_window_ms(setup.rules.answer_window_ms, ctx.settings.quick_draw_window)
            setup = dataclasses.replace(setup, rules=setup.rules.replace(answer_window_ms=window))
        self.setup = setup
        self.match = match if match is not None else setup.start(ctx.plugin_seats)
        humans = self.match.human_seats()
        self.pass_and_play = len(humans) >= 2
        viewer = humans[0] if humans else 0
        rules = self.match.rules
        self.view = TableView(self.match.names, viewer, rules.has_board, rules.honor_life, rules.old_west,
                              honor_at_zero=rules.honor_at_zero, honor_swims=rules.honor_swims, has_kitty=rules.kitty,
                              ui_scale=ctx.settings.ui_scale)
        self.view.face_seat = -1 if self.pass_and_play else viewer
        self.kinds = setup.kinds()
        self.view.relayout(ctx.size)
        self.view.sync(self.match.observation(viewer), self.kinds)
        self.log_lines: list[str] = [_("{count} players, {title}.").format(count=len(self.match.names),
                                                                             title=setup.title(self.match.rules))]
        self.tweener = Tweener()
        self.choreo = Choreographer(self.view, rules, ctx.settings, ctx.sound, self.tweener, self.log_lines.append)
        self.voice = TableVoice(ctx.speech, self.match.names, rules, lambda obs: turn_hint(obs, rules.has_board))
        self.choreo.on_event = self._voice_event
        self.bots = BotRunner(on_failure=self._bot_failed)
        self.input = TableInput(self.view, self.act, self.say, self._settle)
        self.message = ""
        self.message_s = 0.0
        self.pending_result: RoundResult | None = None
        self.over_shown = False
        self.offers = TableOffers(self)
        self.handoff = HandOff(self)
        self.buttons = {"knock": Button(N_("Knock"), self.input.knock, label(TABLE, "knock"), enabled=False),
                        "swap": Button(N_("Swap"), self.input.swap, label(TABLE, "swap"), enabled=False),
                        "pass": Button(N_("Pass"), lambda: self.command(Intent("pass")), label(TABLE, "pass"),
                                       enabled=False),
                        "swap_all": Button(N_("Swap all"), lambda: self.command(Intent("swap_all")),
                                           label(TABLE, "swap_all"), enabled=False),
                        "keep": Button(N_("Keep hand"), lambda: self.command(Intent("keep")), label(TABLE, "keep"),
                                       enabled=False),
                        "spare": Button(N_("Take spare"), lambda: self.command(Intent("spare")),
                                        label(TABLE, "spare"), enabled=False),
                        "take_back": Button(N_("Take back"), self.offers.take_back, "U", enabled=False)}
        self.spectator = Spectator()
        self.looking = False
        """The discard pile is spread out for a look (L, or a right click on the pile)."""
        self.held: tuple[Intent, int] | None = None
        """A key pressed on your turn while the last cards still moved (``hold``), and the action count then."""
        self.quick = QuickDrawControl(self)
        self.gun = GunControl(self, self.quick.open if rules.quick_draw else None)
        self.coach = CoachPanel(self)
        self.repainter = Repainter()
        self.view.place(ctx.size)

    # -- acting -------------------------------------------------------------------------
    def _bot_failed(self, notice: str, detail: str) -> None:
        """A plug-in bot failed: tell the player, and keep the details in the log."""
        self.say(notice)
        self.log_lines.append(detail)

    def _settle(self, sprite: CardSprite) -> None:
        """Send a card the player let go back to its place."""
        self.choreo.move(sprite, self.ctx.settings.duration_s(0.2))

    def _voice_event(self, event: Any, snap: Snapshot) -> None:
        """An event as it plays, to speech (and a pass's earcon: no card moves, so no other sound)."""
        self.voice.event(event, snap.observation, snap.faces)
        if isinstance(event, Passed):
            self.earcon("pass")

    def earcon(self, name: str) -> None:
        """A short sound that stands for a line, played while speech is on (``sound.EARCONS``)."""
        if self.ctx.speech.speaking:
            self.ctx.sound.play(name)

    def say(self, text: str) -> None:
        self.message, self.message_s = text, 3.0
        self.ctx.speech.say(text, interrupt=True)

    def answer(self, command: str) -> bool:
        """A speech question key (``keys.SPOKEN_QUESTIONS``): the answer is said at once; whether it was one."""
        viewer = self.view.viewer
        return self.voice.ask(command, self.match.observation(viewer), self.view.face_seat == viewer,
                              self.input.obs if not self.choreo.busy else None)

    def command(self, intent: Intent) -> None:
        """A move command from a key or a button (``keys.TABLE``)."""
        self.input.command(intent)

    def hold(self, intent: Intent) -> None:
        """Keep a key pressed on your own turn while cards still move, to act on once they settle.

        Moves and the gun alike; dropped if the game moves on first.
        """
        if self.match.current_seat == self.view.viewer:
            self.held = (intent, self.match.action_count)

    def act(self, action: Action) -> bool:
        """The viewer's intent: submit it if input is open, else explain; whether it was accepted."""
        if self.choreo.busy:
            return False
        current = self.match.current_seat
        if current != self.view.viewer and current >= 0:
            self.say(_("Wait: it is {name}'s turn.").format(name=self.match.names[current]))
            return False
        return self.submit(self.view.viewer, action)

    def submit(self, seat: int, action: Action) -> bool:
        outcome = self.match.submit(seat, action)
        if not isinstance(outcome, Accepted):
            self.earcon("refused")
            self.say(outcome.reason[:1].upper() + outcome.reason[1:])
            return False
        if seat == self.view.viewer:
            self.message_s = 0.0  # a confirmation or warning about the move just made is stale now
            self.input.hover_text = ""
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
        self.handoff.after_move(seat, self.match.current_seat != seat or self.match.is_over)
        current = self.match.current_seat

        def settle() -> float:
            self.view.current = current
            self.view.stock_count = snap.observation.stock_count
            self.view.sync_guns(snap.observation)
            return 0.0
        self.choreo.then(settle)
        return True

    # -- scene protocol ----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """False only while the table waits for a human with nothing moving (the loop then sleeps)."""
        match = self.match
        return (self.choreo.busy or self.bots.pending or self.view.confetti.busy or self.message_s > 0
                or self.pending_result is not None or (match.is_over and not self.over_shown)
                or (not match.is_over and match.is_bot(match.current_seat)) or self.input.drag_index >= 0
                or self.input.obs is None or self.gun.aiming or self.quick.standoff is not None or self.coach.busy)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        from .pause import PauseScene
        if self.quick.handle_event(event) or self.gun.handle_event(event) or self.coach.handle_event(event):
            return None
        intent = read(event, TABLE)
        if intent is not None:
            if intent.command == "pause":
                if self.looking:
                    self.looking = False
                    return None
                if self.input.cancel():
                    self.say(_("Cancelled."))
                    return None
                return Push(PauseScene(self.ctx, self))
            if intent.command == "look":
                self.looking = not self.looking
                return None
            if intent.command == "take_back":
                self.offers.take_back()
                return None
            if self.answer(intent.command):
                return None
        choice = self.spectator.handle(event)
        if choice:
            return self.offers.spectate(choice)
        if intent is not None:
            if intent.command == "skip":
                self.choreo.skip()
                return None
            if intent.command == "hand_value":
                self.ctx.change_settings(show_hand_value=not self.ctx.settings.show_hand_value)
                return None
        if self.choreo.busy:
            if intent is not None:
                self.hold(intent)
            return None
        if intent is not None:
            self.input.command(intent)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.looking and event.type == pygame.MOUSEBUTTONDOWN:
                self.looking = False
                return None
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and not self.view.has_board \
                    and self.input.on_box(self.view.layout.discard, event.pos):
                self.looking = True
                return None
            for name, button in self.buttons.items():
                if button.enabled and button.handle(event):
                    return None
            if self.input.handle_mouse(event) is False and event.type == pygame.MOUSEBUTTONDOWN \
                    and event.button == 1 and self.input.obs is None and not self.view.has_board \
                    and self.input.on_box(self.view.layout.discard, event.pos):
                self.looking = True  # not your turn: a click on the pile spreads it out for a look
        return None

    def update(self, dt: float) -> Transition:
        from .game_over import GameOverScene
        from .handoff import HandoffScene
        from .round_end import RoundEndScene
        self.view.ui_scale = self.ctx.settings.ui_scale
        self.input.confirm_knock = self.ctx.settings.confirm_knock
        self.choreo.update(dt)
        self.view.confetti.update(dt, 900 * (self.view.placed.unit if self.view.placed else 1))
        self.message_s = max(0.0, self.message_s - dt)
        self.view.place(self.ctx.size)
        self.input.obs = None
        was_out = self.spectator.out
        skipping = self.spectator.update(self.match) and self.spectator.skipping
        if self.spectator.out and not was_out:  # said once: a blind player learns the out seat's keys here
            self.ctx.speech.say(out_hint().replace(" · ", "; ") + ".")
        if skipping:
            self.choreo.skip()
        if self.quick.update(dt):
            self.gun.update_button()
            return None
        if self.choreo.busy:
            self.offers.light_buttons()
            return None
        if self.pending_result is not None:
            result, self.pending_result = self.pending_result, None
            self.message_s = 0.0  # a prompt from the round that just ended would only confuse
            self.input.knock_armed = False
            if skipping:
                return None
            return Push(RoundEndScene(self.ctx, result, self.match.names, self.match.rules,
                                      watching=self.spectator.out, table=self))
        if self.match.is_over:
            if not self.over_shown and not self.view.confetti.busy:
                self.over_shown = True
                make = self.ctx.game_over_scene or GameOverScene
                return Replace(make(self.ctx, self.setup, self.match))
            return None
        if self.quick.poll_bots():
            return None
        seat = self.match.current_seat
        self.view.current = seat
        if self.match.is_bot(seat):
            self.offers.light_buttons()  # Quick Draw: the human may draw while bots play; take back stays open
            self.bots.start(self.match)
            self.view.thinking = seat
            decided = self.bots.poll(dt, 0.0 if skipping else self.ctx.settings.bot_delay_s(0.8))
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
        if self.handoff.waits_for(seat):
            return Push(HandoffScene(self.ctx, self.match.names[seat], seat, self)) if self.handoff.ask(seat) else None
        if seat == self.view.viewer:
            self.input.obs = obs
            if self.voice.your_turn(obs, self.match.action_count):
                self.earcon("your_turn")
            held, self.held = self.held, None
            if held is not None and held[1] == self.match.action_count:
                if held[0].command == "gun":
                    self.gun.press()
                else:
                    self.input.command(held[0])
        self.coach.update()
        self.offers.light_buttons()
        self.input.refresh_hover()
        return None

    @property
    def human_is_out(self) -> bool:
        """Humans played here and every one of them is out of the game: the rest is watched."""
        return self.spectator.update(self.match)

    def resume(self, result: Any = None) -> None:
        from .round_end import SKIP_TO_RESULT
        if result == SKIP_TO_RESULT:  # chosen on a watched round-end panel
            self.spectator.skipping = True
            return
        if isinstance(result, tuple) and result[0] == "handoff":
            self.handoff.take_seat(result[1])

    def pause(self) -> None:
        self.input.drag_index = -1

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out for the new window size: under the pause menu or a round-end panel
        it is drawn without an update, and with the old layout it would be drawn out of place."""
        self.view.place(size)

    def shutdown(self) -> None:
        """The bots and the coach stop thinking: the table is gone."""
        self.bots.shutdown()
        self.coach.shutdown()

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The whole frame, painted from scratch (under an overlay, or for a screenshot)."""
        paint_all(surface, table_background(self), frame_items(self))

    def draw_changed(self, surface: pygame.Surface, full: bool = False) -> list[pygame.Rect] | None:
        """Paint only what changed since this scene's last frame on ``surface``: those areas, or ``None`` for all."""
        return self.repainter.paint(surface, table_background(self), frame_items(self), full)
