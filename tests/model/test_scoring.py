"""Table-driven scoring: every worked example in the seeds, under every preset it applies to."""

import pytest

from thirtyone.model import count_hand, hand_value, parse_cards, preset
from thirtyone.model.scoring import best_three, counted_cards

ALL = ("classic", "london", "kitty", "scat", "open-table", "commerce")
LONE_CARD_COUNTS = ("classic", "london", "kitty", "scat", "commerce")
TRIPLET_30 = ("classic", "kitty", "open-table")
TRIPLET_30_5 = ("london", "commerce")

# (hand, value, presets): examples from seeds 000-004 plus the edge cases they imply.
CASES = [
    ("5H 4H 2C", 9, ALL),                    # 000: pick a suit, add it up
    ("AH KH QH", 31, ALL),                   # 000/002: the highest hand
    ("TH AH JC", 21, ALL),                   # 001: Kelly's first hand
    ("8D 4D 7D", 19, ALL),                   # 001: Al's first hand
    ("2D 2H 2C", 30, TRIPLET_30),            # 001: Lou's three of a kind
    ("TH AH 4H", 25, ALL),                   # 001: Kelly's final hand
    ("8D TD 9D", 27, ALL),                   # 001: Al's final hand
    ("AC QC TC", 31, ALL),                   # 002: A Q 10 of clubs
    ("JH 7H 6H", 23, ALL),                   # 002: all one suit
    ("QD 7S 5S", 12, ALL),                   # 002: two of a suit beat the odd card
    ("AC 5D 4D", 11, LONE_CARD_COUNTS),      # 002: the ace beats 5 + 4
    ("AC 5D 4D", 9, ("open-table",)),        # 004: a card counts only with a suit partner
    ("KC 9H 2S", 10, ALL),                   # 002: three suits, highest card
    ("8C 8H 8S", 30, TRIPLET_30),            # 002: three of a kind
    ("8C 8H 8S", 30.5, TRIPLET_30_5),        # 000 / power triplets
    ("8C 8H 8S", 8, ("scat",)),              # 003: triplets not counted
    ("KS 8S AC", 18, ALL),                   # 004: example 1
    ("AH 6D KC", 11, ALL),                   # 004: example 2
    ("4S 4H 4D", 30, TRIPLET_30),            # 004: example 3
    ("AS AH AD", 30, TRIPLET_30),            # three aces as a plain triplet
    ("AS AH AD", 33, ("commerce",)),         # fire
    ("AS AH AD", 11, ("scat",)),             # no triplets: best single card
]


@pytest.mark.parametrize("hand, value, presets", CASES)
def test_seed_examples(hand, value, presets):
    cards = parse_cards(hand)
    for preset_id in presets:
        assert hand_value(cards, preset(preset_id)) == value, preset_id


def test_three_aces_32_option():
    rules = preset("classic").replace(three_aces=32.0)
    assert hand_value(parse_cards("AS AC AD"), rules) == 32
    rules = preset("scat").replace(three_aces=32.0)
    assert hand_value(parse_cards("AS AC AD"), rules) == 32


def test_explanations_name_the_counted_suit():
    counted = count_hand(parse_cards("QS 7S 5S"), preset("classic"))
    assert counted.value == 22
    assert counted.explanation == "spades: Q♠ 10 + 7♠ 7 + 5♠ 5 = 22"
    assert "beats J♣ 10 alone" in count_hand(parse_cards("TH AH JC"), preset("classic")).explanation
    assert "best single card" in count_hand(parse_cards("KC 9H 2S"), preset("classic")).explanation
    assert count_hand(parse_cards("7H 7S 7C"), preset("london")).explanation.startswith("three of a kind")
    assert "does not count" in count_hand(parse_cards("7H 7S 7C"), preset("scat")).explanation


@pytest.mark.parametrize("hand, counted", [
    ("TH AH JC", "TH AH"), ("KC 9H 2S", "KC"), ("8C 8H 8S", "8C 8H 8S"), ("QD 7S 5S", "7S 5S"),
])
def test_counted_cards(hand, counted):
    assert counted_cards(parse_cards(hand), preset("classic")) == parse_cards(counted)


def test_best_three_picks_the_discard_that_keeps_most():
    value, discard = best_three(parse_cards("AH KH 2C QH"), preset("classic"))
    assert (value, discard.code) == (31, "2C")
