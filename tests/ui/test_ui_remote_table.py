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
from thirtyone.ui.screens.remote_over import RemoteGameOverScene
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


def test_a_whole_remote_game_ends_on_a_game_over_screen_with_the_hosts_standings_and_back_to_the_title() -> None:
    host, app, table = _remote_table((1024, 600))
    try:
        done = run_until(app, lambda: top_name(app) == "remote_over", max_frames=20000, dt=0.05, wall_s=120,
                         step=step_game)
        assert done, f"the table stayed on {top_name(app)!r} after the game"
        over = app.stack[-1]
        assert isinstance(over, RemoteGameOverScene)
        app.frame([], 0.05)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / "remote_game_over_played_1024x600_en.png"))
    finally:
        table.session.close()
        host.stop()
    match = host.match
    assert match is not None and match.is_over
    names = match.state.names
    assert [(row[1], row[2]) for row in over.ending.standings][0] == (match.winner, names[match.winner])
    assert {row[1] for row in over.ending.standings} == set(range(len(names)))
    lines = over.spoken_focus
    assert all(name in lines for name in names)
    for _ in range(10):  # a stray key at the last move is ignored for a moment; then Enter goes back
        app.frame([], 0.05)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")], 0.016)
    assert top_name(app) == "title"


def test_a_table_the_host_closed_says_why_on_its_end_screen() -> None:
    host, app, table = _remote_table((1024, 600))
    try:
        run_until(app, lambda: table.input.obs is not None, max_frames=400, wall_s=20)
        host.stop()
        assert run_until(app, lambda: top_name(app) == "remote_over", max_frames=2000, dt=0.05, wall_s=60)
        over = app.stack[-1]
        assert isinstance(over, RemoteGameOverScene)
        assert not over.ending.played_out and over.headline()[0] == "The table closed"
    finally:
        table.session.close()


@pytest.mark.parametrize("size, language", [((1024, 600), "en"), ((1920, 1080), "de")])
def test_screenshot_of_the_remote_game_over(size: tuple[int, int], language: str) -> None:
    from thirtyone.session import Ending
    set_language(language)
    try:
        app = make_app(size, language=language)
        ending = Ending(True, "", ((1, 2, "Cy the Kid", 2), (2, 0, "Ann", 0), (3, 1, "Ben (sharp)", 0),
                                   (4, 3, "Dolores Winterbottom-Smythe", 0)))
        app.apply(Push(RemoteGameOverScene(app.ctx, ending, 0)))
        app.frame([], 0.05)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / f"remote_game_over_{size[0]}x{size[1]}_{language}.png"))
        over = app.stack[-1]
        assert isinstance(over, RemoteGameOverScene)
        assert over.headline()[0] == {"en": "You finished 2nd of 4", "de": "Du bist 2. von 4"}[language]
    finally:
        set_language("en")


def test_a_player_out_at_a_remote_table_is_offered_no_skip_or_new_game() -> None:
    """The host sets the pace and the next game: the out seat's line says so, and S or N change nothing."""
    from tests.session_support import ScriptedSession
    from thirtyone.model import PRESETS
    from thirtyone.ui.game_setup import GameSetup
    from thirtyone.ui.table.out import out_hint

    app = make_app((1024, 600))
    session = ScriptedSession(PRESETS["classic"].rules, ("You", "Ada", "Ben", "Cy"), seed=4)
    session.local = False
    session.state = session.state.evolve(tokens=(0,) + session.state.tokens[1:])
    table = TableScene(app.ctx, GameSetup.from_settings(app.ctx.settings, seed=4), session)
    app.apply(Push(table))
    for _ in range(5):
        app.frame([], 0.05)
    assert table.spectator.out
    hint = table.offers.hint()
    assert hint == out_hint(False) and "host" in hint and "new game" not in hint.lower()
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n")], 0.016)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")], 0.016)
    assert top_name(app) == "table" and not table.spectator.skipping


@pytest.mark.parametrize("size, language", [((1024, 600), "en"), ((1920, 1080), "de")])
def test_each_remote_seat_shows_its_connection_on_its_name_plate(size: tuple[int, int], language: str) -> None:
    """Connected: a green dot before the seat's label; dropped: amber and "offline"; a bot stands in: grey and "bot"."""
    from tests.session_support import ScriptedSession
    from thirtyone.model import PRESETS
    from thirtyone.session import CONNECTED, STAND_IN, WAITING
    from thirtyone.ui.game_setup import GameSetup
    from thirtyone.ui.table.layer import LINK_COLOURS, link_dot

    set_language(language)
    try:
        app = make_app(size, language=language)
        session = ScriptedSession(PRESETS["classic"].rules, ("You", "Ada", "Ben", "Cy"), seed=4)
        session.local = False
        session.links = {0: CONNECTED, 1: CONNECTED, 2: WAITING, 3: STAND_IN}
        table = TableScene(app.ctx, GameSetup.from_settings(app.ctx.settings, seed=4), session)
        app.apply(Push(table))
        assert run_until(app, lambda: table.input.obs is not None and not table.choreo.busy, 2000)
        app.frame([], 0.05)
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(SHOTS / f"remote_links_{size[0]}x{size[1]}_{language}.png"))
        for seat, link in session.links.items():
            x, y = link_dot(table.view, seat)
            assert tuple(app.screen.get_at((round(x), round(y))))[:3] == LINK_COLOURS[link], (seat, link)
        session.links[2] = CONNECTED  # Ben is back
        app.frame([], 0.05)
        x, y = link_dot(table.view, 2)
        assert tuple(app.screen.get_at((round(x), round(y))))[:3] == LINK_COLOURS[CONNECTED]
    finally:
        set_language("en")


def test_the_tables_frames_go_on_while_the_host_has_not_answered_its_players_move() -> None:
    from tests.net.net_support import HeldAnswers
    from tests.ui_support import key
    host = open_table("classic", ["remote", "sharp"], seed=3)  # Ann plays first
    client = TableClient(host.url, CODE, name="Ann", seat=0)
    client.connect()
    session = NetworkSession(client)
    app = make_app((1280, 720))
    table = TableScene(app.ctx, setup_of(session, "classic"), session)
    app.apply(Push(table))
    try:
        assert run_until(app, lambda: table.input.obs is not None and table.seen.phase.value == "turn",
                         max_frames=2000, dt=0.05, wall_s=30)
        held = HeldAnswers(host, hold_s=5.0)
        before = host.match.action_count
        app.frame([key(pygame.K_d)], 0.016)  # draw from the stock
        frames = 0
        while frames < 60:  # a second of frames, every one drawn while the host still holds the draw
            app.frame([key(pygame.K_d)], 0.016)  # pressed again: nothing is sent twice
            frames += 1
        assert host.match.action_count == before and table.sent is not None and table.input.obs is None
        held.release.set()
        assert run_until(app, lambda: table.seen.drawn is not None, max_frames=2000, dt=0.016, wall_s=10)
        assert host.match.action_count == before + 1 and table.sent is None
    finally:
        table.session.close()
        host.stop()
