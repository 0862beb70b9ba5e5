"""Drops over real sockets: a player reconnects with the seat's token and gets the hand back; a bot
plays a dropped seat after the visible wait and gives it back; the host quits and resumes."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from thirtyone.bots import make_bot
from thirtyone.model import preset
from thirtyone.net.client import BotPlayer, JoinError, TableClient
from thirtyone.net.host import TableHost, TablePlan
from thirtyone.net.hosted_save import load_hosted, save_hosted
from thirtyone.storage.paths import StoragePaths

from tests.net.net_support import CODE, finish, leaks, open_table, seat_bot


def _play_until(client: TableClient, stop: Any, bot_level: str = "casual", timeout_s: float = 30) -> dict[str, Any]:
    """Play the seat with a bot until ``stop(state)`` holds on a state where it is this seat's turn."""
    bot = make_bot(bot_level)
    import random
    rng = random.Random(1)
    deadline = time.monotonic() + timeout_s
    acted = -1
    while time.monotonic() < deadline:
        message = client.receive(5)
        assert message is not None
        if message["type"] != "state" or not message["observation"]["legal_actions"]:
            continue
        if message["action_number"] == acted:
            continue
        if stop(message):
            return message
        observation = client.observation()
        assert observation is not None
        acted = message["action_number"]
        client.act(str(bot.choose(observation, rng)), turn=acted)
    raise AssertionError("the moment never came")


def _mid_round(message: dict[str, Any]) -> bool:
    observation = message["observation"]
    return bool(observation["round_number"] >= 1 and observation["turns_taken"] >= 3 and observation["phase"] == "turn")


def test_a_dropped_connection_ends_its_threads_and_the_host_sees_it_gone() -> None:
    host = open_table("classic", ["remote", "sharp", "sharp"], grace_s=30)
    try:
        client = TableClient(host.url, CODE, name="Ann", seat=0)
        client.connect()
        connection = client._ws
        assert connection is not None
        threads = [connection.recv_events_thread, connection.keepalive_thread]
        assert all(thread is not None and thread.is_alive() for thread in threads)
        client.drop()
        for thread in threads:
            assert thread is not None
            thread.join(5)
        assert [thread.name for thread in threads if thread is not None and thread.is_alive()] == []
        deadline = time.monotonic() + 5
        while host.seating.slots[0].connected and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not host.seating.slots[0].connected
        with pytest.raises(JoinError):
            client.send({"type": "chat", "text": "still there?"})
    finally:
        host.stop()


def test_a_dropped_player_reconnects_with_the_token_and_gets_the_same_hand_back() -> None:
    host = open_table("classic", ["remote", "sharp", "sharp"], grace_s=30)
    try:
        first = TableClient(host.url, CODE, name="Ann", seat=0)
        first.connect()
        before = _play_until(first, _mid_round)
        token = first.token
        assert token
        first.drop()
        time.sleep(0.3)
        assert host.match is not None
        assert not host.seating.slots[0].connected
        again = TableClient(host.url, CODE, seat=0, token=token)
        welcome = again.connect()
        assert welcome["seat"] == 0
        state = again.receive(5)
        while state is not None and state["type"] != "state":
            state = again.receive(5)
        assert state is not None
        assert state["action_number"] == before["action_number"]
        assert state["observation"]["hand"] == before["observation"]["hand"]
        assert state["observation"]["hand"] == [card.code for card in host.match.state.hands[0]]
        assert state["observation"]["legal_actions"] == before["observation"]["legal_actions"]
        end = BotPlayer(again, make_bot("casual")).play(timeout_s=60)
        assert end["reason"] == "game-over"
    finally:
        host.stop()
    record = host.record
    assert record is not None and record.final_state().is_terminal
    assert leaks(record, 0, first.received + again.received) == []


def test_a_bot_plays_a_dropped_seat_after_a_visible_wait_and_gives_it_back() -> None:
    host = open_table("classic", ["remote", "sharp", "sharp"], grace_s=0.4)
    watcher = TableClient(host.url, CODE, spectate=True)
    try:
        first = TableClient(host.url, CODE, name="Ann", seat=0)
        first.connect()
        watcher.connect()
        before = _play_until(first, _mid_round)
        dropped_at = before["action_number"]
        first.drop()
        lobbies: list[dict[str, Any]] = []
        deadline = time.monotonic() + 10
        assert host.match is not None
        while host.match.action_count < dropped_at + 6 and time.monotonic() < deadline:
            message = watcher.receive(5)
            if message is not None and message["type"] == "lobby":
                lobbies.append(message["seats"][0])
        waiting = [row for row in lobbies if not row["connected"] and not row["stand_in"]]
        assert waiting and 0 < waiting[0]["stand_in_in_s"] <= 0.4
        assert any(row["stand_in"] for row in lobbies)
        stood_in = host.match.action_count
        assert stood_in >= dropped_at + 6  # the seat's turns were played meanwhile
        again = TableClient(host.url, CODE, seat=0, token=first.token)
        again.connect()
        assert host.seating.slots[0].connected and not host.seating.slots[0].stand_in
        back = _play_until(again, lambda message: True)
        assert back["observation"]["seat"] == 0
        end = BotPlayer(again, make_bot("casual")).play(timeout_s=60)
        assert end["reason"] == "game-over"
    finally:
        host.stop()
        # The watcher stopped reading mid-game: its queue full, its connection never reads the host's
        # close and stays open (its threads in the next test) unless closed here.
        watcher.close()
    record = host.record
    assert record is not None
    seat_zero_turns = [n for n, (before_state, _a, _after, _e) in enumerate(record.replay())
                       if before_state.current == 0 and n >= stood_in]
    assert seat_zero_turns  # the player played again after coming back
    assert leaks(record, None, watcher.received) == []


def test_the_host_quits_everyone_is_told_and_the_resumed_table_is_finished_by_the_same_players(tmp_path: Path) -> None:
    paths = StoragePaths.portable(tmp_path)
    plan = TablePlan(preset("classic"), ["remote", "remote", "sharp"], preset="classic", seed=5, grace_s=30)

    def save(record: Any, tokens: list[str | None]) -> None:
        save_hosted(paths, record, CODE, tokens, 30, "sharp")

    host = TableHost(plan, CODE, port=0, save=save)
    host.start()
    seated = [seat_bot(host, seat) for seat in range(2)]
    deadline = time.monotonic() + 20
    while (host.match is None or host.match.action_count < 25) and time.monotonic() < deadline:
        time.sleep(0.01)
    host.stop()
    for one in seated:
        assert one.thread is not None
        one.thread.join(10)
        assert one.end is not None and one.end["reason"] == "host-quit"
        assert "host left" in one.end["message"]
    stopped_at = host.record
    assert stopped_at is not None and not stopped_at.final_state().is_terminal
    record, notes, notice = load_hosted(paths)
    assert notice is None and record is not None
    assert record.actions == stopped_at.actions
    assert notes["code"] == CODE and notes["tokens"][:2] == [one.client.token for one in seated]

    resumed = TableHost(plan, notes["code"], port=0, resume=record, save=save)
    resumed.start()
    try:
        with pytest.raises(JoinError, match="started"):
            TableClient(resumed.url, CODE, name="Stranger").connect()
        with pytest.raises(JoinError, match="token"):
            TableClient(resumed.url, CODE, seat=1, token=seated[0].client.token).connect()
        back = []
        for seat, one in enumerate(seated):
            client = TableClient(resumed.url, CODE, seat=seat, token=one.client.token)
            client.connect()
            back.append(client)
        ends = [BotPlayer(client, make_bot("casual"), seed=seat) for seat, client in enumerate(back)]
        import threading
        results: list[dict[str, Any]] = []
        threads = [threading.Thread(target=lambda p=p: results.append(p.play(timeout_s=60))) for p in ends]
        for thread in threads:
            thread.start()
        assert resumed.wait(60)
        for thread in threads:
            thread.join(10)
    finally:
        resumed.stop()
    final = resumed.record
    assert final is not None and final.final_state().is_terminal
    assert final.actions[:len(stopped_at.actions)] == stopped_at.actions
    assert len(results) == 2 and all(end["reason"] == "game-over" for end in results)
    refused = [frame for client in back for frame in client.received if json.loads(frame)["type"] == "refused"]
    assert refused == []
    finish(resumed, [])


def test_a_player_who_leaves_the_lobby_frees_the_seat_for_someone_else() -> None:
    host = open_table("classic", ["remote", "remote", "sharp"])
    try:
        first = TableClient(host.url, CODE, name="Ann")
        assert first.connect()["seat"] == 0
        first.close()
        deadline = time.monotonic() + 5
        while host.seating.slots[0].connected and time.monotonic() < deadline:
            time.sleep(0.01)
        newcomer = TableClient(host.url, CODE, name="Cy")
        assert newcomer.connect()["seat"] == 0
        with pytest.raises(JoinError, match="token"):
            TableClient(host.url, CODE, seat=0, token=first.token).connect()
        assert host.match is None and host.seating.slots[0].name == "Cy"
    finally:
        host.stop()
