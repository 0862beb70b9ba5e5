"""The coach's benchmark on the German table (issue 34): the dealer's choice is left out, as the coach
gives it no odds, and every other decision is scored."""

from __future__ import annotations

from thirtyone.coach.benchmark import coached_games
from thirtyone.model import Phase, apply, new_game, observe, preset
from thirtyone.model.actions import DEAL
from thirtyone.coach.advice import advise


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
