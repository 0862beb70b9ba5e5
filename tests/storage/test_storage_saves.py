"""The autosave resumes a game exactly; bad saves are set aside; finished games are archived."""

from __future__ import annotations

import json
import statistics
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from thirtyone.cli import main as cli_main
from thirtyone.controller import Match
from thirtyone.model import preset
from thirtyone.model.record import GameRecord, Seat
from thirtyone.model.state import Phase
from thirtyone.storage import saves as saves_module
from thirtyone.storage.paths import StoragePaths
from thirtyone.storage.saves import (SaveError, archive_game, archived_games, clear_saved_game, load_saved_game,
                                     save_game, saved_extras)

SEATS = [Seat("You", "human"), Seat("B", "bot:random"), Seat("C", "bot:random"), Seat("D", "bot:random")]


@pytest.fixture
def paths(tmp_path: Path) -> StoragePaths:
    return StoragePaths.portable(tmp_path)


def step(match: Match) -> None:
    """One action: the human seat plays its first legal action, a bot plays its own."""
    if match.is_bot(match.current_seat):
        match.advance()
    else:
        seat = match.current_seat
        match.submit(seat, match.observation(seat).legal_actions[0])


def match_mid_round(actions: int = 25, seed: int = 11) -> Match:
    match = Match.new(preset("classic"), SEATS, seed=seed, preset="classic")
    while match.action_count < actions or match.observation(0).phase is not Phase.TURN:
        step(match)
    assert not match.is_over
    return match


def assert_same_table(resumed: Match, original: Match) -> None:
    assert resumed.events == original.events
    for seat in range(len(original.names)):
        assert resumed.observation(seat) == original.observation(seat)
    assert resumed.current_seat == original.current_seat


def test_a_save_mid_round_resumes_to_the_identical_state(paths: StoragePaths) -> None:
    original = match_mid_round()
    assert save_game(paths, original.record, {"human_seats": [0], "layout": "oval"}) is None
    record, notice = load_saved_game(paths)
    assert notice is None and record is not None
    assert record.actions == original.record.actions and record.seed == original.record.seed
    assert saved_extras(record) == {"human_seats": [0], "layout": "oval"}
    resumed = Match.from_record(record)
    assert_same_table(resumed, original)
    for _ in range(40):
        if original.is_over:
            break
        step(original)
        step(resumed)
        assert_same_table(resumed, original)


def test_saving_after_every_action_keeps_one_file_and_no_temp_files(paths: StoragePaths) -> None:
    match = Match.new(preset("kitty"), SEATS, seed=3, preset="kitty")
    for _ in range(30):
        step(match)
        assert save_game(paths, match.record) is None
    assert sorted(p.name for p in paths.data_dir.iterdir()) == ["current_game.json"]
    record, _ = load_saved_game(paths)
    assert record is not None and len(record.actions) == 30 and saved_extras(record) == {}


def test_no_save_is_no_game_and_no_notice(paths: StoragePaths) -> None:
    assert load_saved_game(paths) == (None, None)
    assert clear_saved_game(paths) is None


def test_clear_saved_game(paths: StoragePaths) -> None:
    save_game(paths, match_mid_round().record)
    assert clear_saved_game(paths) is None
    assert not paths.current_game_file.exists()
    assert load_saved_game(paths) == (None, None)


def test_extras_must_be_json(paths: StoragePaths) -> None:
    with pytest.raises(SaveError):
        save_game(paths, match_mid_round().record, {"bad": object()})


def good_save_text(paths: StoragePaths) -> str:
    save_game(paths, match_mid_round().record)
    return paths.current_game_file.read_text()


@pytest.mark.parametrize("damage, reason", [
    (lambda text: "", "corrupt"),
    (lambda text: "garbage", "corrupt"),
    (lambda text: text[: len(text) // 2], "corrupt"),
    (lambda text: text.replace('"seed": ', '"seed": "x", "was": '), "corrupt"),
    (lambda text: text.replace('"version": 2', '"version": 7'), "newer"),
    (lambda text: text.replace('"deal"', '"discard AS knock"', 1), "corrupt"),
])
def test_bad_saves_are_set_aside(paths: StoragePaths, damage, reason: str) -> None:
    text = damage(good_save_text(paths))
    paths.current_game_file.write_text(text)
    record, notice = load_saved_game(paths)
    assert record is None and notice and "\n" not in notice
    assert not paths.current_game_file.exists()
    kept = [p for p in paths.data_dir.iterdir() if p.name.startswith(f"current_game.json.{reason}-")]
    assert len(kept) == 1 and kept[0].read_text() == text
    assert save_game(paths, match_mid_round().record) is None and load_saved_game(paths)[0] is not None


def test_a_folder_in_place_of_the_save_is_set_aside(paths: StoragePaths) -> None:
    paths.current_game_file.mkdir(parents=True)
    assert load_saved_game(paths)[0] is None
    assert not paths.current_game_file.exists()
    assert save_game(paths, match_mid_round().record) is None


def test_unwritable_save_gives_a_notice(paths: StoragePaths, monkeypatch) -> None:
    def refuse(path: Path, text: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saves_module, "write_atomic", refuse)
    notice = save_game(paths, match_mid_round().record)
    assert notice and "Permission denied" in notice
    assert archive_game(paths, match_mid_round().record)[0] is None


def finished_match(seed: int = 5) -> Match:
    match = Match.new(preset("classic"), [Seat(s.name, "bot:random") for s in SEATS], seed=seed, preset="classic")
    match.play_bots_to_end()
    return match


def test_archive_names_files_by_utc_time_and_preset_and_replay_reads_them(paths: StoragePaths, capsys) -> None:
    match = finished_match()
    moment = datetime(2026, 11, 22, 10, 15, tzinfo=timezone.utc)
    first, notice = archive_game(paths, match.record, now=moment)
    second, _ = archive_game(paths, match.record, now=moment)
    assert notice is None
    assert first.name == "20261122T101500-classic.json" and second.name == "20261122T101500-classic-2.json"
    assert archived_games(paths) == [second, first]
    record = GameRecord.from_json(first.read_text())
    assert record.actions == match.record.actions
    assert record.meta["finished_at"] == "2026-11-22T10:15:00+00:00"
    assert cli_main(["replay", str(first)]) == 0
    assert "wins the game" in capsys.readouterr().out


def test_the_autosave_is_itself_a_replayable_record(paths: StoragePaths, capsys) -> None:
    save_game(paths, match_mid_round().record, {"human_seats": [0]})
    assert cli_main(["replay", str(paths.current_game_file)]) == 0
    assert "Round 1" in capsys.readouterr().out


def long_record(length: int = 300) -> GameRecord:
    seats = [Seat(f"P{n}", "bot:random") for n in range(8)]
    for seed in range(20):
        match = Match.new(preset("scat").replace(lives=9), seats, seed=seed, preset="scat")
        match.play_bots_to_end()
        if match.action_count >= length:
            record = match.record
            return GameRecord(record.rules, record.seats, record.seed, record.first_dealer,
                              record.actions[:length], record.decks, record.preset, record.meta)
    raise AssertionError("no long enough game")


def test_a_300_action_game_is_saved_and_read_back(paths: StoragePaths) -> None:
    record = long_record()
    assert save_game(paths, record, {"human_seats": [0]}) is None
    loaded, _ = load_saved_game(paths)
    assert loaded is not None and loaded.actions == record.actions


@pytest.mark.bench  # a speed limit: measured apart (pytest -m bench), never in the default run
def test_saving_a_300_action_game_is_fast(paths: StoragePaths) -> None:
    record = long_record()
    timings = []
    for _ in range(20):
        start = time.perf_counter()
        assert save_game(paths, record, {"human_seats": [0]}) is None
        timings.append(time.perf_counter() - start)
    median_ms = statistics.median(timings) * 1000
    print(f"300-action save: median {median_ms:.2f} ms, worst {max(timings) * 1000:.2f} ms")
    assert median_ms < 100
    loaded, _ = load_saved_game(paths)
    assert loaded is not None and len(loaded.actions) == 300
    assert json.loads(paths.current_game_file.read_text())["meta"]["ui"] == {"human_seats": [0]}
