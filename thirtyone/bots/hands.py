"""Pure hand arithmetic the heuristic bots share: values, keeps, and what a draw is worth."""

from __future__ import annotations

from typing import Sequence

from ..model import FULL_DECK, Card, Rules, hand_value
from ..model.rule_choices import deck_packs


def value_of(cards: Sequence[Card], rules: Rules) -> float:
    """The value of three cards (a shorter hand counts its best suit)."""
    if len(cards) == 3:
        return hand_value(cards, rules)
    totals = [0, 0, 0, 0]
    for card in cards:
        totals[card.suit] += card.value
    return float(max(totals))


def keep_options(four: Sequence[Card], rules: Rules) -> list[tuple[float, Card]]:
    """For four cards: (value of the other three, card) for each possible discard, best first.

    Ties put the lower-valued discard first: it is the card we miss least.
    """
    options = []
    for index, card in enumerate(four):
        rest = tuple(four[:index]) + tuple(four[index + 1:])
        options.append((hand_value(rest, rules), card))
    options.sort(key=lambda pair: (-pair[0], pair[1].value, pair[1].index))
    return options


def best_with(hand: Sequence[Card], extra: Card, rules: Rules) -> float:
    """The best three-card value from ``hand`` plus ``extra``."""
    if len(hand) == 3:
        return draw_values(hand, rules)[extra.face]
    return keep_options(tuple(hand) + (extra,), rules)[0][0]


def expected_hand(unseen: Sequence[Card], rules: Rules) -> float:
    """The average value of three cards drawn at random from ``unseen``: what a hand dealt
    face down (the dealer's spare) is worth before anyone looks at it."""
    cards = tuple(unseen)
    count = len(cards)
    if count < 3:
        return 0.0
    total = 0.0
    for i in range(count - 2):
        a = cards[i]
        for j in range(i + 1, count - 1):
            b = cards[j]
            for k in range(j + 1, count):
                total += hand_value((a, b, cards[k]), rules)
    return total / (count * (count - 1) * (count - 2) / 6)


def expected_after_draw(hand: Sequence[Card], unseen: Sequence[Card], rules: Rules) -> float:
    """The average best value after drawing one of ``unseen`` (all equally likely) and discarding."""
    if not unseen:
        return value_of(hand, rules)
    if len(hand) == 3:
        after = draw_values(hand, rules)
        # Values are whole or half points, so the sum is exact in any order.
        return sum([after[card.face] for card in unseen]) / len(unseen)
    current = value_of(hand, rules)
    total = 0.0
    for card in unseen:
        total += max(current, best_with(hand, card, rules))
    return total / len(unseen)


def draw_values(hand: Sequence[Card], rules: Rules) -> list[float]:
    """For a three-card hand: by card face (``Card.face``), the best value after drawing that card and
    discarding one.

    Sharp asks this for the same hands thousands of times a game, so each hand's
    row is computed once (through ``hand_value``, so every counting rule holds)
    and kept in a table per ``Rules`` value. With one pack a card of the hand
    itself maps to the hand's own value; with two, its face is the other pack's copy.
    """
    table = _table_for(rules)
    a, b, c = hand
    key = (1 << a.index) | (1 << b.index) | (1 << c.index)
    row = table.get(key)
    if row is None:
        row = table[key] = _draw_row(a, b, c, rules)
    return row


MAX_TABLES = 4
"""Tables kept at once (a full one is about 10 MB; a game uses one)."""
_DrawTable = dict[int, list[float]]
_TABLES: dict[Rules, _DrawTable] = {}
_last_table: tuple[Rules | None, _DrawTable] = (None, {})
"""The table used last, found by identity (hashing ``Rules`` costs more than a table lookup)."""


def _table_for(rules: Rules) -> _DrawTable:
    global _last_table
    last_rules, table = _last_table
    if rules is not last_rules:
        if rules not in _TABLES and len(_TABLES) >= MAX_TABLES:
            _TABLES.clear()  # a long session of many house rules must not grow without end
        table = _TABLES.setdefault(rules, {})
        _last_table = (rules, table)
    return table


def _draw_row(a: Card, b: Card, c: Card, rules: Rules) -> list[float]:
    current = hand_value((a, b, c), rules)
    row = [current] * 52
    one_pack = deck_packs(rules.deck) == 1
    for card in FULL_DECK:
        if one_pack and (card is a or card is b or card is c):
            continue
        row[card.face] = max(current, hand_value((a, b, card), rules), hand_value((a, c, card), rules),
                              hand_value((b, c, card), rules))
    return row


def suit_points(cards: Sequence[Card]) -> list[int]:
    """Points per suit."""
    totals = [0, 0, 0, 0]
    for card in cards:
        totals[card.suit] += card.value
    return totals


def potential(hand: Sequence[Card], rules: Rules) -> float:
    """A cheap measure of how a three-card hand may grow: value plus half the second suit's room."""
    totals = sorted(suit_points(hand), reverse=True)
    return value_of(hand, rules) + 0.15 * totals[1]
