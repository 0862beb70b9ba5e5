"""Old West: derringers, misfires, Quick Draw duels, and their replays."""

import random

import pytest

from thirtyone.model import FULL_DECK, IllegalActionError, Phase, new_game, parse_action, preset
from thirtyone.model import apply, legal_actions
from thirtyone.model.actions import Fire, QuickDraw
from thirtyone.model.events import Eliminated, Fired, GunDrawn, Hit, Misfired, RoundEnded, Won
from thirtyone.model.gunplay import misfire_chance
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.rule_choices import MisfireClock
from thirtyone.model.errors import RulesError

from tests.engine_support import deal, play

SURE_SHOT = preset("classic").replace(old_west=True, misfire_start=0.0, misfire_step=0.0)
HANDS = ["TH AH 4H", "8D TD 9D", "2D 5H 3C", "7C 7H 2S"]


def cards_in_play(state):
    return [c for hand in state.hands for c in hand] + list(state.stock) + list(state.discards) + list(state.board)


def test_a_hit_puts_the_target_out_at_once_and_ends_the_turn():
    state, _ = deal(SURE_SHOT, HANDS, "QD")
    assert [str(a) for a in legal_actions(state)][-3:] == ["fire 1", "fire 2", "fire 3"]
    state, events = play(state, "fire 2")
    assert events[:3] == [Fired(0, 2, 0.0), Hit(0, 2), Eliminated(2)]
    assert state.tokens[2] == 0 and state.hands[2] == () and state.bullets == (False, True, True, True)
    assert sorted(cards_in_play(state)) == sorted(FULL_DECK)
    assert state.current == 1 and state.phase is Phase.TURN
    with pytest.raises(IllegalActionError, match="seat 2 is not in the game"):
        play(state, "fire 2")


def test_an_empty_gun_cannot_fire_again():
    state, _ = deal(SURE_SHOT, HANDS, "QD", "2C 3D 4S 5C")
    state, _ = play(state, "fire 2", "draw", "discard 2C", "draw", "discard 3D")
    assert Fire(1) not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="Kelly's derringer is empty"):
        play(state, "fire 1")


def test_a_sure_misfire_spends_the_bullet_or_not():
    always = SURE_SHOT.replace(misfire_start=1.0, misfire_cap=1.0)
    state, _ = deal(always, HANDS, "QD")
    state, events = play(state, "fire 1")
    assert events[:2] == [Fired(0, 1, 1.0), Misfired(0, True)] and state.tokens[1] > 0
    assert not state.bullets[0]
    state, _ = deal(always.replace(misfire_spends_bullet=False), HANDS, "QD")
    state, events = play(state, "fire 1")
    assert Misfired(0, False) in events and state.bullets[0]


def test_firing_then_playing_the_turn():
    rules = SURE_SHOT.replace(shot_ends_turn=False)
    state, _ = deal(rules, HANDS, "QD", "2C")
    state, _ = play(state, "fire 3")
    assert state.current == 0 and state.phase is Phase.TURN and state.fired
    assert [str(a) for a in legal_actions(state)] == ["draw", "take", "knock"]
    with pytest.raises(IllegalActionError, match="already fired"):
        apply(state, Fire(1))
    state, _ = play(state, "draw", "discard 2C")
    assert state.current == 1 and not state.fired


def test_guns_stay_holstered_after_a_knock_if_the_rules_say_so():
    state, _ = deal(SURE_SHOT.replace(shoot_after_knock=False), HANDS, "QD")
    state, _ = play(state, "knock")
    assert not any(isinstance(a, Fire) for a in legal_actions(state))
    with pytest.raises(IllegalActionError, match="holstered"):
        apply(state, Fire(0))


def test_shooting_the_knocker_still_ends_the_round_when_play_passes_their_seat():
    state, _ = deal(SURE_SHOT, HANDS, "QD", "2C 3D 4S")
    state, _ = play(state, "knock", "fire 0")
    assert state.knocker == 0 and state.current == 2
    state, _ = play(state, "draw", "discard 2C")
    state, events = play(state, "draw", "discard 3D")
    result = next(e.result for e in events if isinstance(e, RoundEnded))
    assert result.scores[0] is None and result.lives_lost == (0, 0, 1, 0)


def test_the_last_one_standing_wins_by_the_gun():
    state, _ = deal(SURE_SHOT, HANDS[:2], "QD")
    state, events = play(state, "fire 1")
    assert Won(0) in events and state.is_terminal and state.winner == 0


@pytest.mark.parametrize("clock, expected", [(MisfireClock.TABLE, (3, 3, 3)), (MisfireClock.OWN, (1, 1, 1))])
def test_misfire_chances_rise_with_the_turns(clock, expected):
    rules = preset("classic").replace(old_west=True, misfire_clock=clock)
    state, _ = deal(rules, HANDS[:3], "QD", "2C 3D 4S")
    state, _ = play(state, "draw", "discard 2C", "draw", "discard 3D", "draw", "discard 4S")
    assert state.sweat == expected
    assert [misfire_chance(rules, s) for s in state.sweat] == [pytest.approx(0.02 * n) for n in expected]
    assert misfire_chance(rules, 1000) == rules.misfire_cap


def test_quick_draw_faster_answer_shoots_first():
    rules = SURE_SHOT.replace(quick_draw=True)
    state, _ = deal(rules, HANDS, "QD")
    assert [str(a) for a in legal_actions(state)][-3:] == ["quickdraw 0 1", "quickdraw 0 2", "quickdraw 0 3"]
    with pytest.raises(IllegalActionError, match="Quick Draw"):
        apply(state, Fire(1))
    # Seat 2 draws on seat 0 out of turn; seat 0 answers in 120 ms, faster than the 350 ms draw.
    state, events = apply(state, QuickDraw(2, 0, ((0, 120),)))
    assert events[:4] == (GunDrawn(2, 0), Fired(0, 2, 0.0, 120), Hit(0, 2), Eliminated(2))
    assert state.tokens[0] > 0 and state.current == 0


def test_quick_draw_slow_answers_come_too_late_for_the_target():
    rules = SURE_SHOT.replace(quick_draw=True)
    state, _ = deal(rules, HANDS, "QD")
    state, events = apply(state, QuickDraw(1, 0, ((0, 500), (3, 600))))
    kinds = [type(e).__name__ for e in events]
    assert kinds[:7] == ["GunDrawn", "Fired", "Hit", "Eliminated", "Fired", "Hit", "Eliminated"]
    assert events[1] == Fired(1, 0, 0.0, 350) and events[4] == Fired(3, 1, 0.0, 600)
    assert state.tokens[0] == 0 and state.tokens[1] == 0
    assert state.current == 2 and state.phase is Phase.TURN  # seat 0's turn passed on


@pytest.mark.parametrize("action, message", [
    (QuickDraw(1, 1), "yourself"), (QuickDraw(1, 0, ((0, 900),)), "within 700 ms"),
    (QuickDraw(1, 0, ((1, 100),)), "cannot answer"), (QuickDraw(1, 0, ((2, 100), (2, 200))), "at most once"),
])
def test_quick_draw_refusals(action, message):
    state, _ = deal(SURE_SHOT.replace(quick_draw=True), HANDS, "QD")
    with pytest.raises(IllegalActionError, match=message):
        apply(state, action)


def test_no_guns_without_old_west():
    state, _ = deal(preset("classic"), HANDS, "QD")
    with pytest.raises(IllegalActionError, match="Old West is off"):
        apply(state, Fire(1))
    with pytest.raises(RulesError, match="turn old_west on"):
        preset("classic").replace(quick_draw=True)


def test_measured_misfire_rate_matches_the_configured_chance():
    chance = 0.3
    rules = preset("classic").replace(old_west=True, misfire_start=chance, misfire_step=0.0)
    shots = misfires = 0
    for seed in range(1500):
        state = new_game(rules, ["A", "B", "C"], seed=seed)
        state, _ = apply(state, parse_action("deal"))
        if state.phase is not Phase.TURN:
            continue  # a 31 on the deal ended the round
        target = next(a for a in legal_actions(state) if isinstance(a, Fire))
        _, events = apply(state, target)
        shots += 1
        misfires += any(isinstance(e, Misfired) for e in events)
    rate = misfires / shots
    sigma = (chance * (1 - chance) / shots) ** 0.5
    assert abs(rate - chance) < 4 * sigma, rate


def test_records_replay_every_shot_exactly():
    rules = preset("classic").replace(old_west=True, quick_draw=True, misfire_start=0.4)
    state = new_game(rules, ["A", "B", "C", "D"], seed=9, first_dealer=3)
    actions = [parse_action(a) for a in ("deal", "draw")]
    for action in actions:
        state, _ = apply(state, action)
    duel = QuickDraw(2, 0, ((1, 200), (3, 650)))
    state, _ = apply(state, duel)
    actions.append(duel)
    record = GameRecord(rules, tuple(Seat(n) for n in "ABCD"), 9, 3, tuple(actions))
    again = GameRecord.from_json(record.to_json())
    assert again.final_state() == state
    assert '"quickdraw 2 0 answers 1@200 3@650"' in record.to_json()


def test_random_old_west_games_keep_the_cards_and_end():
    for seed in range(40):
        rules = preset(["classic", "london", "scat"][seed % 3]).replace(old_west=True, quick_draw=seed % 2 == 1)
        state = new_game(rules, ["A", "B", "C", "D", "E"], seed=seed)
        rng = random.Random(seed)
        for _ in range(5000):
            if state.is_terminal:
                break
            state, _ = apply(state, rng.choice(legal_actions(state)))
            if state.phase in (Phase.TURN, Phase.DISCARD):
                assert sorted(cards_in_play(state)) == sorted(FULL_DECK)
        assert state.is_terminal
