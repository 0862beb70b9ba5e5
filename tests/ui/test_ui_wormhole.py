"""Inviting over the internet from the window: the host lobby shows a wormhole code, the Join screen takes one.

Headless, through a local mailbox server and transit relay (tests/net/wormhole_support.py), named to the
game through its environment variables.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.net.net_support import open_table
from tests.net.wormhole_support import relays  # noqa: F401 - the fixture
from tests.ui_support import click, drawn_text_boxes, key, make_app, run_until, top_name
from thirtyone.bots import make_bot
from thirtyone.i18n import set_language
from thirtyone.model import PRESETS
from thirtyone.net.client import BotPlayer, TableClient
from thirtyone.net.wormhole_invite import MAILBOX_ENV, TRANSIT_ENV, invite_line
from thirtyone.net.wormhole_link import host_invite, join_tunnel
from thirtyone.ui.game_setup import GameSetup, SeatChoice
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.host_lobby import HostLobbyScene
from thirtyone.ui.screens import wormhole_invites
from thirtyone.ui.screens.join_table import JoinTableScene

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "net"


@pytest.fixture
def local_relays(relays, monkeypatch):  # noqa: F811
    monkeypatch.setenv(MAILBOX_ENV, relays.mailbox)
    monkeypatch.setenv(TRANSIT_ENV, relays.transit)
    return relays


def _setup() -> GameSetup:
    rules = PRESETS["classic"].rules.replace(lives=1, honor_life=False)
    return GameSetup([SeatChoice("You", "human"), SeatChoice("Ben", "remote"), SeatChoice("Ada", "sharp")],
                     "classic", rules, 3)


@pytest.mark.parametrize("size, language", [((1024, 600), "en"), ((1024, 600), "de")])
def test_invite_over_the_internet_shows_a_code_a_friend_joins_with(local_relays, monkeypatch, size,
                                                                    language) -> None:
    set_language(language)
    app = make_app(size, language=language)
    lobby = HostLobbyScene(app.ctx, _setup())
    links: list[Any] = []
    ends: list[dict[str, Any]] = []
    try:
        app.apply(Push(lobby))
        assert run_until(app, lambda: lobby.client is not None and bool(lobby.client.lobby), max_frames=200, wall_s=10)
        app.frame([key(pygame.K_i, "i")], 0.05)
        assert run_until(app, lambda: lobby.invites.newest.state == "code", max_frames=2000, wall_s=60)
        code = lobby.invites.newest.code
        drawn = drawn_text_boxes(monkeypatch, wormhole_invites)
        app.draw(app.screen)
        texts = [text for text, _box in drawn]
        assert code in texts and invite_line(code) in texts  # the code large, and the line a friend types
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / f"host_lobby_wormhole_{size[0]}x{size[1]}_{language}.png"))
        assert lobby.invites.copy_button.enabled
        link = join_tunnel(code, local_relays)
        links.append(link)
        friend = TableClient(f"ws://127.0.0.1:{link.port}", link.table_code, name="Ben")
        assert friend.connect()["seat"] == 1
        playing = threading.Thread(target=lambda: ends.append(BotPlayer(friend, make_bot("casual")).play(60)))
        playing.start()
        assert run_until(app, lambda: top_name(app) == "table", max_frames=2000, wall_s=30)
        playing.join(0.1)
    finally:
        for scene in app.stack:
            scene.shutdown()
        if lobby.client is not None:
            lobby.client.close()
        lobby._close_table()
        for link in links:
            link.close()
        set_language("en")


def test_the_join_screen_takes_a_wormhole_code_instead_of_an_address(local_relays) -> None:
    host = open_table("classic", ["remote", "sharp"])
    invite = host_invite(host.port, host.code, local_relays)
    app = make_app((1024, 600))
    try:
        invite.wait_for("code", 60)
        scene = JoinTableScene(app.ctx, "Zed")
        scene._close_browser()
        app.apply(Push(scene))
        app.draw(app.screen)
        app.frame(click(scene.address.box.center), 0.05)
        app.frame([pygame.event.Event(pygame.TEXTINPUT, text=invite.code.upper().replace("-", " "))], 0.05)
        app.frame([key(pygame.K_RETURN)], 0.05)
        assert scene.status.startswith("Opening the wormhole") and scene.problem == ""
        assert run_until(app, lambda: top_name(app) == "table", max_frames=4000, wall_s=60), scene.problem
        table = app.stack[-1]
        assert table.session.names[0] == "Zed" and table.session.viewer == 0  # type: ignore[attr-defined]
    finally:
        for one in app.stack:
            one.shutdown()
        host.stop()
        invite.close()


def test_a_wrong_wormhole_code_is_said_on_the_join_screen(local_relays) -> None:
    invite = host_invite(1, "KX4-TRM", local_relays)
    app = make_app((1024, 600))
    try:
        invite.wait_for("code", 60)
        scene = JoinTableScene(app.ctx)
        scene._close_browser()
        app.apply(Push(scene))
        scene.address.text = invite.code.split("-")[0] + "-wrong-guess"
        app.frame([key(pygame.K_RETURN)], 0.05)
        assert run_until(app, lambda: scene.problem != "", max_frames=4000, wall_s=60)
        assert scene.problem == "The wormhole code did not match: check it with your host (each code works once)."
    finally:
        invite.close()
