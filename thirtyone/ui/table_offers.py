"""What the table offers the player besides moves: which buttons show, the hint line,
taking back a move, and the choices of a player who is out.

A mixin of ``TableScene`` (see ``scenes/table``): it uses the scene's match, view,
input, choreographer, bot runner and spectator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _
from .scene import Replace, Transition
from .table_hud import turn_hint
from .table_out import OUT_HINT

if TYPE_CHECKING:
    from ..controller import Match
    from ..model.events import RoundResult
    from .bot_runner import BotRunner
    from .choreography import Choreographer
    from .game_setup import GameSetup
    from .gun_control import GunControl
    from .scene import Context
    from .table_input import TableInput
    from .table_out import Spectator
    from .table_view import TableView
    from .widgets import Button


class TableOffers:
    """Buttons, hint, take back and the out-seat choices of the table scene."""

    # The parts of ``TableScene`` these methods use, declared so each need is visible and checked.
    ctx: Context
    setup: GameSetup
    match: Match
    view: TableView
    kinds: list[str]
    input: TableInput
    choreo: Choreographer
    bots: BotRunner
    gun: GunControl
    spectator: Spectator
    buttons: dict[str, Button]
    log_lines: list[str]
    message: str
    message_s: float
    pass_and_play: bool
    pending_result: RoundResult | None

    if TYPE_CHECKING:
        def say(self, text: str) -> None:
            """Show ``text`` on the message line for a few seconds."""

    def take_back(self) -> bool:
        """Undo the viewer's last discard or swap (against bots, until the next seat acts)."""
        seat = self.view.viewer
        reason = self.match.take_back_reason(seat)
        if reason:
            self.say(reason[:1].upper() + reason[1:] + ".")
            return False
        self.choreo.skip()
        self.bots.cancel()
        self.match.take_back(seat)
        self.pending_result = None
        self.log_lines.append(_("{name} took back the last move.").format(name=self.match.names[seat]))
        if self.ctx.after_action is not None:
            self.ctx.after_action(self.match)
        self.view.sync(self.match.observation(seat), self.kinds)
        self.view.place(self.ctx.size)
        self.message_s = 0.0
        return True

    def _spectate(self, choice: str) -> Transition:
        if choice == "new":
            from .scenes.new_game import NewGameScene
            return Replace(NewGameScene(self.ctx, self.setup))
        if choice == "skip":
            self.choreo.skip()
            self.say(_("Skipping to the result…"))
        else:
            self.say(_("Watching: round results go on by themselves."))
        return None

    def _update_buttons(self) -> None:
        """Light the buttons and table targets the viewer may use now."""
        self.gun.refresh()
        self.gun.update_button()
        lit = self.input.lit() if self.input.obs is not None and not self.gun.aiming else {}
        lit = dict(lit, take_back=not self.match.take_back_reason(self.view.viewer))
        for name, button in self.buttons.items():
            button.enabled = bool(lit.get(name))
            button.lit = button.enabled and name != "take_back"
        for i, sprite in enumerate(self.view.hands[self.view.viewer]):
            sprite.highlight = bool(lit.get("hand")) and i in self.view.selected
        self.view.stock_lit = bool(lit.get("stock"))
        top = self.view.discard[-1] if self.view.discard else None
        for sprite in self.view.discard:
            sprite.highlight = sprite is top and bool(lit.get("discard"))
        for i, sprite in enumerate(self.view.board):
            sprite.highlight = bool(lit.get("board")) or i in self.view.board_selected

    def shown_buttons(self) -> list[str]:
        """The buttons on screen now: none for a seat that is out or a bot, only the moves the rules have."""
        view, rules = self.view, self.match.rules
        if self.match.is_bot(view.viewer) or self.spectator.out or self.match.is_over:
            return []
        wanted = {"knock": True, "swap": rules.has_board, "pass": self.buttons["pass"].enabled,
                  "swap_all": rules.exchange.value == "commerce",
                  "take_back": not self.pass_and_play and self.buttons["take_back"].enabled}
        return [name for name, show in wanted.items() if show]

    def hint(self) -> str:
        """The one line under the table: a fresh message, else what the player may do now."""
        if self.message_s > 0:
            return self.message
        if self.spectator.out:
            return _("Skipping to the result…") if self.spectator.skipping else _(OUT_HINT)
        pair = self.input.pending_swap() if self.input.obs is not None else None
        if pair is not None and not self.gun.aiming:
            return _("Swap {give} for {take}? S or Enter to confirm, Esc or click again to cancel.").format(
                give=pair[0].symbol, take=pair[1].symbol)
        hint = self.gun.hint() or (self.input.hover_text if self.input.obs else "")
        if not hint and self.input.obs is not None:
            hint = _("Your turn: {moves}").format(moves=turn_hint(self.input.obs, self.view.has_board))
        return hint
