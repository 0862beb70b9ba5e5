"""Which actions are legal now, in a fixed sorted order, and why any other is not.

``legal_actions`` is the one definition of what may be played: ``play.apply`` accepts exactly
its actions. It is asked before every move (by players, bots and ``apply``), so the common
cases are computed in one function; nothing is kept between calls (a
kept state would be a table's hidden cards within reach of any module).
``why_illegal`` gives the reason a player reads when refused.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Sequence

from ..i18n import _
from . import gunplay
from .actions import (ACTION_KINDS, DEAL, DRAW, KNOCK, NEW_CARDS, PASS, SWAP_ALL, TAKE, Action, Deal, Discard, DrawStock,
                      Fire, KeepHand, Knock, NewCards, Pass, QuickDraw, Swap, SwapAll, TakeDiscard, TakeSpare,
                      discard_action, swap_action)
from .cards import ALL_CARDS, Card
from .dealer_choice import CHOICES, choice_problem
from .dealing import is_laundry
from .rule_choices import Exchange, KnockTiming
from .rules import Rules
from .scoring import hand_value
from .state import NO_SEAT, GameState, Phase

_TURN, _DISCARD, _DEAL, _GAME_OVER = Phase.TURN, Phase.DISCARD, Phase.DEAL, Phase.GAME_OVER
_CHOOSE = Phase.CHOOSE
_AFTER_DISCARD, _INSTEAD_OF_TURN = KnockTiming.AFTER_DISCARD, KnockTiming.INSTEAD_OF_TURN
_COMMERCE = Exchange.COMMERCE

_BY_INDEX = attrgetter("index")
_PLAIN_DISCARDS = tuple(discard_action(card) for card in ALL_CARDS)

# Turn options with draw-and-discard play: ``_DRAW_TURNS[no stock][no discard pile][may knock]``
# (indexing by bools is cheaper than building and hashing a key).
_DRAW_TURNS = tuple(
    tuple(
        tuple(tuple(a for a, ok in ((DRAW, not empty_stock), (TAKE, not empty_pile), (PASS, empty_stock),
                                      (KNOCK, knock)) if ok)
              for knock in (False, True))
        for empty_pile in (False, True))
    for empty_stock in (False, True))
_DRAW_OR_TAKE, _DRAW_TAKE_OR_KNOCK = _DRAW_TURNS[False][False]
"""A turn with a stock and a discard pile, without a knock and with one: indexing a tuple by a bool
costs several times an int's (``BINARY_SUBSCR`` is specialised for ints only), and this is most turns."""


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """All legal actions for the current player, in ``action_sort_key`` order."""
    # One function for the common cases: a call costs as much as the lookups here.
    phase = state.phase
    rules = state.rules
    legal: tuple[Action, ...]
    if phase is _TURN:
        may_knock = may_knock_instead_of_turn(state, rules)
        if rules.has_board:
            legal = _board_turn(state, may_knock)
        elif state.stock and state.discards:  # the common turn, without indexing by bools (see ``_DRAW_OR_TAKE``)
            legal = _DRAW_TAKE_OR_KNOCK if may_knock else _DRAW_OR_TAKE
        else:
            legal = _DRAW_TURNS[not state.stock][not state.discards][may_knock]
        if rules.old_west:
            legal += tuple(gunplay.gun_actions(state))
    elif phase is _DISCARD:
        hand = state.hands[state.current]
        blocked = None if rules.may_discard_taken else state.taken
        if rules.knock_timing is _AFTER_DISCARD and state.knocker == NO_SEAT:
            legal = _discards_and_knocks(state, hand, blocked)
        else:
            # Four cards, written out: this runs every other action. The five compare-and-swaps
            # are a sorting network for four (i <= j <= k <= m after them), a third cheaper
            # than ``sorted`` and its list.
            a, b, c, d = hand
            p = _PLAIN_DISCARDS
            i, j, k, m = a.index, b.index, c.index, d.index
            if i > j:
                i, j = j, i
            if k > m:
                k, m = m, k
            if i > k:
                i, k = k, i
            if j > m:
                j, m = m, j
            if j > k:
                j, k = k, j
            if blocked is None:
                legal = (p[i], p[j], p[k], p[m])
            else:
                out = blocked.index
                legal = ((p[j], p[k], p[m]) if out == i else (p[i], p[k], p[m]) if out == j
                         else (p[i], p[j], p[m]) if out == k else (p[i], p[j], p[k]))
    elif phase is _DEAL:
        legal = (DEAL,)
    elif phase is _CHOOSE:
        legal = CHOICES
    else:
        legal = ()
    return legal


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` is one of ``legal_actions(state)``: what ``play.apply`` accepts (but for a
    ``QuickDraw`` out of turn, which ``why_illegal`` judges)."""
    return index_among(action, legal_actions(state)) >= 0


def index_among(action: object, legal: Sequence[Action]) -> int:
    """Where ``action`` is among ``legal`` by type and value, or -1; never by asking the object itself
    (``action in legal`` would, and an object equal to everything would pass)."""
    kind = type(action)
    if kind is Fire or kind is QuickDraw:  # values with whole-number fields, compared as such
        if malformed(action) is None:
            for index, candidate in enumerate(legal):
                if type(candidate) is kind and candidate == action:
                    return index
        return -1
    # Card actions and field-less ones are interned: an equal action is the same object.
    for index, candidate in enumerate(legal):
        if candidate is action:
            return index
    return -1


def malformed(action: object) -> str | None:
    """Why ``action`` is no move of this game at all (a foreign type, a card action without cards,
    or a gun action whose seats and times are not whole numbers), or ``None`` if it is one (legal or not)."""
    kind = type(action)
    if kind not in ACTION_KINDS:
        return _("{what} is not a move of this game").format(what=kind.__name__[:60])
    if kind is Discard or kind is Swap:
        cards = (action.card,) if kind is Discard else (action.give, action.take)  # type: ignore[attr-defined]
        return None if all(type(card) is Card for card in cards) else _("a move with cards needs real cards")
    if kind is Fire:
        numbers: list[object] = [action.target]  # type: ignore[attr-defined]
    elif kind is QuickDraw:
        numbers = [action.shooter, action.target]  # type: ignore[attr-defined]
        for answer in action.answers:  # type: ignore[attr-defined]
            numbers += answer if type(answer) is tuple and len(answer) == 2 else [None]
    else:
        return None
    if all(type(number) is int for number in numbers):
        return None
    return _("a gun's seats and times must be whole numbers")


def may_knock_instead_of_turn(state: GameState, rules: Rules) -> bool:
    """Whether the current player may knock as their turn (``knock_problem``'s answer, without its message);
    ``rules`` are the state's, which the callers hold already."""
    if rules.knock_timing is not _INSTEAD_OF_TURN:
        return False
    if state.knocker != NO_SEAT and not rules.second_knock_ends:
        return rules.knock_again_passes
    if rules.knock_conditions:
        return knock_problem(state, state.hands[state.current]) is None
    return True


def _board_turn(state: GameState, may_knock: bool) -> tuple[Action, ...]:
    """A turn with a board: every swap, swap all (commerce), pass, and knock if allowed; new cards
    for a 7-8-9 middle where the rules have them."""
    ordered = sorted(state.hands[state.current], key=_BY_INDEX)
    board = sorted(state.board, key=_BY_INDEX)
    actions: list[Action] = [swap_action(give, take) for give in ordered for take in board]
    rules = state.rules
    if rules.exchange is _COMMERCE:
        actions.append(SWAP_ALL)
    if not (rules.pass_once or rules.pass_first_and_last_lap) or pass_problem(state) is None:
        actions.append(PASS)
    if may_knock:
        actions.append(KNOCK)
    if rules.new_cards_789 and new_cards_problem(state) is None:
        actions.append(NEW_CARDS)
    return tuple(actions)


def pass_problem(state: GameState) -> str | None:
    """Why the current player may not pass on a board turn (``pass_once``, ``pass_first_and_last_lap``), or ``None``."""
    rules = state.rules
    if rules.pass_once and state.passed[state.current]:
        return _("you have already passed this round: swap or knock")
    if rules.pass_first_and_last_lap and state.knocker == NO_SEAT and not first_lap(state):
        return _("passing is allowed only in the first lap and after a knock: swap or knock")
    return None


def new_cards_problem(state: GameState) -> str | None:
    """Why the current player may not have new cards laid for the middle, or ``None``."""
    if not state.rules.new_cards_789:
        return _("new cards for a 7-8-9 middle are not played at this table")
    if not is_laundry(state.board):
        return _("new cards only when a 7, an 8 and a 9 lie in the middle")
    if len(state.stock) < 3:
        return _("too few cards left in the stock for new cards")
    return None


def _discards_and_knocks(state: GameState, hand: tuple[Card, ...], blocked: Card | None) -> tuple[Action, ...]:
    """Discards when a knock comes after the discard: each card, then with a knock if allowed."""
    out: list[Action] = []
    for card in sorted(hand, key=_BY_INDEX):
        if card is not blocked:
            out.append(discard_action(card))
            if knock_problem(state, tuple(c for c in hand if c is not card)) is None:
                out.append(discard_action(card, True))
    return tuple(out)


def knock_problem(state: GameState, hand: tuple[Card, ...]) -> str | None:
    """Why the current player may not knock holding ``hand``, or ``None``."""
    rules = state.rules
    if state.knocker != NO_SEAT:
        if rules.knock_again_passes and state.phase is _TURN:
            return None
        if not (rules.second_knock_ends and state.phase is _TURN):
            return _("{name} has already knocked this round").format(name=state.names[state.knocker])
    if rules.no_knock_first_lap and first_lap(state):
        return _("nobody may knock before everyone has had a turn this round")
    if rules.suited_knock and not hand[0].suit == hand[1].suit == hand[2].suit:
        return _("a knock needs all three cards in one suit")
    if rules.knock_minimum:
        value = hand_value(hand, rules)
        if value < rules.knock_minimum:
            return _("a knock needs a hand of at least {minimum}; yours is {value}").format(
                minimum=f"{rules.knock_minimum:g}", value=f"{value:g}")
    return None


def first_lap(state: GameState) -> bool:
    """Whether some player still in has not finished a turn this round (a knock after a discard
    comes at the end of the turn, so that turn counts as finished)."""
    finished = state.turns_taken + (1 if state.phase is _DISCARD else 0)
    return finished < sum(1 for tokens in state.tokens if tokens)


def why_illegal(state: GameState, action: Action) -> str | None:
    """The reason ``action`` is not allowed now, or ``None`` if it is."""
    problem = malformed(action)
    if problem is not None:
        return problem
    phase = state.phase
    if phase is _GAME_OVER:
        return _("the game is over")
    if isinstance(action, (Fire, QuickDraw)):
        return gunplay.why_gun_illegal(state, action)
    if phase is _DEAL:
        return None if isinstance(action, Deal) else _("{name} must deal the next round first").format(
            name=state.names[state.dealer])
    if isinstance(action, Deal):
        return _("the cards have already been dealt")
    if phase is _CHOOSE or isinstance(action, (KeepHand, TakeSpare)):
        return choice_problem(state, action)
    rules = state.rules
    hand = state.hands[state.current]
    if phase is _DISCARD:
        if not isinstance(action, Discard):
            return _("you hold four cards: discard one first")
        if action.card not in hand:
            return _("you do not hold {card}").format(card=action.card.symbol)
        if action.card is state.taken and not rules.may_discard_taken:
            return _("you may not discard the card you just took from the discard pile")
        if action.knock:
            if rules.knock_timing is not _AFTER_DISCARD:
                return _("in this game you knock instead of taking a turn, not after a discard")
            return knock_problem(state, tuple(c for c in hand if c is not action.card))
        return None
    if isinstance(action, Knock):
        if rules.knock_timing is _AFTER_DISCARD:
            return _("in this game you knock after your discard: choose a card to discard and knock")
        return knock_problem(state, hand)
    if isinstance(action, Discard):
        return _("draw a card before you discard")
    if rules.has_board:
        if isinstance(action, (DrawStock, TakeDiscard)):
            return _("this game has a board instead of a stock and discard pile: swap, pass or knock")
        if isinstance(action, Swap):
            if action.give not in hand:
                return _("you do not hold {card}").format(card=action.give.symbol)
            if action.take not in state.board:
                return _("{card} is not on the board").format(card=action.take.symbol)
            return None
        if isinstance(action, SwapAll) and rules.exchange is not _COMMERCE:
            return _("swapping all three cards needs commerce rules")
        if isinstance(action, Pass):
            return pass_problem(state)
        if isinstance(action, NewCards):
            return new_cards_problem(state)
        return None
    if isinstance(action, NewCards):
        return new_cards_problem(state)
    if isinstance(action, (Swap, SwapAll)):
        return _("this game has no board: draw from the stock or take the discard")
    if isinstance(action, DrawStock):
        return None if state.stock else _("the stock is empty: take the discard or decline it")
    if isinstance(action, TakeDiscard):
        return None if state.discards else _("the discard pile is empty")
    if isinstance(action, Pass) and state.stock:
        return _("you must draw from the stock or take the discard (passing is only for an empty stock)")
    return None
