"""A real window under X: launch ``thirtyone``, find it by its WM class, play a fast game by mouse and keys.

Without a ``DISPLAY`` the test starts its own Xvfb server (``apt-get install xvfb xdotool
imagemagick``); it is skipped only when neither a display nor Xvfb, or no xdotool, is there.
Screenshots (imagemagick ``import``) go to pytest's tmp dir. The game runs with its own
``--data-dir``, so it never touches the real user folders.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.waiting import wait_for
from tests.window_env import window_env

pytestmark = pytest.mark.xvfb

needs_x = pytest.mark.skipif(not (os.environ.get("DISPLAY") or shutil.which("Xvfb")) or not shutil.which("xdotool"),
                             reason="needs an X display or Xvfb, and xdotool")


def xdo(*args: str) -> str:
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=20).stdout.strip()


def screenshot(folder: Path, name: str) -> None:
    if shutil.which("import"):
        subprocess.run(["import", "-window", "root", str(folder / f"{name}.png")], timeout=30,
                       capture_output=True)


@needs_x
def test_play_a_whole_game_in_a_real_window(tmp_path, x_display):
    from thirtyone.ui.layout import menu_buttons, table_layout
    state = tmp_path / "state.txt"
    # Headless tests in the same run set SDL_VIDEODRIVER=dummy; this one needs the real X11 driver.
    env = window_env(THIRTYONE_TEST_FAST="1", THIRTYONE_TEST_STATE=str(state), THIRTYONE_WINDOW_SIZE="1280x720")
    proc = subprocess.Popen([sys.executable, "-m", "thirtyone", "--data-dir", str(tmp_path / "data")], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def scene() -> str:
        return state.read_text().strip() if state.exists() else ""

    try:
        # Only a mapped window counts: SDL may create the class's window before it is shown.
        window = wait_for(lambda: xdo("search", "--onlyvisible", "--class", "thirtyone").split("\n")[0], 30)
        assert window, "no window with WM class 'thirtyone'"
        assert wait_for(lambda: scene() == "title", 10)
        def window_geometry() -> dict[str, str]:
            lines = xdo("getwindowgeometry", "--shell", window).splitlines()
            return dict(line.split("=", 1) for line in lines if "=" in line)

        # The window may be found a moment before it is mapped and has a size.
        geometry = wait_for(lambda: window_geometry() if "WIDTH" in window_geometry() else None, 20)
        assert geometry, f"window {window} never reported its size"
        w, h = int(geometry["WIDTH"]), int(geometry["HEIGHT"])
        assert "thirtyone" in xdo("getwindowname", window)
        xdo("windowfocus", window)
        time.sleep(0.3)
        screenshot(tmp_path, "1-title")

        def click(x: float, y: float) -> None:
            xdo("mousemove", "--window", window, str(int(x)), str(int(y)))
            xdo("click", "1")

        def key(name: str) -> None:
            xdo("windowfocus", window)
            xdo("key", name)

        click(*menu_buttons(w, h, 3, 1.0, 0.48)[0].center)  # New game
        assert wait_for(lambda: scene() == "new_game", 10), scene()
        screenshot(tmp_path, "2-new-game")
        key("Return")  # Start: a 1-life duel against one bot in test mode
        assert wait_for(lambda: scene() == "table", 10), scene()
        time.sleep(0.3)
        screenshot(tmp_path, "3-table")
        layout = table_layout(w, h, 2)
        seen: list[str] = []
        end = time.monotonic() + 240  # generous: shared build machines can be slow
        turn = 0
        while time.monotonic() < end and scene() != "game_over":
            now = scene()
            if now not in seen:
                seen.append(now)
                screenshot(tmp_path, f"4-{len(seen)}-{now}")
            if now == "table":
                turn += 1
                if turn % 3 == 0:
                    key("k")  # knock instead of drawing: the round (and this 1-life game) ends soon
                else:
                    click(*layout.stock.center)  # draw (when it is not our turn, a message says why)
                    time.sleep(0.05)
                    key("4" if turn % 2 else "1")
                    key("Return")  # discard the selected card
            elif now in ("round_end", "handoff"):
                click(w / 2, h / 2)
            time.sleep(0.1)
        assert scene() == "game_over", f"no game over; scenes seen: {seen}"
        time.sleep(0.5)
        screenshot(tmp_path, "5-game-over")
        key("Escape")  # to the title
        assert wait_for(lambda: scene() == "title", 10)
        key("Escape")  # quit
        assert proc.wait(timeout=15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    print("screenshots in", tmp_path)
