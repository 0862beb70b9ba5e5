"""The table: a game in progress, animated from its events, played by mouse and keys.

The scene drives a ``TableSession`` (``thirtyone.session``) and never the game itself:
its player's actions go out with ``submit``, every other seat's move comes in from
``next_move``, and each answer carries the events to animate and what the viewer sees.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import pygame

from ...i18n import N_, _
from ...model import Action, Observation
from ...model.events import Passed, RoundResult
from ...narration import Transcript
from ...session import DrawCalled, LocalSession, Notice, Played, Refused, Sent, TableSession
from ...speech.speaker import NOTICE
from ...speech.table_voice import TableVoice
from ...storage.setting_options import answer_window_ms
from .coach import CoachPanel
from ..animation.choreography import Choreographer
from ..animation.snapshot import Snapshot
from ..game_setup import GameSetup
from ..oldwest.gun import GunControl
from ..oldwest.quick_draw import QuickDrawControl
from ..scene import BaseScene, Context, Push, Replace, Transition
from ..repaint import Repainter, paint_all
from ..animation.sprites import CardSprite
from .frame import TableFrame, frame_items, table_background
from .handoff import HandOff
from ..keys import OUT, TABLE, Intent, label
from .hud import turn_hint
from .input import TableInput
from .offers import TableOffers
from .out import Spectator, out_hint
from .reader import HOVER, TableReader
from .router import TableRouter
from .view import TableView
from ..animation.tween import Tweener
from .wants import Act, DrawOn, Hold, Say, Want
from ..widgets import Button


class TableScene(BaseScene):
    """Runs one game through its session: humans act through ``TableInput``, others' moves stream in."""

    name = "table"

    def __init__(self, ctx: Context, setup: GameSetup, session: TableSession | None = None) -> None:
        super().__init__(ctx)
        if session is None and setup.rules.quick_draw:  # Settings → Quick Draw answer time: the game's own rules
            window = answer_window_ms(setup.rules.answer_window_ms, ctx.settings.quick_draw_window)
            setup = dataclasses.replace(setup, rules=setup.rules.replace(answer_window_ms=window))
        self.setup = setup
        self.session: TableSession = session if session is not None else LocalSession(
            setup.start(ctx.plugin_seats), ctx.game_hooks)
        self.pass_and_play = len(self.session.human_seats()) >= 2
        viewer = self.session.viewer
        rules = self.session.rules
        self.seen: Observation = self.session.observation()
        """What the viewer sees now: the session's last answer (the table never asks the game again)."""
        self.view = TableView(self.session.names, viewer, rules.has_board, rules.honor_life, rules.old_west,
                              honor_at_zero=rules.honor_at_zero, honor_swims=rules.honor_swims, has_kitty=rules.kitty,
                              starting_tokens=rules.starting_tokens, linked=not self.session.local,
                              ui_scale=ctx.settings.ui_scale)
        self.view.face_seat = -1 if self.pass_and_play else viewer
        self.view.humans = frozenset(self.session.human_seats())
        self.kinds = setup.kinds()
        self.view.relayout(ctx.size)
        self.view.sync(self.seen, self.kinds)
        self.log = Transcript(self.session.names, rules)
        """The game log: each event told again for the seat at the screen (``log_lines``)."""
        self.log.note(_("{count} players, {title}.").format(count=len(self.session.names), title=setup.title(rules)))
        self.tweener = Tweener()
        self.choreo = Choreographer(self.view, rules, ctx.settings, ctx.sound, self.tweener, self.log.add)
        self.voice = TableVoice(ctx.speech, self.session.names, rules, lambda obs: turn_hint(obs, rules.has_board))
        ctx.speech.listen(self.view.you)
        self.input = TableInput(self.view)
        self.reader = TableReader(self.view)
        self.router = TableRouter(self)
        self.message = ""
        self.message_s = 0.0
        self.pending_result: RoundResult | None = None
        self.over_shown = False
        self.offers = TableOffers(self)
        self.handoff = HandOff(self)
        # A button gives its command's intent (``live_buttons``), the same as its key.
        self.buttons = {"knock": Button(N_("Knock"), None, label(TABLE, "knock"), enabled=False),
                        "swap": Button(N_("Swap"), None, label(TABLE, "swap"), enabled=False),
                        "pass": Button(N_("Pass"), None, label(TABLE, "pass"), enabled=False),
                        "swap_all": Button(N_("Swap all"), None, label(TABLE, "swap_all"), enabled=False),
                        "keep": Button(N_("Keep hand"), None, label(TABLE, "keep"), enabled=False),
                        "spare": Button(N_("Take spare"), None, label(TABLE, "spare"), enabled=False),
                        "take_back": Button(N_("Take back"), None, "U", enabled=False)}
        self.spectator = Spectator()
        self.looking = False
        """The discard pile is spread out for a look (L, or a right click on the pile)."""
        self.sent: Sent | None = None
        """The player's action went to a network host and its answer has not come back yet (input waits)."""
        self.sent_card: CardSprite | None = None
        """The card the player let go with that action: it goes home if the host refuses the action."""
        self.held: tuple[Intent, int] | None = None
        """A key pressed on your turn while the last cards still moved (``hold``), and the action count then."""
        self.quick = QuickDrawControl(self)
        self.gun = GunControl(self)
        self.coach = CoachPanel(self)
        self.repainter = Repainter()
        self.view.place(ctx.size)

    # -- acting -------------------------------------------------------------------------
    def _settle(self, sprite: CardSprite) -> None:
        """Send a card the player let go back to its place."""
        self.choreo.move(sprite, self.ctx.settings.duration_s(0.2))

    def earcon(self, name: str) -> None:
        """A short sound that stands for a line, played while speech is on (``sound.EARCONS``)."""
        if self.ctx.speech.speaking:
            self.ctx.sound.play(name)

    def say(self, text: str) -> None:
        self.message, self.message_s = text, 3.0
        self.ctx.speech.say(text, NOTICE)

    def answer(self, command: str) -> bool:
        """A speech question key (``keys.SPOKEN_QUESTIONS``): the answer is said at once; whether it was one."""
        viewer = self.view.viewer
        return self.voice.ask(command, self.seen, self.view.face_seat == viewer,
                              self.input.obs if not self.choreo.busy else None)

    def notify(self, text: str) -> bool:
        """A notice from outside the game shows on the message line."""
        self.say(text)
        return True

    def hold(self, intent: Intent) -> None:
        """Keep a key pressed on your own turn while cards still move, to act on once they settle.

        Moves and the gun alike; dropped if the game moves on first.
        """
        if self.session.current_seat == self.view.viewer:
            self.held = (intent, self.session.action_count)

    def act(self, action: Action) -> bool:
        """The viewer's intent: submit it if input is open, else explain; whether it was accepted."""
        if self.choreo.busy:
            return False
        current = self.session.current_seat
        if current != self.view.viewer and current >= 0:
            self.say(_("Wait: it is {name}'s turn.").format(name=self.session.names[current]))
            return False
        if self.sent is not None:
            return False  # the last action is still on its way: the host's answer comes first
        return self.show(self.session.submit(action))

    def show(self, outcome: Played | Refused | Sent) -> bool:
        """Animate a move the session made, or say why it was refused; whether it was made (``Sent``: it went
        to the host, whose answer comes from ``next_move``; the frames go on meanwhile)."""
        if isinstance(outcome, Sent):
            self.sent = outcome
            return True
        if isinstance(outcome, Refused) or outcome.seat == self.view.viewer:
            self.sent, card, self.sent_card = None, self.sent_card, None
            if isinstance(outcome, Refused) and card is not None:
                self._settle(card)  # the card let go with the refused action goes home
        if isinstance(outcome, Refused):
            self.earcon("refused")
            self.say(outcome.reason[:1].upper() + outcome.reason[1:])
            return False
        seat = outcome.seat
        if seat == self.view.viewer:
            self.message_s = 0.0  # a confirmation or warning about the move just made is stale now
            self.input.hover_text = ""
        self.seen = outcome.observation
        self.input.knock_armed = False
        self.view.selected.clear()
        self.view.board_selected.clear()
        snap = Snapshot(outcome.observation, self.view.face_seat == self.view.viewer)
        self.voice.played(outcome.events, snap.observation, snap.faces)  # said at once, the cards follow
        if any(isinstance(event, Passed) for event in outcome.events):
            self.earcon("pass")  # no card moves on a pass, so no other sound
        self.choreo.play(outcome.events, snap)
        for event in outcome.events:
            result = getattr(event, "result", None)
            if result is not None:
                self.pending_result = result
        current = self.session.current_seat
        self.handoff.after_move(seat, current != seat or self.session.is_over)

        def settle() -> float:
            self.view.current = current
            self.view.stock_count = snap.observation.stock_count
            self.view.sync_guns(snap.observation)
            return 0.0
        self.choreo.then(settle)
        return True

    def _others(self, move: DrawCalled | Notice | Played | Refused | None) -> None:
        """What the session brought from another seat: a move, a draw out of turn, a notice."""
        if isinstance(move, Notice):  # a plug-in bot failed: tell the player, keep the details in the log
            self.say(move.line)
            self.log.note(move.detail)
        elif isinstance(move, DrawCalled):
            self.quick.open(move.shooter, move.target)
        elif move is not None:
            self.show(move)

    def pause_choices(self) -> list[tuple[str, Button]]:
        """This table's own choices in the pause menu, by command: none at an ordinary game."""
        return []

    # -- scene protocol ----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """False only while the table waits for a human with nothing moving (the loop then sleeps)."""
        session = self.session
        over = session.is_over
        return (self.choreo.busy or session.thinking_seat >= 0 or self.view.confetti.busy or self.message_s > 0
                or self.pending_result is not None or (over and not self.over_shown)
                or (not over and session.current_seat not in session.human_seats()) or self.input.drag_index >= 0
                or self.input.obs is None or self.sent is not None or self.gun.aiming or self.quick.standoff is not None or self.coach.busy)

    def handle_event(self, event: pygame.event.Event) -> Transition:
        buttons = self.router.live_buttons()
        intent = self.reader.read(event, self.router.place(), buttons)
        if intent is None and self.router.place() == OUT:  # the speech questions are asked the same way when out
            asked = self.reader.read(event, TABLE, [])
            intent = asked if asked is not None and asked.command.startswith("say_") else None
        if intent is None:
            return None
        if intent.command == HOVER:
            for name, button in buttons:
                button.hover = intent.target.name == name
            self.gun.point(intent)
        return self.carry_out(self.router.route(intent))

    def carry_out(self, want: Want) -> Transition:
        """Do what a part of the table asked for; a transition is the app's to apply."""
        if isinstance(want, Act):
            if not self.act(want.action) and want.dropped is not None:
                self._settle(want.dropped)  # the card let go goes home
            elif self.sent is not None:
                self.sent_card = want.dropped
        elif isinstance(want, Say):
            self.say(want.text)
        elif isinstance(want, Hold):
            self.hold(want.intent)
        elif isinstance(want, DrawOn):
            self.quick.open(want.shooter, want.target)
        else:
            return want
        return None

    def update(self, dt: float) -> Transition:
        from ..screens.game_over import GameOverScene
        from ..screens.remote_over import RemoteGameOverScene
        from .handoff_screen import HandoffScene
        from .round_end import RoundEndScene
        session = self.session
        self.view.ui_scale = self.ctx.settings.ui_scale
        self.input.confirm_knock = self.ctx.settings.confirm_knock
        self.choreo.update(dt)
        self.view.confetti.update(dt, 900 * (self.view.placed.unit if self.view.placed else 1))
        self.message_s = max(0.0, self.message_s - dt)
        self.view.place(self.ctx.size)
        for seat, shown in enumerate(self.view.seats):  # a remote seat's link changes between moves
            shown.link = session.connection(seat)
        self.input.obs = None
        was_out = self.spectator.out
        skipping = self.human_is_out and self.spectator.skipping
        if self.spectator.out and not was_out:  # said once: a blind player learns the out seat's keys here
            self.ctx.speech.say(out_hint(session.local).replace(" · ", "; ") + ".", NOTICE)
        if skipping:
            self.choreo.skip()
        closed = self.quick.update(dt)
        if closed is not None:
            outcome = session.quick_draw(closed.shooter, closed.target, tuple(sorted(closed.answers.items())))
            if isinstance(outcome, Sent) and closed.shooter != self.view.viewer:
                pass  # another seat's draw: its shot comes from next_move, and this player's input stays open
            elif not self.show(outcome):
                self.choreo.duels.holster_all()
        if self.quick.standoff is not None:
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
            return Push(RoundEndScene(self.ctx, result, session.names, session.rules,
                                      watching=self.spectator.out, table=self, you=self.view.you,
                                      remote=not session.local))
        if session.is_over:
            finished = session.finished()
            if not self.over_shown and not self.view.confetti.busy and finished is not None:
                self.over_shown = True
                make = self.ctx.game_over_scene or GameOverScene
                return Replace(make(self.ctx, self.setup, finished))
            ending = session.ending() if finished is None else None
            if not self.over_shown and not self.view.confetti.busy and ending is not None:  # kept at a host
                self.over_shown = True
                return Replace(RemoteGameOverScene(self.ctx, ending, session.viewer))
            return None
        seat = session.current_seat
        self.view.current = seat
        if seat not in session.human_seats():
            self.offers.light_buttons()  # Quick Draw: the human may draw while bots play; take back stays open
        move = session.next_move(dt, 0.0 if skipping else self.ctx.settings.bot_delay_s(0.8))
        self.view.thinking = session.thinking_seat
        if move is not None or self.quick.standoff is not None or self.choreo.busy:
            self._others(move)
            return None
        if seat not in session.human_seats():
            return None
        if self.handoff.waits_for(seat):
            return Push(HandoffScene(self.ctx, session.names[seat], seat, self)) if self.handoff.ask(seat) else None
        if seat == self.view.viewer and self.sent is None:
            self.input.obs = self.seen
            if self.voice.your_turn(self.seen, session.action_count):
                self.earcon("your_turn")
            held, self.held = self.held, None
            if held is not None and held[1] == session.action_count:
                want = self.gun.press() if held[0].command == "gun" else self.input.command(held[0])
                self.carry_out(want)
        self.coach.update()
        self.offers.light_buttons()
        if self.input.hover_pos is not None:
            self.input.refresh_hover(self.reader.hit(self.input.hover_pos))
        return None

    @property
    def human_is_out(self) -> bool:
        """Humans played here and every one of them is out of the game: the rest is watched."""
        return self.spectator.update(self.session.human_seats(), self.seen.tokens, self.session.is_over)

    def resume(self, result: Any = None) -> None:
        from .round_end import SKIP_TO_RESULT
        if result == SKIP_TO_RESULT:  # chosen on a watched round-end panel
            self.spectator.skipping = True
            return
        if isinstance(result, tuple) and result[0] == "handoff":
            self.handoff.take_seat(result[1])

    @property
    def log_lines(self) -> list[str]:
        """The game log's lines as the seat at the screen reads them (second person for it alone)."""
        return self.log.lines(self.view.you)

    def pause(self) -> None:
        self.input.drag_index = -1

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out for the new window size: under the pause menu or a round-end panel
        it is drawn without an update, and with the old layout it would be drawn out of place."""
        self.view.place(size)

    def shutdown(self) -> None:
        """The session and the coach stop thinking: the table is gone."""
        self.session.close()
        self.coach.shutdown()

    # -- drawing -----------------------------------------------------------------------------
    def frame(self) -> TableFrame:
        """What this frame shows, for the painter (``table.frame``)."""
        gun, layout = self.gun, self.view.layout
        overlays: list[Callable[[pygame.Surface], None]] = []
        if gun.aiming:
            overlays.append(gun.draw)
        if self.quick.standoff is not None:
            overlays.append(self.quick.draw)
        if self.coach.mode != "off" and self.input.obs is not None:
            overlays.append(self.coach.draw)
        shows_gun = not gun.aiming and layout.buttons.get("gun") is not None and gun.shown()
        return TableFrame(self.ctx, self.view, self.log_lines,
                          [(name, self.buttons[name]) for name in self.offers.shown_buttons()],
                          (gun.button, gun.draw) if shows_gun else None, overlays, self.offers.hint(),
                          self.message_s > 0, self.seen.discards if self.looking else None, self)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole frame, painted from scratch (under an overlay, or for a screenshot)."""
        paint_all(surface, table_background(self.view, self.ctx), frame_items(self.frame()))

    def draw_changed(self, surface: pygame.Surface, full: bool = False) -> list[pygame.Rect] | None:
        """Paint only what changed since this scene's last frame on ``surface``: those areas, or ``None`` for all."""
        return self.repainter.paint(surface, table_background(self.view, self.ctx), frame_items(self.frame()), full)
