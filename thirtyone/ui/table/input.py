"""The viewer's moves: the table's intents (keys and hit-tested mouse) turned into actions on the human's turn.

The input never decides a rule: it offers what ``Observation.legal_actions``
allows (lighting only legal targets), and anything else is still sent to the
session so the player reads its ``Refused`` reason. It returns what it wants
(``Act``, ``Say``) and never submits anything itself.
"""

from __future__ import annotations

from ...i18n import _
from ...model import (Action, Card, Deal, Discard, DrawStock, Knock, KnockTiming, Observation, Pass, Phase, Swap,
                     SwapAll, TakeDiscard)
from ...model.actions import KEEP, TAKE_SPARE, NEW_CARDS
from ..keys import TABLE, Intent, keys_of
from ..animation.sprites import CardSprite
from .reader import DROP, HOVER, NOTHING, PILE, PRESS_CARD, TableIntent, Target
from .view import TableView
from .wants import Act, Say, Want



class TableInput:
    """Hit-testing, selection, dragging and key bindings for the viewer's seat."""

    def __init__(self, view: TableView) -> None:
        self.view = view
        self.obs: Observation | None = None
        """The viewer's observation while it may act (None otherwise)."""
        self.hover_text = ""
        self.hover_pos: tuple[int, int] | None = None
        """Where the pointer was last seen (the hint is recomputed from it every frame)."""
        self.hover_target = NOTHING
        self.dropped: CardSprite | None = None
        """A card let go over a target: it slides home if its move is not played."""
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

    def refresh_hover(self, target: Target) -> None:
        """Recompute the hover hint for what is under the pointer now (``TableReader.hit`` of ``hover_pos``)."""
        self.hover_text = self.describe(target) if self.hover_pos is not None and self.obs else ""

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
            "pass": Pass() in legal, "swap_all": SwapAll() in legal, "keep": KEEP in legal, "spare": TAKE_SPARE in legal,
            "new_cards": NEW_CARDS in legal}

    # -- intents --------------------------------------------------------------------------
    def select(self, index: int) -> Want:
        hand = self.view.hands[self.view.viewer]
        if not 0 <= index < len(hand):
            return Say(_("There is no card {number} in your hand.").format(number=index + 1))
        self.view.selected = set() if index in self.view.selected else {index}
        return None

    def select_board(self, index: int) -> Want:
        if not 0 <= index < len(self.view.board):
            return Say(_("There is no board in this game.") if not self.view.board
                       else _("There is no board card {number}.").format(number=index + 1))
        self.view.board_selected = set() if index in self.view.board_selected else {index}
        return None

    def swap(self) -> Want:
        """Confirm the picked pair (S, Enter or the Swap button)."""
        if not self.view.selected or not self.view.board_selected:
            return Say(_("Select a card of yours ({card}) and a board card ({board}), then {swap} or {confirm} to swap.").format(
                **keys_of(TABLE, "card", "board", "swap", "confirm")))
        give = self.hand_card(min(self.view.selected))
        index = min(self.view.board_selected)
        take = self.view.board[index].card if index < len(self.view.board) else None
        if give is None or take is None:
            self.view.board_selected.clear()
            return Say(_("Those cards cannot be swapped now."))
        return Act(Swap(give, take))

    def discard_selected(self) -> Want:
        if not self.view.selected:
            return Say(_("Select the card to discard first ({card} or click it).").format(**keys_of(TABLE, "card")))
        action = self.discard_action(min(self.view.selected))
        return Act(action) if action is not None else None

    def knock(self) -> Want:
        rules = self.obs.rules if self.obs is not None else None
        after_discard = rules is not None and rules.knock_timing is KnockTiming.AFTER_DISCARD
        if not self.can_knock():
            self.knock_armed = False
            return Act(Knock())  # refused: the player reads the rules' reason, with no confirmation first
        if self.confirm_knock and not self.knock_armed:
            self.knock_armed = True
            return Say(_("Knock? Press {knock} again (or {confirm}) to knock.").format(**keys_of(TABLE, "knock", "confirm")))
        self.knock_armed = False
        if after_discard and self.obs is not None and self.obs.phase is Phase.DISCARD:
            if not self.view.selected:
                return Say(_("Select the card to discard with your knock ({card}), then press {knock}.").format(
                    **keys_of(TABLE, "card", "knock")))
            action = self.discard_action(min(self.view.selected), knock=True)
            return Act(action) if action is not None else None
        return Act(Knock())

    def enter(self) -> Want:
        if self.knock_armed:
            return self.knock()
        if self.obs is not None and self.obs.phase is Phase.DISCARD:
            return self.discard_selected()
        if self.view.selected and self.view.board_selected:
            return self.swap()
        if Deal() in self.legal:
            return Act(Deal())
        from .hud import turn_hint
        return Say(_("Choose a move: {moves}").format(moves=turn_hint(self.obs, self.view.has_board))
                   if self.obs is not None else _("It is not your turn."))

    # -- taking intents -----------------------------------------------------------------------
    def take(self, intent: TableIntent) -> Want:
        """A key's command or a mouse gesture at the table; what the player wants done."""
        if intent.command in (PRESS_CARD, PILE, HOVER, DROP):
            return self._mouse(intent)
        return self.command(intent.key)

    def command(self, intent: Intent) -> Want:
        """Carry out a move command of the table (``keys.TABLE``)."""
        command = intent.command
        simple: dict[str, Action] = {"draw": DrawStock(), "take": TakeDiscard(), "pass": Pass(), "swap_all": SwapAll(),
                                     "keep": KEEP, "spare": TAKE_SPARE, "new_cards": NEW_CARDS}
        if command == "knock":
            return self.knock()
        if command == "confirm":
            return self.enter()
        if command not in simple and command not in ("card", "board", "swap"):
            return None
        self.knock_armed = False
        if command == "card":
            return self.select(intent.which)
        if command == "board":
            return self.select_board(intent.which)
        if command == "swap":
            return self.swap()
        action = simple.get(command)
        return Act(action) if action is not None else None

    def _mouse(self, intent: TableIntent) -> Want:
        view, target = self.view, intent.target
        pos = intent.pos or (0, 0)
        if intent.command == PRESS_CARD:
            self.drag_index, self.drag_start, self.dragging = intent.which, pos, False
            return None
        if intent.command == PILE:
            if self.obs is not None and self.obs.phase is Phase.DISCARD:
                return self.discard_selected()
            return Act(TakeDiscard())
        if intent.command == HOVER:
            self.hover_pos, self.hover_target = pos, target
            self.hover_text = self.describe(target)
            if self.drag_index >= 0:
                dx, dy = pos[0] - self.drag_start[0], pos[1] - self.drag_start[1]
                if self.dragging or dx * dx + dy * dy > (8 * view.layout.unit) ** 2:
                    self.dragging = True
                    hand = view.hands[view.viewer]
                    if self.drag_index < len(hand):
                        hand[self.drag_index].drag = (float(pos[0]), float(pos[1]))
            return None
        if self.drag_index < 0:  # a release with no card held
            return None
        index, dragged = self.drag_index, self.dragging
        self.drag_index, self.dragging = -1, False
        hand = view.hands[view.viewer]
        sprite = hand[index] if index < len(hand) else None
        if sprite is not None:
            sprite.drag = None  # the card leaves from where it was dropped, to the pile or back home
        if not dragged:
            if index in view.selected and self.obs is not None and self.obs.phase is Phase.DISCARD:
                return self.discard_selected()
            return self.select(index)
        self.dropped = sprite  # back to the hand unless the drop is played
        if target.kind == "board":
            view.selected, view.board_selected = {index}, {target.index}
            return self.swap()
        if target.kind == "pile":
            view.selected = {index}
            return self.discard_selected()
        return None

    def take_dropped(self) -> CardSprite | None:
        """The card let go by the last drop, once (it slides home unless its move was played)."""
        sprite, self.dropped = self.dropped, None
        return sprite

    def describe(self, target: Target) -> str:
        """What a click on ``target`` would do, for the hover hint."""
        if self.obs is None:
            return ""
        view = self.view
        index = target.index if target.kind == "hand" else -1
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
        board = target.index if target.kind == "board" else -1
        if board >= 0 and self.can(Swap):
            if board in view.board_selected:
                return _("Click again to unpick this board card")
            picked = view.board[board].card
            if view.selected and picked is not None:
                return _("Pick {card} to swap (then {swap} or {confirm})").format(
                    card=picked.symbol, **keys_of(TABLE, "swap", "confirm"))
            return _("Select a card of yours first, then this board card")
        if target.kind == "stock":
            return _("Draw from the stock ({draw})").format(**keys_of(TABLE, "draw")) if DrawStock() in self.legal else ""
        if target.kind == "pile":
            chosen = self.hand_card(min(view.selected)) if view.selected else None
            if self.obs.phase is Phase.DISCARD and chosen is not None:
                return _("Discard {card} here ({confirm})").format(card=chosen.symbol, **keys_of(TABLE, "confirm"))
            if TakeDiscard() in self.legal and self.obs.top_discard is not None:
                return _("Take {card} from the discard pile ({take})").format(
                    card=self.obs.top_discard.symbol, **keys_of(TABLE, "take"))
        return ""
