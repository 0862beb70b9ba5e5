"""The player's rating on the bots' ladder: known answers on recorded games, the file refused when damaged."""

from __future__ import annotations

import json

import pytest

from thirtyone import rating
from thirtyone.model.record import GameRecord, Seat
from thirtyone.rating import (K, LADDER, START, PairTally, expected_score, fit_ratings, game_change, pair_scores,
                              rating_change)
from thirtyone.storage import StoragePaths
from thirtyone.storage.rating_log import RatedGame, RatingLog, load_rating, rating_file, save_rating
from thirtyone.storage.saves import game_id
from thirtyone.storage.stats import finishing_places

from tests.locations import DATA

WON, SECOND, LAST = (DATA / f"record_rating_{name}.json" for name in ("won", "second", "last"))
"""You (seat 1, played by Sharp's moves) against Casual, Beginner and Sharp, classic: 1st, 2nd and 4th."""


def record(path) -> GameRecord:
    return GameRecord.from_json(path.read_text(encoding="utf-8"))


def places(path) -> tuple[int, ...]:
    game = record(path)
    return finishing_places([e for *_, step in game.replay() for e in step], len(game.seats))


def test_the_recorded_games_places() -> None:
    assert places(WON)[0] == 1 and places(SECOND)[0] == 2 and places(LAST)[0] == 4
    assert [s.player for s in record(WON).seats] == ["human", "bot:casual", "bot:beginner", "bot:sharp"]


def test_elo_known_answers() -> None:
    assert expected_score(1200, 1200) == 0.5
    assert expected_score(1300, 1200) == pytest.approx(0.6401, abs=1e-4)  # 1 / (1 + 10^(-100/400))
    assert pair_scores((2, 1, 2, 4), 0) == [(1, 0.0), (2, 0.5), (3, 1.0)]
    # Against one bot 100 points above: a win gains K × (1 − 0.3599), a loss costs K × 0.3599.
    assert rating_change(1200, [(1300, 1.0)]) == pytest.approx(32 * 0.6401, abs=1e-2)
    assert rating_change(1200, [(1300, 0.0)]) == pytest.approx(-32 * 0.3599, abs=1e-2)
    # Three opponents: the game is worth one pair's K, split over them.
    assert game_change(1200, (1, 2, 3, 4), 0, [0, 1200, 1200, 1200]) == pytest.approx(K / 2)
    assert game_change(1200, (4, 1, 2, 3), 0, [0, 1200, 1200, 1200]) == pytest.approx(-K / 2)
    assert game_change(1200, (2, 1, 3, 4), 0, [0, 1200, 1200, 1200]) == pytest.approx(K / 3 * 0.5)


def test_recorded_games_move_the_rating_by_the_documented_amount(monkeypatch) -> None:
    for level in ("casual", "beginner", "sharp"):  # every bot rated as the newcomer is: expectation 0.5 a pair
        monkeypatch.setitem(LADDER, level, START)
    won = RatingLog().rate_game(record(WON))
    assert won.rating == pytest.approx(START + 16.0)  # beat three of your rating: 3 × (1 − 0.5) × 32 / 3
    (rated,) = won.games
    assert (rated.game, rated.before) == (game_id(record(WON)), START) and rated.after == pytest.approx(START + 16.0)
    assert RatingLog().rate_game(record(LAST)).rating == pytest.approx(START - 16.0)
    assert RatingLog().rate_game(record(SECOND)).rating == pytest.approx(START + 16.0 / 3)  # (1 + 1 + 0 − 1.5) × 32 / 3
    # In turn: the loss comes at 1216 against three of 1200, so it costs 32 × 0.5230 (1 / (1 + 10^(−16/400))).
    last = won.rate_game(record(LAST))
    assert last.games[-1].before == pytest.approx(START + 16.0)
    assert last.games[-1].change == pytest.approx(-16.737, abs=1e-3)
    second = last.rate_game(record(SECOND))
    assert second.games[-1].before == last.rating and len(second.games) == 3
    assert second.rate_game(record(WON)) is second  # a game counts once


def test_the_ladder_moves_you_the_right_way() -> None:
    """With the measured ratings: winning gains, and more the stronger the bots; coming last costs."""
    assert LADDER["random"] < LADDER["beginner"] < LADDER["casual"] < LADDER["sharp"] < LADDER["expert"]
    log = RatingLog()
    won, last = log.rate_game(record(WON)), log.rate_game(record(LAST))
    assert 0 < won.games[-1].change < K and -K < last.games[-1].change < 0
    bots = [LADDER["casual"], LADDER["beginner"], LADDER["sharp"]]
    expected_win = K / 3 * sum(1 - expected_score(START, bot) for bot in bots)
    assert won.games[-1].change == pytest.approx(expected_win)


def test_only_one_human_against_ladder_bots_is_rated() -> None:
    game = record(WON)
    plugin = GameRecord(game.rules, game.seats[:3] + (Seat("Mine", "bot:mybots:make"),), game.seed,
                        game.first_dealer, game.actions, game.decks, game.preset)
    hot_seat = GameRecord(game.rules, game.seats[:3] + (Seat("Ann", "human"),), game.seed,
                          game.first_dealer, game.actions, game.decks, game.preset)
    assert RatingLog().rate_game(plugin) == RatingLog()
    assert RatingLog().rate_game(hot_seat) == RatingLog()


def test_the_ladder_fit_recovers_known_ratings() -> None:
    """Pairs drawn at exactly the odds of 1200, 1300 and 1500 fit back to those ratings (Casual as anchor)."""
    tally = PairTally.empty(3)
    truth = [1200.0, 1300.0, 1500.0]
    for i in range(3):
        for j in range(3):
            if i != j:
                tally.wins[i][j] = 10_000 * expected_score(truth[i], truth[j])
                tally.games[i][j] = 10_000
    fitted = fit_ratings(tally, 0, 1200.0, prior_games=0.0)
    assert fitted == pytest.approx(truth, abs=0.5)


@pytest.mark.parametrize("games", [
    "not a list", [{"game": "g0123456789a", "before": "1200", "after": 1216}],
    [{"game": "../x", "before": 1200, "after": 1216}], [{"game": "g0123456789a", "before": 1e308, "after": 0}],
    [{"game": "g0123456789a", "before": float("nan"), "after": 0}], [[1200, 1216]],
])
def test_a_damaged_rating_file_is_set_aside(tmp_path, games) -> None:
    paths = StoragePaths.portable(tmp_path)
    rating_file(paths).parent.mkdir(parents=True)
    rating_file(paths).write_text(json.dumps({"version": 1, "games": games}), encoding="utf-8")
    log, notice = load_rating(paths)
    assert log == RatingLog() and notice and "rating.json" in notice
    assert not rating_file(paths).exists()
    good = RatingLog((RatedGame("g0123456789a", 1200.0, 1216.0),))
    assert save_rating(paths, good) is None and load_rating(paths) == (good, None)
    assert load_rating(paths)[0].rating == 1216.0


def test_no_file_is_the_starting_rating(tmp_path) -> None:
    log, notice = load_rating(StoragePaths.portable(tmp_path))
    assert (log.rating, notice) == (rating.START, None)
