"""Mouse and keyboard on the table, turned into intents on the human's turn.

The input never decides a rule: it offers what ``Observation.legal_actions``
allows (lighting only legal targets), and anything else is still sent to the
session so the player reads its ``Refused`` reason.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ..i18n import _
from ..model import (Action, Card, Deal, Discard, DrawStock, Knock, KnockTiming, Observation, Pass, Phase, Swap,
                     SwapAll, TakeDiscard)
from ..model.actions import KEEP, TAKE_SPARE
from .keys import TABLE, Intent, keys_of
from .layout import Box
from .sprites import CardSprite
from .table_view import TableView



class TableInput:
    """Hit-testing, selection, dragging and key bindings for the viewer's seat."""

    def __init__(self, view: TableView, submit: Callable[[Action], bool | None], say: Callable[[str], None],
                 settle: Callable[[CardSprite], None] = lambda sprite: None) -> None:
        self.view = view
        self.settle = settle
        """Slides a dropped card back to its place in the hand."""
        self.submit = submit
        self.say = say
        self.obs: Observation | None = None
        """The viewer's observation while it may act (None otherwise)."""
        self.hover_text = ""
        self.hover_pos: tuple[int, int] | None = None
        """Where the pointer was last seen (the hint is recomputed from it every frame)."""
        self.drag_index = -1
        self.drag_start: tuple[int, int] = (0, 0)
        self.dragging = False
        self.knock_armed = False
        self.confirm_knock = False

    # -- what is legal -------------------------------------------------------------------
    @property
    def legal(self) -> tuple[Action, ...]:
        return self.obs.legal_actions if self.obs is not None else ()

    def can(self, kind: type) -> bool:
        return any(type(a) is kind for a in self.legal)

    def hand_card(self, index: int) -> Card | None:
        hand = self.obs.hand if self.obs is not None else ()
        return hand[index] if 0 <= index < len(hand) else None

    def discard_action(self, index: int, knock: bool = False) -> Action | None:
        card = self.hand_card(index)
        return Discard(card, knock) if card is not None else None

    def can_knock(self) -> bool:
        """Whether a knock (alone, or with the selected discard) is among the legal actions."""
        return self.can(Knock) or any(isinstance(a, Discard) and a.knock for a in self.legal)

    def pending_swap(self) -> tuple[Card, Card] | None:
        """The (mine, board) cards picked for a swap that waits for S or Enter, if both are picked."""
        if not self.view.selected or not self.view.board_selected or not self.can(Swap):
            return None
        give = self.hand_card(min(self.view.selected))
        index = min(self.view.board_selected)
        take = self.view.board[index].card if index < len(self.view.board) else None
        return (give, take) if give is not None and take is not None else None

    def refresh_hover(self) -> None:
        """Recompute the hover hint for the pointer's last place against the current state."""
        self.hover_text = self.describe(self.hover_pos) if self.hover_pos is not None and self.obs else ""

    def cancel(self) -> bool:
        """Drop a picked card or swap pair (Esc); whether there was anything to drop."""
        had = bool(self.view.selected or self.view.board_selected or self.knock_armed)
        self.view.selected.clear()
        self.view.board_selected.clear()
        self.knock_armed = False
        return had

    def lit(self) -> dict[str, bool]:
        """Which table targets a click may use now."""
        legal = self.legal
        return {"swap": self.pending_swap() is not None, "stock": DrawStock() in legal, "discard": TakeDiscard() in legal or (
            self.can(Discard) and bool(self.view.selected)),
            "hand": self.can(Discard) or self.can(Swap), "board": self.can(Swap) and bool(self.view.selected),
            "knock": self.can_knock(),
            "pass": Pass() in legal, "swap_all": SwapAll() in legal, "keep": KEEP in legal, "spare": TAKE_SPARE in legal}

    # -- hit testing ------------------------------------------------------------------------
    def hand_index_at(self, pos: tuple[int, int]) -> int:
        hand = self.view.hands[self.view.viewer]
        for i in range(len(hand) - 1, -1, -1):
            if hand[i].rect().collidepoint(pos):
                return i
        return -1

    def board_index_at(self, pos: tuple[int, int]) -> int:
        for i, sprite in enumerate(self.view.board):
            if sprite.rect().collidepoint(pos):
                return i
        return -1

    def on_box(self, box: Box, pos: tuple[int, int]) -> bool:
        return box.inflate(8, 8).contains(*pos)

    # -- intents --------------------------------------------------------------------------
    def select(self, index: int) -> None:
        hand = self.view.hands[self.view.viewer]
        if not 0 <= index < len(hand):
            self.say(_("There is no card {number} in your hand.").format(number=index + 1))
            return
        self.view.selected = set() if index in self.view.selected else {index}

    def select_board(self, index: int) -> None:
        if not 0 <= index < len(self.view.board):
            self.say(_("There is no board in this game.") if not self.view.board
                     else _("There is no board card {number}.").format(number=index + 1))
            return
        self.view.board_selected = set() if index in self.view.board_selected else {index}

    def swap(self) -> bool:
        """Confirm the picked pair (S, Enter or the Swap button); whether the swap was accepted."""
        if not self.view.selected or not self.view.board_selected:
            self.say(_("Select a card of yours ({card}) and a board card ({board}), then {swap} or {confirm} to swap.").format(
                **keys_of(TABLE, "card", "board", "swap", "confirm")))
            return False
        give = self.hand_card(min(self.view.selected))
        index = min(self.view.board_selected)
        take = self.view.board[index].card if index < len(self.view.board) else None
        if give is None or take is None:
            self.view.board_selected.clear()
            self.say(_("Those cards cannot be swapped now."))
            return False
        accepted = bool(self.submit(Swap(give, take)))
        if accepted:
            self.view.board_selected.clear()
        return accepted

    def discard_selected(self) -> bool:
        if not self.view.selected:
            self.say(_("Select the card to discard first ({card} or click it).").format(**keys_of(TABLE, "card")))
            return False
        action = self.discard_action(min(self.view.selected))
        return bool(self.submit(action)) if action is not None else False

    def knock(self) -> None:
        rules = self.obs.rules if self.obs is not None else None
        after_discard = rules is not None and rules.knock_timing is KnockTiming.AFTER_DISCARD
        if not self.can_knock():
            self.knock_armed = False
            self.submit(Knock())  # refused: the player reads the rules' reason, with no confirmation first
            return
        if self.confirm_knock and not self.knock_armed:
            self.knock_armed = True
            self.say(_("Knock? Press {knock} again (or {confirm}) to knock.").format(**keys_of(TABLE, "knock", "confirm")))
            return
        self.knock_armed = False
        if after_discard and self.obs is not None and self.obs.phase is Phase.DISCARD:
            if not self.view.selected:
                self.say(_("Select the card to discard with your knock ({card}), then press {knock}.").format(
                    **keys_of(TABLE, "card", "knock")))
                return
            action = self.discard_action(min(self.view.selected), knock=True)
            if action is not None:
                self.submit(action)
            return
        self.submit(Knock())

    def enter(self) -> None:
        if self.knock_armed:
            self.knock()
        elif self.obs is not None and self.obs.phase is Phase.DISCARD:
            self.discard_selected()
        elif self.view.selected and self.view.board_selected:
            self.swap()
        elif Deal() in self.legal:
            self.submit(Deal())
        else:
            from .table_hud import turn_hint
            self.say(_("Choose a move: {moves}").format(moves=turn_hint(self.obs, self.view.has_board))
                     if self.obs is not None else _("It is not your turn."))

    # -- events ---------------------------------------------------------------------------
    def command(self, intent: Intent) -> bool:
        """Carry out a move command of the table (``keys.TABLE``); whether it was one."""
        command = intent.command
        if command == "card":
            self.select(intent.which)
        elif command == "board":
            self.select_board(intent.which)
        elif command == "draw":
            self.submit(DrawStock())
        elif command == "take":
            self.submit(TakeDiscard())
        elif command == "knock":
            self.knock()
            return True
        elif command == "pass":
            self.submit(Pass())
        elif command == "swap":
            self.swap()
        elif command == "swap_all":
            self.submit(SwapAll())
        elif command == "keep":
            self.submit(KEEP)
        elif command == "spare":
            self.submit(TAKE_SPARE)
        elif command == "confirm":
            self.enter()
            return True
        else:
            return False
        self.knock_armed = False
        return True

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        view, layout = self.view, self.view.layout
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.hand_index_at(event.pos)
            if index >= 0:
                self.drag_index, self.drag_start, self.dragging = index, event.pos, False
                return True
            board = self.board_index_at(event.pos)
            if board >= 0:
                self.select_board(board)
            elif not view.has_board and self.on_box(layout.stock, event.pos):
                self.submit(DrawStock())
            elif not view.has_board and self.on_box(layout.discard, event.pos):
                if self.obs is not None and self.obs.phase is Phase.DISCARD:
                    self.discard_selected()
                else:
                    self.submit(TakeDiscard())
            else:
                return False
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            self.hover_text = self.describe(event.pos)
            if self.drag_index >= 0:
                dx, dy = event.pos[0] - self.drag_start[0], event.pos[1] - self.drag_start[1]
                if self.dragging or dx * dx + dy * dy > (8 * layout.unit) ** 2:
                    self.dragging = True
                    hand = view.hands[view.viewer]
                    if self.drag_index < len(hand):
                        hand[self.drag_index].drag = (float(event.pos[0]), float(event.pos[1]))
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag_index >= 0:
            index, dragged = self.drag_index, self.dragging
            self.drag_index, self.dragging = -1, False
            hand = view.hands[view.viewer]
            sprite = hand[index] if index < len(hand) else None
            if sprite is not None:
                sprite.drag = None  # the card leaves from where it was dropped, to the pile or back home
            if not dragged:
                if index in view.selected and self.obs is not None and self.obs.phase is Phase.DISCARD:
                    self.discard_selected()
                else:
                    self.select(index)
                return True
            board = self.board_index_at(event.pos)
            accepted = False
            if board >= 0:
                view.selected = {index}
                view.board_selected = {board}
                accepted = self.swap()
            elif not view.has_board and self.on_box(layout.discard.inflate(24 * layout.unit, 24 * layout.unit),
                                                     event.pos):
                view.selected = {index}
                accepted = self.discard_selected()
            if not accepted and sprite is not None:
                self.settle(sprite)
            return True
        return False

    def describe(self, pos: tuple[int, int]) -> str:
        """What a click at ``pos`` would do, for the hover hint."""
        if self.obs is None:
            return ""
        view, layout = self.view, self.view.layout
        index = self.hand_index_at(pos)
        if index >= 0:
            card = self.hand_card(index)
            name = card.symbol if card else _("this card")
            if self.obs.phase is Phase.DISCARD:
                action = self.discard_action(index)
                if action in self.legal:
                    return (_("Click again to discard {card}") if index in view.selected
                            else _("Select {card} to discard (or drag it to the pile)")).format(card=name)
                return _("{card} cannot be discarded now").format(card=name)
            if self.can(Swap):
                return _("Select {card} to swap with a board card").format(card=name)
            return ""
        board = self.board_index_at(pos)
        if board >= 0 and self.can(Swap):
            if board in view.board_selected:
                return _("Click again to unpick this board card")
            picked = view.board[board].card
            if view.selected and picked is not None:
                return _("Pick {card} to swap (then {swap} or {confirm})").format(
                    card=picked.symbol, **keys_of(TABLE, "swap", "confirm"))
            return _("Select a card of yours first, then this board card")
        if not view.has_board and self.on_box(layout.stock, pos):
            return _("Draw from the stock ({draw})").format(**keys_of(TABLE, "draw")) if DrawStock() in self.legal else ""
        if not view.has_board and self.on_box(layout.discard, pos):
            chosen = self.hand_card(min(view.selected)) if view.selected else None
            if self.obs.phase is Phase.DISCARD and chosen is not None:
                return _("Discard {card} here ({confirm})").format(card=chosen.symbol, **keys_of(TABLE, "confirm"))
            if TakeDiscard() in self.legal and self.obs.top_discard is not None:
                return _("Take {card} from the discard pile ({take})").format(
                    card=self.obs.top_discard.symbol, **keys_of(TABLE, "take"))
        return ""
