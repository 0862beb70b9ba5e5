"""Join a table from the title: the tables found nearby, an address and a code typed, the table opens once the
host starts; refusals are said on the screen (headless, against a real host on 127.0.0.1)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.net.net_support import CODE, open_table
from tests.ui_support import key, make_app, run_until, top_name
from thirtyone.i18n import set_language
from thirtyone.net.discovery import FoundTable
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.join_table import JoinTableScene
from thirtyone.ui.screens.title import TitleScene

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "net"


class _Nearby:
    """Stands in for the mDNS browser (the test machine's network may have no multicast)."""

    def __init__(self, tables: list[FoundTable]) -> None:
        self.found = tables

    def tables(self) -> list[FoundTable]:
        return self.found

    def close(self) -> None:
        pass


def _type(text: str) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.TEXTINPUT, text=text)]


def test_join_from_the_title_picks_a_found_table_and_opens_its_table_when_the_game_starts() -> None:
    host = open_table("classic", ["remote", "sharp"])
    app = make_app((1280, 720))
    try:
        app.apply(Push(TitleScene(app.ctx)))
        app.frame([key(pygame.K_j)], 0.05)
        assert top_name(app) == "join_table"
        scene = app.stack[-1]
        assert isinstance(scene, JoinTableScene)
        scene._close_browser()
        scene.browser = _Nearby([FoundTable("Ann's table", host.url, 1, 1)])
        scene._refresh_s = 0
        app.frame([], 0.05)
        assert len(scene.table_buttons) == 1
        app.draw(app.screen)
        picked = scene.table_buttons[0].box.center
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=picked, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=picked, button=1)], 0.05)
        assert scene.address.text == host.url and scene.code.focused
        app.frame(_type(CODE.lower()) + [key(pygame.K_TAB)] + _type("Zed"), 0.05)
        app.frame([key(pygame.K_RETURN)], 0.05)
        assert run_until(app, lambda: top_name(app) == "table", max_frames=400, wall_s=20)
        table = app.stack[-1]
        assert table.session.names[0] == "Zed" and table.session.viewer == 0  # type: ignore[attr-defined]
    finally:
        for scene in app.stack:
            scene.shutdown()
        host.stop()


def test_a_wrong_code_or_address_is_said_on_the_join_screen() -> None:
    host = open_table("classic", ["remote", "sharp"])
    app = make_app((1280, 720))
    try:
        scene = JoinTableScene(app.ctx)
        scene._close_browser()
        app.apply(Push(scene))
        scene.address.text, scene.code.text = "192.168.1.5", CODE
        app.frame([key(pygame.K_RETURN)], 0.05)
        assert "is not a table address" in scene.problem
        scene.address.text, scene.code.text = host.url, "AAA-AAA"
        app.frame([key(pygame.K_RETURN)], 0.05)
        assert run_until(app, lambda: scene.problem != "", max_frames=200, wall_s=10)
        assert scene.problem == "wrong join code" and top_name(app) == "join_table"
    finally:
        host.stop()


@pytest.mark.parametrize("size, language", [((1024, 600), "en"), ((1920, 1080), "de")])
def test_screenshot_of_the_join_screen(size: tuple[int, int], language: str) -> None:
    set_language(language)
    try:
        app = make_app(size, language=language)
        scene = JoinTableScene(app.ctx, "Zed")
        scene._close_browser()
        scene.browser = _Nearby([FoundTable("Ann's table", "ws://192.168.1.5:8765", 1, 2),
                                 FoundTable("thirtyone table 8765", "wss://192.168.1.9:8765", 1, 1)])
        app.apply(Push(scene))
        scene.address.text, scene.code.text = "ws://192.168.1.5:8765", "KX4-TRM"
        scene.status = "Joined. Waiting for the host to start the game…" if language == "en" else \
            "Beigetreten. Warten, bis der Gastgeber das Spiel beginnt …"
        app.frame([], 0.6)
        app.draw(app.screen)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / f"join_table_{size[0]}x{size[1]}_{language}.png"))
        assert len(scene.table_buttons) == 2
    finally:
        set_language("en")
