"""Legal actions and applying them: the turn structure of a round.

This is the engine's hot path (bots search with it), so it keeps to one
state copy per action and reuses shared action instances.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from . import judge
from .actions import (DEAL, DRAW, KNOCK, PASS, SWAP_ALL, TAKE, Action, Deal, Discard, DrawStock,
                      Knock, Pass, Swap, SwapAll, TakeDiscard, discard_action, swap_action)
from .cards import FULL_DECK, Card
from .errors import IllegalActionError
from .events import (BoardRefreshed, Dealt, Discarded, DrewFromStock, Event, Knocked, Passed,
                     RoundEnd, RoundStarted, Showed31, StockReshuffled, Swapped, SwappedAll,
                     TookDiscard)
from .rng import shuffled
from .rules import Exchange, KnockTiming, StockOut
from .scoring import hand_value
from .state import (F_BOARD, F_CHANCE, F_CURRENT, F_DISCARDS, F_DRAWN, F_HANDS, F_KNOCKER, F_KNOWN,
                    F_LOG, F_PASSES, F_PHASE, F_ROUND, F_STOCK, F_TAKEN, F_TURNS, NO_SEAT, GameState,
                    Phase, next_active)

def _make(values: list[Any]) -> GameState:
    return tuple.__new__(GameState, values)  # type: ignore[return-value]

# Enum members are looked up once: a class attribute of an Enum costs ten times a global.
_TURN, _DISCARD, _DEAL, _GAME_OVER = Phase.TURN, Phase.DISCARD, Phase.DEAL, Phase.GAME_OVER
_AFTER_DISCARD, _INSTEAD_OF_TURN = KnockTiming.AFTER_DISCARD, KnockTiming.INSTEAD_OF_TURN
_COMMERCE, _RESHUFFLE = Exchange.COMMERCE, StockOut.RESHUFFLE

_cache: tuple[GameState | None, tuple[Action, ...]] = (None, ())
_BY_INDEX = attrgetter("index")
_PLAIN_DISCARDS = tuple(discard_action(card) for card in FULL_DECK)

# Turn options with draw-and-discard play, by (stock?, discard pile?, may knock?).
_DRAW_TURNS = {
    (stock, pile, knock): tuple(a for a, ok in ((DRAW, stock), (TAKE, pile), (PASS, not stock), (KNOCK, knock)) if ok)
    for stock in (False, True) for pile in (False, True) for knock in (False, True)
}


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """All legal actions for the current player, in ``action_sort_key`` order."""
    global _cache
    cached = _cache
    if cached[0] is state:
        return cached[1]
    legal = _compute_legal(state)
    _cache = (state, legal)
    return legal


def _compute_legal(state: GameState) -> tuple[Action, ...]:
    phase = state.phase
    if phase is _TURN:
        hand = state.hands[state.current]
        rules = state.rules
        may_knock = rules.knock_timing is _INSTEAD_OF_TURN and _knock_problem(state, hand) is None
        if not rules.has_board:
            return _DRAW_TURNS[bool(state.stock), bool(state.discards), may_knock]
        ordered = sorted(hand, key=_BY_INDEX)
        board = sorted(state.board, key=_BY_INDEX)
        actions: list[Action] = [swap_action(give, take) for give in ordered for take in board]
        if rules.exchange is _COMMERCE:
            actions.append(SWAP_ALL)
        actions.append(PASS)
        if may_knock:
            actions.append(KNOCK)
        return tuple(actions)
    if phase is _DISCARD:
        rules = state.rules
        hand = state.hands[state.current]
        blocked = None if rules.may_discard_taken else state.taken
        if rules.knock_timing is _AFTER_DISCARD and state.knocker == NO_SEAT:
            out: list[Action] = []
            for card in sorted(hand, key=_BY_INDEX):
                if card is not blocked:
                    out.append(discard_action(card))
                    if _knock_problem(state, tuple(c for c in hand if c is not card)) is None:
                        out.append(discard_action(card, True))
            return tuple(out)
        return tuple([_PLAIN_DISCARDS[c.index] for c in sorted(hand, key=_BY_INDEX) if c is not blocked])
    if phase is _DEAL:
        return (DEAL,)
    return ()


def _knock_problem(state: GameState, hand: tuple[Card, ...]) -> str | None:
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
            return _knock_problem(state, tuple(c for c in hand if c is not action.card))
        return None
    if isinstance(action, Knock):
        if rules.knock_timing is _AFTER_DISCARD:
            return "in this game you knock after your discard: choose a card to discard and knock"
        return _knock_problem(state, hand)
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


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``action`` and the public events it caused."""
    cached = _cache
    legal = cached[1] if cached[0] is state else legal_actions(state)
    if action not in legal:
        raise IllegalActionError(why_illegal(state, action) or f"{action} is not allowed now")
    return _HANDLERS[type(action)](state, action)


def _apply_draw(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.current
    card = state.stock[0]
    events = (DrewFromStock(seat),)
    values = list(state)
    values[F_HANDS] = _set(state.hands, seat, state.hands[seat] + (card,))
    values[F_STOCK] = state.stock[1:]
    values[F_PHASE] = _DISCARD
    values[F_DRAWN] = card
    values[F_LOG] = state.log + events
    return _make(values), events


def _apply_take(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.current
    card = state.discards[-1]
    events = (TookDiscard(seat, card),)
    values = list(state)
    values[F_HANDS] = _set(state.hands, seat, state.hands[seat] + (card,))
    values[F_DISCARDS] = state.discards[:-1]
    values[F_PHASE] = _DISCARD
    values[F_TAKEN] = card
    values[F_KNOWN] = _set(state.known, seat, state.known[seat] + (card,))
    values[F_LOG] = state.log + events
    return _make(values), events


def _apply_discard(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.current
    card = action.card
    known = state.known[seat]
    values = list(state)
    values[F_HANDS] = _set(state.hands, seat, tuple(c for c in state.hands[seat] if c is not card))
    values[F_DISCARDS] = state.discards + (card,)
    if card in known:
        values[F_KNOWN] = _set(state.known, seat, tuple(c for c in known if c is not card))
    events: list[Event] = [Discarded(seat, card)]
    if action.knock:
        events.append(Knocked(seat))
        values[F_KNOCKER] = seat
    return _end_turn(state, events, values)


def _apply_swap(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.current
    give, take = action.give, action.take
    values = list(state)
    values[F_HANDS] = _set(state.hands, seat, tuple(take if c is give else c for c in state.hands[seat]))
    values[F_BOARD] = tuple(give if c is take else c for c in state.board)
    values[F_KNOWN] = _set(state.known, seat, tuple(c for c in state.known[seat] if c is not give) + (take,))
    values[F_PASSES] = 0
    return _end_turn(state, [Swapped(seat, give, take)], values)


def _apply_swap_all(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.current
    hand, board = state.hands[seat], state.board
    values = list(state)
    values[F_HANDS] = _set(state.hands, seat, board)
    values[F_BOARD] = hand
    values[F_KNOWN] = _set(state.known, seat, board)
    values[F_PASSES] = 0
    return _end_turn(state, [SwappedAll(seat, hand, board)], values)


def _apply_pass(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    events: list[Event] = [Passed(state.current)]
    if not state.rules.has_board:  # declining the discard with an empty stock
        return judge.settle(state.evolve(log=state.log + tuple(events)), RoundEnd.STOCK_OUT, (), events)
    values = list(state)
    values[F_PASSES] = state.passes_in_row + 1
    return _end_turn(state, events, values)


def _apply_knock(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    seat = state.current
    values = list(state)
    if state.knocker != NO_SEAT:  # a second knock counts as a pass
        values[F_PASSES] = state.passes_in_row + 1
        return _end_turn(state, [Passed(seat)], values)
    if state.rules.under_the_gun and state.turns_taken == 0:
        events: list[Event] = [Knocked(seat, under_the_gun=True)]
        state = state.evolve(knocker=seat, log=state.log + tuple(events))
        return judge.settle(state, RoundEnd.UNDER_THE_GUN, (), events)
    values[F_KNOCKER] = seat
    return _end_turn(state, [Knocked(seat)], values)


def _apply_deal(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    """Shuffle (or use the given deck) and deal three cards each, then the upcard or board."""
    round_index = state.round_number
    given = state.decks[round_index] if round_index < len(state.decks) else ()
    if given:
        given_set = set(given)
        deck = given + shuffled(state.seed, state.chance, [c for c in FULL_DECK if c not in given_set])
    else:
        deck = shuffled(state.seed, state.chance, FULL_DECK)
    tokens = state.tokens
    count = len(tokens)
    dealer = state.dealer
    order = [s % count for s in range(dealer + 1, dealer + 1 + count) if tokens[s % count] > 0]
    players = len(order)
    hands: list[tuple[Card, ...]] = [()] * count
    for position, seat in enumerate(order):
        hands[seat] = deck[position:3 * players:players]
    position = 3 * players
    rules = state.rules
    values = list(state)
    if rules.has_board:
        upcard, board = None, deck[position:position + 3]
        values[F_BOARD], values[F_DISCARDS] = board, ()
        position += 3
    else:
        upcard, board = deck[position], ()
        values[F_BOARD], values[F_DISCARDS] = board, (upcard,)
        position += 1
    first = order[0]
    events: list[Event] = [RoundStarted(round_index + 1, dealer, first), Dealt(dealer, tuple(order), upcard, board)]
    values[F_CHANCE] = state.chance + 1
    values[F_PHASE] = _TURN
    values[F_ROUND] = round_index + 1
    values[F_CURRENT] = first
    values[F_HANDS] = tuple(hands)
    values[F_STOCK] = deck[position:]
    values[F_KNOWN] = ((),) * count
    values[F_KNOCKER] = NO_SEAT
    values[F_TAKEN] = values[F_DRAWN] = None
    values[F_TURNS] = values[F_PASSES] = 0
    if rules.instant_31_on_deal:
        showing = tuple(s for s in order if _may_be_31(hands[s]) and hand_value(hands[s], rules) >= 31)
        if showing:
            events.append(Showed31(showing, tuple(hands[s] for s in showing)))
            values[F_LOG] = tuple(events)
            return judge.settle(_make(values), RoundEnd.DEALT_31, showing, events)
    values[F_LOG] = log = tuple(events)
    return _make(values), log


def _may_be_31(hand: tuple[Card, ...]) -> bool:
    """A quick test that skips scoring: only one suit or three aces can make 31 or more."""
    a, b, c = hand
    return a.suit == b.suit == c.suit or a.rank == b.rank == c.rank


_HANDLERS = {
    Deal: _apply_deal, DrawStock: _apply_draw, TakeDiscard: _apply_take, Discard: _apply_discard,
    Swap: _apply_swap, SwapAll: _apply_swap_all, Pass: _apply_pass, Knock: _apply_knock,
}


def _end_turn(state: GameState, events: list[Event], values: list[Any]) -> tuple[GameState, tuple[Event, ...]]:
    """Finish a turn whose changes are in ``values``: a shown 31, the next player, or the round's end."""
    seat = state.current
    rules = state.rules
    hand = values[F_HANDS][seat]
    a, b, c = hand
    if rules.instant_31 and (a.suit == b.suit == c.suit or a.rank == b.rank == c.rank) \
            and hand_value(hand, rules) >= 31:
        events.append(Showed31((seat,), (hand,)))
        values[F_LOG] = state.log + tuple(events)
        return judge.settle(_make(values), RoundEnd.THIRTY_ONE, (seat,), events)
    turns = values[F_TURNS] = state.turns_taken + 1
    tokens = state.tokens
    following = seat + 1 if seat + 1 < len(tokens) else 0
    if not tokens[following]:
        following = next_active(tokens, seat)
    knocker = values[F_KNOCKER]
    if following == knocker:
        values[F_LOG] = state.log + tuple(events)
        return judge.settle(_make(values), RoundEnd.KNOCK, (), events)
    values[F_CURRENT] = following
    values[F_PHASE] = _TURN
    values[F_TAKEN] = values[F_DRAWN] = None
    if rules.turn_limit or rules.board_refresh:
        players = sum(1 for tokens in state.tokens if tokens > 0)
        if rules.turn_limit and knocker == NO_SEAT and turns >= rules.turn_limit * players:
            values[F_LOG] = state.log + tuple(events)
            return judge.settle(_make(values), RoundEnd.TURN_LIMIT, (), events)
        if rules.board_refresh and values[F_PASSES] >= players:
            _refresh_board(state, values, events)
    if not values[F_STOCK] and not rules.has_board and rules.stock_out is _RESHUFFLE:
        _reshuffle(state, values, events)
    log_events = tuple(events)
    values[F_LOG] = state.log + log_events
    return _make(values), log_events


def _reshuffle(state: GameState, values: list[Any], events: list[Event]) -> None:
    """Turn the discard pile, all but its top card, into a new stock (in ``values``)."""
    discards = values[F_DISCARDS]
    values[F_STOCK] = shuffled(state.seed, values[F_CHANCE], discards[:-1])
    values[F_DISCARDS] = discards[-1:]
    values[F_CHANCE] += 1
    events.append(StockReshuffled(len(values[F_STOCK])))


def _refresh_board(state: GameState, values: list[Any], events: list[Event]) -> None:
    """Put the board out of play and lay three new cards, reusing old ones if needed."""
    old_board = values[F_BOARD]
    stock, out_pile = values[F_STOCK], values[F_DISCARDS] + old_board
    if len(stock) < 3:
        stock = stock + shuffled(state.seed, values[F_CHANCE], out_pile)
        out_pile = ()
        values[F_CHANCE] += 1
    values[F_BOARD], values[F_STOCK], values[F_DISCARDS] = stock[:3], stock[3:], out_pile
    values[F_PASSES] = 0
    events.append(BoardRefreshed(old_board, stock[:3]))


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """A copy of ``items`` with one element replaced."""
    return items[:index] + (value,) + items[index + 1:]
