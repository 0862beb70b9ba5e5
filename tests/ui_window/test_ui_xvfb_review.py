"""A real window under X: open a finished game's replay from Statistics, step it, review it, leave.

The archived game is the two-round record in tests/data; the game runs on its own Xvfb
screen (``tests/xvfb_support``) and the steps are checked on screenshots.
"""

from __future__ import annotations

import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from thirtyone.model.record import GameRecord
from thirtyone.storage import StoragePaths, archive_game

from tests.locations import DATA
from tests.waiting import wait_for
from tests.xvfb_support import Game, needs_xvfb

pytestmark = pytest.mark.xvfb
RECORD = DATA / "record_coach_two_rounds.json"


@needs_xvfb
def test_replay_and_review_a_finished_game_in_a_real_window(tmp_path: Path) -> None:
    archive_game(StoragePaths.portable(tmp_path / "data"), GameRecord.from_json(RECORD.read_text()),
                 now=datetime(2026, 11, 22, 9, 0, tzinfo=timezone.utc))
    with Game(tmp_path, (1024, 600), env={"THIRTYONE_TEST_FAST": "1", "THIRTYONE_WINDOW_SIZE": "1024x600"}) as game:
        assert game.wait_scene("title")
        time.sleep(0.3)
        # New game, Deal of the day, Join a table, How to play, Learn by playing, Statistics
        game.key("Down", "Down", "Down", "Down", "Down", pause_s=0.05)
        game.key("Return", pause_s=0.3)
        assert game.wait_scene("statistics"), game.scene()
        game.key("g")
        assert game.wait_scene("game_list"), game.scene()
        game.key("Return")
        assert game.wait_scene("review"), game.scene()
        time.sleep(0.5)
        start = game.shot("review-0", window_only=True)
        game.key(*["Right"] * 12, pause_s=0.05)
        if start:  # the hands and the log moved on (polled: a loaded machine may draw it late)
            assert wait_for(lambda: game.shot("review-12", window_only=True) != start, 15), "the replay did not move"
        game.key("Down")  # to round 2
        game.key("space")  # play
        time.sleep(1.5)
        game.key("space")  # pause
        game.shot("review-round2", window_only=True)
        assert game.scene() == "review"
        for back_to in ("game_list", "statistics", "title"):
            game.key("Escape")
            assert game.wait_scene(back_to), game.scene()
        game.key("Escape")
        assert game.proc.wait(timeout=120) == 0
    print("screenshots in", tmp_path)
