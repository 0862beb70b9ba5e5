"""What a hand is worth, and a sentence saying how it was counted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..i18n import N_, _, decimal
from .cards import SUIT_NAMES, Card
from .rules import Rules

ACE = 0


def hand_value(cards: Sequence[Card], rules: Rules) -> float:
    """The value of a three-card hand: best one-suit total or a special hand.

    With two cards of a suit, the lone third card counts instead when it is
    higher, unless ``rules.lone_card_beside_pair`` is off (source 004).
    """
    a, b, c = cards
    # Written out case by case: bots score millions of hands, and this avoids a list and max().
    va, vb, vc = a.value, b.value, c.value
    sa, sb, sc = a.suit, b.suit, c.suit
    if sa == sb:
        if sb == sc:
            return va + vb + vc
        if a.rank == b.rank == c.rank and (triplet := _triplet_value(a, rules)) is not None:
            return triplet  # two packs: both copies of a card and a third of its rank
        pair = va + vb
        if pair > vc:
            return pair
        return vc if rules.lone_card_beside_pair else pair
    if sa == sc:
        if a.rank == b.rank == c.rank and (triplet := _triplet_value(a, rules)) is not None:
            return triplet
        pair = va + vc
        if pair > vb:
            return pair
        return vb if rules.lone_card_beside_pair else pair
    if sb == sc:
        if a.rank == b.rank == c.rank and (triplet := _triplet_value(a, rules)) is not None:
            return triplet
        pair = vb + vc
        if pair > va:
            return pair
        return va if rules.lone_card_beside_pair else pair
    if a.rank == b.rank == c.rank:
        if a.rank == ACE and rules.three_aces is not None:
            return rules.three_aces
        if rules.three_of_a_kind is not None:
            return rules.three_of_a_kind
    if va >= vb:
        return va if va >= vc else vc
    return vb if vb >= vc else vc


def _triplet_value(card: Card, rules: Rules) -> float | None:
    """What three cards of ``card``'s rank count, or None where three of a kind does not count."""
    if card.rank == ACE and rules.three_aces is not None:
        return rules.three_aces
    return rules.three_of_a_kind


def may_reach_31(hand: Sequence[Card]) -> bool:
    """A quick test before scoring: only one suit or three of a kind can be worth 31 or more."""
    a, b, c = hand
    return bool(a.kin & b.kin & c.kin)  # one suit or one rank (``Card.kin``)


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


HALF = "½"
"""How a half point is written for a player, in every language: "30½", as the rules say it."""


def format_value(value: float) -> str:
    """``22`` or ``30½``: the one way a hand's value (or any point value) is written for a player.

    Whole values have no decimal mark and halves are written with ``½`` in every language;
    any other fraction (none occurs in play) takes the language's decimal mark. For reading
    only: records and the table notation write numbers as JSON does."""
    text = _VALUE_TEXT.get(value)
    if text is None:
        whole = int(value)
        if value == whole:
            text = str(whole)
        elif value - whole == 0.5 and value > 0:
            text = f"{whole}{HALF}"
        else:
            text = decimal(f"{value:g}")
    return text


_VALUE_TEXT = {float(v): str(v) for v in range(34)}
_VALUE_TEXT[30.5] = f"30{HALF}"


def is_fire(hand: Sequence[Card], rules: Rules) -> bool:
    """Three aces counted as 'fire' (``rules.three_aces``), the hand above 31."""
    a, b, c = hand
    return rules.three_aces is not None and a.rank == b.rank == c.rank == ACE


def shown_name(hands: Iterable[Sequence[Card]]) -> str:
    """What a showing of 31 is called: "fire" when three aces are among the hands shown
    (they are shown only where they beat 31), else "thirty-one"."""
    for hand in hands:
        if len(hand) == 3 and hand[0].rank == hand[1].rank == hand[2].rank == ACE:
            return N_("fire")
    return N_("thirty-one")


def counted_cards(hand: Sequence[Card], rules: Rules) -> tuple[Card, ...]:
    """The cards that make a hand's value: the best suit, or all three of a kind.

    With three different suits (or a higher lone card beside a pair, where the
    rules let it count) that is the single highest card. The UI highlights these.
    """
    counted = count_hand(hand, rules).counted
    return tuple(card for card in hand if card in counted)


def _by_value(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.value, c.index)))


_PAIR_NAMES = (N_("spade pair"), N_("heart pair"), N_("diamond pair"), N_("club pair"))
"""A pair of each suit, by suit index, as said beside a lone card."""


def _sum_text(cards: Sequence[Card]) -> str:
    return " + ".join(f"{c.symbol} {c.value}" for c in cards)


def count_hand(cards: Sequence[Card], rules: Rules) -> HandCount:
    """Value, counted cards and a plain-words explanation of a three-card hand."""
    if len(cards) != 3:
        raise ValueError(f"a hand has 3 cards, not {len(cards)}")
    value = hand_value(cards, rules)
    triplet = cards[0].rank == cards[1].rank == cards[2].rank
    if triplet and value >= 30:
        shown = " ".join(c.symbol for c in cards)
        text = (_("three aces ('fire') ({cards}) is worth {value}") if is_fire(cards, rules)
                else _("three of a kind ({cards}) is worth {value}"))
        return HandCount(value, tuple(cards), text.format(cards=shown, value=format_value(value)))
    totals = suit_totals(cards)
    suited = [s for s in range(4) if sum(1 for c in cards if c.suit == s) >= 2]
    if not suited:
        best = _by_value(cards)[0]
        text = (_("three of a kind does not count under these rules; no two cards share a suit, so the best "
                  "single card counts: {card}") if triplet else
                _("no two cards share a suit, so the best single card counts: {card}"))
        return HandCount(value, (best,), text.format(card=_sum_text((best,))))
    suit = suited[0]
    group = _by_value([c for c in cards if c.suit == suit])
    if len(group) == 3:
        return HandCount(value, group, _("{suit}: {sum} = {value}").format(
            suit=_(SUIT_NAMES[suit]), sum=_sum_text(group), value=format_value(value)))
    lone = next(c for c in cards if c.suit != suit)
    pair = {"suit": _(SUIT_NAMES[suit]), "sum": _sum_text(group), "total": totals[suit],
            "card": lone.symbol, "value": lone.value}
    if value == totals[suit]:
        if lone.value > totals[suit]:
            text = _("{suit}: {sum} = {total} ({card} alone does not count beside a pair under these rules)")
        elif lone.value == totals[suit]:
            text = _("{suit}: {sum} = {total} (as much as {card} {value} alone)")
        else:
            text = _("{suit}: {sum} = {total} (beats {card} {value} alone)")
        return HandCount(value, group, text.format(**pair))
    return HandCount(value, (lone,), _("{card} {value} alone beats the {pair} ({sum} = {total})").format(
        pair=_(_PAIR_NAMES[suit]), **{k: v for k, v in pair.items() if k != "suit"}))
