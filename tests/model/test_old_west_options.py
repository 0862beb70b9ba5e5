"""This game's gun options on top of seed 003: holsters, what a misfire costs, the bounty, table size."""

from __future__ import annotations

import pytest

from thirtyone.model import IllegalActionError, Phase, preset
from thirtyone.model import apply, legal_actions, observe
from thirtyone.model.actions import Discard, Fire, QuickDraw
from thirtyone.model.events import Eliminated, LifeLost, Misfired
from thirtyone.model.presets import QUICK_DRAW, too_few_players
from thirtyone.model.rule_choices import Holster, MisfireCost

from tests.engine_support import deal, play

HANDS = ["TH AH 4H", "8D TD 9D", "2D 5H 3C", "7C 7H 2S"]
STOCK = "2C 3D 4S 5C 6C 7D 8S 9C"
SURE_SHOT = preset("old-west-seed").replace(misfire_step=0.0)
DUD = SURE_SHOT.replace(misfire_start=1.0, misfire_cap=1.0)
"""Every trigger pull misfires."""


def test_first_orbit_holster_keeps_guns_in_until_everyone_has_played():
    state, _ = deal(SURE_SHOT.replace(holster=Holster.FIRST_ORBIT), HANDS, "QD", STOCK)
    assert not any(isinstance(a, Fire) for a in legal_actions(state))
    with pytest.raises(IllegalActionError, match="holstered until everyone has had a turn"):
        play(state, "fire 2")
    state, _ = play(state, "draw", "discard 2C", "draw", "discard 3D", "draw", "discard 4S")
    with pytest.raises(IllegalActionError, match="holstered"):
        play(state, "fire 2")  # the dealer, last to play, has not had a turn yet
    state, _ = play(state, "draw", "discard 5C")
    assert Fire(2) in legal_actions(state)
    state, _ = play(state, "fire 2")
    assert state.tokens[2] == 0


def _draw_and_throw(state):
    state, _ = play(state, "draw")
    return apply(state, Discard(state.drawn))[0]


def test_first_orbit_holster_counts_only_players_still_in():
    state, _ = deal(SURE_SHOT.replace(holster=Holster.FIRST_ORBIT), HANDS, "QD", STOCK, tokens=(5, 5, 0, 5))
    state = _draw_and_throw(_draw_and_throw(state))
    assert state.current == 3 and Fire(0) not in legal_actions(state)
    state = _draw_and_throw(state)
    assert Fire(1) in legal_actions(state)


def test_quick_draw_is_holstered_too():
    rules = SURE_SHOT.replace(holster=Holster.FIRST_ORBIT, **QUICK_DRAW)
    state, _ = deal(rules, HANDS, "QD", STOCK)
    with pytest.raises(IllegalActionError, match="holstered"):
        apply(state, QuickDraw(2, 0))


def test_life_lost_holster_arms_only_a_player_who_has_lost_a_life():
    state, _ = deal(SURE_SHOT.replace(holster=Holster.LIFE_LOST), HANDS, "QD", STOCK, tokens=(5, 4, 5, 5))
    with pytest.raises(IllegalActionError, match="only once you have lost a life"):
        play(state, "fire 2")
    state, _ = play(state, "draw", "discard 2C")
    assert Fire(0) in legal_actions(state)


def test_the_holster_says_draw_your_gun_not_draw_in_english_and_german():
    """Issue 30: "you may draw only once …" read as taking a card; it is the gun that waits."""
    from thirtyone import i18n
    state, _ = deal(SURE_SHOT.replace(holster=Holster.LIFE_LOST, **QUICK_DRAW), HANDS, "QD", STOCK)
    try:
        for language, words in (("en", "you may draw your gun only once you have lost a life"),
                                ("de", "du darfst deine Waffe erst ziehen, wenn du ein Leben verloren hast")):
            i18n.set_language(language)
            with pytest.raises(IllegalActionError) as refused:
                apply(state, QuickDraw(2, 0))
            assert str(refused.value) == words
    finally:
        i18n.set_language("en")


def test_a_misfire_can_cost_the_shooter_a_life():
    state, _ = deal(DUD.replace(misfire_cost=MisfireCost.LIFE), HANDS, "QD", STOCK)
    state, events = play(state, "fire 2")
    assert Misfired(0, True) in events and LifeLost(0, 1, 4) in events
    assert state.tokens == (4, 5, 5, 5) and state.current == 1


def test_a_misfire_on_the_last_life_puts_the_shooter_out_and_play_goes_on():
    state, _ = deal(DUD.replace(misfire_cost=MisfireCost.LIFE), HANDS, "QD", STOCK, tokens=(1, 5, 5, 5))
    state, events = play(state, "fire 2")
    assert Eliminated(0) in events and state.tokens == (0, 5, 5, 5)
    assert state.phase is Phase.TURN and state.current == 1 and state.hands[0] == ()


def test_a_misfire_can_reveal_the_shooters_hand():
    state, _ = deal(DUD.replace(misfire_cost=MisfireCost.REVEAL), HANDS, "QD", STOCK)
    hand = state.hands[0]
    state, events = play(state, "fire 2")
    assert Misfired(0, True, hand) in events
    assert state.known[0] == hand and set(observe(state, 1).known[0]) == set(hand)


def test_a_bounty_gives_the_shot_players_lives_to_the_shooter():
    state, _ = deal(SURE_SHOT.replace(bounty=True), HANDS, "QD", STOCK, tokens=(2, 5, 3, 5))
    state, _ = play(state, "fire 2")
    assert state.tokens == (5, 5, 0, 5)


def test_the_window_needs_three_players_for_old_west_and_says_why():
    for preset_id in ("old-west", "quick-draw", "old-west-seed"):
        reason = too_few_players(preset(preset_id), 2)
        assert reason is not None and "at least 3 players" in reason and "first hit" in reason
        assert too_few_players(preset(preset_id), 3) is None
    assert too_few_players(preset("classic"), 2) is None
    assert too_few_players(preset("classic").replace(old_west=True), 2) is not None
