"""Shuffling, dealing, and keeping the stock and the board supplied."""

from __future__ import annotations

from typing import Any

from . import judge
from .cards import FULL_DECK, Card
from .events import BoardRefreshed, Dealt, Event, RoundEnd, RoundStarted, Showed31, StockReshuffled, shared
from .rng import shuffled
from .scoring import hand_value
from .state import (F_BOARD, F_CHANCE, F_CURRENT, F_DISCARDS, F_DRAWN, F_FIRED, F_HANDS, F_KNOCKER,
                    F_KNOWN, F_LOG, F_PASSES, F_PHASE, F_ROUND, F_STOCK, F_TAKEN, F_TURNS, NO_SEAT,
                    GameState, Phase, state_from_values)


def deal(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
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
    values: list[Any] = list(state)
    if rules.has_board:
        upcard, board = None, deck[position:position + 3]
        values[F_BOARD], values[F_DISCARDS] = board, ()
        position += 3
    else:
        upcard, board = deck[position], ()
        values[F_BOARD], values[F_DISCARDS] = board, (upcard,)
        position += 1
    first = order[0]
    events: list[Event] = [shared(RoundStarted, round_index + 1, dealer, first),
                           Dealt(dealer, tuple(order), upcard, board)]
    values[F_CHANCE] = state.chance + 1
    values[F_PHASE] = Phase.TURN
    values[F_ROUND] = round_index + 1
    values[F_CURRENT] = first
    values[F_HANDS] = tuple(hands)
    values[F_STOCK] = deck[position:]
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
    return state_from_values(values), log


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
    stock, out_pile = values[F_STOCK], values[F_DISCARDS] + old_board
    if len(stock) < 3:
        stock = stock + shuffled(state.seed, values[F_CHANCE], out_pile)
        out_pile = ()
        values[F_CHANCE] += 1
    values[F_BOARD], values[F_STOCK], values[F_DISCARDS] = stock[:3], stock[3:], out_pile
    values[F_PASSES] = 0
    events.append(BoardRefreshed(old_board, stock[:3]))
