"""Statistics computed from scripted games with stacked decks, and their file."""

from __future__ import annotations

from typing import Any

import dataclasses
import json
from pathlib import Path

import pytest

from thirtyone.controller import Match, Rejected
from thirtyone.model.events import Eliminated, Hit, RoundEnded
from thirtyone.model import parse_action, parse_cards, preset
from thirtyone.model.cards import Card
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.rule_choices import Holster
from thirtyone.storage.paths import StoragePaths
from thirtyone.storage.stats import (HISTORY_LENGTH, GameSummary, Stats, StatsError, Totals, finishing_places,
                                     load_stats, record_finished_game, reset_stats, save_stats, summarize_game)

WHEN = "2026-11-22T10:15:00+00:00"


def deck(hands: list[str], upcard: str, stock: str = "") -> tuple[Card, ...]:
    """Cards dealt one at a time in deal order (the seat left of the dealer first), then the upcard and stock."""
    parsed = [parse_cards(hand) for hand in hands]
    return (tuple(parsed[s][i] for i in range(3) for s in range(len(parsed)))
            + parse_cards(upcard) + parse_cards(stock))


def scripted(names: list[str], lives: int, first_dealer: int, decks: tuple[Any, ...], actions: str,
             preset_id: str | None = "classic") -> GameRecord:
    rules = preset("classic").replace(lives=lives, honor_life=False)
    seats = tuple(Seat(name, "human" if n == 0 else "bot:random") for n, name in enumerate(names))
    return GameRecord(rules, seats, 1, first_dealer, tuple(parse_action(a) for a in actions.split(", ")),
                      decks, preset_id)


def won_after_knock_and_31s() -> GameRecord:
    """You knock safely (Bot loses one), Bot is dealt 31 (You lose one), You are dealt 31 (Bot is out)."""
    return scripted(["You", "Bot"], 2, 1, (
        deck(["KH QH JH", "2H 3D 5C"], "7S", "2C"),
        deck(["AS KS QS", "4H 6D 8C"], "7S"),
        deck(["AD KD QD", "4H 6D 8C"], "7S"),
    ), "deal, knock, draw, discard 2C, deal, deal")


def lost_on_a_failed_knock() -> GameRecord:
    """You knock with 5 against 20 and pay the knocker's penalty of two: out at once."""
    return scripted(["You", "Bot"], 2, 1, (deck(["2H 3D 5C", "KH QH 4C"], "7S", "2C"),),
                    "deal, knock, draw, discard 2C")


def three_out_in_one_round() -> GameRecord:
    """You are dealt 31 and the other three, with 5, 9 and 5, go out together."""
    return scripted(["You", "Al", "Bea", "Cy"], 1, 3, (
        deck(["AS KS QS", "2H 3D 5C", "9H 9D 4C", "2D 3H 5S"], "7S"),), "deal")


def out_in_different_rounds() -> GameRecord:
    """Al goes out in round 1 (lowest after You knock), You in round 2 (Bea dealt 31)."""
    return scripted(["You", "Al", "Bea"], 1, 2, (
        deck(["KH QH JH", "2H 3D 5C", "9H 9D 4C"], "7S", "2C 3C"),
        deck(["AS KS QS", "4H 6D 8C"], "7D"),
    ), "deal, knock, draw, discard 2C, draw, discard 3C, deal")


def test_places_winner_first_then_later_eliminations() -> None:
    record = out_in_different_rounds()
    events = [e for *_, step in record.replay() for e in step]
    assert finishing_places(events, 3) == (2, 3, 1)


def test_same_round_eliminations_are_ordered_by_score_and_ties_share_the_better_place() -> None:
    record = three_out_in_one_round()
    events = [e for *_, step in record.replay() for e in step]
    assert finishing_places(events, 4) == (1, 3, 2, 3)


def test_summary_of_a_won_game() -> None:
    assert summarize_game(won_after_knock_and_31s(), finished_at=WHEN) == GameSummary(
        date=WHEN, preset="classic", place=1, players=2, rounds=3, won=True,
        knocks=1, knocks_lost=0, thirty_ones=1, lives_lost=1)


def test_summary_from_the_other_seat() -> None:
    assert summarize_game(won_after_knock_and_31s(), human_seats=[1], finished_at=WHEN) == GameSummary(
        date=WHEN, preset="classic", place=2, players=2, rounds=3, won=False,
        knocks=0, knocks_lost=0, thirty_ones=1, lives_lost=2)


def test_summary_of_a_failed_knock() -> None:
    assert summarize_game(lost_on_a_failed_knock(), finished_at=WHEN) == GameSummary(
        date=WHEN, preset="classic", place=2, players=2, rounds=1, won=False,
        knocks=1, knocks_lost=1, thirty_ones=0, lives_lost=2)


def test_several_human_seats_count_as_one_game() -> None:
    summary = summarize_game(out_in_different_rounds(), human_seats=[0, 1], finished_at=WHEN)
    assert (summary.place, summary.won, summary.rounds, summary.knocks, summary.knocks_lost,
            summary.lives_lost) == (2, False, 2, 1, 0, 2)


def test_games_without_a_preset_count_as_custom() -> None:
    record = dataclasses.replace(lost_on_a_failed_knock(), preset=None)
    assert summarize_game(record, finished_at=WHEN).preset == "custom"


def test_unfinished_and_bot_only_games_are_refused() -> None:
    unfinished = dataclasses.replace(won_after_knock_and_31s(), actions=won_after_knock_and_31s().actions[:5])
    with pytest.raises(StatsError):
        record_finished_game(Stats(), unfinished)
    with pytest.raises(StatsError):
        record_finished_game(Stats(), won_after_knock_and_31s(), human_seats=[])


def test_totals_over_several_games_with_streaks() -> None:
    stats = Stats()
    for record in (won_after_knock_and_31s(), won_after_knock_and_31s(), lost_on_a_failed_knock(),
                   won_after_knock_and_31s(), three_out_in_one_round()):
        stats = record_finished_game(stats, record, finished_at=WHEN)
    overall = stats.overall
    assert overall == Totals(games_played=5, games_won=4, places_total=6, rounds_played=11, knocks=4,
                             knocks_lost=1, thirty_ones=4, lives_lost=5, current_streak=2, longest_streak=2)
    assert overall.win_rate == 0.8 and overall.average_place == 1.2 and overall.knock_loss_rate == 0.25
    assert stats.for_preset("classic") == overall
    assert stats.for_preset("scat") == Totals() and Totals().average_place is None
    assert [game.won for game in stats.history] == [True, True, False, True, True]


def test_per_preset_totals_and_history_length() -> None:
    stats = Stats()
    custom = dataclasses.replace(lost_on_a_failed_knock(), preset=None)
    for _ in range(HISTORY_LENGTH + 5):
        stats = record_finished_game(stats, won_after_knock_and_31s(), finished_at=WHEN)
    stats = record_finished_game(stats, custom, finished_at=WHEN)
    assert len(stats.history) == HISTORY_LENGTH and stats.history[-1].preset == "custom"
    assert stats.for_preset("classic").games_played == HISTORY_LENGTH + 5
    assert stats.for_preset("classic").longest_streak == HISTORY_LENGTH + 5
    assert stats.for_preset("custom") == Totals(games_played=1, places_total=2, rounds_played=1, knocks=1,
                                                knocks_lost=1, lives_lost=2)
    assert stats.overall.games_played == HISTORY_LENGTH + 6 and stats.overall.current_streak == 0


def test_match_events_give_the_same_summary_as_a_replay() -> None:
    match = Match.new(preset("scat"), [Seat("You", "bot:random"), Seat("B", "bot:random"), Seat("C", "bot:random")],
                      seed=4, preset="scat")
    match.play_bots_to_end()
    by_events = summarize_game(match.record, [0], events=match.events, finished_at=WHEN)
    assert by_events == summarize_game(match.record, [0], finished_at=WHEN)


@pytest.fixture
def paths(tmp_path: Path) -> StoragePaths:
    return StoragePaths.portable(tmp_path)


def some_stats() -> Stats:
    stats = record_finished_game(Stats(), won_after_knock_and_31s(), finished_at=WHEN)
    return record_finished_game(stats, dataclasses.replace(lost_on_a_failed_knock(), preset=None), finished_at=WHEN)


def test_stats_file_round_trip(paths: StoragePaths) -> None:
    assert load_stats(paths) == (Stats(), None)
    stats = some_stats()
    assert save_stats(paths, stats) is None
    assert load_stats(paths) == (stats, None)
    assert json.loads(paths.stats_file.read_text())["version"] == 1


@pytest.mark.parametrize("content, reason", [
    ("", "corrupt"), ("garbage", "corrupt"), ('{"version": 1, "overall": {"games_pl', "corrupt"),
    ('{"version": 1, "overall": {"games_played": "many"}}', "corrupt"),
    ('{"version": 1, "overall": {"games_played": -3}}', "corrupt"),
    ('{"version": 1, "history": [{"date": "x"}]}', "corrupt"),
    ('{"version": 1, "by_preset": []}', "corrupt"),
    ('{"version": 5}', "newer"),
])
def test_bad_stats_files_are_set_aside(paths: StoragePaths, content: str, reason: str) -> None:
    paths.data_dir.mkdir(parents=True)
    paths.stats_file.write_text(content)
    stats, notice = load_stats(paths)
    assert stats == Stats() and notice and "\n" not in notice
    assert not paths.stats_file.exists()
    assert [p.name for p in paths.data_dir.iterdir()][0].startswith(f"stats.json.{reason}-")


def test_a_folder_in_place_of_the_stats_file_is_set_aside(paths: StoragePaths) -> None:
    paths.stats_file.mkdir(parents=True)
    assert load_stats(paths)[0] == Stats()
    assert save_stats(paths, some_stats()) is None


def test_reset_keeps_the_old_file_aside(paths: StoragePaths) -> None:
    assert reset_stats(paths) is None
    save_stats(paths, some_stats())
    assert reset_stats(paths) is None
    assert load_stats(paths) == (Stats(), None)
    assert [p.name for p in paths.data_dir.iterdir()][0].startswith("stats.json.reset-")


def leaving_order(events: list[Any]) -> dict[int, int]:
    """For each seat that left: the index of the round end or shot that took it out."""
    left: dict[int, int] = {}
    moment = 0
    for index, event in enumerate(events):
        if isinstance(event, (RoundEnded, Hit)):
            moment = index
        elif isinstance(event, Eliminated):
            left[event.seat] = moment
    return left


# Guns out from the first turn (the seed's own rule), so that players are shot in most games.
@pytest.mark.parametrize("preset_id, level", [("old-west-seed", "casual"), ("quick-draw", "sharp")])
def test_every_old_west_game_counts_and_shot_players_are_placed_in_the_order_they_left(preset_id: str,
                                                                                       level: str) -> None:
    """Issue 13: statistics refused 30 of 30 Old West and 29 of 30 Quick Draw four-bot games."""
    seats = [Seat(name, f"bot:{level}") for name in ("You", "Al", "Bea", "Cy")]
    shots = 0
    for seed in range(30):
        match = Match.new(preset(preset_id).replace(holster=Holster.NEVER), seats, seed=seed, preset=preset_id)
        match.play_bots_to_end()
        places = finishing_places(match.events, 4)
        summary = summarize_game(match.record, human_seats=[0], events=match.events, finished_at=WHEN)
        assert summary.place == places[0] and summary.won == (match.winner == 0)
        assert places[match.winner] == 1 and sorted(places)[0] == 1 and max(places) <= 4
        left = leaving_order(match.events)
        for a in left:
            for b in left:
                if left[a] < left[b]:
                    assert places[a] > places[b], (seed, left, places)
        shots += sum(isinstance(event, Hit) for event in match.events)
    assert shots > 0


def test_a_player_shot_in_the_first_round_is_last() -> None:
    rules = preset("old-west-seed").replace(misfire_start=0.0, misfire_step=0.0)
    seats = [Seat(name, "human") for name in ("You", "Al", "Bea")]
    for seed in range(200):
        match = Match.new(rules, seats, seed=seed, preset="old-west-seed")
        match.submit(match.current_seat, parse_action("deal"))
        shooter = match.current_seat
        target = (shooter + 1) % 3
        if not isinstance(match.submit(shooter, parse_action(f"fire {target}")), Rejected):
            break
    else:
        raise AssertionError("no deal let a gun fire")
    events = list(match.events)
    assert any(isinstance(e, Hit) for e in events)
    while not match.is_over:
        seat = match.current_seat
        legal = match.observation(seat).legal_actions
        match.submit(seat, next((a for a in legal if str(a) == "knock"), legal[0]))
    places = finishing_places(match.events, 3)
    assert places[target] == 3 and places[match.winner] == 1
