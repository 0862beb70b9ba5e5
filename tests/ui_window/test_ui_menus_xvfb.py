"""Real windows under Xvfb: a 1024×600 screen shows the whole window, New game by keys alone, a demo left alone.

Each test starts its own Xvfb of the size it needs and runs ``thirtyone`` with its own
``--data-dir`` (``tests/xvfb_support``). Screenshots go to pytest's tmp dir.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.waiting import wait_for
from tests.xvfb_support import Game, needs_xvfb

pytestmark = pytest.mark.xvfb


@needs_xvfb
def test_a_1024x600_screen_shows_the_whole_window(tmp_path: Path) -> None:
    game = Game(tmp_path, (1024, 600))
    try:
        assert wait_for(lambda: game.scene() == "title", 15)
        geometry = wait_for(lambda: game.geometry() if "WIDTH" in game.geometry() else None, 10)
        x, y, w, h = geometry["X"], geometry["Y"], geometry["WIDTH"], geometry["HEIGHT"]
        assert x >= 0 and y >= 0 and x + w <= 1024 and y + h <= 600, geometry
        assert w >= 900 and h >= 450  # fitted, not shrunk to nothing
        time.sleep(0.3)
        game.shot("title-1024x600")
        game.key("Escape")  # quit: the size is remembered
        assert game.proc.wait(timeout=120) == 0
        stored = json.loads((game.data / "config" / "settings.json").read_text())
        assert stored["window_size"] == [w, h]
    finally:
        game.close()


@needs_xvfb
def test_keyboard_only_new_game_starts_the_chosen_preset_and_difficulty(tmp_path: Path) -> None:
    game = Game(tmp_path, (1280, 800), settings={"animation_speed": "fast", "bot_speed": "fast"})
    try:
        assert wait_for(lambda: game.scene() == "title", 15)
        time.sleep(0.3)
        game.key("n")
        assert wait_for(lambda: game.scene() == "new_game", 10), game.scene()
        game.key("Tab", "Right")  # Start → (wraps to) difficulty: Normal → Hard
        # difficulty, then 4 seats × (name, type, ×), then + Add player: the preset is 14 Tabs on
        game.key(*["Tab"] * 14)
        game.key("Right")  # Classic → the next preset (London)
        time.sleep(0.2)
        game.shot("new-game-keyboard")
        game.key("Tab", "Right")  # first house rule (lives) one up: "(modified)"
        game.key("Return")  # Enter on a choice starts
        assert wait_for(lambda: game.scene() == "table", 10), game.scene()
        save = game.data / "data" / "current_game.json"
        saved = wait_for(lambda: save.exists() and json.loads(save.read_text()), 20)
        assert saved, "the game never autosaved"
        assert saved["preset"] == "london"
        assert saved["rules"]["lives"] == 4  # London's 3, one up
        players = [seat["player"] for seat in saved["seats"]]
        assert players == ["human", "bot:sharp", "bot:expert", "bot:sharp"]
        game.shot("table-after-keyboard-new-game")
    finally:
        game.close()


@needs_xvfb
def test_the_demo_left_alone_passes_round_ends(tmp_path: Path) -> None:
    """Nothing touches the window: the panels must go on by the clock (at fast speeds, to keep it short)."""
    game = Game(tmp_path, (1280, 800), "--demo", "--seed", "29",
                settings={"animation_speed": "fast", "bot_speed": "instant"})
    try:
        passed = 0
        last = ""
        end = time.monotonic() + 90
        while time.monotonic() < end and passed < 2:
            now = game.scene()
            if last == "round_end" and now != "round_end":
                passed += 1
            if now == "round_end" and last != "round_end":
                game.shot(f"demo-round-end-{passed + 1}")
            last = now
            time.sleep(0.05)
        assert passed >= 2, f"only {passed} round ends passed in 90 s (last scene {last})"
    finally:
        game.close()
