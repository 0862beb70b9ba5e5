"""A player who joined a table hosted elsewhere (the title's Join a table, headless, against a real host on
127.0.0.1): the final round's showdown reaches its screen before the game over, and its profile keeps the game,
a seat record of only what its seat saw, that the Review list opens, counted once in its statistics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from tests.net.net_support import CARD, CODE, leaks, open_table
from tests.ui_support import key, make_app, run_until, step_game, top_name
from thirtyone.model.seat_record import SeatRecord
from thirtyone.net.codec import cards, event_data
from thirtyone.storage import StoragePaths, load_stats
from thirtyone.storage.saves import archived_games
from thirtyone.storage.seat_games import PROGRESS_PREFIX, progress_file
from thirtyone.storage.stats import summarize_game
from thirtyone.ui.bridge.storage import StorageBridge
from thirtyone.ui.scene import Push
from thirtyone.ui.screens.join_table import JoinTableScene
from thirtyone.ui.screens.review_list import GameListScene
from thirtyone.ui.screens.seat_review import SeatReviewScene
from thirtyone.ui.table import round_end


def _join_and_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drop_at: int | None = None
                   ) -> tuple[Any, Any, StorageBridge, list[tuple[str, Any]]]:
    """Join from the Join screen as "Zed" with the player's files in ``tmp_path`` and play to the game over
    (dropping the connection once at action ``drop_at``); the host, app, bridge and the screens shown in order."""
    shown: list[tuple[str, Any]] = []
    real = round_end.RoundEndScene.__init__

    def spy(self: Any, ctx: Any, result: Any, *args: Any, **kwargs: Any) -> None:
        shown.append(("round_end", result))
        real(self, ctx, result, *args, **kwargs)
    monkeypatch.setattr(round_end.RoundEndScene, "__init__", spy)
    host = open_table("classic", ["remote", "sharp", "casual"], seed=5)
    app = make_app((1280, 720))
    bridge = StorageBridge(StoragePaths.portable(tmp_path), app.ctx.settings)
    bridge.install(app)
    scene = JoinTableScene(app.ctx, "Zed")
    scene._close_browser()
    app.apply(Push(scene))
    scene.address.text, scene.code.text = host.url, CODE
    app.frame([key(pygame.K_RETURN)], 0.05)
    assert run_until(app, lambda: top_name(app) == "table", max_frames=400, wall_s=20), scene.problem
    table: Any = app.stack[-1]
    dropped: list[int] = []

    def over() -> bool:
        if drop_at is not None and not dropped and table.session.action_count >= drop_at:
            dropped.append(table.session.action_count)
            table.session.client.drop()
        if top_name(app) == "remote_over" and (not shown or shown[-1][0] != "remote_over"):
            shown.append(("remote_over", None))
        return top_name(app) == "remote_over"
    try:
        assert run_until(app, over, max_frames=40000, dt=0.05, wall_s=240, step=step_game)
    finally:
        table.session.close()
        host.stop()
    assert drop_at is None or dropped
    bridge.network_games.flush()
    return host, app, bridge, shown


def _frames_of(record_text: str, final_number: int) -> list[str]:
    """The record file as the frames ``leaks`` checks: each step at its action number, the rest at the end."""
    data = json.loads(record_text)
    frames = [json.dumps({"type": "state", **step, "action_number": step["number"]}) for step in data.pop("steps")]
    return frames + [json.dumps({"type": "state", "action_number": final_number, **data})]


def test_the_joiner_sees_the_last_showdown_and_keeps_the_game_with_no_hidden_card(tmp_path: Path,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    host, app, bridge, shown = _join_and_play(tmp_path, monkeypatch)
    match = host.match
    last = match.state.results[-1]
    # The round that ended the game is shown before the game over, with every hand the rules turned face up.
    assert [name for name, _ in shown[-2:]] == ["round_end", "remote_over"]
    final = shown[-2][1]
    assert final.round_number == last.round_number
    assert [cards(hand) for hand in final.hands] == [cards(hand) for hand in last.hands]
    assert final.lives_lost == last.lives_lost

    files = archived_games(StoragePaths.portable(tmp_path))
    assert len(files) == 1
    assert not list(StoragePaths.portable(tmp_path).data_dir.glob(f"{PROGRESS_PREFIX}*"))  # kept meanwhile, gone now
    text = files[0].read_text(encoding="utf-8")
    record = SeatRecord.from_file(files[0])
    seat = record.seat
    assert record.seats[seat].name == "Zed" and record.seats[seat].player == "human"
    assert [result["round_number"] for result in record.results] == [r.round_number for r in match.state.results]
    assert record.results[-1]["hands"] == [cards(hand) for hand in last.hands]
    # Every card in the file against what the seat could see when it was sent: none hidden.
    found = leaks(match.record, seat, _frames_of(text, match.action_count))
    assert found == []
    assert len(set(CARD.findall(text))) > 20  # the check looked at cards

    stats, _notice = load_stats(StoragePaths.portable(tmp_path))
    assert stats.overall.games_played == 1 and stats.history[-1].network
    from thirtyone.ui.screens.statistics import stat_lines
    assert stat_lines(stats.overall, list(stats.history))[-1][0] == "Last game (network table)"  # the Statistics screen
    assert stats.overall.games_won == (match.winner == seat)
    # Counted as the same game played here would be, from the host's whole record, seen from this seat.
    local = summarize_game(match.record, human_seats=(seat,), events=match.events)
    counted = stats.history[-1]
    assert ((counted.place, counted.players, counted.rounds, counted.won, counted.knocks, counted.knocks_lost,
             counted.thirty_ones, counted.lives_lost)
            == (local.place, local.players, local.rounds, local.won, local.knocks, local.knocks_lost,
                local.thirty_ones, local.lives_lost))

    listing = GameListScene(app.ctx, files)
    try:
        opened = listing.open(0)
        assert listing.message == "" and isinstance(opened, Push) and isinstance(opened.scene, SeatReviewScene)
        review = opened.scene
        app.apply(opened)
        app.frame([], 0.05)
        assert review.hand_line().startswith("Your cards: ") and review.log_lines()
        review.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))
        assert review.position < len(review.events)
    finally:
        listing.shutdown()


def test_a_joiner_who_drops_and_comes_back_keeps_one_record_counted_once(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    host, _app, bridge, _shown = _join_and_play(tmp_path, monkeypatch, drop_at=12)
    paths = StoragePaths.portable(tmp_path)
    files = archived_games(paths)
    assert len(files) == 1
    record = SeatRecord.from_file(files[0])
    assert leaks(host.match.record, record.seat, _frames_of(files[0].read_text(encoding="utf-8"),
                                                            host.match.action_count)) == []
    bridge.network_games.keep(record)  # handed over again (a second window with the same seat): still one
    bridge.network_games.flush()
    assert len(archived_games(paths)) == 1
    assert load_stats(paths)[0].overall.games_played == 1


def _window(tmp_path: Path, url: str) -> tuple[Any, StorageBridge]:
    """A headless window with the player's files in ``tmp_path`` that joined ``url`` as "Zed" (the seat kept
    for that code and name, if any); the app (at the table) and its bridge."""
    app = make_app((1280, 720))
    bridge = StorageBridge(StoragePaths.portable(tmp_path), app.ctx.settings)
    bridge.install(app)
    scene = JoinTableScene(app.ctx, "Zed")
    scene._close_browser()
    app.apply(Push(scene))
    scene.address.text, scene.code.text = url, CODE
    app.frame([key(pygame.K_RETURN)], 0.05)
    assert run_until(app, lambda: top_name(app) == "table", max_frames=400, wall_s=20), scene.problem
    return app, bridge


def test_a_joiner_who_crashed_and_rejoined_keeps_one_record_with_the_round_it_came_back_to(tmp_path: Path) -> None:
    host = open_table("classic", ["remote", "sharp", "casual"], seed=5, grace_s=60)
    apps = []
    try:
        first, first_bridge = _window(tmp_path, host.url)
        apps.append(first)
        table: Any = first.stack[-1]
        assert run_until(first, lambda: table.session.observation().round_number >= 3 and top_name(first) == "table",
                         max_frames=8000, wall_s=60, step=step_game)
        table.session._closed.set()  # the window dies: no goodbye (a crash or a kill)
        table.session.client.drop()
        table.session._reader.join(10)
        first_bridge.network_games.flush()  # what it wrote at the rounds' ends before it died
        assert progress_file(StoragePaths.portable(tmp_path), table.session._recorder.game).exists()
        second, bridge = _window(tmp_path, host.url)
        apps.append(second)
        back: Any = second.stack[-1]
        came_back_in = back.session.observation().round_number
        assert came_back_in >= 3
        assert run_until(second, lambda: top_name(second) == "remote_over", max_frames=40000, wall_s=240,
                         step=step_game)
        back.session.close()
        bridge.network_games.flush()
    finally:
        for app in apps:
            for scene in app.stack:
                scene.shutdown()
        host.stop()
    paths = StoragePaths.portable(tmp_path)
    files = archived_games(paths)
    assert len(files) == 1
    assert load_stats(paths)[0].overall.games_played == 1
    record = SeatRecord.from_file(files[0])
    match = host.match
    assert leaks(match.record, record.seat, _frames_of(files[0].read_text(encoding="utf-8"), match.action_count)) == []
    assert len(record.results) == len(match.state.results)  # every round's showdown, those before the crash too
    # The rounds kept before the crash, the round it came back to and the rest: every public event, none twice.
    events = [event for step in record.steps for event in step.events]
    assert events == [event_data(e, record.seat) for e in match.events]
    assert not list(paths.data_dir.glob(f"{PROGRESS_PREFIX}*"))  # the game in progress is forgotten once archived


def test_thirtyone_join_in_the_window_keeps_the_game_in_the_data_dir_given(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """``thirtyone join URL --code CODE --data-dir DIR`` (no ``--bot``): the window's loop, played by keys."""
    import argparse

    from thirtyone.net.client import TableClient
    from thirtyone.net.session import NetworkSession
    from thirtyone.ui import launch
    from thirtyone.ui.remote_table import run_remote_table

    def built(**_options: Any) -> Any:
        app = make_app((1280, 720))

        def loop() -> int:
            assert run_until(app, lambda: top_name(app) == "remote_over", max_frames=40000, wall_s=240,
                             step=step_game)
            return 0
        app.loop = loop  # type: ignore[method-assign]
        return app
    monkeypatch.setattr(launch, "build_app", built)
    host = open_table("classic", ["remote", "sharp"], seed=3)
    try:
        client = TableClient(host.url, CODE, name="Zed")
        client.connect()
        status = run_remote_table(argparse.Namespace(data_dir=str(tmp_path)), NetworkSession(client), "classic")
    finally:
        host.stop()
    assert status == 0
    paths = StoragePaths.portable(tmp_path)
    files = archived_games(paths)
    assert len(files) == 1 and SeatRecord.from_file(files[0]).seats[0].name == "Zed"
    assert load_stats(paths)[0].overall.games_played == 1


def test_a_damaged_seat_record_in_the_review_list_says_so_in_one_line(tmp_path: Path) -> None:
    from tests.storage.test_seat_games import sample_seat_record
    paths = StoragePaths.portable(tmp_path)
    paths.games_dir.mkdir(parents=True)
    data = json.loads(sample_seat_record().to_json())
    data["steps"][0]["events"] = [{"event": "DrewFromStock", "seat": "nobody"}]  # read by the review, not the file check
    damaged = paths.games_dir / "20261205T180000-classic-g0123456789a.json"
    damaged.write_text(json.dumps(data), encoding="utf-8")
    app = make_app((1024, 600))
    listing = GameListScene(app.ctx, archived_games(paths))
    try:
        assert listing.open(0) is None
        assert listing.message.startswith(f"{damaged.name} cannot be replayed: ") and "\n" not in listing.message
        (paths.games_dir / "20261205T180000-classic-g0123456789a.json").write_text(sample_seat_record().to_json(), encoding="utf-8")
        opened = listing.open(0)
        assert isinstance(opened, Push) and isinstance(opened.scene, SeatReviewScene)
        assert opened.scene.hand_line() == "Your cards: A♠ K♠ 7♥"
    finally:
        listing.shutdown()


def test_a_joiner_quitting_is_not_warned_that_the_table_closes_for_everyone(tmp_path: Path) -> None:
    """Only the window that hosts the table closes it by quitting; a joiner's Quit leaves at once."""
    from thirtyone.ui.scene import Replace
    from thirtyone.ui.screens.pause import PauseScene
    host = open_table("classic", ["remote", "sharp"], seed=3)
    app, _bridge = _window(tmp_path, host.url)
    try:
        table: Any = app.stack[-1]
        assert not table.session.hosting
        pause = PauseScene(app.ctx, table)
        assert isinstance(pause._quit(), Replace) and pause.warning == ""
    finally:
        for scene in app.stack:
            scene.shutdown()
        host.stop()


def test_a_seat_record_that_cannot_be_read_says_its_own_reason_in_the_review_list(tmp_path: Path) -> None:
    from tests.storage.test_seat_games import sample_seat_record
    paths = StoragePaths.portable(tmp_path)
    paths.games_dir.mkdir(parents=True)
    data = json.loads(sample_seat_record().to_json())
    data["steps"][0]["hand"] = ["ZZ"]
    (paths.games_dir / "20261205T180000-classic-g0123456789a.json").write_text(json.dumps(data), encoding="utf-8")
    app = make_app((1024, 600))
    listing = GameListScene(app.ctx, archived_games(paths))
    try:
        assert listing.open(0) is None
        assert "the seat record cannot be read" in listing.message and "game record" not in listing.message
    finally:
        listing.shutdown()
