"""Old West presets, the rules editor's options, the rules text and the player-count note."""

from __future__ import annotations

import pytest

from thirtyone.model import PRESETS, Phase, new_game, preset
from thirtyone.model import apply, legal_actions
from thirtyone.model.describe import rules_text
from thirtyone.model.options import RULE_OPTIONS
from thirtyone.model.presets import GUN_DEFAULTS, recommendation
from thirtyone.model.rule_choices import KnockFails, MisfireClock
from thirtyone.model.rules import Rules


@pytest.mark.parametrize("preset_id, quick", [("old-west-seed", False), ("old-west", False), ("quick-draw", True)])
def test_old_west_presets_are_the_scat_sources_rules_with_guns(preset_id, quick):
    """Seed 003, Old West mode: "All prior rules apply", and its prior rules are its own: "Each player
    starts with 5 lives", "Three of a kind is not counted", "If a player knocked, but does not have the
    highest score, they lose a life" (issue 13, item 1)."""
    rules = preset(preset_id)
    assert rules.old_west and rules.quick_draw is quick
    assert PRESETS[preset_id].title and "31" not in PRESETS[preset_id].title
    assert rules.misfire_step == 0.02
    assert rules.misfire_clock is (MisfireClock.OWN if quick else MisfireClock.TABLE)  # see docs/old_west.md
    assert rules.lives == 5 and rules.three_of_a_kind is None and rules.knock_fails is KnockFails.NOT_HIGHEST
    gunless = rules.replace(old_west=False, quick_draw=False, misfire_clock=MisfireClock.TABLE,
                            **{k: getattr(Rules(), k) for k in GUN_DEFAULTS})
    assert gunless == preset("scat")
    state = new_game(rules, ["A", "B", "C", "D", "E"], seed=1)
    state, _ = apply(state, legal_actions(state)[0])
    assert state.bullets == (True,) * 5
    gun = "QuickDraw" if quick else "Fire"
    if state.phase is Phase.TURN:
        guns_out = any(type(a).__name__ == gun for a in legal_actions(state))
        assert guns_out is (preset_id == "old-west-seed")  # ours: only once you have lost a life


def test_guns_on_classic_rules_stay_a_house_rule():
    rules = preset("classic").replace(old_west=True)
    assert rules.lives == 3 and rules.three_of_a_kind == 30.0 and "derringer" in rules_text(rules)


def test_recommendation_for_fewer_than_four_players():
    for preset_id in ("old-west", "quick-draw"):
        note = recommendation(preset(preset_id), 3)
        assert note is not None and "4 or more" in note
        assert recommendation(preset(preset_id), 4) is None
    assert recommendation(preset("classic"), 2) is None


def test_every_old_west_option_choice_is_valid_on_the_quick_draw_preset():
    base = preset("quick-draw")
    fields = [o for o in RULE_OPTIONS if o.group == "Old West"]
    assert {o.field for o in fields} == {"old_west", "quick_draw", "misfire_start", "misfire_step", "misfire_clock",
                                         "misfire_cap", "misfire_spends_bullet", "shot_ends_turn",
                                         "shoot_after_knock", "draw_speed_ms", "answer_window_ms",
                                         "holster", "misfire_cost", "bounty", "safe_until_played"}
    for option in fields:
        for value, label in option.choices:
            if option.field == "old_west" and not value:
                base.replace(old_west=False, quick_draw=False)
            else:
                assert base.replace(**{option.field: value}).old_west


def test_rules_text_explains_the_guns_in_each_preset():
    on_turn = rules_text(preset("old-west"))
    assert "before you draw, you may fire" in on_turn and "whole turn" in on_turn
    assert "never misfire at first" in on_turn and "by 2%, up to 75%" in on_turn
    assert "Best with four or more players" in on_turn
    quick = rules_text(preset("quick-draw"))
    assert "even out of turn" in quick and "350 ms" in quick and "700 ms" in quick
    assert "costs no turn" in quick
    assert "may shoot only once they have lost a life" in on_turn
    assert "misfire also" not in on_turn and "Old West" in rules_text(preset("old-west-seed"))
    assert "may shoot only" not in rules_text(preset("old-west-seed"))
    sure = rules_text(preset("old-west").replace(misfire_step=0.0, shot_ends_turn=False))
    assert "Guns never misfire." in sure and "then play it as usual" in sure
    assert "Old West" not in rules_text(preset("classic"))
