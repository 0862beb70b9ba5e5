"""Two knocks in one lap (issue 34): oli-69/schwimmen's game rule "Knocking", each case quoting its source.

Source: oli-69/schwimmen (github.com/oli-69/schwimmen), an online Schwimmen table in Java:
``SchwimmenGame.java`` (the rule, the round's end, who pays), ``Round.java`` (the knocks) and
``SchwimmenGameTest.java`` (its own cases, in German comments).
"""

from __future__ import annotations

import pytest

from thirtyone import i18n
from thirtyone.model import (IllegalActionError, RulesError, apply, from_line, legal_actions, parse_action, preset,
                             to_line, why_illegal)
from thirtyone.model.actions import KNOCK
from thirtyone.model.describe import rules_text
from thirtyone.model.events import Event, Knocked, RoundEnd, RoundEnded, RoundResult
from thirtyone.model.options import RULE_OPTIONS
from thirtyone.model.reasons import Why
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.rule_choices import KnockerTied, KnockTiming
from thirtyone.model.rules import Rules, as_played_then
from thirtyone.narration import narrate

from tests.engine_support import deal, play, stacked_deck

SCHWIMMEN = preset("schwimmen").replace(dealer_choice=False)
"""pagat's table with the middle dealt face up, so a scripted deal starts at the first turn."""
TWO_KNOCKS = SCHWIMMEN.replace(second_knock_ends=True)
MIDDLE = "AC KC 8S"

RULE = "This game rule enables the round ending after 2nd knock"
"""SchwimmenGame.java, GAMERULE.Knocking."""


def _result(events: list[Event]) -> RoundResult:
    return next(event for event in events if isinstance(event, RoundEnded)).result


# -- when a second knock is allowed ---------------------------------------------------------------------
@pytest.mark.parametrize("quote", [
    RULE,
    "// 2nd knock rule is enabled\n// knock could be from other player or first knocker\nknocker2 = player;",
])
def test_after_a_knock_the_next_player_may_knock_too(quote):
    state, _ = deal(TWO_KNOCKS, ("AS KS 9S", "7S 8H 9D", "7H 8D 9C", "TS JH QD"), MIDDLE)
    state, _ = play(state, "knock")
    assert "knock" in [str(action) for action in legal_actions(state)]
    assert why_illegal(state, KNOCK) is None
    state, _ = play(state, "pass")  # seat 1 plays on instead: seat 2 may still knock
    assert "knock" in [str(action) for action in legal_actions(state)]


def test_without_the_rule_a_knock_after_a_knock_is_refused_with_a_reason():
    state, _ = deal(SCHWIMMEN, ("AS KS 9S", "7S 8H 9D", "7H 8D 9C", "TS JH QD"), MIDDLE)
    state, _ = play(state, "knock")
    assert "knock" not in [str(action) for action in legal_actions(state)]
    assert why_illegal(state, KNOCK) == "Kelly has already knocked this round"
    with pytest.raises(IllegalActionError, match="already knocked"):
        apply(state, KNOCK)


def test_a_second_knock_keeps_the_tables_knocking_conditions():
    rules = TWO_KNOCKS.replace(knock_minimum=21.0, turn_limit=10)
    state, _ = deal(rules, ("AS KS 9S", "7S 8H 9D", "7H 8D 9C"), MIDDLE)
    state, _ = play(state, "knock")
    assert why_illegal(state, KNOCK) == "a knock needs a hand of at least 21; yours is 9"


# -- what the second knock ends -------------------------------------------------------------------------
@pytest.mark.parametrize("quote", [
    "if (round.getKnockCount() > 1) {\n    discover();\n}",
    RULE,
])
def test_the_second_knock_ends_the_round_at_once_and_the_players_after_it_do_not_play(quote):
    state, _ = deal(TWO_KNOCKS, ("AS KS 9S", "TS JH QD", "7H 8D 9C", "7D 8C 9H"), MIDDLE)
    hands = state.hands
    state, events = play(state, "knock", "knock")  # Kelly knocks, Al knocks: Lou and Maria have no turn
    knocks = [event for event in events if isinstance(event, Knocked)]
    assert knocks == [Knocked(0), Knocked(1, second=True)]
    result = _result(events)
    assert result.reason is RoundEnd.KNOCK and result.knocker == 0
    assert result.hands == hands  # nobody changed a card after the first knock
    assert result.lives_lost == (0, 0, 1, 1)  # Lou and Maria tie at 9, neither knocked: both lose
    assert state.phase.value == "deal"


def test_without_a_second_knock_the_lap_is_played_out_as_before():
    state, _ = deal(TWO_KNOCKS, ("AS KS 9S", "TS JH QD", "7H 8D 9C", "7D 8C 9H"), MIDDLE)
    state, events = play(state, "knock", "pass", "pass")
    assert not any(isinstance(event, RoundEnded) for event in events)
    state, events = play(state, "pass")  # the knock comes round to Kelly
    assert _result(events).reason is RoundEnd.KNOCK


# -- who pays: ties go against the knockers in the order they knocked ----------------------------------------
PRIORITY = ("@return 2 (highest) if the player did first knock, 1 if the player did the 2nd knock, 0 otherwise."
            " [Round.getKnockPriority: used by the gamerules if there are multiple player with the lowest score]")


@pytest.mark.parametrize("hands, lost, codes, quote", [
    # Kelly knocks first at 30; Al knocks second at 9, tied with Lou: Al alone pays.
    (("AS KS 9S", "7S 8H 9D", "7H 8D 9C", "TS JH QD"), (0, 1, 0, 0),
     ("knock_safe", "second_knock_tied", "tied_second_knocker", "safe"), PRIORITY),
    # Kelly, Al and Lou all at 9: the first knocker pays, and only one life ("knocker loses 1" at this table).
    (("7D 8C 9H", "7S 8H 9D", "7H 8D 9C", "TS JH QD"), (1, 0, 0, 0),
     ("knock_tied_alone", "tied_knocker", "tied_knocker", "safe"),
     "// Spieler 1 hat zuerst geklopft und muss bei Punktgleichheit zahlen. [testGetDiscoverMessage_onDoubleKnocker"
     "Finish_equalPoints: assertEquals(name1, message.payers[0])]"),
    # Al knocks second at 10 and Lou holds 9 alone: the lowest pays as ever, the knockers are safe.
    (("AS KS 9S", "TS JH QD", "7H 8D 9C", "AH KH 8H"), (0, 0, 1, 0),
     ("knock_safe", "safe", "lowest", "safe"), PRIORITY),
    # Al knocks second and is alone lowest: one life, like anyone else.
    (("AS KS 9S", "7S 8H 9D", "TS JH QD", "AD KD 8D"), (0, 1, 0, 0),
     ("knock_safe", "lowest", "safe", "safe"), PRIORITY),
])
def test_a_tie_for_the_lowest_hand_goes_against_the_knockers_in_knock_order(hands, lost, codes, quote):
    state, _ = deal(TWO_KNOCKS, hands, MIDDLE)
    state, events = play(state, "knock", "knock")
    result = _result(events)
    assert result.lives_lost == lost
    assert isinstance(result.written, Why)
    assert tuple(code[0] for code in result.written.codes if code) == codes


def test_the_second_knockers_tie_is_told_in_words():
    state, _ = deal(TWO_KNOCKS, ("AS KS 9S", "7S 8H 9D", "7H 8D 9C", "TS JH QD"), MIDDLE)
    state, events = play(state, "knock", "knock")
    reasons = _result(events).reasons_for(None)
    assert reasons[1] == "Al knocked second and tied for the lowest hand, 9: loses a life, the others tied lose none."
    assert reasons[2] == "Lou tied the second knocker for the lowest hand, 9: safe."


def test_without_the_rule_everyone_tied_who_did_not_knock_pays():
    """oli-69 without the rule: ``payers.addAll(loosers)``; here the lap is played out and Al and Lou tie."""
    state, _ = deal(SCHWIMMEN, ("AS KS 9S", "7S 8H 9D", "7H 8D 9C", "TS JH QD"), MIDDLE)
    state, events = play(state, "knock", "pass", "pass", "pass")
    assert _result(events).lives_lost == (0, 1, 1, 0)


# -- the rule in the rules, the editor, the line, the records and the log ------------------------------------
def test_the_rule_clashes_with_a_second_knock_as_a_pass_and_with_knocks_after_a_discard():
    with pytest.raises(RulesError, match="either ends the round or counts as a pass"):
        TWO_KNOCKS.replace(knock_again_passes=True)
    with pytest.raises(RulesError, match="needs knocks instead of a turn"):
        preset("classic").replace(second_knock_ends=True, knock_timing=KnockTiming.AFTER_DISCARD)


def test_draw_and_discard_tables_may_play_it_too():
    rules = preset("classic").replace(second_knock_ends=True)
    state, _ = deal(rules, ("TH AH 4H", "8D TD 9D", "2D 2H 2C"), "6S", "3C 5S 7C")
    state, events = play(state, "knock", "knock")
    result = _result(events)
    assert result.hands[2] == state.results[-1].hands[2] and result.lives_lost[2] == 0  # Lou never played


def test_the_rules_text_says_it_in_english_and_german():
    english = rules_text(TWO_KNOCKS)
    assert ("After a knock, any player still to play may knock too, instead of their turn: then the round ends at "
            "once, and the players after them do not play.") in english
    assert "only the second knocker loses a life" in english
    assert "Only one player may knock in a round." not in english
    assert "Only one player may knock in a round." in rules_text(SCHWIMMEN)
    try:
        i18n.set_language("de")
        german = rules_text(TWO_KNOCKS)
    finally:
        i18n.set_language("en")
    assert "klopf" in german and "any player still to play" not in german


def test_the_house_rules_editor_offers_it_among_the_knocking_rules():
    option = next(option for option in RULE_OPTIONS if option.field == "second_knock_ends")
    assert option.group == "Knocking" and [value for value, _ in option.choices] == [False, True]


def test_the_table_line_carries_the_rule():
    state, _ = deal(TWO_KNOCKS, ("AS KS 9S", "7S 8H 9D", "7H 8D 9C", "TS JH QD"), MIDDLE)
    state, _ = play(state, "knock")
    line = to_line(state)
    assert "second_knock_ends=true" in line.split()[0]
    again = from_line(line)
    assert again.rules.second_knock_ends and why_illegal(again, KNOCK) is None


def test_a_record_replays_a_second_knock_and_an_older_record_plays_without_it():
    deck = stacked_deck(["AS KS 9S", "7S 8H 9D", "7H 8D 9C", "TS JH QD"], MIDDLE)
    seats = tuple(Seat(name) for name in ("Kelly", "Al", "Lou", "Maria"))
    record = GameRecord(TWO_KNOCKS, seats, seed=7, first_dealer=3,
                        actions=tuple(parse_action(a) for a in ("deal", "knock", "knock")), decks=(deck,))
    again = GameRecord.from_json(record.to_json())
    assert again.rules.second_knock_ends
    final = again.final_state()
    assert final.results[-1].lives_lost == (0, 1, 0, 0)
    older = {key: value for key, value in TWO_KNOCKS.to_dict().items() if key != "second_knock_ends"}
    assert not Rules.from_dict(as_played_then(older)).second_knock_ends


def test_the_log_says_the_second_knock_ends_the_round():
    state, _ = deal(TWO_KNOCKS, ("AS KS 9S", "7S 8H 9D", "7H 8D 9C", "TS JH QD"), MIDDLE)
    state, events = play(state, "knock", "knock")
    second = next(event for event in events if isinstance(event, Knocked) and event.second)
    assert narrate(second, state.names, TWO_KNOCKS, None) == ["Al knocks too: the round ends now, and hands are shown."]


def test_knocker_tied_still_settles_the_first_knockers_tie():
    rules = TWO_KNOCKS.replace(knocker_tied=KnockerTied.ALL_ONE)
    state, _ = deal(rules, ("7D 8C 9H", "7S 8H 9D", "7H 8D 9C", "TS JH QD"), MIDDLE)
    state, events = play(state, "knock", "knock")
    assert _result(events).lives_lost == (1, 1, 1, 0)
