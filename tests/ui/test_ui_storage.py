"""The window and the player's files: settings screen, Continue, finished games, statistics, startup."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pygame
import pytest
from tests.ui_support import click, key, make_app, run_until, setup, step_game, top, match_of

import thirtyone.ui.app as app_module
import thirtyone.ui.launch as launch
from thirtyone.controller import Match
from thirtyone.model.record import GameRecord
from thirtyone.storage import (GameSummary, Settings, Stats, StoragePaths, add_storage_arguments, archived_games,
                               load_saved_game, load_settings, load_stats, save_game, save_settings, save_stats)
from thirtyone.ui.app import App
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.settings import ROWS, SettingsScene
from thirtyone.ui.screens.statistics import StatisticsScene
from thirtyone.ui.screens.title import TitleScene
from thirtyone.ui.bridge.storage import StorageBridge


@pytest.fixture(autouse=True)
def no_global_entries(monkeypatch):
    """``run`` registers title entries globally; keep other tests' titles clean."""
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})


def open_title(paths: StoragePaths, settings: Settings | None = None, fast: bool = True):
    bridge = StorageBridge(paths, settings or load_settings(paths)[0], window_override=settings is not None)
    app = App(bridge.settings, (1280, 720), fast=fast)
    app.apply(Push(TitleScene(app.ctx)))
    bridge.install(app)
    app.frame([], 0.01)
    return app, bridge


def labels(app) -> list[str]:
    title = next(s for s in app.stack if s.name == "title")
    return [b.label for b in title.buttons]


def test_the_settings_screen_is_built_from_the_one_declaration() -> None:
    from thirtyone.storage import SETTING_OPTIONS
    assert [row[0] for row in ROWS] == [opt.field for opt in SETTING_OPTIONS]
    fresh = Settings()
    for opt in SETTING_OPTIONS:  # every default is one of the choices the screen offers
        assert getattr(fresh, opt.field) == opt.default
        assert any(value == opt.default for value, _label in opt.choices)


def test_settings_scene_changes_apply_at_once_and_are_saved(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    app, bridge = open_title(paths, fast=False)
    scene = SettingsScene(app.ctx, bridge)
    app.apply(Push(scene))
    app.frame([key(pygame.K_RIGHT)], 0.01)  # theme: classic → pony
    assert app.settings.theme == "pony" and load_settings(paths)[0].theme == "pony"
    fields = [row[0] for row in ROWS]
    app.frame([key(pygame.K_DOWN)] * fields.index("animation_speed") + [key(pygame.K_LEFT)], 0.01)
    assert app.settings.animation_speed == "fast" and load_settings(paths)[0].animation_speed == "fast"
    box = scene.cyclers["volume"].box
    app.frame(click((box.right - 5, box.center[1])), 0.01)
    assert app.settings.volume == pytest.approx(0.9) and load_settings(paths)[0].volume == pytest.approx(0.9)
    assert app.ctx.sound.volume == pytest.approx(0.9)
    box = scene.cyclers["fullscreen"].box
    app.frame(click(box.center), 0.01)
    assert app.settings.fullscreen and load_settings(paths)[0].fullscreen
    app.frame([key(pygame.K_F11)], 0.01)  # F11 elsewhere shows up in the screen, and is saved
    assert scene.cyclers["fullscreen"].value is False
    assert load_settings(paths)[0].fullscreen is False
    stored = load_settings(paths)[0]
    assert (stored.theme, stored.animation_speed, stored.muted) == ("pony", "fast", False)


def test_run_only_overrides_and_test_knobs_are_not_saved(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    save_settings(paths, Settings(fullscreen=False, animation_speed="slow"))
    app, bridge = open_title(paths, Settings(fullscreen=True, animation_speed="slow"), fast=True)
    app.ctx.change_settings(show_hand_value=False)  # the H key on the table
    stored = load_settings(paths)[0]
    assert stored.fullscreen is False and stored.animation_speed == "slow" and stored.show_hand_value is False


def test_default_game_is_remembered_from_a_new_game(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    app, bridge = open_title(paths)
    from thirtyone.ui.table.scene import TableScene
    app.apply(Push(TableScene(app.ctx, setup(["human", "random", "beginner"], preset="london", lives=2))))
    run_until(app, lambda: top(app).session.match.action_count >= 1, 50)
    stored = load_settings(paths)[0]
    assert stored.default_preset == "london" and dict(stored.house_rules)["lives"] == 2
    assert [s.player for s in stored.default_seats] == ["human", "bot:random", "bot:beginner"]
    assert [s.player for s in bridge.default_setup().seats] == ["human", "random", "beginner"]


def play_some(app, actions: int) -> Match:
    from thirtyone.ui.table.scene import TableScene
    table = TableScene(app.ctx, setup(["human", "random", "random"], seed=11))
    app.apply(Push(table))
    run_until(app, lambda: (step_game(app), match_of(table).action_count >= actions)[1], 3000)
    return match_of(table)


def test_continue_appears_only_with_a_save_and_resumes_the_same_game(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    app, _ = open_title(paths)
    assert "Continue" not in labels(app)
    match = play_some(app, 12)
    assert app.ctx.game_hooks.after_action.__self__.writer.flush()
    record, _ = load_saved_game(paths)
    assert record is not None and record.actions == match.record.actions
    assert record.meta["ui"] == {"humans": [0]}
    again, _ = open_title(paths)
    assert labels(again)[0] == "Continue"
    again.frame([key(pygame.K_RETURN)], 0.01)  # the title's focus starts on Continue
    table = again.stack[-1]
    assert table.name == "table"
    resumed = table.session.match
    assert resumed.events == match.events and resumed.action_count == match.action_count
    for seat in range(3):
        assert resumed.observation(seat) == match.observation(seat)
    assert any("Round 1" in line for line in table.log_lines) and len(table.log_lines) > 5


def test_a_finished_game_is_archived_counted_once_and_the_save_cleared(tmp_path: Path, monkeypatch) -> None:
    paths = StoragePaths.portable(tmp_path)
    app, bridge = open_title(paths)
    app.ctx.quick_game = True
    from thirtyone.ui.table.scene import TableScene
    table = TableScene(app.ctx, setup(["human", "random"], lives=1, seed=5))
    app.apply(Push(table))
    assert run_until(app, lambda: (step_game(app), match_of(table).is_over)[1], 5000)
    assert len(archived_games(paths)) == 1
    assert load_stats(paths)[0].overall.games_played == 1
    assert load_saved_game(paths) == (None, None)
    bridge.after_game(match_of(table))  # a second call changes nothing
    assert len(archived_games(paths)) == 1 and load_stats(paths)[0].overall.games_played == 1
    assert "Continue" not in app.ctx.optional_scenes


def test_a_finished_save_found_at_start_is_archived_and_counted(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    from thirtyone.model import preset
    from thirtyone.model.record import Seat
    match = Match.new(preset("classic").replace(lives=1, honor_life=False),
                      [Seat("You", "human"), Seat("Bo", "bot:random")], seed=3, preset="classic")
    while not match.is_over:
        if match.advance() is None:
            match.submit(match.current_seat, match.observation(match.current_seat).legal_actions[0])
    save_game(paths, match.record)
    app, bridge = open_title(paths)
    assert bridge.saved is None and "Continue" not in labels(app)
    assert len(archived_games(paths)) == 1 and load_stats(paths)[0].overall.games_played == 1
    assert not paths.current_game_file.exists()


def sample_stats() -> Stats:
    stats = Stats()
    for i, (preset, place) in enumerate([("classic", 1), ("classic", 3), ("london", 2), ("classic", 1)]):
        stats = stats.add(GameSummary(f"2026-11-0{i + 1}T10:00:00+00:00", preset, place, 4, 6, place == 1,
                                      knocks=2, knocks_lost=1, thirty_ones=1, lives_lost=2))
    return stats


def test_statistics_scene_empty_and_full_and_reset_needs_confirmation(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    app, bridge = open_title(paths)
    scene = StatisticsScene(app.ctx, bridge)
    app.apply(Push(scene))
    app.frame([], 0.01)
    assert scene.totals().games_played == 0 and not scene.reset.enabled
    save_stats(paths, sample_stats())
    bridge.stats = load_stats(paths)[0]
    scene = StatisticsScene(app.ctx, bridge)
    app.apply(Push(scene))
    app.frame([], 0.01)
    assert scene.totals().games_played == 4 and len(scene.history()) == 4
    app.frame([key(pygame.K_RIGHT)], 0.01)
    assert scene.selector.value == "classic" and scene.totals().games_played == 3 and len(scene.history()) == 3
    app.frame([key(pygame.K_r)], 0.01)
    assert scene.confirming and bridge.stats.overall.games_played == 4
    app.frame([key(pygame.K_ESCAPE)], 0.01)
    assert not scene.confirming and top(app) is scene and paths.stats_file.exists()
    app.frame(click(scene.reset.box.center), 0.01)
    app.frame(click(scene.confirm.box.center), 0.01)
    assert bridge.stats.overall.games_played == 0 and load_stats(paths)[0].overall.games_played == 0
    assert list(paths.data_dir.glob("stats.json.reset-*"))


def test_a_corrupt_settings_file_is_set_aside_and_said_in_one_line(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_text("{ not json")
    parser = argparse.ArgumentParser()
    add_storage_arguments(parser)
    bridge = StorageBridge.from_args(parser.parse_args(["--data-dir", str(tmp_path)]))
    app = make_app()
    app.apply(Push(TitleScene(app.ctx)))
    bridge.install(app)
    notice = top(app)
    assert notice.name == "notice" and "settings.json" in notice.text and "\n" not in notice.text
    assert list(paths.config_dir.glob("settings.json.corrupt-*"))
    app.frame([], 0.01)
    app.frame([key(pygame.K_ESCAPE)], 0.01)
    assert top(app).name == "title" and app.running


def fake_loop_then_crash(self) -> int:
    match = play_some(self, 8)
    assert match.action_count >= 8
    raise RuntimeError("the table fell over")


def test_a_crash_in_the_loop_leaves_a_log_and_a_resumable_save(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("THIRTYONE_TEST_FAST", "1")
    monkeypatch.setattr(app_module.App, "loop", fake_loop_then_crash)
    from thirtyone.cli import main
    assert main(["--data-dir", str(tmp_path)]) == 1
    paths = StoragePaths.portable(tmp_path)
    (log,) = paths.log_dir.glob("crash-*.log")
    assert "the table fell over" in log.read_text()
    err = capsys.readouterr().err
    assert str(log) in err and "resume" in err
    record, notice = load_saved_game(paths)
    assert notice is None and record is not None and len(record.actions) >= 8
    app, bridge = open_title(paths)  # the next start says where the log is, once, and offers Continue
    assert top(app).name == "notice" and str(log) in top(app).text and "Continue" in top(app).text
    assert "Continue" in labels(app)
    again, _ = open_title(paths)
    assert again.stack[-1].name == "title"


def test_cli_data_dir_holds_the_files_and_a_bad_one_exits_2(tmp_path: Path, monkeypatch, capsys) -> None:
    def change_a_setting(self) -> int:
        self.ctx.change_settings(theme="pony")
        return 0
    monkeypatch.setattr(app_module.App, "loop", change_a_setting)
    from thirtyone.cli import main
    assert main(["--data-dir", str(tmp_path / "stick"), "--windowed"]) == 0
    data = json.loads((tmp_path / "stick" / "config" / "settings.json").read_text())
    assert data["theme"] == "pony" and data["fullscreen"] is False
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(SystemExit) as exit_info:
        main(["--data-dir", str(tmp_path / "a-file")])
    assert exit_info.value.code == 2 and "is a file" in capsys.readouterr().err
    seen: list[str] = []
    monkeypatch.setattr(app_module.App, "loop", lambda self: (seen.append(self.settings.theme), 0)[1])
    assert main(["--data-dir", str(tmp_path / "stick"), "--reset-settings"]) == 0
    assert seen == ["classic"]
    assert json.loads((tmp_path / "stick" / "config" / "settings.json").read_text())["theme"] == "classic"


def test_the_demo_never_touches_the_saved_game(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    bridge = StorageBridge(paths, Settings())
    app = App(bridge.settings, (1280, 720), demo=True, fast=True)
    bridge.install(app)
    assert app.ctx.game_hooks.after_action is None and app.ctx.game_hooks.after_game is None


def test_settings_and_statistics_survive_random_clicks_keys_and_sizes(tmp_path: Path) -> None:
    import random
    paths = StoragePaths.portable(tmp_path)
    save_stats(paths, sample_stats())
    app, bridge = open_title(paths, fast=False)
    rng = random.Random(31)
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_r, pygame.K_TAB]
    for make in (lambda: SettingsScene(app.ctx, bridge), lambda: StatisticsScene(app.ctx, bridge)):
        scene = make()
        app.apply(Push(scene))
        for _ in range(300):
            if scene not in app.stack:  # Back was clicked
                scene = make()
                app.apply(Push(scene))
            if top(app) is not scene:  # a sub-screen opened (Default game): go back
                app.frame([key(pygame.K_ESCAPE)], 0.01)
                continue
            roll = rng.random()
            if roll < 0.5:
                events = click((rng.uniform(0, 1280), rng.uniform(0, 720)), rng.choice([1, 1, 3]))
            elif roll < 0.95:
                events = [key(rng.choice(keys))]
            else:
                size = rng.choice([(960, 600), (1280, 720), (1920, 1080)])
                app.ctx.size = size
                app.screen = pygame.display.set_mode(size)
                events = []
            app.frame(events, 0.02)
        while scene in app.stack and top(app) is not scene:
            app.frame([key(pygame.K_ESCAPE)], 0.01)
        assert app.running
    stored = load_settings(paths)[0]
    assert stored == bridge.settings.replace(fullscreen=stored.fullscreen)


def quit_to_title_and_start_a_new_game(app) -> None:
    """Esc → Quit to title → New game (N) → Start (Enter: the focus starts on Start)."""
    app.frame([key(pygame.K_ESCAPE)], 0.01)
    app.frame([key(pygame.K_q)], 0.01)
    assert top(app).name == "title"
    app.frame([key(pygame.K_n)], 0.01)
    assert top(app).name == "new_game"
    app.frame([key(pygame.K_RETURN)], 0.01)


def test_a_new_game_over_a_saved_one_asks_first_and_keeps_it_as_abandoned(tmp_path: Path) -> None:
    from thirtyone.ui.screens.review_list import GameListScene
    paths = StoragePaths.portable(tmp_path)
    app, bridge = open_title(paths)
    match = play_some(app, 12)
    played = match.record.actions
    assert bridge.writer.flush()
    quit_to_title_and_start_a_new_game(app)
    assert top(app).name == "new_game"  # asked, not started
    assert load_saved_game(paths)[0].actions == played and archived_games(paths) == []
    app.frame([key(pygame.K_RETURN)], 0.01)  # Enter: abandon it and start
    assert top(app).name == "table" and top(app).session.match.action_count < len(played)
    kept = archived_games(paths)
    assert len(kept) == 1
    data = json.loads(kept[0].read_text(encoding="utf-8"))
    assert data["meta"]["abandoned"] is True
    assert GameRecord.from_json(kept[0].read_text(encoding="utf-8")).actions == played
    assert load_stats(paths)[0].overall.games_played == 0  # an abandoned game is not counted
    games = GameListScene(app.ctx, kept)
    assert "abandoned" in games.rows[0] and "You" in games.rows[0]
    opened = games.open(0)  # it replays like a finished game
    assert opened is not None and opened.scene.name == "review" and games.message == ""
    opened.scene.shutdown()


def test_keeping_the_game_in_progress_leaves_its_save_and_continue(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    app, bridge = open_title(paths)
    played = play_some(app, 12).record.actions
    assert bridge.writer.flush()
    quit_to_title_and_start_a_new_game(app)
    scene = top(app)
    assert scene.name == "new_game" and scene.question is not None
    app.frame([], 0.01)  # drawn: the buttons have their places
    app.frame(click(scene.question.no.box.center), 0.01)  # Keep it
    assert top(app) is scene and scene.question is None
    assert load_saved_game(paths)[0].actions == played and archived_games(paths) == []
    app.frame([key(pygame.K_RETURN)], 0.01)  # asked again; Esc keeps it too
    app.frame([key(pygame.K_ESCAPE)], 0.01)
    assert top(app) is scene and scene.question is None
    app.frame([key(pygame.K_ESCAPE)], 0.01)  # back to the title, where Continue resumes the same game
    assert labels(app)[0] == "Continue"
    app.frame([key(pygame.K_RETURN)], 0.01)
    assert top(app).name == "table" and top(app).session.match.record.actions == played
    assert archived_games(paths) == []


def test_a_new_game_is_refused_while_the_saved_one_cannot_be_kept(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    app, bridge = open_title(paths)
    played = play_some(app, 12).record.actions
    assert bridge.writer.flush()
    paths.games_dir.parent.mkdir(parents=True, exist_ok=True)
    paths.games_dir.write_text("not a folder", encoding="utf-8")  # the archive cannot be written
    quit_to_title_and_start_a_new_game(app)
    app.frame([key(pygame.K_RETURN)], 0.01)
    assert top(app).name == "notice" and app.stack[-2].name == "new_game"
    assert "archive" in top(app).text
    assert load_saved_game(paths)[0].actions == played
