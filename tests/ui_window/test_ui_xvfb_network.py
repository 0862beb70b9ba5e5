"""Two real windows under X play one game over the network: one hosts (New game with a remote seat),
the other joins (``thirtyone join URL --code CODE``); both players act by keys. The end is read by a
spectator connected to the host."""

from __future__ import annotations

import re
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.waiting import wait_for
from tests.xvfb_support import Game, needs_xvfb, title_button_centre

pytestmark = pytest.mark.xvfb
SIZE = (1024, 600)
FAST = {"THIRTYONE_TEST_FAST": "1", "THIRTYONE_WINDOW_SIZE": f"{SIZE[0]}x{SIZE[1]}"}
SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "net"


def _clicks_to_make_seat_two_remote() -> list[tuple[int, int]]:
    """Where to click on New game to turn seat 2 into a remote player (the left half of its type, as often as
    needed), then Start: worked out on a headless copy of the same screen at the same size."""
    import pygame
    import tests.ui_support  # noqa: F401  (the dummy video driver in this process)
    from thirtyone.net.seating import REMOTE
    from thirtyone.storage.settings import Settings
    from thirtyone.ui.app import App
    from thirtyone.ui.game_setup import GameSetup
    from thirtyone.ui.screens.new_game import NewGameScene
    app = App(Settings(), SIZE, fast=True)
    scene = NewGameScene(app.ctx, GameSetup.default(True))
    scene.draw(pygame.Surface(SIZE))
    values = [value for value, _label in scene.kinds]
    steps = values.index(scene.types[1].value) - values.index(REMOTE)
    kind = scene.types[1].box
    return ([(round(kind.x + kind.w * 0.2), round(kind.y + kind.h / 2))] * steps
            + [tuple(round(v) for v in scene.start.box.center)])  # type: ignore[list-item]


def _play_by_keys(game: Game) -> None:
    """One step of a simple player: go on after a round, else knock, or draw and throw the first card
    (a knock ends the round after one more turn each: with one life, that ends the game)."""
    scene = game.scene()
    if scene == "round_end":
        game.key("Return")
    elif scene == "table":
        game.key("k", "Return", "d", "1", "Return", pause_s=0.15)  # K arms the knock, Enter knocks


@needs_xvfb
def test_two_windows_play_a_game_over_the_network_one_hosting_one_joining(tmp_path: Path) -> None:
    from thirtyone.net.client import TableClient
    clicks = _clicks_to_make_seat_two_remote()
    for who in ("host", "join"):
        (tmp_path / who).mkdir()
    with Game(tmp_path / "host", (SIZE[0] + 100, SIZE[1] + 100), env=FAST) as host:
        assert host.wait_scene("title")
        time.sleep(0.3)
        host.click(*title_button_centre(host.size(), "New game"))
        assert host.wait_scene("new_game"), host.scene()
        time.sleep(0.5)
        for x, y in clicks:
            host.click(x, y)
            time.sleep(0.2)
        if not host.wait_scene("host_lobby"):
            host.shot("new-game-stuck")
            shutil.copy(tmp_path / "host" / "new-game-stuck.png", SHOTS / "xvfb_new_game_stuck.png")
            raise AssertionError(f"{host.scene()} after clicks at {clicks}")
        log = host.data / "logs" / "thirtyone.log"
        found = wait_for(lambda: log.exists() and re.search(r"table open at ws://[^:]+:(\d+).* join code (\S+)",
                                                            log.read_text()), 20)
        assert found, "the host did not say where its table is"
        port, code = found.group(1), found.group(2)
        url = f"ws://127.0.0.1:{port}"
        host.shot("host-lobby")
        ends: list[dict[str, Any]] = []
        watcher = TableClient(url, code, spectate=True)
        watcher.connect()

        def watch() -> None:
            while watcher.end is None and watcher.receive(120) is not None:
                pass
            if watcher.end is not None:
                ends.append(watcher.end)

        watching = threading.Thread(target=watch, daemon=True)
        watching.start()
        with Game(tmp_path / "join", (SIZE[0] + 100, SIZE[1] + 100), "join", url, "--code", code, "--name", "Bo",
                  env=FAST) as joiner:
            assert host.wait_scene("table", 30) and joiner.wait_scene("table", 30), (host.scene(), joiner.scene())
            for game in (host, joiner):  # a click on the log gives the window the keyboard (no window manager here)
                w, h = game.size()
                game.click(w * 0.92, h * 0.6)
            time.sleep(0.5)
            host.shot("host-table")
            joiner.shot("join-table")
            deadline = time.monotonic() + 150
            shot_at = time.monotonic() + 3
            while not ends and time.monotonic() < deadline:
                _play_by_keys(host)
                _play_by_keys(joiner)
                if shot_at and time.monotonic() > shot_at:
                    shot_at = 0.0
                    host.shot("host-playing")
                    joiner.shot("join-playing")
            assert ends, "the game did not end"
            time.sleep(1.0)
            host.shot("host-end")
            joiner.shot("join-end")
    assert ends[0]["reason"] == "game-over"
    assert sorted(row["name"] for row in ends[0]["standings"]) == sorted(["Bo", "Host"])
    SHOTS.mkdir(parents=True, exist_ok=True)
    for who in ("host", "join"):
        for name in (tmp_path / who).glob("*.png"):
            shutil.copy(name, SHOTS / f"xvfb_{who}_{name.name}")
