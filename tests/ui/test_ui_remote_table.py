"""The window at a table hosted elsewhere: the table scene drives a ``NetworkSession`` against a real host on
127.0.0.1 and a human plays a whole game by keys (headless)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.net.net_support import CODE, open_table
from tests.ui_support import make_app, run_until, step_game, top_name
from thirtyone.i18n import set_language
from thirtyone.net.client import TableClient
from thirtyone.net.session import NetworkSession
from thirtyone.ui.table.remote_setup import setup_of
from thirtyone.ui.app import App
from thirtyone.ui.scene import Push
from thirtyone.ui.table.scene import TableScene

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "net"


def _remote_table(size: tuple[int, int], preset: str = "london", language: str = "en") -> tuple[Any, App, Any]:
    host = open_table(preset, ["remote", "sharp", "casual"], seed=5)
    client = TableClient(host.url, CODE, name="Ann", seat=0)
    client.connect()
    session = NetworkSession(client)
    app = make_app(size, language=language)
    table = TableScene(app.ctx, setup_of(session, preset), session)
    app.apply(Push(table))
    return host, app, table


def test_a_human_plays_a_whole_remote_game_in_the_window_by_keys() -> None:
    host, app, table = _remote_table((1280, 720))
    try:
        assert table.session.names[0] == "Ann" and table.kinds[1] != ""  # the host's bots show their level
        done = run_until(app, lambda: host.wait(0) and table.session.is_over and top_name(app) != "round_end",
                         max_frames=20000, dt=0.05, wall_s=90, step=step_game)
        assert done
        for _ in range(5):
            app.frame([], 0.05)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / "remote_table_game_over_1280x720_en.png"))
        assert table.message.startswith("Game over: ")
    finally:
        table.session.close()
        host.stop()
    match = host.match
    assert match.is_over and table.seen.winner == match.winner
    assert table.seen.tokens == match.state.tokens


@pytest.mark.parametrize("size, language", [((1024, 600), "en"), ((1920, 1080), "de")])
def test_screenshot_of_a_remote_table(size: tuple[int, int], language: str) -> None:
    set_language(language)
    try:
        host, app, table = _remote_table(size, language=language)
        try:
            run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, max_frames=400, wall_s=20)
            app.frame([], 0.05)
            SHOTS.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(SHOTS / f"remote_table_{size[0]}x{size[1]}_{language}.png"))
            assert table.input.obs is not None
        finally:
            table.session.close()
            host.stop()
    finally:
        set_language("en")
