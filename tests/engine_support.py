"""Helpers for scripted engine scenarios: stack a deck, deal, play actions."""

from __future__ import annotations

from typing import Sequence

from thirtyone.model import (Card, GameState, Rules, parse_action, parse_cards, new_game)
from thirtyone.model import apply
from thirtyone.model.actions import DEAL
from thirtyone.model.events import Event

NAMES = ("Kelly", "Al", "Lou", "Maria", "Nico", "Olga", "Pat", "Quinn")


def stacked_deck(hands: Sequence[str], middle: str = "", stock: str = "") -> tuple[Card, ...]:
    """A deck that deals ``hands`` (seat 0 first), then ``middle`` (upcard or board), then ``stock``.

    Cards are dealt one at a time around the table, so the deck interleaves the hands.
    """
    parsed = [parse_cards(hand) for hand in hands]
    count = len(parsed)
    deck: list[Card] = [parsed[seat][position] for position in range(3) for seat in range(count)]
    return tuple(deck) + parse_cards(middle) + parse_cards(stock)


def deal(rules: Rules, hands: Sequence[str], middle: str = "", stock: str = "",
         tokens: Sequence[int] | None = None, later_decks: Sequence[tuple[Card, ...]] = ()) -> tuple[GameState, list[Event]]:
    """A game whose first deal gives ``hands`` with seat 0 playing first (the last seat deals)."""
    names = NAMES[:len(hands)]
    deck = stacked_deck(hands, middle, stock)
    state = new_game(rules, names, seed=7, first_dealer=len(hands) - 1, decks=(deck, *later_decks))
    if tokens is not None:
        state = state.evolve(tokens=tuple(tokens))
    state, events = apply(state, DEAL)
    return state, list(events)


def play(state: GameState, *actions: str) -> tuple[GameState, list[Event]]:
    """Apply actions written as text (``"draw"``, ``"discard QS"`` …); returns all events."""
    events: list[Event] = []
    for text in actions:
        state, new = apply(state, parse_action(text))
        events.extend(new)
    return state, events
