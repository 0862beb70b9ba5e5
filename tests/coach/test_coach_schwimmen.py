"""The coach's benchmark on the German table (issue 34): the dealer's choice is left out, as the coach
gives it no odds, and every other decision is scored."""

from __future__ import annotations

from thirtyone.coach.benchmark import coached_games
from thirtyone.model import Phase, apply, new_game, observe, preset
from thirtyone.model.actions import DEAL
from thirtyone.coach import calibration
from thirtyone.coach.advice import advise, percent
from tests.engine_support import deal, play


def test_the_benchmark_scores_schwimmen_games_past_the_dealers_choice():
    samples = list(coached_games(["schwimmen"], ["sharp", "casual", "sharp"], seed=3, limit=60, playouts=40))
    assert len(samples) == 60
    assert {sample.preset for sample in samples} == {"schwimmen"}
    assert all(0.0 <= sample.raw <= 1.0 for sample in samples)


def test_the_coach_gives_the_dealers_choice_without_odds():
    state, _ = apply(new_game(preset("schwimmen"), ["A", "B", "C"], seed=2), DEAL)
    assert state.phase is Phase.CHOOSE
    advice = advise(observe(state, state.current))
    assert [option.keep_chance for option in advice.options] == [None, None]


def test_a_32_card_table_with_a_middle_has_a_calibration_map_of_its_own():
    from thirtyone.coach import calibration
    from thirtyone.model.rule_choices import Deck
    for rules in (preset("schwimmen").replace(dealer_choice=False),
                  preset("schwimmen").replace(dealer_choice=False, deck=Deck.TWO_THIRTY_TWO, max_players=9)):
        state, _ = apply(new_game(rules, ["A", "B", "C"], seed=2), DEAL)
        observation = observe(state, state.current)
        assert calibration.decision_kind(observation) == "board-32"
        assert calibration.calibrated(0.5, observation) == calibration.through(calibration.KNOTS["board-32"], 0.5)
    state, _ = apply(new_game(preset("commerce"), ["A", "B", "C"], seed=2), DEAL)
    assert calibration.decision_kind(observe(state, state.current)) == "turn"  # 52 cards: the pooled map


def test_a_move_no_play_out_keeps_shows_the_hopeless_chance_of_its_table():
    # Every hand under 21 loses at the showdown: after a knock, the last seat's hand cannot reach 21
    # whatever it does, so no play-out keeps a life and the coach shows its table's hopeless chance.
    board_32 = preset("schwimmen").replace(dealer_choice=False, below_21_loses=True)
    state, _ = play(deal(board_32, ["AS KS 9S", "AH KH 9H", "7C 8D TS"], "7H 8S 9C")[0], "knock", "pass")
    advice = advise(observe(state, 2))
    shown = calibration.HOPELESS["board-32"]
    # On schwimmen such moves kept a life more often than on 52 cards (4.8% against 1.7%, docs/coach.md):
    # the 32-card table shows its own chance, not the 52-card one.
    assert shown > calibration.HOPELESS["turn"] + 0.02
    assert [option.keep_chance for option in advice.options] == [shown] * len(advice.options)
    assert f"Pass: {percent(shown)}" in advice.text()

    classic = preset("classic").replace(below_21_loses=True)
    state, _ = play(deal(classic, ["AS KS 9S", "AH KH 9H", "2C 3D 4H"], "5S", "2H 6C")[0], "knock", "draw", "discard 2H")
    advice = advise(observe(state, 2))
    assert [option.keep_chance for option in advice.options] == [calibration.HOPELESS["turn"]] * 2
    assert f"you keep your life {percent(calibration.HOPELESS['turn'])} of the time" in advice.text()
