"""The Dutch preset, Eenendertigen as trend.nl describes it, and dirty laundry (``Rules.dirty_laundry``).

Each case quotes the sentence of trend.nl's "Eenendertigen" it follows. The source has 7, 8 and 9 in the pot
(the face-up middle) as the dirty laundry, replaced at once; no Dutch source found lets a player dealt 7-8-9
ask for new cards, so that is not played.
"""

from __future__ import annotations

import pytest

from thirtyone.model import PRESETS, RoundEnded, hand_value, legal_actions, parse_cards, player_counts, preset
from thirtyone.model.actions import NEW_CARDS
from thirtyone.model.describe import rules_text
from thirtyone.model.events import BoardRefreshed
from thirtyone.model.rule_choices import Deck, Exchange, RoundLoss

from tests.engine_support import deal, play

DUTCH = preset("dutch")


@pytest.mark.parametrize("quote, check", [
    ("Het Trend kaartspel, zónder alle kaarten 2 t/m 6", lambda r: r.deck is Deck.THIRTY_TWO and len(r.cards) == 32),
    ("Maximaal 4 spelers", lambda r: list(player_counts(r)) == [2, 3, 4]),
    ("Vervolgens legt de deler nog 3 kaarten open op tafel. Dit word de pot genoemd.",
     lambda r: r.exchange is Exchange.BOARD),
    ("Per beurt mag iedere speler één kaart uit de pot wisselen", lambda r: r.exchange is not Exchange.COMMERCE),
    ("Wanneer je 3 kaarten hebt van dezelfde waarde maar verschillende kleuren dan is dit 30,5 punten waard",
     lambda r: r.three_of_a_kind == 30.5),
    ("Wanneer een speler 31 punten heeft, moet hij 'Verbied' roepen en mogen er geen kaarten meer gewisseld worden",
     lambda r: r.instant_31 and r.instant_31_on_deal),
    ("Degene die het dichtst bij de 31 zit wint het spel.", lambda r: r.round_loss is RoundLoss.ALL_BUT_HIGHEST),
    ("Wanneer er een 7, 8 en 9 in de pot zitten noemen we dit 'vuile was'", lambda r: r.dirty_laundry),
])
def test_the_preset_follows_trend_nl(quote, check):
    assert check(DUTCH), quote


@pytest.mark.parametrize("quote, hand, value", [
    ("Wanneer je dus een Schoppen Heer, een Schoppen 9 en een Klaveren 8 hebt, dan is de totaalscore 19.",
     "KS 9S 8C", 19),
    ("Wanneer je 3 verschillende kleuren kaarten hebt, word er gewoon gekeken naar de kaart met de hoogste waarde",
     "AH 9S 8C", 11),
    ("dan is dit 30,5 punten waard", "7S 7H 7D", 30.5),
])
def test_hand_values(quote, hand, value):
    assert hand_value(parse_cards(hand), DUTCH) == value, quote


def test_dirty_laundry_dealt_to_the_pot_is_replaced_before_anyone_plays():
    """"zullen er 3 nieuwe kaarten in de pot gelegd worden": the 7-8-9 goes out of play, three new cards come."""
    state, events = deal(DUTCH, ("AS KS 7C", "KD QD 9H", "8C 9C 7D"), "7H 8S 9D", "QH JH TH AC")
    washed = [e for e in events if isinstance(e, BoardRefreshed)]
    assert washed == [BoardRefreshed(parse_cards("7H 8S 9D"), parse_cards("QH JH TH"), laundry=True)]
    assert state.board == parse_cards("QH JH TH") and set(parse_cards("7H 8S 9D")) <= set(state.discards)
    assert state.current == 0 and NEW_CARDS not in legal_actions(state)  # nobody chooses it


def test_dirty_laundry_made_by_a_swap_is_replaced_after_the_turn():
    state, _ = deal(DUTCH, ("AS KS 9H", "KD QD JH", "8C 9C 7D"), "7H 8S TD", "QH JS TH AC")
    state, events = play(state, "swap 9H TD")  # the pot is now 7H 8S 9H
    assert [e.laundry for e in events if isinstance(e, BoardRefreshed)] == [True]
    assert state.board == parse_cards("QH JS TH")
    assert state.current == 1


def test_off_by_default_and_elsewhere():
    assert not PRESETS["schwimmen"].rules.dirty_laundry and not PRESETS["commerce"].rules.dirty_laundry
    state, events = deal(preset("london"), ("AS KS 7C", "KD QD 9H", "8C 9C 7D"), "7H 8S 9D")
    assert not any(isinstance(e, BoardRefreshed) for e in events) and state.board == parse_cards("7H 8S 9D")


def test_a_31_ends_the_round_and_all_but_the_best_hand_lose():
    state, _ = deal(DUTCH, ("AS KS 7C", "KD QD 9H", "8C 9C 7D"), "QS 8H 9S")
    state, events = play(state, "swap 7C QS")
    (result,) = [e.result for e in events if isinstance(e, RoundEnded)]
    assert result.lives_lost == (0, 1, 1)


def test_the_rules_text_and_german_title():
    assert "'dirty laundry'" in rules_text(DUTCH)
    from thirtyone import i18n
    i18n.set_language("de")
    try:
        assert i18n._(PRESETS["dutch"].title) == "Holländisches Einunddreißig"
        assert "schmutzige Wäsche" in rules_text(DUTCH)
    finally:
        i18n.set_language("en")
