"""Sharp's knocks on the short decks (issue 34): later than on 52 cards, by how high the deck's hands run."""

from __future__ import annotations

import pytest

from tests.engine_support import deal
from thirtyone.bots.sharp import BASE_KNOCK, KNOCK_RAISE_PER_POINT, deck_raise, sharp_knock_threshold
from thirtyone.model import observe, preset
from thirtyone.model.rule_choices import Deck

HANDS = ("AS KS 9S", "7H 8D TC", "TS JH QD", "AH KH TD")


def _threshold(deck: Deck) -> float:
    rules = preset("schwimmen").replace(dealer_choice=False, deck=deck)
    state, _ = deal(rules, HANDS, "7C 8C 9D")
    return sharp_knock_threshold(observe(state, 0))


def test_on_52_cards_sharp_knocks_where_it_always_did():
    assert deck_raise(Deck.FIFTY_TWO) == 0.0
    assert _threshold(Deck.FIFTY_TWO) == BASE_KNOCK[4] - 1.0  # four players, first lap


@pytest.mark.parametrize("deck, dealt_above_52", [
    (Deck.THIRTY_SIX, 15.33 - 13.14), (Deck.THIRTY_TWO, 15.80 - 13.14), (Deck.TWO_THIRTY_TWO, 16.09 - 13.14)])
def test_on_a_short_deck_sharp_waits_for_a_hand_as_much_higher_as_its_dealt_hands_run(deck, dealt_above_52):
    assert KNOCK_RAISE_PER_POINT > 0
    assert deck_raise(deck) == pytest.approx(KNOCK_RAISE_PER_POINT * dealt_above_52, abs=0.02)
    assert _threshold(deck) == pytest.approx(_threshold(Deck.FIFTY_TWO) + deck_raise(deck))
