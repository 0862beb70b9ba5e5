"""What a hand is worth, and a sentence saying how it was counted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import SUIT_NAMES, Card
from .rules import Rules

ACE = 0


def hand_value(cards: Sequence[Card], rules: Rules) -> float:
    """The value of a three-card hand: best one-suit total or a special hand."""
    a, b, c = cards
    # Written out case by case: bots score millions of hands, and this avoids a list and max().
    va, vb, vc = a.value, b.value, c.value
    sa, sb, sc = a.suit, b.suit, c.suit
    if sa == sb:
        if sb == sc:
            return va + vb + vc
        pair = va + vb
        return pair if pair > vc else vc
    if sa == sc:
        pair = va + vc
        return pair if pair > vb else vb
    if sb == sc:
        pair = vb + vc
        return pair if pair > va else va
    if a.rank == b.rank == c.rank:
        if a.rank == ACE and rules.three_aces is not None:
            return rules.three_aces
        if rules.three_of_a_kind is not None:
            return rules.three_of_a_kind
    if va >= vb:
        return va if va >= vc else vc
    return vb if vb >= vc else vc


def may_reach_31(hand: Sequence[Card]) -> bool:
    """A quick test before scoring: only one suit or three of a kind can be worth 31 or more."""
    a, b, c = hand
    return a.suit == b.suit == c.suit or a.rank == b.rank == c.rank


def suit_totals(cards: Sequence[Card]) -> list[int]:
    """Points per suit index for any number of cards."""
    sums = [0, 0, 0, 0]
    for card in cards:
        sums[card.suit] += card.value
    return sums


def best_three(cards: Sequence[Card], rules: Rules) -> tuple[float, Card]:
    """For a four-card hand: the best value after one discard, and that discard.

    Ties keep the lowest card index as the discard, so the answer is stable.
    """
    best_value = -1.0
    best_card = cards[0]
    cards = tuple(cards)
    for i, card in enumerate(cards):
        rest = cards[:i] + cards[i + 1:]
        value = hand_value(rest, rules)
        if value > best_value or (value == best_value and card.index < best_card.index):
            best_value, best_card = value, card
    return best_value, best_card


@dataclass(frozen=True, slots=True)
class HandCount:
    """How a hand was counted: its value, the cards that count, and why."""

    value: float
    counted: tuple[Card, ...]
    explanation: str


def format_value(value: float) -> str:
    """``22`` or ``30.5``: whole values without a decimal point."""
    text = _VALUE_TEXT.get(value)
    if text is None:
        text = str(int(value)) if value == int(value) else f"{value:g}"
    return text


_VALUE_TEXT = {float(v): str(v) for v in range(34)}
_VALUE_TEXT[30.5] = "30.5"


def counted_cards(hand: Sequence[Card], rules: Rules) -> tuple[Card, ...]:
    """The cards that make a hand's value: the best suit, or all three of a kind.

    With three different suits that is the single highest card.
    """
    a, b, c = hand
    if a.rank == b.rank == c.rank and hand_value(hand, rules) >= 30:
        return tuple(hand)
    sums = suit_totals(hand)
    best = max(range(4), key=lambda s: (sums[s], -s))
    counted = tuple(card for card in hand if card.suit == best)
    if len(counted) == 1:
        return (max(hand, key=lambda card: (card.value, -card.index)),)
    return counted


def count_hand(cards: Sequence[Card], rules: Rules) -> HandCount:
    """Value, counted cards and a plain-words explanation of a three-card hand."""
    if len(cards) != 3:
        raise ValueError(f"a hand has 3 cards, not {len(cards)}")
    value = hand_value(cards, rules)
    if cards[0].rank == cards[1].rank == cards[2].rank and value >= 30:
        name = "three aces" if cards[0].rank == ACE and rules.three_aces is not None else "three of a kind"
        return HandCount(value, tuple(cards), f"{name} ({' '.join(c.symbol for c in cards)}) is worth {format_value(value)}")
    totals = suit_totals(cards)
    best_suit = max(range(4), key=lambda s: (totals[s], -s))
    counted = tuple(sorted((c for c in cards if c.suit == best_suit), key=lambda c: (-c.value, c.index)))
    parts = " + ".join(f"{c.symbol} {c.value}" for c in counted)
    if len(counted) == 1:
        text = f"no two cards share a suit, so the best single card counts: {parts}"
        if cards[0].rank == cards[1].rank == cards[2].rank:
            text = "three of a kind does not count under these rules; " + text
    else:
        text = f"{SUIT_NAMES[best_suit]}: {parts} = {format_value(value)}"
        others = [s for s in range(4) if totals[s] and s != best_suit]
        if others:
            rest = ", ".join(f"{SUIT_NAMES[s]} {totals[s]}" for s in others)
            text += f" (beats {rest})"
    return HandCount(value, counted, text)
