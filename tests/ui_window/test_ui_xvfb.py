"""A real window under X: launch ``thirtyone``, find it by its WM class, play a fast game by mouse and keys.

The game runs on its own Xvfb screen with its own ``--data-dir`` (``tests/xvfb_support``);
screenshots go to pytest's tmp dir.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.xvfb_support import Game, needs_xvfb, title_button_centre

pytestmark = pytest.mark.xvfb


@needs_xvfb
def test_play_a_whole_game_in_a_real_window(tmp_path: Path) -> None:
    from thirtyone.ui.layout import table_layout
    with Game(tmp_path, (1600, 1000), env={"THIRTYONE_TEST_FAST": "1", "THIRTYONE_WINDOW_SIZE": "1280x720"}) as game:
        assert game.wait_scene("title")
        w, h = game.size()
        assert (w, h) == (1280, 720)
        assert "thirtyone" in game.xdo("getwindowname", game.window)
        time.sleep(0.3)
        game.shot("1-title")
        game.click(*title_button_centre((w, h), "New game"))
        assert game.wait_scene("new_game"), game.scene()
        game.shot("2-new-game")
        game.key("Return")  # Start: a 1-life duel against one bot in test mode
        assert game.wait_scene("table"), game.scene()
        time.sleep(0.3)
        game.shot("3-table")
        layout = table_layout(w, h, 2)
        seen: list[str] = []
        end = time.monotonic() + 240  # generous: shared build machines can be slow
        turn = 0
        while time.monotonic() < end and game.scene() != "game_over":
            now = game.scene()
            if now not in seen:
                seen.append(now)
                game.shot(f"4-{len(seen)}-{now}")
            if now == "table":
                turn += 1
                if turn % 3 == 0:
                    game.key("k")  # knock instead of drawing: the round (and this 1-life game) ends soon
                else:
                    game.click(*layout.stock.center)  # draw (when it is not our turn, a message says why)
                    time.sleep(0.05)
                    game.key("4" if turn % 2 else "1", "Return")  # discard the selected card
            elif now in ("round_end", "handoff"):
                game.click(w / 2, h / 2)
            time.sleep(0.1)
        assert game.scene() == "game_over", f"no game over; scenes seen: {seen}"
        time.sleep(0.5)
        game.shot("5-game-over")
        # The game over ignores keys for its first half second on the window's clock, which runs slower
        # than the wall's when a loaded machine draws few frames: press again until it goes.
        for _ in range(3):
            game.key("Escape")  # to the title
            if game.wait_scene("title", 5):
                break
        assert game.scene() == "title", game.scene()
        game.key("Escape")  # quit
        assert game.proc.wait(timeout=120) == 0
    print("screenshots in", tmp_path)
