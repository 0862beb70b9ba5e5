"""Damaged, hostile and interrupted player files: set aside with one line, never a crash, never code run,
never a game lost or counted twice. Big inputs are generated here."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thirtyone.controller import Match
from thirtyone.model import preset
from thirtyone.paths import MAX_FILE_BYTES
from thirtyone.model.record import GameRecord, Seat
from thirtyone.storage import StoragePaths, load_settings, load_stats, save_game
from thirtyone.storage import finish as finish_module
from thirtyone.storage import saves as saves_module
from thirtyone.storage.finish import finish_game
from thirtyone.storage.saves import archived_games, clean_leftovers, game_id, load_saved_game
from thirtyone.storage.stats import Stats, save_stats

SEATS = [Seat("You", "human"), Seat("Bo", "bot:random"), Seat("Cy", "bot:sharp")]


@pytest.fixture
def paths(tmp_path: Path) -> StoragePaths:
    return StoragePaths.portable(tmp_path)


def damaged_contents() -> dict[str, bytes]:
    return {
        "deep": b'{"version": 1, "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "long number": b'{"version": 1, "volume": ' + b"7" * 5000 + b"}",
        "latin-1": '{"version": 1, "theme": "café"}'.encode("latin-1"),
        "utf-16": '{"version": 1}'.encode("utf-16"),
        "binary": bytes(range(256)),
        "oversized": b'{"version": 1, "pad": "' + b"x" * (MAX_FILE_BYTES + 10) + b'"}',
    }


def set_aside_files(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(f"{name}.corrupt-")]


@pytest.mark.parametrize("damage", list(damaged_contents()))
def test_damaged_settings_and_statistics_are_set_aside_and_defaults_used(paths: StoragePaths, damage: str) -> None:
    content = damaged_contents()[damage]
    for path in (paths.settings_file, paths.stats_file):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    settings, notice = load_settings(paths)
    assert settings == load_settings(StoragePaths.portable(paths.config_dir / "fresh"))[0]
    assert notice and "\n" not in notice and "settings.json" in notice
    stats, notice = load_stats(paths)
    assert stats == Stats() and notice and "stats.json" in notice
    assert not paths.settings_file.exists() and not paths.stats_file.exists()
    assert len(set_aside_files(paths.config_dir, "settings.json")) == 1
    assert len(set_aside_files(paths.data_dir, "stats.json")) == 1


def saved_match(actions: int = 12, seats: list[Seat] = SEATS) -> Match:
    match = Match.new(preset("classic"), seats, seed=4, preset="classic")
    while match.action_count < actions:
        if match.advance() is None:
            match.submit(match.current_seat, match.observation(match.current_seat).legal_actions[0])
    return match


@pytest.mark.parametrize("damage", list(damaged_contents()) + ["preset list"])
def test_a_damaged_autosave_is_set_aside_and_nothing_resumes(paths: StoragePaths, damage: str) -> None:
    if damage == "preset list":
        data = json.loads(saved_match().record.to_json())
        data["preset"] = ["classic"]
        content = json.dumps(data).encode()
    else:
        content = damaged_contents()[damage]
    paths.data_dir.mkdir(parents=True)
    paths.current_game_file.write_bytes(content)
    record, notice = load_saved_game(paths)
    assert record is None and notice and "\n" not in notice and "current_game.json" in notice
    assert not paths.current_game_file.exists()
    assert len(set_aside_files(paths.data_dir, "current_game.json")) == 1


@pytest.mark.parametrize("player", ["bot:builtins:exit", "bot:os:system", "bot:json:loads", "bot:evil_plugin:make",
                                    "bot:thirtyone.bots:make_bot", "robot"])
def test_a_save_naming_anything_but_a_builtin_level_is_set_aside_unimported(
        paths: StoragePaths, player: str, tmp_path: Path, monkeypatch) -> None:
    marker = tmp_path / "imported"
    plugin = tmp_path / "plugins"
    plugin.mkdir()
    (plugin / "evil_plugin.py").write_text(f"open({str(marker)!r}, 'w').write('ran')\ndef make(): pass\n")
    monkeypatch.syspath_prepend(str(plugin))
    record = saved_match().record
    seats = (record.seats[0], Seat("Mallory", player), record.seats[2])
    save_game(paths, GameRecord(record.rules, seats, record.seed, record.first_dealer, record.actions,
                                record.decks, record.preset))
    loaded, notice = load_saved_game(paths)
    assert loaded is None and notice and "not a built-in level" in notice
    assert [p.name.split("-")[0] for p in paths.data_dir.iterdir()] == ["current_game.json.unsafe"]
    assert not marker.exists() and "evil_plugin" not in sys.modules


def test_the_bridge_starts_with_hostile_saves_and_settings(paths: StoragePaths) -> None:
    from thirtyone.ui.bridge.storage import StorageBridge
    record = saved_match().record
    save_game(paths, GameRecord(record.rules, (record.seats[0], Seat("X", "bot:builtins:exit"), record.seats[2]),
                                record.seed, record.first_dealer, record.actions, record.decks, record.preset))
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_bytes(damaged_contents()["deep"])
    paths.stats_file.write_bytes(damaged_contents()["long number"])
    settings, notice = load_settings(paths)
    bridge = StorageBridge(paths, settings, [notice] if notice else [])
    assert bridge.saved is None and bridge.stats == Stats()
    assert len(bridge.notices) == 3 and all("\n" not in n for n in bridge.notices)


def finished_match(seed: int = 3) -> Match:
    match = Match.new(preset("classic").replace(lives=1, honor_life=False),
                      [Seat("You", "human"), Seat("Bo", "bot:random")], seed=seed, preset="classic")
    while not match.is_over:
        if match.advance() is None:
            match.submit(match.current_seat, match.observation(match.current_seat).legal_actions[0])
    return match


def test_an_unwritable_archive_keeps_the_game_until_it_can_be_stored(paths: StoragePaths, monkeypatch) -> None:
    match = finished_match()
    save_game(paths, match.record)
    from thirtyone.storage.atomic import write_atomic as real_write

    def full_games_folder(path: Path, text: str) -> None:
        if path.parent == paths.games_dir:
            raise OSError(28, "No space left on device")
        real_write(path, text)

    monkeypatch.setattr(saves_module, "write_atomic", full_games_folder)
    done = finish_game(paths, match.record, Stats(), match.events)
    assert any("No space left" in n for n in done.notices)
    assert archived_games(paths) == []
    kept = list(paths.data_dir.glob("unarchived-*.json"))
    assert len(kept) == 1 and GameRecord.from_file(kept[0]).actions == match.record.actions
    monkeypatch.setattr(saves_module, "write_atomic", real_write)
    stats, notices = finish_module.finish_pending(paths, load_stats(paths)[0])
    assert notices == () and stats.overall.games_played == 1
    assert len(archived_games(paths)) == 1 and not list(paths.data_dir.glob("unarchived-*.json"))
    assert load_stats(paths)[0].overall.games_played == 1


def test_when_nothing_can_be_written_the_autosave_stays(paths: StoragePaths, monkeypatch) -> None:
    match = finished_match()
    save_game(paths, match.record)

    def refuse(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves_module, "write_atomic", refuse)
    monkeypatch.setattr(finish_module, "write_atomic", refuse)
    done = finish_game(paths, match.record, Stats(), match.events)
    assert not done.cleared
    assert load_saved_game(paths)[0].actions == match.record.actions


class Killed(BaseException):
    """Stands for kill -9 at one point of finishing."""


@pytest.mark.parametrize("kill_point", ["after archive", "after statistics", "before clearing"])
def test_finishing_interrupted_anywhere_counts_and_archives_once(paths: StoragePaths, monkeypatch,
                                                                 kill_point: str) -> None:
    from thirtyone.ui.bridge.storage import StorageBridge
    match = finished_match()
    save_game(paths, match.record)
    victim = {"after archive": (finish_module, "record_finished_game"),
              "after statistics": (finish_module, "save_stats"),
              "before clearing": (finish_module, "clear_saved_game")}[kill_point]
    real = getattr(*victim)

    def kill(*args, **kwargs):
        if kill_point == "after statistics":
            real(*args, **kwargs)
        raise Killed

    monkeypatch.setattr(*victim, kill)
    with pytest.raises(Killed):
        StorageBridge(paths, load_settings(paths)[0])
    monkeypatch.setattr(*victim, real)
    bridge = StorageBridge(paths, load_settings(paths)[0])
    bridge2 = StorageBridge(paths, load_settings(paths)[0])
    assert bridge.saved is None and bridge2.saved is None
    assert len(archived_games(paths)) == 1
    assert load_stats(paths)[0].overall.games_played == 1
    assert load_stats(paths)[0].history[-1].game_id == game_id(match.record)
    assert not paths.current_game_file.exists()


def test_leftover_temporary_files_are_removed_at_start(paths: StoragePaths) -> None:
    for folder in (paths.config_dir, paths.data_dir, paths.games_dir, paths.log_dir):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / ".settings.json.k2j3.tmp").write_text("{")
        (folder / "keep.json").write_text("{}")
    paths.current_game_journal.write_text("thirtyone-journal abc\n1 deal\n")
    assert clean_leftovers(paths) == 5
    assert sorted(p.name for p in paths.data_dir.rglob("*")) == ["games", "keep.json", "keep.json"]
    assert [p.name for p in paths.config_dir.iterdir()] == ["keep.json"]


def test_statistics_keep_counting_after_a_stats_file_with_ids(paths: StoragePaths) -> None:
    match = finished_match()
    first = finish_game(paths, match.record, Stats(), match.events).stats
    again = finish_game(paths, match.record, load_stats(paths)[0], match.events).stats
    assert first == again == load_stats(paths)[0] and first.overall.games_played == 1
    other = finished_match(seed=8)
    assert finish_game(paths, other.record, again).stats.overall.games_played == 2
    save_stats(paths, Stats())


@pytest.mark.parametrize("damage", ["deep", "long number"])
def test_damaged_settings_at_start_give_notices_and_a_log_line(tmp_path: Path, damage: str) -> None:
    import argparse
    import logging

    from thirtyone.storage import add_storage_arguments, storage_from_args
    parser = argparse.ArgumentParser()
    add_storage_arguments(parser)
    args = parser.parse_args(["--data-dir", str(tmp_path)])
    paths = StoragePaths.portable(tmp_path)
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_bytes(damaged_contents()[damage])
    logger = logging.getLogger("thirtyone")
    before = list(logger.handlers)
    try:
        _, settings, notices = storage_from_args(args)
        for handler in logger.handlers:
            handler.flush()
        assert len(notices) == 1 and "settings.json" in notices[0] and "\n" not in notices[0]
        log_text = (paths.log_dir / "thirtyone.log").read_text(encoding="utf-8")
        assert "settings.json" in log_text and "WARNING" in log_text
    finally:
        for handler in set(logger.handlers) - set(before):
            logger.removeHandler(handler)
            handler.close()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=300),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                              lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                                  st.sampled_from(["version", "theme", "overall", "history", "by_preset", "seats",
                                                   "format", "preset", "actions", "volume"]), inner, max_size=4),
                              max_leaves=12).map(lambda value: json.dumps(value).encode())))
def test_random_files_are_read_or_set_aside_never_raised(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = StoragePaths.portable(folder)
        for path in (paths.settings_file, paths.stats_file, paths.current_game_file):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        for load in (load_settings, load_stats, load_saved_game):
            value, notice = load(paths)
            assert notice is None or "\n" not in notice
