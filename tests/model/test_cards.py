"""Card notation: parse, print back, and refuse bad codes with a reason."""

import itertools
import pickle

import pytest

from thirtyone.model import FULL_DECK, Card, CardError, format_cards, parse_cards
from thirtyone.model.cards import ALL_CARDS


@pytest.mark.parametrize("code, expected", [
    ("AS", "AS"), ("th", "TH"), ("10H", "TH"), ("10h", "TH"), ("Q♣", "QC"), ("2♦", "2D"), (" kd ", "KD"),
])
def test_codes_parse_to_canonical_form(code, expected):
    assert Card.from_code(code).code == expected


def test_every_card_prints_and_parses_back():
    assert len(FULL_DECK) == 52
    assert {card.code for card in FULL_DECK} == {r + s for r in "A23456789TJQK" for s in "SHDC"}
    for card in FULL_DECK:
        assert Card.from_code(card.code) is card
        assert Card.from_code(card.symbol) is card
        assert eval(repr(card)) is card


@pytest.mark.parametrize("code, message", [
    ("1X", "no suit"), ("ZS", "no rank"), ("A", "not a card"), ("", "not a card"), ("11H", "no rank"),
])
def test_bad_codes_say_what_is_wrong(code, message):
    with pytest.raises(CardError, match=message):
        Card.from_code(code)
    assert issubclass(CardError, ValueError)


def test_values_follow_the_rules():
    values = {card.code: card.value for card in parse_cards("AS KH QD JC TS 9H 2C")}
    assert values == {"AS": 11, "KH": 10, "QD": 10, "JC": 10, "TS": 10, "9H": 9, "2C": 2}


def test_repeated_cards_are_refused():
    with pytest.raises(CardError, match="AS appears more than once"):
        parse_cards("AS KS as")


def test_format_and_symbols():
    cards = parse_cards("TH QC")
    assert format_cards(cards) == "TH QC"
    assert format_cards(cards, symbols=True) == "10♥ Q♣"
    assert cards[1].name == "queen of clubs"


def test_cards_are_shared_instances_even_through_pickle():
    card = Card.from_code("7D")
    assert pickle.loads(pickle.dumps(card)) is card
    assert Card(card.index) is card


def test_three_cards_share_a_kin_bit_exactly_when_of_one_suit_or_one_rank() -> None:
    # The engine's quick test for a hand that may be worth 31 (a deal, a turn's end) rests on this.
    shared = 0
    for a, b, c in itertools.combinations(ALL_CARDS, 3):
        one_suit_or_rank = a.suit == b.suit == c.suit or a.rank == b.rank == c.rank
        assert bool(a.kin & b.kin & c.kin) == one_suit_or_rank, (a, b, c)
        shared += one_suit_or_rank
    assert shared > 10_000
