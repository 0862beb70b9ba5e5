"""Hosting from the window: New game with a remote seat opens the table on the network, the lobby shows the code,
the addresses and the seats, a friend (a bot client here) joins, and the game is played in the window to the end."""

from __future__ import annotations

from typing import Any

import threading
import time
from pathlib import Path

import pygame
import pytest

from tests.ui_support import make_app, run_until, step_game, top_name
from thirtyone.bots import make_bot
from thirtyone.i18n import set_language
from thirtyone.model import PRESETS
from thirtyone.net.client import BotPlayer, TableClient
from thirtyone.ui.game_setup import GameSetup, SeatChoice
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.host_lobby import HostLobbyScene
from thirtyone.ui.screens.new_game import NewGameScene

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "net"


def _setup() -> GameSetup:
    rules = PRESETS["classic"].rules.replace(lives=1, honor_life=False)
    return GameSetup([SeatChoice("You", "human"), SeatChoice("Ben", "remote"), SeatChoice("Ada", "sharp")],
                     "classic", rules, 3)


def test_new_game_with_a_remote_seat_hosts_and_a_friend_joins_and_the_game_is_played_to_the_end() -> None:
    app = make_app((1280, 720))
    new_game = NewGameScene(app.ctx, _setup())
    app.apply(Push(new_game))
    assert new_game.validate(), new_game.error
    app.apply(new_game._open_table())
    lobby = app.stack[-1]
    assert isinstance(lobby, HostLobbyScene) and lobby.host is not None, getattr(lobby, "problem", "")
    host = lobby.host
    try:
        assert run_until(app, lambda: lobby.client is not None and lobby.client.lobby, max_frames=200, wall_s=10)
        assert any("waiting for a friend" in row for row in lobby._rows())
        friend = TableClient(f"ws://127.0.0.1:{host.port}", host.code, name="Ben")
        assert friend.connect()["seat"] == 1
        ends: list[dict[str, Any]] = []
        playing = threading.Thread(target=lambda: ends.append(BotPlayer(friend, make_bot("casual")).play(60)))
        playing.start()
        assert run_until(app, lambda: top_name(app) == "table", max_frames=400, wall_s=20)
        table = app.stack[-1]
        assert table.session.hosting  # type: ignore[attr-defined]  # quitting warns: it closes the table for everyone
        assert run_until(app, lambda: table.session.is_over and top_name(app) != "round_end",  # type: ignore[attr-defined]
                         max_frames=20000, wall_s=90, step=step_game)
        playing.join(30)
        assert ends and ends[0]["reason"] == "game-over"
        assert table.session.winner == host.match.winner  # type: ignore[attr-defined]
    finally:
        for scene in app.stack:
            scene.shutdown()
    assert not host._thread.is_alive()  # leaving the table closed it


def test_a_table_with_remote_seats_needs_exactly_one_human_here() -> None:
    app = make_app((1280, 720))
    setup = _setup()
    setup.seats.append(SeatChoice("Cy", "human"))
    new_game = NewGameScene(app.ctx, setup)
    app.apply(Push(new_game))
    assert not new_game.validate()
    assert "exactly one human" in new_game.error


def test_cancel_closes_the_table() -> None:
    app = make_app((1280, 720))
    lobby = HostLobbyScene(app.ctx, _setup())
    app.apply(Push(lobby))
    host = lobby.host
    assert host is not None
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 0.05)
    deadline = time.monotonic() + 10
    while host._thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not host._thread.is_alive()


@pytest.mark.parametrize("size, language", [((1024, 600), "en"), ((1920, 1080), "de")])
def test_screenshot_of_the_lobby(size: tuple[int, int], language: str) -> None:
    set_language(language)
    app = make_app(size, language=language)
    lobby = HostLobbyScene(app.ctx, _setup())
    try:
        app.apply(Push(lobby))
        run_until(app, lambda: lobby.client is not None and bool(lobby.client.lobby), max_frames=200, wall_s=10)
        app.frame([], 0.05)
        app.draw(app.screen)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / f"host_lobby_{size[0]}x{size[1]}_{language}.png"))
        assert len(lobby._rows()) == 3
    finally:
        lobby.shutdown()
        if lobby.client is not None:
            lobby.client.close()
        lobby._close_table()
        set_language("en")


def test_a_table_hosted_from_the_window_keeps_its_game_and_opens_it_again_for_everyone(tmp_path: Path) -> None:
    """Like ``thirtyone serve``: the host's game in progress is kept after every action in the data folder;
    the next table this window opens is that game again, with its code, and the host and its friend rejoin."""
    from thirtyone.model.record import GameRecord
    from thirtyone.storage import StoragePaths

    paths = StoragePaths.portable(tmp_path)
    app = make_app((1280, 720))
    app.ctx.data_paths = paths
    lobby = HostLobbyScene(app.ctx, _setup())
    app.apply(Push(lobby))
    host = lobby.host
    assert host is not None and not lobby.resumed
    saved = paths.data_dir / "hosted_game.json"
    try:
        assert run_until(app, lambda: lobby.client is not None and lobby.client.lobby, max_frames=200, wall_s=10)
        friend = TableClient(f"ws://127.0.0.1:{host.port}", host.code, name="Ben")
        assert friend.connect()["seat"] == 1  # Ben takes his seat and then never moves: the game stops at his turn
        assert run_until(app, lambda: top_name(app) == "table", max_frames=400, wall_s=20)
        assert run_until(app, lambda: saved.is_file() and host.match is not None and host.match.action_count >= 1,
                         max_frames=2000, wall_s=30, step=step_game)
        time.sleep(0.3)  # the autosave is written on the host's own thread
    finally:
        for scene in app.stack:
            scene.shutdown()  # the host leaves: the table closes for everyone
        friend.close()
    kept = GameRecord.from_file(saved)
    net = kept.meta["net"]
    assert net["code"] == host.code and net["own_seat"] == 0 and net["tokens"][1] == friend.token
    moves = len(kept.actions)
    assert moves >= 1

    again = make_app((1280, 720))
    again.ctx.data_paths = paths
    lobby = HostLobbyScene(again.ctx, _setup())
    again.apply(Push(lobby))
    reopened = lobby.host
    assert reopened is not None and lobby.resumed and reopened.code == host.code
    try:
        back = TableClient(f"ws://127.0.0.1:{reopened.port}", reopened.code, seat=1, token=friend.token)
        assert back.connect()["seat"] == 1  # Ben's token still holds his seat
        assert run_until(again, lambda: top_name(again) == "table", max_frames=400, wall_s=20)
        table = again.stack[-1]
        assert table.session.action_count >= moves  # type: ignore[attr-defined]
        assert table.session.names[0] == kept.seats[0].name  # type: ignore[attr-defined]
        back.close()
    finally:
        for scene in again.stack:
            scene.shutdown()


MIA_BEN_ADA = GameSetup([SeatChoice("Mia", "human"), SeatChoice("Ben", "remote"), SeatChoice("Ada", "sharp")],
                        "classic", PRESETS["classic"].rules, 3)
"""A table hosted by Mia with one remote seat (Ben on New game) and a bot."""


def _hosted_with_friend(app: Any, setup: GameSetup) -> tuple[Any, TableClient]:
    """The lobby's host, once a friend named Benno has joined and the table is open in the window."""
    lobby = HostLobbyScene(app.ctx, setup)
    app.apply(Push(lobby))
    host = lobby.host
    try:
        assert run_until(app, lambda: lobby.client is not None and lobby.client.lobby, max_frames=200, wall_s=10)
        friend = TableClient(f"ws://127.0.0.1:{host.port}", host.code, name="Benno")
        friend.connect()
        assert run_until(app, lambda: top_name(app) == "table", max_frames=400, wall_s=20)
    except BaseException:
        host.stop()
        raise
    return host, friend


def test_a_hosted_table_keeps_the_names_given_on_new_game() -> None:
    app = make_app((1280, 720))
    host, friend = _hosted_with_friend(app, MIA_BEN_ADA)
    try:
        assert host.match.names == ("Mia", "Benno", "Ada")
        assert app.stack[-1].session.names == ("Mia", "Benno", "Ada")  # type: ignore[attr-defined]
    finally:
        for scene in app.stack:
            scene.shutdown()
        friend.close()
        host.stop()


def test_quitting_a_table_hosted_here_asks_first_and_the_title_reopens_it(tmp_path: Path) -> None:
    from thirtyone.storage.paths import StoragePaths
    from thirtyone.ui.screens.pause import PauseScene
    app = make_app((1280, 720))
    app.ctx.data_paths = StoragePaths.portable(tmp_path)
    hosts = []
    host, joined = _hosted_with_friend(app, MIA_BEN_ADA)
    friend: TableClient | None = joined
    try:
        app.apply(Push(PauseScene(app.ctx, app.stack[-1])))  # type: ignore[arg-type]
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0)], 0.05)
        pause = app.stack[-1]
        assert isinstance(pause, PauseScene) and "closes it for everyone" in pause.warning
        assert not host.wait(0)
        app.draw(app.screen)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / "pause_quit_hosted_1280x720_en.png"))
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0)], 0.05)
        assert top_name(app) == "title"
        assert host.wait(10) and host.quit_by_host
        code, token = host.code, friend.token
        friend.close()
        friend = None
        title = app.stack[-1]
        reopen = next(button for button in title.buttons if button.label == "Reopen your table")  # type: ignore[attr-defined]
        app.apply(reopen.on_click())
        again = app.stack[-1]
        assert isinstance(again, HostLobbyScene) and again.resumed and again.host is not None
        hosts.append(again.host)
        assert again.host.code == code
        friend = TableClient(f"ws://127.0.0.1:{again.host.port}", code, name="Benno", seat=1, token=token)
        assert friend.connect()["seat"] == 1
        assert run_until(app, lambda: top_name(app) == "table", max_frames=400, wall_s=20)
        assert app.stack[-1].session.names == ("Mia", "Benno", "Ada")  # type: ignore[attr-defined]
    finally:
        for scene in app.stack:
            scene.shutdown()
        if friend is not None:
            friend.close()
        host.stop()
        for other in hosts:
            other.stop()
