"""Old West's "safe until played": nobody is shot before their own first turn (issue 17).

The path that broke it: round 1 ends on the deal (someone is dealt 31), so the
life lost there unholsters a gun in round 2 before half the table has played.
"""

from __future__ import annotations

import random

import pytest

from thirtyone.model import Phase, apply, legal_actions, new_game, preset
from thirtyone.model.actions import Deal, Fire, QuickDraw
from thirtyone.model.errors import IllegalActionError
from thirtyone.model.events import Fired, GunDrawn, Hit

NAMES = ["Ann", "Ben", "Cy", "Dee"]


def _round_two_nobody_played(preset_id: str, ann_played: bool = True):
    """A table where Ann (seat 0) lost a life in a round that ended on the deal, and round 2 has
    begun with her turn; only she has had a turn in the game (if ``ann_played``)."""
    rules = preset(preset_id)
    state = new_game(rules, NAMES, seed=3, first_dealer=3)
    state = state.evolve(tokens=(rules.starting_tokens - 1,) + (rules.starting_tokens,) * 3,
                         played=(ann_played, False, False, False))
    state, _events = apply(state, Deal())
    assert state.phase is Phase.TURN and state.current == 0
    return state


def test_a_player_who_has_not_played_cannot_be_shot_and_is_told_why():
    state = _round_two_nobody_played("old-west")
    assert not [a for a in legal_actions(state) if isinstance(a, Fire)]
    with pytest.raises(IllegalActionError, match="Ben has not had a turn yet"):
        apply(state, Fire(1))


def test_a_player_who_has_not_played_cannot_shoot_either():
    state = _round_two_nobody_played("old-west", ann_played=False).evolve(played=(False, True, True, True))
    assert not [a for a in legal_actions(state) if isinstance(a, Fire)]
    with pytest.raises(IllegalActionError, match="after your own first turn"):
        apply(state, Fire(1))


def test_once_a_player_has_finished_a_turn_they_are_a_target():
    state = _round_two_nobody_played("old-west", ann_played=False)
    shooter = state.current
    for _turn in range(4):  # Ann (seat 0), then Ben, Cy and Dee play a turn each
        seat = state.current
        while state.current == seat and state.phase is not Phase.DEAL:
            cards = [a for a in legal_actions(state) if not isinstance(a, Fire) and "knock" not in str(a)]
            state, _events = apply(state, cards[0])
    assert state.current == shooter and state.phase is Phase.TURN and state.played == (True,) * 4
    assert {a.target for a in legal_actions(state) if isinstance(a, Fire)} == {1, 2, 3}


def test_the_seed_rules_keep_guns_out_from_the_first_turn():
    rules = preset("old-west-seed")
    assert not rules.safe_until_played
    state, _events = apply(new_game(rules, NAMES, seed=3, first_dealer=3), Deal())
    assert state.played == (False,) * 4
    assert {a.target for a in legal_actions(state) if isinstance(a, Fire)} == {1, 2, 3}


def test_quick_draw_refuses_a_draw_on_someone_who_has_not_played():
    state = _round_two_nobody_played("quick-draw")
    with pytest.raises(IllegalActionError, match="Cy has not had a turn yet"):
        apply(state, QuickDraw(0, 2))


@pytest.mark.parametrize("preset_id", ["old-west", "quick-draw"])
def test_in_random_games_nobody_shoots_or_is_hit_before_playing_a_card(preset_id):
    """Random play with every gun fired at once when it may be: no trigger is pulled by, and
    no hit lands on, a seat that has not yet drawn, taken, swapped, passed or knocked."""
    rules = preset(preset_id)
    hits = 0
    for seed in range(150):
        rng = random.Random(seed)
        state = new_game(rules, NAMES, seed=seed)
        acted: set[int] = set()
        while not state.is_terminal:
            legal = legal_actions(state)
            guns = [a for a in legal if isinstance(a, (Fire, QuickDraw))]
            action = rng.choice(guns or legal)
            if not isinstance(action, (Fire, QuickDraw, Deal)):
                acted.add(state.current)
            state, events = apply(state, action)
            for event in events:
                if isinstance(event, Fired) and event.after_ms == 0 or isinstance(event, GunDrawn):
                    assert event.shooter in acted, f"seed {seed}: {NAMES[event.shooter]} fired before playing"
                if isinstance(event, Hit):
                    hits += 1
                    assert event.target in acted, f"seed {seed}: {NAMES[event.target]} shot before playing"
    assert hits > 50  # the guns did fire: the check above had cases to judge


def test_the_refusal_names_the_seat_called_you_in_the_readers_language():
    """The seat named You reads as the language's word for it ("Du"), never the English default name."""
    from thirtyone import i18n
    rules = preset("old-west")
    state = new_game(rules, ["Ann", "You", "Cy", "Dee"], seed=3, first_dealer=3)
    state = state.evolve(tokens=(rules.starting_tokens - 1,) + (rules.starting_tokens,) * 3,
                         played=(True, False, False, False))
    state, _events = apply(state, Deal())
    i18n.set_language("de")
    try:
        with pytest.raises(IllegalActionError, match="^Du "):
            apply(state, Fire(1))
    finally:
        i18n.set_language("en")
