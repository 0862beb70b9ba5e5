"""Join a table from the title: the tables found nearby, an address and a code typed, the table opens once the
host starts; refusals are said on the screen (headless, against a real host on 127.0.0.1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.net.net_support import CODE, open_table, seat_bot
from tests.ui_support import drawn_text_boxes, key, make_app, run_until, top_name
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


@pytest.mark.parametrize("scale, language, words", [
    (1.5, "en", "started"), (1.5, "de", "started"), (2.0, "de", "started"), (1.5, "de", "protocol-newer"),
    (1.5, "de", "hostile")])
def test_a_long_refusal_is_wrapped_whole_above_the_buttons_in_a_small_window(
        monkeypatch: pytest.MonkeyPatch, scale: float, language: str, words: str) -> None:
    """The host's answer when the game has started (and other long refusals) reads whole on the Join screen
    at 1024×600 (the window 1008×504) at a large interface size: on as many lines as it needs, every one
    inside the window, and Join and Back stay whole below it."""

    from thirtyone.net.refusals import MAX_SHOWN_CHARS, refusal_text
    from thirtyone.ui.screens import join_table

    drawn = drawn_text_boxes(monkeypatch, join_table)
    set_language(language)
    try:
        app = make_app((1008, 504), language=language, ui_scale=scale)
        scene = JoinTableScene(app.ctx, "Zed")
        scene._close_browser()
        scene.browser = _Nearby([FoundTable("Ann's table", "ws://192.168.1.5:8765", 1, 2)])
        app.apply(Push(scene))
        if words == "hostile":  # a host's own words, as long as a client shows them
            problem = refusal_text({"reason": " ".join(["Verbindung"] * 40)})
            assert len(problem) >= MAX_SHOWN_CHARS - 1
        else:
            problem = refusal_text({"key": words, "args": {"host": 9, "client": 8}, "reason": words})
        scene.problem = problem
        app.frame([], 0.6)
        drawn.clear()
        app.draw(app.screen)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / f"join_table_refusal_{words}_1008x504_{int(scale * 100)}_{language}.png"))
        screen = app.screen.get_rect()
        buttons = [pygame.Rect(*button.box.rounded()) for button in (scene.join_button, scene.back_button)]
        assert all(screen.contains(button) for button in buttons), buttons
        first = next(i for i, (text, _r) in enumerate(drawn) if problem.startswith(text) and len(text) > 8)
        lines = drawn[first:first + len([t for t, _r in drawn[first:] if t and t in problem])]
        shown = " ".join(text for text, _r in lines)
        if words != "hostile":
            assert shown == problem, (shown, problem)
        else:  # as much as fits, and nothing of it under the buttons
            assert shown.rstrip("…").split(" ")[:-1] == problem.split(" ")[:len(shown.split(" ")) - 1]
        for _text, r in lines:
            assert screen.contains(r), r
            assert not any(r.colliderect(button) for button in buttons), (r, buttons)
    finally:
        set_language("en")


def _join_in_a_window(url: str, paths: Any) -> Any:
    """A headless window that joins ``url`` from the title's Join screen as "Zed"; the app once the table is open."""
    app = make_app((1280, 720))
    app.ctx.data_paths = paths
    scene = JoinTableScene(app.ctx, "Zed")
    scene._close_browser()
    app.apply(Push(scene))
    scene.address.text, scene.code.text = url, CODE
    app.frame([key(pygame.K_RETURN)], 0.05)
    assert run_until(app, lambda: top_name(app) == "table", max_frames=400, wall_s=20), scene.problem
    return app


def test_a_player_who_joined_in_the_window_and_crashed_rejoins_the_same_seat_with_the_same_hand(tmp_path: Path) -> None:
    from thirtyone.storage.paths import StoragePaths
    paths = StoragePaths.portable(tmp_path)
    host = open_table("classic", ["remote", "remote", "sharp"], grace_s=60)
    other = None
    apps = []
    try:
        other = seat_bot(host, 1, start=False)  # seated, so the game starts; it never plays (the table waits)
        first = _join_in_a_window(host.url, paths)
        apps.append(first)
        table = first.stack[-1]
        seat = table.session.viewer
        hand = host.match.state.hands[seat]
        # The window dies: no goodbye, no closing of its session (a crash or a kill).
        table.session._closed.set()
        table.session.client.drop()
        table.session._reader.join(10)
        second = _join_in_a_window(host.url, paths)
        apps.append(second)
        rejoined = second.stack[-1].session
        assert rejoined.viewer == seat and rejoined.names[seat] == "Zed"
        assert rejoined.observation().hand == hand == host.match.state.hands[seat]
        assert host.seating.slots[seat].connected
    finally:
        for app in apps:
            for scene in app.stack:
                scene.shutdown()
        if other is not None:
            other.client.close()
        host.stop()
