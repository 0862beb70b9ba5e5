"""A real window under Xvfb: today's Deal of the day from the title to its game over, the par, Copy, ✓.

The day is the machine's today, so nothing here pins a result (``tests/ui/test_ui_daily.py`` pins one
date); it checks what a player sees happen: the game, the par worked out without the window
stopping, the day recorded once with its archived game, and the title's entry marked.
"""

from __future__ import annotations

from typing import Any

import datetime as dt
import json
import time
from pathlib import Path

import pytest

from tests.ui_window.test_ui_scenarios_xvfb import INSTANT, archived_games, play_human_turn
from tests.waiting import wait_for
from tests.xvfb_support import Game, needs_xvfb, saved_match

pytestmark = pytest.mark.xvfb


def daily_days(data_dir: Path) -> dict[str, Any]:
    path = data_dir / "data" / "daily.json"
    return json.loads(path.read_text(encoding="utf-8"))["days"] if path.exists() else {}


@needs_xvfb
def test_todays_daily_played_in_a_real_window(tmp_path: Path) -> None:
    game = Game(tmp_path, (1024, 600), env={"THIRTYONE_TEST_FAST": "1"}, settings=INSTANT)
    try:
        assert wait_for(lambda: game.scene() == "title", 20), game.scene()
        time.sleep(0.3)
        for _ in range(3):
            game.key("d")
            if game.wait_scene("daily", 8):
                break
        game.shot("daily-1024x600")
        game.key("Return")
        assert wait_for(lambda: game.scene() in ("table", "handoff"), 10), game.scene()
        today = dt.date.today().isoformat()
        end = time.monotonic() + 240
        while time.monotonic() < end and game.scene() != "daily_over":
            if game.scene() == "round_end":
                game.key("Return")
            elif game.scene() == "table":
                match = saved_match(game.data)
                if match is not None and not match.is_over and not match.is_bot(match.current_seat):
                    assert match.record.meta.get("daily") == today
                    before = match.action_count
                    play_human_turn(game, match, match.current_seat, knock_first=True)
                    wait_for(lambda: (m := saved_match(game.data)) is None or m.action_count > before, 3)
            time.sleep(0.05)
        assert game.scene() == "daily_over", game.scene()
        # Recorded at once; the par arrives from the worker while the window goes on answering.
        assert wait_for(lambda: today in daily_days(game.data), 10)
        assert wait_for(lambda: daily_days(game.data)[today]["par"] is not None, 120), daily_days(game.data)
        entry = daily_days(game.data)[today]
        assert any(entry["game"] in path.stem for path in archived_games(game.data))
        time.sleep(1.0)
        game.key("c")
        time.sleep(0.5)
        game.shot("daily-over-1024x600")
        game.key("Escape")
        assert game.wait_scene("title", 10), game.scene()
        game.key("d")
        assert game.wait_scene("daily", 10), game.scene()
        time.sleep(0.5)
        game.shot("daily-played-1024x600")
        game.key("Escape")
        assert game.wait_scene("title", 10)
        assert len(daily_days(game.data)) == 1
    finally:
        game.close()
