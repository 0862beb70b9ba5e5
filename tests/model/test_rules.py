"""Rules values: presets as the sources describe them, option checks, and round trips."""

import pytest

from thirtyone.model import (PRESETS, Exchange, KnockerTied, KnockFails, KnockTiming, Rules, RulesError,
                             StockOut, new_game, preset)
from thirtyone.model.describe import describe_rules, rules_text
from thirtyone.model.options import RULE_OPTIONS, SOURCE_FIELDS


def test_preset_ids():
    assert list(PRESETS) == ["classic", "london", "kitty", "scat", "open-table", "commerce", "schwimmen", "dutch", "old-west-seed", "old-west",
                            "quick-draw"]


@pytest.mark.parametrize("preset_id, expected", [
    ("classic", dict(lives=3, honor_life=True, exchange=Exchange.DRAW, may_discard_taken=False,
                     knocker_penalty=2, knocker_tied=KnockerTied.PENALTY, stock_out=StockOut.END_ROUND)),
    ("london", dict(lives=3, exchange=Exchange.BOARD, three_of_a_kind=30.5, knocker_penalty=1,
                    knocker_tied=KnockerTied.ALL_ONE, instant_31=False, knock_again_passes=True)),
    ("kitty", dict(knock_timing=KnockTiming.AFTER_DISCARD, three_of_a_kind=30.0, knocker_penalty=2,
                   knocker_tied=KnockerTied.OTHERS)),
    ("scat", dict(lives=5, three_of_a_kind=None, knock_fails=KnockFails.NOT_HIGHEST, knocker_penalty=1,
                  instant_31=True)),
    ("open-table", dict(max_players=16, advised_max_players=6, honor_life=True, may_discard_taken=True, knocker_tied=KnockerTied.OTHERS,
                        knocker_penalty_on_31=1)),
    ("commerce", dict(exchange=Exchange.COMMERCE, three_aces=33.0, board_refresh=True)),
])
def test_presets_follow_their_sources(preset_id, expected):
    rules = preset(preset_id)
    for name, value in expected.items():
        assert getattr(rules, name) == value, name


@pytest.mark.parametrize("changes, message", [
    (dict(max_players=17), "between 2 and 16"),
    (dict(min_players=5, max_players=4), "min ≤ max"),
    (dict(lives=0), "lives must be between 1 and 99"),
    (dict(three_of_a_kind=29.0), "three_of_a_kind must be"),
    (dict(three_aces=30.0), "three_aces must be"),
    (dict(knocker_penalty=0), "knocker_penalty must be 1, 2 or 3"),
    (dict(knock_minimum=40.0), "knock_minimum"),
    (dict(exchange=Exchange.BOARD, knock_timing=KnockTiming.AFTER_DISCARD), "with a board there is no discard"),
    (dict(under_the_gun=True, knock_timing=KnockTiming.AFTER_DISCARD), "under the gun"),
    (dict(board_refresh=True), "board_refresh needs a board"),
    (dict(turn_limit=-1), "turn_limit"),
])
def test_contradictory_or_impossible_options_are_refused(changes, message):
    with pytest.raises(RulesError, match=message):
        preset("classic").replace(**changes)


def test_unknown_options_and_wrong_types_are_refused():
    with pytest.raises(RulesError, match="unknown rule option: colour"):
        preset("classic").replace(colour="red")
    with pytest.raises(RulesError, match="lives must be a whole number"):
        Rules.from_dict({"lives": "three"})
    with pytest.raises(RulesError, match="exchange must be one of"):
        Rules.from_dict({"exchange": "steal"})
    with pytest.raises(RulesError, match="honor_life must be true or false"):
        Rules.from_dict({"honor_life": 1})


def test_table_size_is_checked_against_the_rules():
    with pytest.raises(RulesError, match="for 2 to 8 players, not 9"):
        new_game(preset("classic"), list("ABCDEFGHI"))
    with pytest.raises(RulesError, match="different names"):
        new_game(preset("classic"), ["Al", "Al"])


@pytest.mark.parametrize("preset_id", list(PRESETS))
def test_rules_round_trip_through_plain_data(preset_id):
    rules = preset(preset_id)
    assert Rules.from_dict(rules.to_dict()) == rules
    house = rules.replace(knock_minimum=21.0, suited_knock=True, turn_limit=20)
    assert Rules.from_dict(house.to_dict()) == house


@pytest.mark.parametrize("preset_id", list(PRESETS))
def test_rules_text_is_generated_from_the_options(preset_id):
    rules = preset(preset_id)
    text = rules_text(rules)
    assert f"{rules.lives} lives" in text
    house = rules_text(rules.replace(knock_minimum=21.0, suited_knock=True, turn_limit=20))
    assert "at least 21" in house and "three cards of one suit" in house
    assert "at least 21" not in text
    assert [heading for heading, _ in describe_rules(rules)][0] == "The aim"


def test_rules_text_follows_the_knock_options():
    assert "Under the gun" in rules_text(preset("classic").replace(under_the_gun=True))
    assert "Under the gun" not in rules_text(preset("classic"))
    assert "knocker is safe" in rules_text(preset("kitty"))
    assert "right after your discard" in rules_text(preset("kitty"))
    assert "fire" in rules_text(preset("commerce"))


def test_every_option_choice_is_a_valid_rules_value():
    base = preset("classic")
    fields = {option.field for option in RULE_OPTIONS}
    assert fields == set(base.to_dict()) - set(SOURCE_FIELDS)
    for option in RULE_OPTIONS:
        for value, label in option.choices:
            assert label
            try:
                base.replace(**{option.field: value})
            except RulesError as error:
                # Only choices that clash with classic's draw-and-discard play may be refused.
                # Quick Draw is refused only because classic has Old West off.
                assert "board" in str(error) or "discard" in str(error) or "old_west" in str(error), \
                    (option.field, value, error)
