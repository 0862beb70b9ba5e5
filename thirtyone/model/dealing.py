"""Shuffling, dealing, and keeping the stock and the board supplied."""

from __future__ import annotations

from typing import Any

from . import judge
from .cards import ALL_CARDS, Card
from .events import BoardRefreshed, Event, RoundEnd, RoundStarted, Showed31, StockReshuffled, dealt, shared
from .rng import chance_bits, shuffled
from .rules import Rules
from .rule_choices import MAX_SEATS
from .scoring import hand_value, may_reach_31
from .state import AT, NO_SEAT, Draft, GameState, Phase, build


_TURN = Phase.TURN  # an Enum member read from the class costs many times a global
_CHOOSE = Phase.CHOOSE
_ROTATIONS = tuple(tuple(tuple((dealer + step) % count for step in range(1, count + 1)) for dealer in range(count))
                   for count in range(MAX_SEATS + 1))
"""``_ROTATIONS[seats][dealer]``: every seat from the dealer's left round to the dealer."""
_THREE_PICKS = tuple(size * (size - 1) * (size - 2) for size in range(len(ALL_CARDS) + 1))
"""``_THREE_PICKS[size]``: the ways to pick three cards in order from ``size``."""


def deal(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    """Shuffle (or use the given deck) and deal three cards each, then the upcard or board
    (``play.apply`` has checked it is the time to deal)."""
    values: Draft = list(state)  # read from here on: a list's item costs less than a state's named field
    round_index = values[AT.round_number]
    decks = values[AT.decks]
    tokens = values[AT.tokens]
    count = len(tokens)
    dealer = values[AT.dealer]
    rotation = _ROTATIONS[count][dealer]
    order = rotation if 0 not in tokens else _still_in(rotation, tokens)
    players = len(order)
    rules = values[AT.rules]
    seed, chance = values[AT.seed], values[AT.chance]
    needed = 3 * players + (3 if rules.has_board else 1)
    hands: list[tuple[Card, ...]] = [()] * count
    # Seats whose hand is of one suit or one rank, the only hands that may be worth 31 (``may_reach_31``,
    # written out in the loop below), noted as they are dealt: a second pass over the hands cost as much.
    suspects: list[int] = []
    given = decks[round_index] if round_index < len(decks) else ()
    if given:  # an explicit deck is dealt one card at a time round the table
        laid, stock = _deal_given(given, seed, chance, rules, order, needed, hands, suspects)
        unsettled = luck = 0
    else:
        # The lazily finished shuffle (see ``GameState.stock_unsettled``): pick only
        # the cards dealt now, three to a player (with a shuffled deck any way of
        # dealing is as fair); the rest stay in the bag with the luck left.
        luck = chance_bits(seed, chance)
        bag = list(rules.cards)
        pick = bag.pop
        size = deck_size = len(bag)
        for seat in order:
            # The three digits of ``luck`` in sizes ``size``, ``size - 1``, ``size - 2`` (as three divmods
            # would give them), with one division of the big number and two of a small one.
            luck, three = divmod(luck, _THREE_PICKS[size])
            second_and_third, first_card = divmod(three, size)
            third_card, second_card = divmod(second_and_third, size - 1)
            a, b, c = hands[seat] = (pick(first_card), pick(second_card), pick(third_card))
            if a.kin & b.kin & c.kin:
                suspects.append(seat)
            size -= 3
        laid_list = []
        for size in range(size, deck_size - needed, -1):
            luck, at = divmod(luck, size)
            laid_list.append(pick(at))
        laid = tuple(laid_list)
        stock, unsettled = tuple(bag), len(bag)
    if rules.has_board:
        upcard, board = None, laid
        values[AT.board], values[AT.discards] = board, ()
    else:
        upcard, board = laid[0], ()
        values[AT.board], values[AT.discards] = board, laid
    first = order[0]
    choosing = rules.dealer_choice  # the middle is the spare, face down, until the dealer chooses
    events: list[Event] = [shared(RoundStarted, round_index + 1, dealer, first),
                           dealt(dealer, order, upcard, () if choosing else board)]
    values[AT.chance] = chance + 1
    values[AT.phase] = _CHOOSE if choosing else _TURN
    values[AT.round_number] = round_index + 1
    values[AT.current] = dealer if choosing else first
    values[AT.hands] = tuple(hands)
    values[AT.stock], values[AT.stock_unsettled], values[AT.luck] = stock, unsettled, luck
    if rules.dirty_laundry and not choosing:  # with a dealer's choice, the middle is washed once chosen
        wash_laundry(values, events)
    values[AT.known] = ((),) * count
    values[AT.knocker] = NO_SEAT
    values[AT.taken] = values[AT.drawn] = None
    values[AT.turns_taken] = values[AT.passes_in_row] = 0
    if rules.pass_once:
        values[AT.passed] = (False,) * count
    values[AT.fired] = False
    if suspects and rules.instant_31_on_deal:
        showing: tuple[int, ...] = ()
        shown: tuple[tuple[Card, ...], ...] = ()
        for seat in suspects:
            hand = hands[seat]
            if hand_value(hand, rules) >= 31:
                showing += (seat,)
                shown += (hand,)
        if showing:
            events.append(Showed31(showing, shown))
            values[AT.log] = tuple(events)
            return judge.settle_draft(values, RoundEnd.DEALT_31, showing, events)
    values[AT.log] = log = tuple(events)
    return build(values), log


def _still_in(seats: tuple[int, ...], tokens: tuple[int, ...]) -> tuple[int, ...]:
    """``seats`` without those out of the game."""
    # Not in ``deal``: a comprehension there would make ``tokens`` a closure cell, made on every deal.
    return tuple([seat for seat in seats if tokens[seat]])


def _deal_given(given: tuple[Card, ...], seed: int, chance: int, rules: Rules, order: tuple[int, ...], needed: int,
                hands: list[tuple[Card, ...]], suspects: list[int]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Deal an explicit deck (``GameState.decks``), completed by a shuffle of the other cards, one card at a
    time round the table into ``hands``, noting ``deal``'s suspects; the upcard or board, and the stock."""
    players = len(order)
    given_set = set(given)
    full = given + shuffled(seed, chance, [c for c in rules.cards if c not in given_set])
    for position, seat in enumerate(order):
        hands[seat] = hand = full[position:3 * players:players]
        if may_reach_31(hand):
            suspects.append(seat)
    return full[3 * players:needed], full[needed:]


def draw_top(values: Draft) -> Card:
    """Take the top card of the stock in ``values`` (not empty), finishing the shuffle as it goes."""
    stock: tuple[Card, ...] = values[AT.stock]
    unsettled: int = values[AT.stock_unsettled]
    if not unsettled:
        values[AT.stock] = stock[1:]
        return stock[0]
    at: int
    luck, at = divmod(values[AT.luck], unsettled)
    values[AT.luck] = luck if unsettled > 1 else 0
    values[AT.stock_unsettled] = unsettled - 1
    rest = [*stock]  # one copy and a pop: a third cheaper than two slices and their sum
    card = rest.pop(at)
    values[AT.stock] = tuple(rest)
    return card


def stock_in_order(state: GameState) -> tuple[Card, ...]:
    """The whole stock, top first, in the order the coming draws will take it.

    Finishes the lazy shuffle on a copy; for simulators that draw without ``apply``.
    """
    if not state.stock_unsettled:  # already in order (a sampled world's stock, a settled shuffle)
        return state.stock
    values: Draft = list(state)
    return tuple(draw_top(values) for _ in state.stock)


def reshuffle(state: GameState, values: Draft, events: list[Event]) -> None:
    """Turn the discard pile, all but its top card, into a new stock (in ``values``)."""
    discards = values[AT.discards]
    values[AT.stock] = shuffled(state.seed, values[AT.chance], discards[:-1])
    values[AT.discards] = discards[-1:]
    values[AT.chance] += 1
    events.append(StockReshuffled(len(values[AT.stock])))


_SEVEN_EIGHT_NINE = frozenset((6, 7, 8))
"""The rank indexes of 7, 8 and 9 (``Card.rank``: 0 is the ace)."""


def is_laundry(board: tuple[Card, ...]) -> bool:
    """Whether the middle is a 7, an 8 and a 9, of any suits ("vuile was", ``Rules.dirty_laundry``)."""
    return len(board) == 3 and {card.rank for card in board} == _SEVEN_EIGHT_NINE


def wash_laundry(values: Draft, events: list[Event]) -> None:
    """``Rules.dirty_laundry``: while a 7, an 8 and a 9 lie in the middle and the stock holds three cards,
    they go out of play and three new cards are laid (trend.nl: "Wanneer er een 7, 8 en 9 in de pot zitten
    noemen we dit 'vuile was' en zullen er 3 nieuwe kaarten in de pot gelegd worden")."""
    while is_laundry(values[AT.board]) and len(values[AT.stock]) >= 3:
        old = values[AT.board]
        new = (draw_top(values), draw_top(values), draw_top(values))
        values[AT.board], values[AT.discards] = new, values[AT.discards] + old
        events.append(BoardRefreshed(old, new, laundry=True))


def refresh_board(state: GameState, values: Draft, events: list[Event]) -> None:
    """Put the board out of play and lay three new cards, reusing old ones if needed."""
    old_board = values[AT.board]
    out_pile = values[AT.discards] + old_board
    if len(values[AT.stock]) < 3:
        values[AT.stock] += shuffled(state.seed, values[AT.chance], out_pile)
        out_pile = ()
        values[AT.chance] += 1
    board = (draw_top(values), draw_top(values), draw_top(values))
    values[AT.board], values[AT.discards] = board, out_pile
    values[AT.passes_in_row] = 0
    events.append(BoardRefreshed(old_board, board))
