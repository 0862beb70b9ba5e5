"""Your rating at the game over and in Statistics, moved once by a finished game against bots."""

from __future__ import annotations

from typing import Any

import json
import os

import pygame
import pytest
from tests.locations import DATA
from tests.ui_support import drawn_texts

import thirtyone.ui.launch as launch
from thirtyone.controller import Match
from thirtyone.i18n import set_language
from thirtyone.model.record import GameRecord
from thirtyone.rating import K, LADDER, START, expected_score
from thirtyone.storage import StoragePaths, load_settings
from thirtyone.storage.rating_log import rating_file
from thirtyone.ui.app import App
from thirtyone.ui.game_setup import GameSetup
from thirtyone.ui.scene import Push
from thirtyone.ui.screens import game_over, statistics
from thirtyone.ui.screens.statistics import StatisticsScene
from thirtyone.ui.bridge.storage import StorageBridge

WON = DATA / "record_rating_won.json"
"""You (seat 1) win against Casual, Beginner and Sharp."""
SHOTS = os.environ.get("THIRTYONE_SHOTS")
"""A folder to keep the screens in, for looking at them."""


@pytest.fixture(autouse=True)
def no_global_entries(monkeypatch):
    monkeypatch.setattr(launch, "TITLE_ENTRIES", {})


@pytest.mark.parametrize("size, language", [((1024, 600), "en"), ((1920, 1080), "de")])
def test_a_won_game_raises_the_rating_on_the_game_over_and_in_statistics(tmp_path, monkeypatch, size, language) -> None:
    set_language(language)
    paths = StoragePaths.portable(tmp_path)
    bridge = StorageBridge(paths, load_settings(paths)[0].replace(language=language), window_override=True)
    app = App(bridge.settings, size, fast=True)
    bridge.install(app)
    match = Match.from_record(GameRecord.from_json(WON.read_text(encoding="utf-8")))
    assert match.is_over and match.winner == 0
    after_game = app.ctx.game_hooks.after_game
    assert after_game is not None
    after_game(match)
    after_game(match)  # finishing twice counts once
    gain = K / 3 * sum(1 - expected_score(START, LADDER[level]) for level in ("casual", "beginner", "sharp"))
    assert gain > 0
    saved = json.loads(rating_file(paths).read_text(encoding="utf-8"))["games"]
    assert len(saved) == 1 and saved[0]["before"] == START and saved[0]["after"] == pytest.approx(START + gain, abs=0.01)
    make_game_over = app.ctx.game_over_scene
    assert make_game_over is not None
    scene: Any = make_game_over(app.ctx, GameSetup.from_match(match), match)
    word = "Rating" if language == "en" else "Wertung"
    assert scene.rating_text() == f"{word} {round(START + gain)} (+{round(gain)})"
    texts = drawn_texts(monkeypatch, game_over)
    app.apply(Push(scene))
    app.frame([], 0.05)
    assert scene.rating_text() in texts
    _keep(app, f"game_over_{language}_{size[0]}")
    texts = drawn_texts(monkeypatch, statistics)
    app.apply(Push(StatisticsScene(app.ctx, bridge)))
    app.frame([], 0.05)
    label = "Rating against bots" if language == "en" else "Wertung gegen Bots"
    value = f"{round(START + gain)} (+{round(gain)})"
    assert label in texts and value in texts, "|".join(texts)
    _keep(app, f"statistics_{language}_{size[0]}")
    bridge.close()
    set_language("en")


def _keep(app: App, name: str) -> None:
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, f"rating_{name}.png"))


def test_a_game_finished_at_the_next_start_is_rated_too(tmp_path) -> None:
    """A finished game that could not be stored is finished at the next start: its rating counts then."""
    paths = StoragePaths.portable(tmp_path)
    paths.data_dir.mkdir(parents=True)
    record = GameRecord.from_json(WON.read_text(encoding="utf-8"))
    (paths.data_dir / "unarchived-g0123456789a.json").write_text(record.to_json(), encoding="utf-8")
    bridge = StorageBridge(paths, load_settings(paths)[0], window_override=True)
    assert bridge.stats.overall.games_played == 1
    assert len(bridge.rating.games) == 1 and bridge.rating.rating > START
    again = StorageBridge(paths, load_settings(paths)[0], window_override=True)
    assert [g.game for g in again.rating.games] == [g.game for g in bridge.rating.games]  # rated once
    assert again.rating.rating == pytest.approx(bridge.rating.rating, abs=0.01)  # kept to two decimals
    bridge.close()
    again.close()
