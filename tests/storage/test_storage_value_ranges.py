"""Values out of range in the files the game reads: refused where they are read (the file set aside,
or the one setting reset), so nothing downstream loops on them or crashes. The property tests throw
numbers from far below to far above every range at each file: settings, statistics, the autosave
and its journal, and game records."""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thirtyone.controller import Match
from thirtyone.model import preset
from thirtyone.model.errors import RecordError
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.rule_choices import MAX_SEATS
from thirtyone.storage import StoragePaths, load_settings, load_stats, save_game
from thirtyone.storage.journal import start_journal
from thirtyone.storage.saves import load_saved_game
from thirtyone.storage.settings import UI_SCALE_RANGE, WINDOW_SIZE_RANGE
from thirtyone.storage.stats import GameSummary, Stats, Totals

PLAIN_GAME = {"date": "2026-11-22T10:15:00+00:00", "preset": "classic", "place": 2, "players": 4, "rounds": 6,
              "won": False, "knocks": 1, "knocks_lost": 0, "thirty_ones": 0, "lives_lost": 3}
PLAIN_TOTALS = {"games_played": 1, "games_won": 0, "places_total": 2, "rounds_played": 6, "knocks": 1,
                "knocks_lost": 0, "thirty_ones": 0, "lives_lost": 3, "current_streak": 0, "longest_streak": 0}

NUMBERS = st.one_of(st.integers(-3, 20), st.integers(-10**120, 10**120), st.sampled_from([10**6, 10**9, 10**99]),
                    st.floats(allow_nan=False, allow_infinity=False))
"""Small numbers near every range's ends, and numbers far beyond them."""


def stats_file(paths: StoragePaths, games: list[dict[str, Any]], totals: dict[str, Any]) -> None:
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    paths.stats_file.write_text(json.dumps({"version": 1, "overall": totals, "by_preset": {"classic": totals},
                                            "history": games}), encoding="utf-8")


def set_aside(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(f"{name}.corrupt-")]


@pytest.mark.parametrize("game, totals", [
    ({"players": 10**99}, {}),
    ({"players": 1_000_000}, {}),
    ({"place": 10**99}, {}),
    ({"place": 5}, {}),
    ({"place": 0}, {}),
    ({"players": 1, "place": 1}, {}),
    ({"players": MAX_SEATS + 1}, {}),
    ({"rounds": 10**30}, {}),
    ({"knocks_lost": 2}, {}),
    ({"preset": "x" * 100_000}, {}),
    ({}, {"games_played": 10**99}),
    ({}, {"games_won": 2}),
    ({}, {"places_total": 10**12}),
    ({}, {"longest_streak": 1, "current_streak": 0}),
])
def test_statistics_out_of_range_are_set_aside(tmp_path: Path, game: dict[str, Any], totals: dict[str, Any]) -> None:
    paths = StoragePaths.portable(tmp_path)
    stats_file(paths, [dict(PLAIN_GAME, **game)], dict(PLAIN_TOTALS, **totals))
    stats, notice = load_stats(paths)
    assert stats == Stats()
    assert notice is not None and "stats.json" in notice and "\n" not in notice and len(notice) < 400
    assert not paths.stats_file.exists() and len(set_aside(paths.data_dir, "stats.json")) == 1


def test_a_preset_id_far_too_long_sets_the_statistics_aside(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    paths.data_dir.mkdir(parents=True)
    paths.stats_file.write_text(json.dumps({"version": 1, "overall": PLAIN_TOTALS,
                                            "by_preset": {"p" * 100_000: PLAIN_TOTALS}}), encoding="utf-8")
    stats, notice = load_stats(paths)
    assert stats == Stats() and notice is not None and len(notice) < 400
    assert len(set_aside(paths.data_dir, "stats.json")) == 1


def test_statistics_at_the_ends_of_every_range_are_kept(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    games = [dict(PLAIN_GAME, players=MAX_SEATS, place=MAX_SEATS), dict(PLAIN_GAME, players=2, place=1, won=True)]
    totals = dict(PLAIN_TOTALS, games_played=10**9, games_won=10**9, places_total=10**9, longest_streak=10**9,
                  current_streak=10**9, rounds_played=10**9)
    stats_file(paths, games, totals)
    stats, notice = load_stats(paths)
    assert notice is None and [g.players for g in stats.history] == [MAX_SEATS, 2]
    assert stats.overall.games_played == 10**9


def within_stats_ranges(stats: Stats) -> bool:
    def counts(item: Totals | GameSummary) -> bool:
        return all(0 <= value <= 10**9 for value in vars(item).values()
                   if isinstance(value, int) and not isinstance(value, bool))
    games = all(2 <= g.players <= MAX_SEATS and 1 <= g.place <= g.players and counts(g) for g in stats.history)
    totals = [stats.overall, *stats.by_preset.values()]
    return games and all(counts(t) and t.games_won <= t.games_played
                         and t.places_total <= t.games_played * MAX_SEATS for t in totals)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.fixed_dictionaries({}, optional={name: NUMBERS for name in PLAIN_GAME if name not in ("date", "preset", "won")}),
       totals=st.fixed_dictionaries({}, optional={name: NUMBERS for name in PLAIN_TOTALS}))
def test_any_numbers_in_statistics_are_read_within_range_or_set_aside(tmp_path: Path, game: dict[str, Any],
                                                                      totals: dict[str, Any]) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # one per example
    paths = StoragePaths.portable(folder)
    stats_file(paths, [dict(PLAIN_GAME, **game)], dict(PLAIN_TOTALS, **totals))
    stats, notice = load_stats(paths)
    if notice is None:
        assert within_stats_ranges(stats) and len(stats.history) == 1
    else:
        assert stats == Stats() and len(set_aside(paths.data_dir, "stats.json")) == 1


SETTING_VALUES = st.one_of(NUMBERS, st.booleans(), st.none(), st.text(max_size=20),
                           st.lists(NUMBERS, min_size=0, max_size=3),
                           st.dictionaries(st.sampled_from(["lives", "min_players", "max_players", "misfire_cap",
                                                            "knock_minimum", "turn_limit", "draw_speed_ms"]),
                                           NUMBERS, max_size=3))
SETTING_KEYS = ["volume", "ui_scale", "window_size", "window_position", "house_rules", "default_seats", "theme",
                "muted", "default_preset"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.fixed_dictionaries({}, optional={key: SETTING_VALUES for key in SETTING_KEYS}),
       seats=st.integers(0, 20))
def test_any_numbers_in_settings_give_settings_within_range(tmp_path: Path, values: dict[str, Any], seats: int) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # one per example
    paths = StoragePaths.portable(folder)
    if "default_seats" not in values:
        values["default_seats"] = [{"name": f"P{n}", "player": "human"} for n in range(seats)]
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text(json.dumps({"version": 1, **values}), encoding="utf-8")
    loaded, notice = load_settings(paths)
    assert notice is None or "\n" not in notice
    assert 0.0 <= loaded.volume <= 1.0 and UI_SCALE_RANGE[0] <= loaded.ui_scale <= UI_SCALE_RANGE[1]
    low, high = WINDOW_SIZE_RANGE
    assert loaded.window_size is None or all(low <= side <= high for side in loaded.window_size)
    assert loaded.window_position is None or all(abs(v) <= 32768 for v in loaded.window_position)
    rules = loaded.rules()
    assert 2 <= rules.min_players <= len(loaded.default_seats) <= rules.max_players <= MAX_SEATS
    assert 1 <= rules.lives <= 99
    assert load_settings(paths) == (loaded, None), "what was read is what is on disk now"


def saved_match(actions: int = 10) -> Match:
    match = Match.new(preset("classic"), [Seat("You"), Seat("Bo", "bot:random"), Seat("Cy", "bot:sharp")],
                      seed=4, preset="classic")
    while match.action_count < actions:
        if match.advance() is None:
            match.submit(match.current_seat, match.observation(match.current_seat).legal_actions[0])
    return match


BASE = json.loads(saved_match().record.to_json())


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["seed", "first_dealer", "version", "rules.lives", "rules.min_players",
                              "rules.max_players", "rules.misfire_cap", "rules.turn_limit", "actions.3"]),
       value=NUMBERS)
def test_any_number_in_an_autosave_resumes_a_playable_game_or_is_set_aside(tmp_path: Path, field: str,
                                                                            value: Any) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # one per example
    paths = StoragePaths.portable(folder)
    data = json.loads(json.dumps(BASE))
    target: Any = data
    *path, last = field.split(".")
    for part in path:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    paths.data_dir.mkdir(parents=True)
    paths.current_game_file.write_text(json.dumps(data), encoding="utf-8")
    record, notice = load_saved_game(paths)
    if record is None:
        assert notice is not None and "\n" not in notice and not paths.current_game_file.exists()
        return
    state = record.final_state()
    assert 0 <= record.first_dealer < len(record.seats) and 0 <= state.current < len(record.seats)
    assert isinstance(record.seed, int) and 0 <= record.seed < 2**64
    assert all(0 <= tokens <= 99 for tokens in state.tokens)
    assert not state.is_terminal or state.winner is not None


JOURNAL_LINES = st.lists(st.tuples(st.one_of(st.integers(-10**30, 10**30), st.integers(0, 20)),
                                   st.sampled_from(["draw", "take", "knock", "discard AS", "pass", "x" * 300, ""])),
                         max_size=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=JOURNAL_LINES)
def test_any_journal_resumes_at_a_legal_prefix(tmp_path: Path, lines: list[tuple[int, str]]) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # one per example
    paths = StoragePaths.portable(folder)
    match = saved_match()
    assert save_game(paths, match.record, journal_token="t0k3n") is None
    start_journal(paths, "t0k3n")
    with open(paths.current_game_journal, "a", encoding="utf-8") as journal:
        journal.writelines(f"{number} {text}\n" for number, text in lines)
    record, notice = load_saved_game(paths)
    assert notice is None and record is not None
    base = len(match.record.actions)
    assert record.actions[:base] == match.record.actions
    assert base <= len(record.actions) <= base + len(lines)
    record.final_state()  # every resumed action replays


@settings(max_examples=80, deadline=None)
@given(field=st.sampled_from(["seed", "first_dealer", "rules.lives", "rules.max_players", "rules.draw_speed_ms"]),
       value=NUMBERS)
def test_any_number_in_a_game_record_is_refused_or_replays(field: str, value: Any) -> None:
    data = json.loads(json.dumps(BASE))
    target = data["rules"] if field.startswith("rules.") else data
    target[field.split(".")[-1]] = value
    try:
        record = GameRecord.from_json(json.dumps(data))
    except RecordError as error:
        assert "\n" not in str(error) and len(str(error)) < 400
        return
    state = record.final_state()
    assert 0 <= record.first_dealer < len(record.seats) and all(0 <= tokens <= 99 for tokens in state.tokens)
    assert not (isinstance(value, float) and not math.isfinite(value))


def finished_record(meta: dict[str, Any]) -> GameRecord:
    match = Match.new(preset("classic"), [Seat("You"), Seat("Bo", "bot:random")], seed=5, preset="classic")
    while not match.is_over:
        if match.advance() is None:
            match.submit(match.current_seat, match.observation(match.current_seat).legal_actions[0])
    record = match.record
    return GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions, record.decks,
                      record.preset, meta)


def test_a_records_notes_out_of_range_do_not_spoil_the_statistics(tmp_path: Path) -> None:
    from thirtyone.storage.stats import record_finished_game, save_stats
    paths = StoragePaths.portable(tmp_path)
    record = finished_record({"hints_used": 10**99, "finished_at": "x" * 10_000})
    stats = record_finished_game(Stats(), record)
    assert save_stats(paths, stats) is None
    loaded, notice = load_stats(paths)
    assert notice is None and loaded.overall.games_played == 1 and loaded == stats
    assert loaded.overall.hints_used == 0 and len(loaded.history[0].date) <= 64


@pytest.mark.parametrize("hints", ["abc", [1], 10**99, -5, True, 2.5])
def test_a_saved_hint_count_out_of_range_starts_again_at_zero(tmp_path: Path, hints: Any) -> None:
    paths = StoragePaths.portable(tmp_path)
    record = saved_match().record
    record = GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions, record.decks,
                        record.preset, {"hints_used": hints})
    assert save_game(paths, record) is None
    loaded, notice = load_saved_game(paths)
    assert notice is None and loaded is not None and loaded.actions == record.actions
    assert "hints_used" not in loaded.meta
    assert int(loaded.meta.get("hints_used", 0)) + 1 == 1, "the coach panel's count goes on from 0"


def test_a_saved_hint_count_in_range_is_kept(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    record = saved_match().record
    record = GameRecord(record.rules, record.seats, record.seed, record.first_dealer, record.actions, record.decks,
                        record.preset, {"hints_used": 7})
    assert save_game(paths, record) is None
    assert load_saved_game(paths)[0].meta["hints_used"] == 7
