"""Scripted scenarios for every knocking row and variation of RULES.md."""

import pytest

from thirtyone.model import IllegalActionError, KnockerTied, KnockFails, Knock, preset
from thirtyone.model import apply, legal_actions
from thirtyone.model.events import Knocked, Passed, RoundEnd, RoundEnded

from tests.engine_support import deal, play


def result_of(events):
    return next(e.result for e in events if isinstance(e, RoundEnded))


# Kelly (25) knocks, Al (27) and Lou (30) draw a card and throw it back: Kelly is lowest.
KELLY_LOWEST = (["TH AH 4H", "8D TD 9D", "2D 2H 2C"], "6S", "3C 5S 7C")


@pytest.mark.parametrize("preset_id, lost", [
    ("classic", 2), ("open-table", 2), ("london", 1),
])
def test_knocker_alone_lowest(preset_id, lost):
    rules = preset(preset_id)
    if rules.has_board:
        state, _ = deal(rules, KELLY_LOWEST[0], "6S 3C 5S")
        state, events = play(state, "knock", "pass", "pass")
    else:
        state, _ = deal(rules, *KELLY_LOWEST)
        state, events = play(state, "knock", "draw", "discard 3C", "draw", "discard 5S")
    result = result_of(events)
    assert result.reason is RoundEnd.KNOCK
    assert result.knocker == 0
    assert result.lives_lost == (lost, 0, 0)
    noun = "a life" if lost == 1 else f"{lost} lives"
    assert result.reasons[0] == f"Kelly knocked and had the lowest hand, 25: loses {noun}."
    assert result.reasons[1] == "Al had 27: safe."


def test_kitty_knock_comes_after_the_discard():
    """001: Kelly knocks after her discard; with the lowest hand she loses two of her three piles."""
    state, _ = deal(preset("kitty"), *KELLY_LOWEST)
    with pytest.raises(IllegalActionError, match="knock after your discard"):
        apply(state, Knock())
    state, events = play(state, "draw", "discard 3C knock", "draw", "discard 5S", "draw", "discard 7C")
    assert [e for e in events if isinstance(e, Knocked)] == [Knocked(0)]
    result = result_of(events)
    assert result.scores == (25, 27, 30)
    assert result.lives_lost == (2, 0, 0)
    assert state.tokens == (1, 3, 3)


def test_scat_knocker_without_the_highest_hand_loses_one():
    """003: a knocker who is not the highest loses a life, besides the lowest hand."""
    state, _ = deal(preset("scat"), ["TH AH 4H", "8D TD 9D", "2D 5H 3C"], "6S", "3S 5S 7C")
    state, events = play(state, "knock", "draw", "discard 3S", "draw", "discard 5S")
    result = result_of(events)
    assert result.scores == (25, 27, 5)
    assert result.lives_lost == (1, 0, 1)
    assert result.reasons[0] == "Kelly knocked without the highest hand (25 against 27): loses a life."
    assert result.reasons[2] == "Lou had the lowest hand, 5: loses a life."


def test_scat_knocker_with_the_highest_hand_is_safe_even_tied():
    state, _ = deal(preset("scat"), ["TH AH 6H", "8D TD 9D", "2D 5H 3C"], "6S", "3S 5S 7C")
    state, events = play(state, "knock", "draw", "discard 3S", "draw", "discard 5S")
    result = result_of(events)
    assert result.scores == (27, 27, 5)
    assert result.lives_lost == (0, 0, 1)


# Kelly (19) knocks and ties Al (19) for lowest; Lou 21, Maria 20.
TIED = (["TH 9H 2C", "TD 9D 3S", "AS KS 2D", "QC JC 4H"], "6S", "2S 3D 4C")


@pytest.mark.parametrize("tie_rule, knocker_lost, other_lost", [
    (KnockerTied.PENALTY, 2, 1),      # 002
    (KnockerTied.ALL_ONE, 1, 1),      # 000, and 002's "shared pain"
    (KnockerTied.OTHERS, 0, 1),       # 001, 004
    (KnockerTied.KNOCKER_ONE, 1, 0),  # 002's "headshaker"
])
def test_knocker_tied_for_lowest(tie_rule, knocker_lost, other_lost):
    rules = preset("classic").replace(knocker_tied=tie_rule)
    state, _ = deal(rules, *TIED)
    state, events = play(state, "knock", "draw", "discard 2S", "draw", "discard 3D", "draw", "discard 4C")
    result = result_of(events)
    assert result.scores == (19, 19, 21, 20)
    assert result.lives_lost == (knocker_lost, other_lost, 0, 0)
    assert result.reasons[0].startswith("Kelly knocked and tied for the lowest hand, 19")


def test_open_table_tie_goes_against_the_non_knockers():
    state, _ = deal(preset("open-table"), *TIED)
    state, events = play(state, "knock", "draw", "discard 2S", "draw", "discard 3D", "draw", "discard 4C")
    result = result_of(events)
    assert result.lives_lost == (0, 1, 0, 0)
    assert "safe" in result.reasons[0]


def test_shared_pain_still_costs_two_when_alone_lowest():
    rules = preset("classic").replace(knocker_tied=KnockerTied.ALL_ONE)
    state, _ = deal(rules, *KELLY_LOWEST)
    state, events = play(state, "knock", "draw", "discard 3C", "draw", "discard 5S")
    assert result_of(events).lives_lost == (2, 0, 0)


# Kelly (20) knocks; Al draws the A♥ and shows 31 at once; Lou and Maria never play.
SHOW_31 = (["TC QC 3D", "KH QH 2C", "AS 9S 4D", "JD 8D 5C"], "6S", "AH")


@pytest.mark.parametrize("preset_id, changes, knocker_lost", [
    ("classic", {}, 2),                              # 002
    ("classic", {"knocker_penalty_on_31": 1}, 1),    # 002's "forgiving knock"
    ("scat", {}, 1),                                 # 003: all but the 31 lose one
    ("open-table", {}, 1),                           # 004: every other player loses one
])
def test_31_after_a_knock(preset_id, changes, knocker_lost):
    rules = preset(preset_id).replace(**changes)
    state, _ = deal(rules, *SHOW_31)
    state, events = play(state, "knock", "draw", "discard 2C")
    result = result_of(events)
    assert result.reason is RoundEnd.THIRTY_ONE
    assert result.showed_31 == (1,)
    assert result.lives_lost == (knocker_lost, 0, 1, 1)
    assert result.reasons[1] == "Al showed 31: safe, everyone else loses a life."
    assert result.reasons[0].startswith("Kelly knocked, but Al showed 31")
    assert result.reasons[2] == "Lou had 20 when Al showed 31: loses a life."


def test_under_the_gun_shows_everyone_at_once():
    rules = preset("classic").replace(under_the_gun=True)
    state, _ = deal(rules, ["TH AH 4H", "8D TD 9D", "2D 5H 3C"], "6S")
    state, events = play(state, "knock")
    assert Knocked(0, under_the_gun=True) in events
    result = result_of(events)
    assert result.reason is RoundEnd.UNDER_THE_GUN
    assert result.lives_lost == (0, 0, 1)


def test_under_the_gun_knocker_with_the_lowest_hand_pays_the_penalty():
    rules = preset("classic").replace(under_the_gun=True)
    state, _ = deal(rules, ["2D 5H 3C", "TH AH 4H", "8D TD 9D"], "6S")
    state, events = play(state, "knock")
    assert result_of(events).lives_lost == (2, 0, 0)


def test_without_under_the_gun_a_first_turn_knock_lets_others_play():
    state, _ = deal(preset("classic"), ["TH AH 4H", "8D TD 9D", "2D 5H 3C"], "6S", "4S")
    state, events = play(state, "knock")
    assert not any(isinstance(e, RoundEnded) for e in events)
    assert state.current == 1


def test_knock_minimum_refuses_a_weak_knock_with_the_reason():
    rules = preset("classic").replace(knock_minimum=21.0)
    state, _ = deal(rules, ["TH 9H 2C", "TD AD 3S", "AS KS 2D"], "6S")
    assert Knock() not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="at least 21; yours is 19"):
        apply(state, Knock())
    state, _ = play(state, "draw", "discard " + state.stock[0].code)
    assert Knock() in legal_actions(state)  # Al holds 21


def test_suited_knock_needs_one_suit():
    rules = preset("classic").replace(suited_knock=True)
    state, _ = deal(rules, ["TH 9H 2C", "TD AD 3D", "AS KS 2D"], "6S")
    with pytest.raises(IllegalActionError, match="all three cards in one suit"):
        apply(state, Knock())
    state, _ = play(state, "draw", "discard " + state.stock[0].code)
    assert Knock() in legal_actions(state)


def test_only_one_knock_per_round():
    state, _ = deal(preset("classic"), *KELLY_LOWEST)
    state, _ = play(state, "knock")
    assert Knock() not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="Kelly has already knocked"):
        apply(state, Knock())


def test_london_second_knock_counts_as_a_pass():
    state, _ = deal(preset("london"), KELLY_LOWEST[0], "6S 3C 5S")
    state, events = play(state, "knock", "knock")
    assert events[-1] == Passed(1)
    assert state.knocker == 0 and state.current == 2


def test_failed_knock_on_the_last_life_uses_the_honor_life_too():
    """002: a knocker with one original coin who loses two is out (last coin and honor coin)."""
    state, _ = deal(preset("classic"), *KELLY_LOWEST, tokens=(2, 4, 4))
    state, events = play(state, "knock", "draw", "discard 3C", "draw", "discard 5S")
    assert state.tokens == (0, 4, 4)
    assert result_of(events).reasons[0].endswith("loses 2 lives and is out of the game.")


def test_knock_fails_not_highest_option_reaches_any_preset():
    rules = preset("classic").replace(knock_fails=KnockFails.NOT_HIGHEST, knocker_penalty=1)
    state, _ = deal(rules, ["TH AH 4H", "8D TD 9D", "2D 5H 3C"], "6S", "3S 5S")
    state, events = play(state, "knock", "draw", "discard 3S", "draw", "discard 5S")
    assert result_of(events).lives_lost == (1, 0, 1)
