"""The Deal of the day through the window: title entry, a whole game, the par, Copy, replay, Statistics."""

from __future__ import annotations

import datetime as dt
import json
import time

import pygame
import pytest
from tests.ui_support import key, run_until, step_game

import thirtyone.ui.launch as launch
from thirtyone import daily
from thirtyone.daily import DailyResult, DailySetup
from thirtyone.storage import GameSummary, Stats, StoragePaths, load_settings
from thirtyone.storage.daily_log import DailyEntry, DailyHistory, daily_file, save_daily
from thirtyone.ui.app import App
from thirtyone.ui.scene import Push
from thirtyone.ui.screens import daily as daily_scene
from thirtyone.ui.screens.review_list import describe_game
from thirtyone.ui.screens.statistics import StatisticsScene
from thirtyone.ui.screens.title import TitleScene
from thirtyone.ui.bridge.storage import StorageBridge

DAY = dt.date(2026, 11, 26)
SHARED = "Thirty-One daily 2026-11-26: 4th of 4 · par 3rd of 4 · 🟨🟥🟩⬛"
"""What the key-pressing player of ``step_game`` gets on this day, against the Expert's par (pasted from a run)."""


@pytest.fixture(autouse=True)
def no_global_entries(monkeypatch):
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})


def open_title(tmp_path, size=(1024, 600)):
    paths = StoragePaths.portable(tmp_path)
    bridge = StorageBridge(paths, load_settings(paths)[0].replace(language="en"), window_override=True)
    bridge.daily.today = lambda: DAY
    app = App(bridge.settings, size, fast=True)
    app.apply(Push(TitleScene(app.ctx)))
    bridge.install(app)
    app.frame([], 0.01)
    return app, bridge, paths


def title_labels(app) -> list[str]:
    return [b.label for b in next(s for s in app.stack if s.name == "title").buttons]


def play_daily_to_the_end(app) -> None:
    app.frame([key(pygame.K_d)], 0.3)
    assert app.stack[-1].name == "daily"
    app.frame([key(pygame.K_RETURN)], 0.01)
    assert app.stack[-1].name == "table"
    assert run_until(app, lambda: (step_game(app), True)[1] and app.stack[-1].name == "daily_over",
                     max_frames=20_000, wall_s=300)


def test_a_whole_daily_through_the_window(tmp_path, monkeypatch) -> None:
    def on_the_frame_loop(*_args: object) -> object:
        raise AssertionError("the par was worked out in the window's process")
    monkeypatch.setattr(daily, "play_par", on_the_frame_loop)  # the spawned worker imports its own
    app, bridge, paths = open_title(tmp_path)
    assert title_labels(app)[:2] == ["New game", "Deal of the day"]
    play_daily_to_the_end(app)
    over = app.stack[-1]
    table_seats = [seat.player for seat in over.match.seats]
    assert table_seats == ["human", *(f"bot:{level}" for level in DailySetup.for_day(DAY).opponents)]
    assert over.match.record.seed == DailySetup.for_day(DAY).seed
    # The par comes from the worker process (this process's play_par refuses) while the screen keeps
    # drawing frames; the deadline only bounds a hang.
    deadline = time.monotonic() + 300
    while over.par is None and time.monotonic() < deadline:
        app.frame([], 0.05)
        time.sleep(0.02)
    assert over.par == DailyResult(3, 4, 0, 7, (0, 1, 0, 1, 0, 1, -1))
    assert "you are over par" in over.par_text()
    for _ in range(40):
        app.frame([], 0.1)
    app.frame([key(pygame.K_c)], 0.05)
    assert pygame.scrap.get_text() == SHARED
    assert over.message == "Copied: paste it in a chat."
    # Recorded once, with the par and the archived game; the title says it was played.
    saved = json.loads(daily_file(paths).read_text(encoding="utf-8"))["days"]["2026-11-26"]
    assert saved["result"]["place"] == 4 and saved["par"]["place"] == 3
    archived = next(path for path in paths.games_dir.iterdir() if saved["game"] in path.stem)
    assert " · Deal of the day 2026-11-26 · Classic 31 · You, Ada, Ben, Cleo" in describe_game(archived)
    app.frame([key(pygame.K_ESCAPE)], 0.05)
    assert app.stack[-1].name == "title" and "Deal of the day ✓" in title_labels(app)
    # Played: Copy, Replay, Practice instead of a second try; Replay opens the archived game.
    app.frame([key(pygame.K_d)], 0.3)
    assert [b.label for b in app.stack[-1].buttons] == ["Copy result", "Replay", "Practice", "Back"]
    app.frame([key(pygame.K_r)], 0.05)
    review = app.stack[-1]
    assert review.name == "review" and review.replay.record.seed == DailySetup.for_day(DAY).seed
    assert len(review.replay.record.actions) == len(over.match.record.actions)
    review.shutdown()


def test_statistics_show_the_streak_and_days_against_par(tmp_path, monkeypatch) -> None:
    paths = StoragePaths.portable(tmp_path)
    par, mine = DailyResult(1, 4, 1, 8, ()), DailyResult(3, 4, 0, 5, ())
    save_daily(paths, DailyHistory({DAY - dt.timedelta(days=1): DailyEntry(mine, par, "g0123456789a"),
                                    DAY: DailyEntry(par, mine, "g0123456789b")}))
    app, bridge, _ = open_title(tmp_path)
    texts = []
    real = daily_scene.daily_stat_lines
    monkeypatch.setattr(daily_scene, "daily_stat_lines", lambda desk: (texts.extend(real(desk)), real(desk))[1])
    bridge.stats = Stats().add(GameSummary("2026-11-26T10:00:00+00:00", "classic", 1, 4, 8, True, 0, 0, 0, 0))
    scene = StatisticsScene(app.ctx, bridge)
    app.apply(Push(scene))
    scene.draw(app.screen)
    assert ("Deal of the day streak", "2 (best 2)") in texts
    assert ("Days under / level / over par", "1 / 0 / 1") in texts


def test_no_clipboard_shows_the_line_selected(tmp_path, monkeypatch) -> None:
    save_daily(StoragePaths.portable(tmp_path), DailyHistory({DAY: DailyEntry(
        DailyResult(2, 4, 0, 3, (0, 1, -1)), DailyResult(1, 4, 1, 8, ()), "g0123456789a")}))
    app, bridge, _ = open_title(tmp_path)

    def no_clipboard(text):
        raise pygame.error("no clipboard")
    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    app.frame([key(pygame.K_d)], 0.3)
    app.frame([key(pygame.K_c)], 0.05)
    scene = app.stack[-1]
    assert scene.copy_failed and "copy it by hand" in scene.message


def test_practice_is_marked_and_never_counted_and_a_daily_is_not_the_new_game_default(tmp_path) -> None:
    paths = StoragePaths.portable(tmp_path)
    first = DailyEntry(DailyResult(2, 4, 0, 3, (0, 1, -1)), DailyResult(1, 4, 1, 8, ()), "g0123456789a")
    save_daily(paths, DailyHistory({DAY: first}))
    app, bridge, _ = open_title(tmp_path)
    before = bridge.settings.default_seats
    app.frame([key(pygame.K_d)], 0.3)
    app.frame([key(pygame.K_p)], 0.05)
    assert run_until(app, lambda: (step_game(app), True)[1] and app.stack[-1].name == "daily_over",
                     max_frames=20_000, wall_s=300)
    assert app.stack[-1].practice
    assert bridge.daily.history.played(DAY) == first
    assert json.loads(daily_file(paths).read_text(encoding="utf-8"))["days"]["2026-11-26"]["game"] == "g0123456789a"
    assert bridge.settings.default_seats == before


def test_an_unfinished_daily_is_continued_not_restarted(tmp_path) -> None:
    from thirtyone.ui.screens.daily import DailyScene
    app, bridge, _ = open_title(tmp_path)
    app.frame([key(pygame.K_d)], 0.3)
    app.frame([key(pygame.K_RETURN)], 0.01)
    table = app.stack[-1]
    assert run_until(app, lambda: (step_game(app), True)[1] and table.session.match.action_count >= 12, max_frames=5_000)
    played = table.session.match.record.actions
    scene = DailyScene(app.ctx, bridge.daily)  # back at the Deal of the day, the game unfinished
    assert [b.label for b in scene.buttons] == ["Continue today's deal", "Back"]
    app.apply(Push(scene))
    app.frame([key(pygame.K_RETURN)], 0.01)
    resumed = app.stack[-1]
    assert resumed.name == "table" and resumed is not table
    assert resumed.session.match.record.seed == DailySetup.for_day(DAY).seed
    assert resumed.session.match.record.actions[:len(played)] == played  # the same game, where it stood (bots may act on)


def test_a_daily_left_unfinished_is_not_started_afresh(tmp_path) -> None:
    from thirtyone.ui.screens.daily import DailyScene
    app, bridge, paths = open_title(tmp_path)
    app.frame([key(pygame.K_d)], 0.3)
    app.frame([key(pygame.K_RETURN)], 0.01)
    table = app.stack[-1]
    assert run_until(app, lambda: (step_game(app), True)[1] and table.session.match.action_count >= 6, max_frames=5_000)
    bridge.saved = None  # left: a New game took the autosave's place
    bridge.writer.discard()
    scene = DailyScene(app.ctx, bridge.daily)
    assert [b.label for b in scene.buttons] == ["Practice", "Back"]
    app.apply(Push(scene))
    app.frame([key(pygame.K_p)], 0.01)
    assert app.stack[-1].name == "table" and app.stack[-1].session.match.record.meta.get("daily_practice") is True
    assert json.loads(daily_file(paths).read_text(encoding="utf-8"))["started"] == ["2026-11-26"]
