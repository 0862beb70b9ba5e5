"""Mouse and keyboard on the table, turned into intents on the human's turn.

The input never decides a rule: it offers what ``Observation.legal_actions``
allows (lighting only legal targets), and anything else is still sent to the
match so the player reads its ``Rejected`` reason.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ..model import (Action, Deal, Discard, DrawStock, Knock, KnockTiming, Observation, Pass, Phase, Swap,
                     SwapAll, TakeDiscard)
from .layout import Box
from .table_view import TableView

KEY_SELECT = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
              pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
KEY_BOARD = {pygame.K_q: 0, pygame.K_w: 1, pygame.K_e: 2}
KEY_HINT = frozenset({pygame.K_F1, pygame.K_QUESTION})
"""Ask the coach (``?`` is also read from the typed character, as it needs Shift on most layouts)."""


class TableInput:
    """Hit-testing, selection, dragging and key bindings for the viewer's seat."""

    def __init__(self, view: TableView, submit: Callable[[Action], None], say: Callable[[str], None],
                 settle: Callable[[object], None] = lambda sprite: None) -> None:
        self.view = view
        self.settle = settle
        """Slides a dropped card back to its place in the hand."""
        self.submit = submit
        self.say = say
        self.obs: Observation | None = None
        """The viewer's observation while it may act (None otherwise)."""
        self.hover_text = ""
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

    def hand_card(self, index: int):
        hand = self.obs.hand if self.obs is not None else ()
        return hand[index] if 0 <= index < len(hand) else None

    def discard_action(self, index: int, knock: bool = False) -> Action | None:
        card = self.hand_card(index)
        return Discard(card, knock) if card is not None else None

    def lit(self) -> dict[str, bool]:
        """Which table targets a click may use now."""
        legal = self.legal
        return {"stock": DrawStock() in legal, "discard": TakeDiscard() in legal or (
            self.can(Discard) and bool(self.view.selected)),
            "hand": self.can(Discard) or self.can(Swap), "board": self.can(Swap) and bool(self.view.selected),
            "knock": self.can(Knock) or any(isinstance(a, Discard) and a.knock for a in legal),
            "pass": Pass() in legal, "swap_all": SwapAll() in legal}

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
            self.say(f"There is no card {index + 1} in your hand.")
            return
        self.view.selected = set() if index in self.view.selected else {index}
        self.maybe_swap()

    def select_board(self, index: int) -> None:
        if not 0 <= index < len(self.view.board):
            self.say("There is no board in this game." if not self.view.board else f"There is no board card {index + 1}.")
            return
        self.view.board_selected = set() if index in self.view.board_selected else {index}
        self.maybe_swap()

    def maybe_swap(self) -> None:
        if self.view.selected and self.view.board_selected:
            self.swap()

    def swap(self) -> None:
        if not self.view.selected or not self.view.board_selected:
            self.say("Select a card of yours (1–4) and a board card (Q, W, E) to swap.")
            return
        give = self.hand_card(min(self.view.selected))
        take = self.view.board[min(self.view.board_selected)].card
        self.view.board_selected.clear()
        if give is None or take is None:
            self.say("Those cards cannot be swapped now.")
            return
        self.submit(Swap(give, take))

    def discard_selected(self) -> None:
        if not self.view.selected:
            self.say("Select the card to discard first (1–4 or click it).")
            return
        action = self.discard_action(min(self.view.selected))
        if action is not None:
            self.submit(action)

    def knock(self) -> None:
        rules = self.obs.rules if self.obs is not None else None
        after_discard = rules is not None and rules.knock_timing is KnockTiming.AFTER_DISCARD
        if self.confirm_knock and not self.knock_armed:
            self.knock_armed = True
            self.say("Knock? Press K again (or Enter) to knock.")
            return
        self.knock_armed = False
        if after_discard and self.obs is not None and self.obs.phase is Phase.DISCARD:
            if not self.view.selected:
                self.say("Select the card to discard with your knock (1–4), then press K.")
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
            self.say("Choose a move: D draw, T take the discard, K knock" +
                     (", S swap, P pass." if self.view.has_board else "."))

    # -- events ---------------------------------------------------------------------------
    def handle_key(self, key: int) -> bool:
        if key in KEY_SELECT:
            self.select(KEY_SELECT[key])
        elif key in KEY_BOARD:
            self.select_board(KEY_BOARD[key])
        elif key == pygame.K_d:
            self.submit(DrawStock())
        elif key == pygame.K_t:
            self.submit(TakeDiscard())
        elif key == pygame.K_k:
            self.knock()
            return True
        elif key == pygame.K_p:
            self.submit(Pass())
        elif key == pygame.K_s:
            self.swap()
        elif key == pygame.K_a:
            self.submit(SwapAll())
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
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
            if index < len(hand) and hand[index].drag is not None:
                hand[index].drag = None
                self.settle(hand[index])
            if not dragged:
                if index in view.selected and self.obs is not None and self.obs.phase is Phase.DISCARD:
                    self.discard_selected()
                else:
                    self.select(index)
                return True
            board = self.board_index_at(event.pos)
            if board >= 0:
                view.selected = {index}
                view.board_selected = {board}
                self.swap()
            elif not view.has_board and self.on_box(layout.discard, event.pos):
                view.selected = {index}
                self.discard_selected()
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
            name = card.symbol if card else "this card"
            if self.obs.phase is Phase.DISCARD:
                action = self.discard_action(index)
                if action in self.legal:
                    return (f"Click again to discard {name}" if index in view.selected
                            else f"Select {name} to discard (or drag it to the pile)")
                return f"{name} cannot be discarded now"
            if self.can(Swap):
                return f"Select {name} to swap with a board card"
            return ""
        board = self.board_index_at(pos)
        if board >= 0 and self.can(Swap):
            return f"Swap with {view.board[board].card.symbol}" if view.selected else "Select a card of yours first, then this board card"
        if not view.has_board and self.on_box(layout.stock, pos):
            return "Draw from the stock (D)" if DrawStock() in self.legal else ""
        if not view.has_board and self.on_box(layout.discard, pos):
            if self.obs.phase is Phase.DISCARD and view.selected:
                return "Discard the selected card here (Enter)"
            if TakeDiscard() in self.legal and self.obs.top_discard is not None:
                return f"Take {self.obs.top_discard.symbol} from the discard pile (T)"
        return ""
