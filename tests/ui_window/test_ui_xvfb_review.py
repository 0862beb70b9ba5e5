"""A real window under X: open a finished game's replay from Statistics, step it, review it, leave.

Uses the helpers of ``test_ui_xvfb`` (its own Xvfb when there is no display; skipped without
Xvfb or xdotool). The archived game is the two-round record in tests/data; the window's
top scene is read from ``THIRTYONE_TEST_STATE`` and the steps are checked on screenshots.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.window_env import window_env

from thirtyone.model.record import GameRecord
from thirtyone.storage import StoragePaths, archive_game

from tests.ui_window.test_ui_xvfb import needs_x, wait_for, xdo
from tests.locations import DATA

pytestmark = pytest.mark.xvfb
RECORD = DATA / "record_coach_two_rounds.json"


def _shot(window: str, path: Path) -> bytes:
    if not shutil.which("import"):
        return b""
    subprocess.run(["import", "-window", window, str(path)], timeout=30, capture_output=True)
    return path.read_bytes() if path.exists() else b""


@needs_x
def test_replay_and_review_a_finished_game_in_a_real_window(tmp_path, x_display):  # noqa: F811
    data = tmp_path / "data"
    archive_game(StoragePaths.portable(data), GameRecord.from_json(RECORD.read_text()),
                 now=datetime(2026, 11, 22, 9, 0, tzinfo=timezone.utc))
    state = tmp_path / "state.txt"
    env = window_env(THIRTYONE_TEST_FAST="1", THIRTYONE_TEST_STATE=str(state), THIRTYONE_WINDOW_SIZE="1024x600")
    proc = subprocess.Popen([sys.executable, "-m", "thirtyone", "--data-dir", str(data)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def scene() -> str:
        return state.read_text().strip() if state.exists() else ""

    try:
        window = wait_for(lambda: xdo("search", "--onlyvisible", "--class", "thirtyone").split("\n")[0], 20)
        assert window and wait_for(lambda: scene() == "title", 10)

        def key(name: str, pause_s: float = 0.15) -> None:
            xdo("windowfocus", window)
            xdo("key", name)
            time.sleep(pause_s)

        time.sleep(0.3)
        key("Down", 0.05)  # the menu: New game, How to play, Statistics, Settings, Quit
        key("Down", 0.05)
        key("Return", 0.3)
        wait_for(lambda: scene() == "statistics", 10)
        assert scene() == "statistics", scene()
        key("g")
        assert wait_for(lambda: scene() == "game_list", 10), scene()
        key("Return")
        assert wait_for(lambda: scene() == "review", 10), scene()
        time.sleep(0.5)
        start = _shot(window, tmp_path / "review-0.png")
        for _ in range(12):
            key("Right", 0.05)
        time.sleep(0.5)
        later = _shot(window, tmp_path / "review-12.png")
        if start and later:
            assert start != later  # the hands and the log moved on
        key("Down")  # to round 2
        key("space")  # play
        time.sleep(1.5)
        key("space")  # pause
        _shot(window, tmp_path / "review-round2.png")
        assert scene() == "review"
        key("Escape")
        assert wait_for(lambda: scene() == "game_list", 10), scene()
        key("Escape")
        assert wait_for(lambda: scene() == "statistics", 10), scene()
        key("Escape")
        assert wait_for(lambda: scene() == "title", 10), scene()
        key("Escape")
        assert proc.wait(timeout=15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    print("screenshots in", tmp_path)
