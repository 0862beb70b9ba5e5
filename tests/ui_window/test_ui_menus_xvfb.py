"""Real windows under Xvfb: a 1024×600 screen shows the whole window, New game by keys alone, a demo left alone.

Each test starts its own Xvfb of the size it needs and runs ``thirtyone`` with its own
``--data-dir``. Screenshots go to pytest's tmp dir.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.window_env import window_env

from tests.ui_window.test_ui_xvfb import screenshot, wait_for

pytestmark = pytest.mark.xvfb

needs_xvfb = pytest.mark.skipif(not shutil.which("Xvfb") or not shutil.which("xdotool"),
                                reason="needs Xvfb and xdotool")


def start_xvfb(width: int, height: int):
    number = next(n for n in range(140, 260) if not Path(f"/tmp/.X{n}-lock").exists())
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert wait_for(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 15), "Xvfb did not start"
    return server, f":{number}"


class Game:
    """``thirtyone`` running on a private X screen, with the top scene's name readable."""

    def __init__(self, tmp_path: Path, screen: tuple[int, int], *args: str, settings: dict | None = None,
                 env: dict | None = None) -> None:
        self.tmp = tmp_path
        self.server, self.display = start_xvfb(*screen)
        self.state = tmp_path / "state.txt"
        self.data = tmp_path / "data"
        if settings:
            (self.data / "config").mkdir(parents=True, exist_ok=True)
            (self.data / "config" / "settings.json").write_text(json.dumps({"version": 1, **settings}))
        environment = window_env(DISPLAY=self.display, THIRTYONE_TEST_STATE=str(self.state), **(env or {}))
        self.env = environment
        self.proc = subprocess.Popen([sys.executable, "-m", "thirtyone", "--data-dir", str(self.data), *args],
                                     env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.window = wait_for(lambda: self.xdo("search", "--onlyvisible", "--class", "thirtyone").split("\n")[0], 20)
        if not self.window:  # nobody will call close(): leave no game or X server behind
            self.proc.kill()
            self.proc.wait()
            self.server.terminate()
            self.server.wait(timeout=10)
        assert self.window, "no window with WM class 'thirtyone'"

    def xdo(self, *args: str) -> str:
        return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=20,
                              env=dict(os.environ, DISPLAY=self.display)).stdout.strip()

    def scene(self) -> str:
        return self.state.read_text().strip() if self.state.exists() else ""

    def geometry(self) -> dict[str, int]:
        lines = self.xdo("getwindowgeometry", "--shell", self.window).splitlines()
        return {k: int(v) for k, v in (line.split("=", 1) for line in lines if "=" in line) if v.lstrip("-").isdigit()}

    def key(self, *names: str) -> None:
        for name in names:
            self.xdo("key", "--window", self.window, name)
            time.sleep(0.08)

    def type(self, text: str) -> None:
        self.xdo("type", "--window", self.window, "--delay", "60", text)

    def shot(self, name: str) -> None:
        old = os.environ.get("DISPLAY")
        os.environ["DISPLAY"] = self.display
        try:
            screenshot(self.tmp, name)
        finally:
            if old is None:
                os.environ.pop("DISPLAY", None)
            else:
                os.environ["DISPLAY"] = old

    def close(self) -> int | None:
        code = None
        if self.proc.poll() is None:
            self.key("Escape")
            try:
                code = self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.server.terminate()
        self.server.wait(timeout=10)
        return code


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
        assert game.proc.wait(timeout=10) == 0
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
    game = Game(tmp_path, (1280, 800), "--demo", "--seed", "4",
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
