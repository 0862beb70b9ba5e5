"""Why an action is not allowed now: the reasons a player reads when refused."""

from __future__ import annotations

from . import gunplay
from .actions import Action, Deal, Discard, DrawStock, Fire, Knock, Pass, QuickDraw, Swap, SwapAll, TakeDiscard
from .cards import Card
from .rules import Exchange, KnockTiming
from .scoring import hand_value
from .state import NO_SEAT, GameState, Phase

_TURN, _DISCARD, _DEAL, _GAME_OVER = Phase.TURN, Phase.DISCARD, Phase.DEAL, Phase.GAME_OVER
_AFTER_DISCARD, _COMMERCE = KnockTiming.AFTER_DISCARD, Exchange.COMMERCE


def knock_problem(state: GameState, hand: tuple[Card, ...]) -> str | None:
    """Why the current player may not knock holding ``hand``, or ``None``."""
    rules = state.rules
    if state.knocker != NO_SEAT:
        if rules.knock_again_passes and state.phase is _TURN:
            return None
        return f"{state.names[state.knocker]} has already knocked this round"
    if rules.suited_knock and not hand[0].suit == hand[1].suit == hand[2].suit:
        return "a knock needs all three cards in one suit"
    if rules.knock_minimum:
        value = hand_value(hand, rules)
        if value < rules.knock_minimum:
            return f"a knock needs a hand of at least {rules.knock_minimum:g}; yours is {value:g}"
    return None


def why_illegal(state: GameState, action: Action) -> str | None:
    """The reason ``action`` is not allowed now, or ``None`` if it is."""
    phase = state.phase
    if phase is _GAME_OVER:
        return "the game is over"
    if isinstance(action, (Fire, QuickDraw)):
        return gunplay.why_gun_illegal(state, action)
    if phase is _DEAL:
        return None if isinstance(action, Deal) else f"{state.names[state.dealer]} must deal the next round first"
    if isinstance(action, Deal):
        return "the cards have already been dealt"
    rules = state.rules
    hand = state.hands[state.current]
    if phase is _DISCARD:
        if not isinstance(action, Discard):
            return "you hold four cards: discard one first"
        if action.card not in hand:
            return f"you do not hold {action.card.symbol}"
        if action.card is state.taken and not rules.may_discard_taken:
            return "you may not discard the card you just took from the discard pile"
        if action.knock:
            if rules.knock_timing is not _AFTER_DISCARD:
                return "in this game you knock instead of taking a turn, not after a discard"
            return knock_problem(state, tuple(c for c in hand if c is not action.card))
        return None
    if isinstance(action, Knock):
        if rules.knock_timing is _AFTER_DISCARD:
            return "in this game you knock after your discard: choose a card to discard and knock"
        return knock_problem(state, hand)
    if isinstance(action, Discard):
        return "draw a card before you discard"
    if rules.has_board:
        if isinstance(action, (DrawStock, TakeDiscard)):
            return "this game has a board instead of a stock and discard pile: swap, pass or knock"
        if isinstance(action, Swap):
            if action.give not in hand:
                return f"you do not hold {action.give.symbol}"
            if action.take not in state.board:
                return f"{action.take.symbol} is not on the board"
            return None
        if isinstance(action, SwapAll) and rules.exchange is not _COMMERCE:
            return "swapping all three cards needs commerce rules"
        return None
    if isinstance(action, (Swap, SwapAll)):
        return "this game has no board: draw from the stock or take the discard"
    if isinstance(action, DrawStock):
        return None if state.stock else "the stock is empty: take the discard or decline it"
    if isinstance(action, TakeDiscard):
        return None if state.discards else "the discard pile is empty"
    if isinstance(action, Pass) and state.stock:
        return "you must draw from the stock or take the discard (passing is only for an empty stock)"
    return None
