"""The Statistics screen with the statistics file at and beyond the ends of its ranges: a file the
chart would loop on is set aside at start; the largest file that is read draws in a moment."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pygame
import pytest

from tests.ui_support import make_app  # noqa: F401  (sets the dummy video driver first)
from thirtyone.model.rule_choices import MAX_SEATS
from thirtyone.storage import Settings, StoragePaths
from thirtyone.ui import launch
from thirtyone.ui.app import App
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.statistics import StatisticsScene
from thirtyone.ui.screens.title import TitleScene
from thirtyone.ui.bridge.storage import StorageBridge

FRAME_BOUND_S = 3.0
"""A frame takes milliseconds; 1,000,000 players took 7 s a frame, 10**99 never finished."""
SHOTS = Path(os.environ.get("THIRTYONE_SHOTS", "")) if os.environ.get("THIRTYONE_SHOTS") else None


@pytest.fixture(autouse=True)
def no_global_entries(monkeypatch):
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})


def game(players: int, place: int, won: bool = False) -> dict[str, object]:
    return {"date": "2026-11-22T10:15:00+00:00", "preset": "classic", "place": place, "players": players,
            "rounds": 6, "won": won, "knocks": 1, "knocks_lost": 0, "thirty_ones": 0, "lives_lost": 3}


def write_stats(paths: StoragePaths, history: list[dict[str, object]], played: int) -> None:
    totals = {"games_played": played, "games_won": played // 2, "places_total": played * 3,
              "rounds_played": played * 6, "knocks": played, "knocks_lost": 0, "thirty_ones": 0,
              "lives_lost": played * 3, "current_streak": 0, "longest_streak": played // 2}
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    paths.stats_file.write_text(json.dumps({"version": 1, "overall": totals, "by_preset": {"classic": totals},
                                            "history": history}), encoding="utf-8")


def statistics_frame_s(paths: StoragePaths, size: tuple[int, int]) -> tuple[float, StatisticsScene, App]:
    bridge = StorageBridge(paths, Settings(), window_override=True)
    app = App(bridge.settings, size, fast=True)
    app.apply(Push(TitleScene(app.ctx)))
    bridge.install(app)
    scene = StatisticsScene(app.ctx, bridge)
    app.apply(Push(scene))
    started = time.monotonic()
    app.frame([], 0.01)
    app.frame([], 0.01)
    return time.monotonic() - started, scene, app


@pytest.mark.parametrize("history", [
    [game(10**99, 2)],
    [game(1_000_000, 2)] * 50,
    [game(4, 10**99)],
])
def test_a_statistics_file_out_of_range_is_set_aside_and_the_screen_draws(tmp_path: Path, history) -> None:
    paths = StoragePaths.portable(tmp_path)
    write_stats(paths, history, 1)
    spent, scene, _app = statistics_frame_s(paths, (1024, 600))
    assert spent < FRAME_BOUND_S
    assert scene.totals().games_played == 0 and scene.history() == []
    assert not paths.stats_file.exists() and list(paths.data_dir.glob("stats.json.corrupt-*"))


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_the_largest_statistics_read_draw_at_once(tmp_path: Path, size: tuple[int, int]) -> None:
    paths = StoragePaths.portable(tmp_path)
    history = [game(MAX_SEATS, 1 + n % MAX_SEATS, won=n % MAX_SEATS == 0) for n in range(50)]
    write_stats(paths, history, 10**8)
    spent, scene, app = statistics_frame_s(paths, size)
    assert spent < FRAME_BOUND_S
    assert len(scene.history()) == 50 and scene.totals().games_played == 10**8
    if SHOTS is not None:
        pygame.image.save(app.screen, str(SHOTS / f"statistics-max-{size[0]}x{size[1]}.png"))
