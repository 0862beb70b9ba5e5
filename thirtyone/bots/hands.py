"""Pure hand arithmetic the heuristic bots share: values, keeps, and what a draw is worth."""

from __future__ import annotations

from typing import Sequence

from ..model import Card, Rules, hand_value


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
    return keep_options(tuple(hand) + (extra,), rules)[0][0]


def expected_after_draw(hand: Sequence[Card], unseen: Sequence[Card], rules: Rules) -> float:
    """The average best value after drawing one of ``unseen`` (all equally likely) and discarding."""
    if not unseen:
        return value_of(hand, rules)
    current = value_of(hand, rules)
    total = 0.0
    for card in unseen:
        total += max(current, best_with(hand, card, rules))
    return total / len(unseen)


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
