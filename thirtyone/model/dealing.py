"""Shuffling, dealing, and keeping the stock and the board supplied."""

from __future__ import annotations

from typing import Any

from . import judge
from .cards import FULL_DECK, Card
from .events import BoardRefreshed, Dealt, Event, RoundEnd, RoundStarted, Showed31, StockReshuffled, shared
from .rng import chance_bits, shuffled
from .rules import MAX_SEATS
from .scoring import hand_value
from .state import (F_BOARD, F_CHANCE, F_CURRENT, F_DISCARDS, F_DRAWN, F_FIRED, F_HANDS, F_KNOCKER,
                    F_KNOWN, F_LOG, F_LUCK, F_PASSES, F_PHASE, F_ROUND, F_STOCK, F_TAKEN, F_TURNS, F_UNSETTLED, NO_SEAT,
                    GameState, Phase, state_from_values)


_TURN = Phase.TURN  # an Enum member read from the class costs many times a global
_new_state = tuple.__new__
"""``_new_state(GameState, values)`` is ``state_from_values(values)`` without the call."""
_ROTATIONS = tuple(tuple(tuple((dealer + step) % count for step in range(1, count + 1)) for dealer in range(count))
                   for count in range(MAX_SEATS + 1))
"""``_ROTATIONS[seats][dealer]``: every seat from the dealer's left round to the dealer."""


def deal(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    """Shuffle (or use the given deck) and deal three cards each, then the upcard or board."""
    round_index = state.round_number
    given = state.decks[round_index] if round_index < len(state.decks) else ()
    tokens = state.tokens
    count = len(tokens)
    dealer = state.dealer
    rotation = _ROTATIONS[count][dealer]
    order = rotation if 0 not in tokens else tuple([seat for seat in rotation if tokens[seat]])
    players = len(order)
    rules = state.rules
    needed = 3 * players + (3 if rules.has_board else 1)
    hands: list[tuple[Card, ...]] = [()] * count
    if given:  # an explicit deck is dealt one card at a time round the table
        given_set = set(given)
        full = given + shuffled(state.seed, state.chance, [c for c in FULL_DECK if c not in given_set])
        for position, seat in enumerate(order):
            hands[seat] = full[position:3 * players:players]
        laid = full[3 * players:needed]
        stock, unsettled, luck = full[needed:], 0, 0
    else:
        # The lazily finished shuffle (see ``GameState.stock_unsettled``): pick only
        # the cards dealt now, three to a player (with a shuffled deck any way of
        # dealing is as fair); the rest stay in the bag with the luck left.
        luck = chance_bits(state.seed, state.chance)
        bag = list(FULL_DECK)
        pick = bag.pop
        size = 52
        for seat in order:
            luck, first_card = divmod(luck, size)
            luck, second_card = divmod(luck, size - 1)
            luck, third_card = divmod(luck, size - 2)
            hands[seat] = (pick(first_card), pick(second_card), pick(third_card))
            size -= 3
        laid_list = []
        for size in range(size, 52 - needed, -1):
            luck, at = divmod(luck, size)
            laid_list.append(pick(at))
        laid = tuple(laid_list)
        stock, unsettled = tuple(bag), len(bag)
    values: list[Any] = list(state)
    if rules.has_board:
        upcard, board = None, laid
        values[F_BOARD], values[F_DISCARDS] = board, ()
    else:
        upcard, board = laid[0], ()
        values[F_BOARD], values[F_DISCARDS] = board, laid
    first = order[0]
    events: list[Event] = [shared(RoundStarted, round_index + 1, dealer, first),
                           Dealt(dealer, order, upcard, board)]
    values[F_CHANCE] = state.chance + 1
    values[F_PHASE] = _TURN
    values[F_ROUND] = round_index + 1
    values[F_CURRENT] = first
    values[F_HANDS] = tuple(hands)
    values[F_STOCK], values[F_UNSETTLED], values[F_LUCK] = stock, unsettled, luck
    values[F_KNOWN] = ((),) * count
    values[F_KNOCKER] = NO_SEAT
    values[F_TAKEN] = values[F_DRAWN] = None
    values[F_TURNS] = values[F_PASSES] = 0
    values[F_FIRED] = False
    if rules.instant_31_on_deal:
        showing: tuple[int, ...] = ()
        for seat in order:
            a, b, c = hand = hands[seat]
            # ``may_reach_31`` written out: a deal checks every hand.
            if (a.suit == b.suit == c.suit or a.rank == b.rank == c.rank) and hand_value(hand, rules) >= 31:
                showing += (seat,)
        if showing:
            events.append(Showed31(showing, tuple(hands[s] for s in showing)))
            values[F_LOG] = tuple(events)
            return judge.settle(state_from_values(values), RoundEnd.DEALT_31, showing, events)
    values[F_LOG] = log = tuple(events)
    return _new_state(GameState, values), log


def draw_top(values: list[Any]) -> Card:
    """Take the top card of the stock in ``values`` (not empty), finishing the shuffle as it goes."""
    stock: tuple[Card, ...] = values[F_STOCK]
    unsettled: int = values[F_UNSETTLED]
    if not unsettled:
        values[F_STOCK] = stock[1:]
        return stock[0]
    at: int
    luck, at = divmod(values[F_LUCK], unsettled)
    values[F_LUCK] = luck if unsettled > 1 else 0
    values[F_UNSETTLED] = unsettled - 1
    values[F_STOCK] = stock[:at] + stock[at + 1:]
    return stock[at]


def stock_in_order(state: GameState) -> tuple[Card, ...]:
    """The whole stock, top first, in the order the coming draws will take it.

    Finishes the lazy shuffle on a copy; for simulators that draw without ``apply``.
    """
    values: list[Any] = [None] * len(state)
    values[F_STOCK], values[F_UNSETTLED], values[F_LUCK] = state.stock, state.stock_unsettled, state.luck
    return tuple(draw_top(values) for _ in state.stock)


def reshuffle(state: GameState, values: list[Any], events: list[Event]) -> None:
    """Turn the discard pile, all but its top card, into a new stock (in ``values``)."""
    discards = values[F_DISCARDS]
    values[F_STOCK] = shuffled(state.seed, values[F_CHANCE], discards[:-1])
    values[F_DISCARDS] = discards[-1:]
    values[F_CHANCE] += 1
    events.append(StockReshuffled(len(values[F_STOCK])))


def refresh_board(state: GameState, values: list[Any], events: list[Event]) -> None:
    """Put the board out of play and lay three new cards, reusing old ones if needed."""
    old_board = values[F_BOARD]
    out_pile = values[F_DISCARDS] + old_board
    if len(values[F_STOCK]) < 3:
        values[F_STOCK] += shuffled(state.seed, values[F_CHANCE], out_pile)
        out_pile = ()
        values[F_CHANCE] += 1
    board = (draw_top(values), draw_top(values), draw_top(values))
    values[F_BOARD], values[F_DISCARDS] = board, out_pile
    values[F_PASSES] = 0
    events.append(BoardRefreshed(old_board, board))
