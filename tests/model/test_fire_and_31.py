"""Fire and 31 dealt in one deal (issue 45): who loses, per source, each case quoting its sentence.

Seat 0 (Kelly) is dealt three aces, seat 1 (Al) a 31, seat 2 (Lou) 20. The five seeds have no fire:
there three aces are a plain triplet (30, 30½) or, in 003, just an ace; the Schwimmen tables count them
as fire, above 31 (32, 33) or at 31.
"""

from __future__ import annotations

import pytest

from thirtyone.model import RoundEnded, Rules, preset
from thirtyone.model.describe import rules_text
from thirtyone.model.rule_choices import ShownLoss

from tests.engine_support import deal

HANDS = ("AS AH AD", "AC KC QC", "KH TH 7S")
"""Kelly: three aces; Al: 31 in clubs; Lou: 20."""

SCHWIMMEN = preset("schwimmen").replace(dealer_choice=False)
"""pagat's table with the middle dealt face up: the deal itself shows both hands."""


def _round(rules: Rules) -> tuple[tuple[int, ...], tuple[str, ...], tuple[float | None, ...]]:
    state, events = deal(rules, HANDS, "9S 8D 7H" if rules.has_board else "9S", "8S 8H 7D")
    (result,) = [event.result for event in events if isinstance(event, RoundEnded)]
    return result.lives_lost, result.reasons, result.scores


@pytest.mark.parametrize("source, quote, rules, lost", [
    ("002", "All other players who have a hand totaling less than 31 lose a coin. The only time it is possible for "
     "multiple players to have 31 is immediately after the cards are dealt.", preset("classic"), (1, 0, 1)),
    ("003", "If at any point a player has exactly 31 points in their 3 card hand, all in one suit, the round ends, "
     "and all other players lose a life.", preset("scat"), (1, 0, 1)),
    ("004", "If a player ever has a hand value of 31, the cards are immediately shown and every other player loses "
     "a life.", preset("open-table"), (1, 0, 1)),
    ("Schwimmen Deluxe", "If one player holds 3 aces, all other players lose the game regardless of their score.",
     SCHWIMMEN, (0, 1, 1)),
    ("Schwimmen Deluxe (fire at 33, commerce)", "all other players lose the game regardless of their score",
     preset("commerce"), (0, 1, 1)),
    ("Schnauz (sfc-wahnsinnspaddler.de)", "3 Asse („Feuer“ 31 Punkte)",
     SCHWIMMEN.replace(three_aces=31.0), (0, 0, 1)),
    ("games saved before fire_over_31", "(the engine before issue 45: both shown hands safe)",
     SCHWIMMEN.replace(fire_over_31=False), (0, 0, 1)),
])
def test_fire_and_31_dealt_together_cost_whom_the_source_says(source, quote, rules, lost):
    lives_lost, _reasons, _scores = _round(rules)
    assert lives_lost == lost, source


def test_000_and_001_do_not_show_31_early():
    """000: a 31 is only "the highest possible score"; 001 never shows it: the deal ends nothing."""
    for preset_id in ("london", "kitty"):
        state, events = deal(preset(preset_id), HANDS, "9S 8D 7H" if preset_id == "london" else "9S", "8S 8H 7D")
        assert not any(isinstance(event, RoundEnded) for event in events), preset_id


def test_the_round_text_names_fire_as_what_beat_the_31():
    lives_lost, reasons, _scores = _round(SCHWIMMEN)
    assert reasons[0] == "Kelly showed fire, three aces worth 32: safe, everyone else loses a life."
    assert reasons[1] == "Al showed 31, but Kelly showed fire, which beats it: loses a life."
    assert reasons[2] == "Lou had 20 when Kelly showed fire: loses a life."


def test_the_round_text_names_both_when_both_are_safe():
    _lost, reasons, _scores = _round(SCHWIMMEN.replace(fire_over_31=False))
    assert reasons[1] == "Al showed 31: safe, everyone else loses a life."
    assert reasons[2] == "Lou had 20 when Kelly showed fire and Al showed 31: loses a life."


def test_the_round_text_in_german():
    from thirtyone import i18n
    i18n.set_language("de")
    try:
        _lost, reasons, _scores = _round(SCHWIMMEN)
        assert reasons[1] == "Al zeigte 31, aber Kelly zeigte Feuer, und das schlägt es: verliert ein Leben."
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("rules, sentence", [
    (SCHWIMMEN, "Fire dealt beside a 31 beats it: the 31 loses a life like every other hand."),
    (SCHWIMMEN.replace(fire_over_31=False), "Fire and a 31 dealt together are both safe"),
])
def test_the_rules_text_says_what_fire_does_to_a_31_dealt_with_it(rules, sentence):
    assert sentence in rules_text(rules)
    assert "beside a 31" not in rules_text(SCHWIMMEN.replace(three_aces=31.0))
    assert "beside a 31" not in rules_text(SCHWIMMEN.replace(fire_loss=ShownLoss.LOWEST))


def test_records_from_before_the_option_replay_as_they_were_played():
    from thirtyone.model.rules import as_played_then
    old = {k: v for k, v in SCHWIMMEN.to_dict().items() if k != "fire_over_31"}
    assert Rules.from_dict(as_played_then(old)).fire_over_31 is False
