"""What the table offers the player besides moves: which buttons show, the hint line,
taking back a move, and the choices of a player who is out.

A part of ``TableScene`` (see ``table/scene``): the scene holds one and hands itself
over as an ``OffersHost``, the protocol that lists what these choices read and change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...i18n import _
from ...model import Phase
from ...session import Refused
from ..keys import TABLE, keys_of
from ..scene import Replace
from .wants import Say, Want
from .hud import turn_hint
from .out import out_hint

if TYPE_CHECKING:
    from .host import OffersHost


class TableOffers:
    """Buttons, hint, take back and the out-seat choices of the table scene."""

    def __init__(self, host: OffersHost) -> None:
        self.host = host

    def take_back(self) -> Want:
        """Undo the viewer's last discard or swap (against bots, until the next seat acts)."""
        reason = self.host.session.take_back_reason()
        if reason:
            return Say(reason[:1].upper() + reason[1:] + ".")
        self.host.choreo.skip()
        outcome = self.host.session.take_back()
        if isinstance(outcome, Refused):
            return Say(outcome.reason[:1].upper() + outcome.reason[1:] + ".")
        self.host.seen = outcome.observation
        self.host.pending_result = None
        self.host.log.note(_("{name} took back the last move.").format(
            name=self.host.session.names[outcome.seat]))
        self.host.view.sync(outcome.observation, self.host.kinds)
        self.host.view.place(self.host.ctx.size)
        self.host.message_s = 0.0
        return None

    def spectate(self, choice: str) -> Want:
        if choice == "new":
            return Replace(self.host.ctx.screens.to_new_game(self.host.ctx, self.host.setup))
        if choice == "skip":
            self.host.choreo.skip()
            return Say(_("Skipping to the result…"))
        return Say(_("Watching: round results go on by themselves."))

    def light_buttons(self) -> None:
        """Light the buttons and table targets the viewer may use now."""
        self.host.gun.refresh()
        self.host.gun.update_button()
        lit = self.host.input.lit() if self.host.input.obs is not None and not self.host.gun.aiming else {}
        lit = dict(lit, take_back=not self.host.session.take_back_reason())
        for name, button in self.host.buttons.items():
            button.enabled = bool(lit.get(name))
            button.lit = button.enabled and name != "take_back"
        for i, sprite in enumerate(self.host.view.hands[self.host.view.viewer]):
            sprite.highlight = bool(lit.get("hand")) and i in self.host.view.selected
        self.host.view.stock_lit = bool(lit.get("stock"))
        top = self.host.view.discard[-1] if self.host.view.discard else None
        for sprite in self.host.view.discard:
            sprite.highlight = sprite is top and bool(lit.get("discard"))
        for i, sprite in enumerate(self.host.view.board):
            sprite.highlight = bool(lit.get("board")) or i in self.host.view.board_selected

    def shown_buttons(self) -> list[str]:
        """The buttons on screen now: none for a seat that is out or a bot, only the moves the rules have."""
        view, session = self.host.view, self.host.session
        rules = session.rules
        if view.viewer not in session.human_seats() or self.host.spectator.out or session.is_over:
            return []
        obs = self.host.input.obs
        if rules.dealer_choice and obs is not None and obs.phase is Phase.CHOOSE:
            return ["keep", "spare"]  # the dealer's choice, and nothing else, until it is made
        wanted = {"knock": True, "swap": rules.has_board, "pass": self.host.buttons["pass"].enabled,
                  "swap_all": rules.exchange.value == "commerce",
                  "take_back": not self.host.pass_and_play and self.host.buttons["take_back"].enabled}
        return [name for name, show in wanted.items() if show]

    def hint(self) -> str:
        """The one line under the table: a fresh message, else what the player may do now."""
        if self.host.message_s > 0:
            return self.host.message
        if self.host.spectator.out:
            return _("Skipping to the result…") if self.host.spectator.skipping else out_hint(self.host.session.local)
        pair = self.host.input.pending_swap() if self.host.input.obs is not None else None
        if pair is not None and not self.host.gun.aiming:
            return _("Swap {give} for {take}? {swap} or {confirm} to confirm, {pause} or click again to cancel.").format(
                give=pair[0].symbol, take=pair[1].symbol, **keys_of(TABLE, "swap", "confirm", "pause"))
        hint = self.host.gun.hint() or (self.host.input.hover_text if self.host.input.obs else "")
        if not hint and self.host.input.obs is not None:
            hint = _("Your turn: {moves}").format(moves=turn_hint(self.host.input.obs, self.host.view.has_board))
        return hint
