"""Tables joined over a magic-wormhole tunnel, through a local mailbox server and transit relay on 127.0.0.1.

The friend types only the wormhole code: the tunnel brings the table's join code,
and the table's own websocket protocol runs through it unchanged.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from thirtyone.bots import make_bot
from thirtyone.net.client import BotPlayer, TableClient
from thirtyone.net.delta import patch
from thirtyone.net.wormhole_link import WormholeError, WormholeLink, host_invite, join_tunnel

from tests.net.net_support import CODE, leaks, open_table, seat_bot
from tests.net.wormhole_support import relays  # noqa: F401 - the fixture

ROOT = Path(__file__).resolve().parents[2]


def _hands(client: TableClient) -> list[list[Any]]:
    """The seat's hand after each state it received: a whole observation, or a delta patched onto the last."""
    hands: list[list[Any]] = []
    whole: dict[str, Any] = {}
    for frame in client.received:
        message = json.loads(frame)
        if message["type"] == "state":
            whole = message["observation"] if "observation" in message else patch(whole, message, message["events"])
            hands.append(whole["hand"])
    return hands


def test_a_friend_joins_by_wormhole_code_and_the_game_plays_to_its_end(relays) -> None:  # noqa: F811
    host = open_table("classic", ["remote", "remote", "casual"])
    links: list[WormholeLink] = []
    try:
        invite = host_invite(host.port, host.code, relays)
        links.append(invite)
        invite.wait_for("code", 60)
        assert invite.code.split("-")[0].isdigit() and len(invite.code.split("-")) == 3
        tunnel = join_tunnel(invite.code, relays)
        links.append(tunnel)
        assert tunnel.table_code == CODE  # the friend never typed it: it came through the wormhole
        friend = TableClient(f"ws://127.0.0.1:{tunnel.port}", tunnel.table_code, name="Friend")
        friend.connect()
        assert friend.seat == 0
        result: dict[str, Any] = {}
        playing = threading.Thread(target=lambda: result.update(BotPlayer(friend, make_bot("casual")).play(60)))
        playing.start()
        at_home = seat_bot(host, 1)
        assert host.wait(120), "the game did not end"
        playing.join(60)
        assert at_home.thread is not None
        at_home.thread.join(60)
        invite.poll()
        assert invite.state == "connected"
    finally:
        host.stop()
        for link in links:
            link.close()
    record = host.record
    assert record is not None and record.final_state().is_terminal
    assert result.get("reason") == "game-over" and at_home.end is not None
    assert result["winner"] == at_home.end["winner"] == record.final_state().winner
    assert any(len(hand) == 3 for hand in _hands(friend))  # the friend got its cards through the tunnel
    assert leaks(record, 0, friend.received) == []
    assert [link.running for link in links] == [False, False]


def test_a_wrong_code_is_one_clear_line_and_spends_the_invitation(relays) -> None:  # noqa: F811
    invite = host_invite(1, CODE, relays)
    try:
        invite.wait_for("code", 60)
        nameplate = invite.code.split("-")[0]
        with pytest.raises(WormholeError) as wrong:
            join_tunnel(f"{nameplate}-wrong-guess", relays, wait_s=60)
        assert str(wrong.value) == ("The wormhole code did not match: check it with your host (each code works once).")
        with pytest.raises(WormholeError) as spent:
            invite.wait_for("connected", 60)
        assert "wrong wormhole code" in str(spent.value) and "\n" not in str(spent.value)
    finally:
        invite.close()
    assert not invite.running


def test_a_code_nobody_waits_for_is_reported_after_the_wait(relays) -> None:  # noqa: F811
    with pytest.raises(WormholeError) as nobody:
        join_tunnel("917-lonely-code", relays, wait_s=1)
    assert str(nobody.value).startswith("Nobody answered the wormhole code 917-lonely-code")


def test_join_with_a_wormhole_code_plays_a_seat_from_the_command_line(relays, tmp_path) -> None:  # noqa: F811
    host = open_table("classic", ["remote", "remote", "casual"])
    invite = host_invite(host.port, host.code, relays)
    try:
        invite.wait_for("code", 60)
        at_home = seat_bot(host, 1)
        environment = {**os.environ, "THIRTYONE_WORMHOLE_MAILBOX": relays.mailbox, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-m", "thirtyone", "--data-dir", str(tmp_path), "join",
                               "--wormhole", invite.code.upper().replace("-", " "), "--bot", "casual",
                               "--name", "Far", "--transit-relay", relays.transit],
                              capture_output=True, text=True, env=environment, timeout=300)
        assert host.wait(60)
        assert at_home.thread is not None
        at_home.thread.join(60)
    finally:
        host.stop()
        invite.close()
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == [f"Opening the wormhole {invite.code}…", "Connected to the host through the wormhole."]
    assert any(line.startswith("1. ") for line in lines) and any(": Far" in line or "Far:" in line for line in lines)


def test_join_with_a_mistyped_wormhole_code_exits_2_with_one_line(tmp_path) -> None:
    done = subprocess.run([sys.executable, "-m", "thirtyone", "--data-dir", str(tmp_path), "join", "--wormhole",
                           "guitar-7"], capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          timeout=120)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].endswith("'guitar-7' is not a wormhole code: a number and words, like "
                                                 "7-guitar-ocean")


def test_the_public_relays_are_magic_wormholes_own_and_a_flag_or_the_environment_overrides_them(monkeypatch) -> None:
    from wormhole.cli.public_relay import MAILBOX_RELAY, TRANSIT_RELAY  # type: ignore[import-untyped]

    from thirtyone.net.wormhole_invite import MAILBOX_ENV, TRANSIT_ENV, Relays, relays as chosen
    monkeypatch.delenv(MAILBOX_ENV, raising=False)
    monkeypatch.delenv(TRANSIT_ENV, raising=False)
    assert chosen() == Relays(MAILBOX_RELAY, TRANSIT_RELAY)
    monkeypatch.setenv(MAILBOX_ENV, "ws://mine.example:4000/v1")
    assert chosen() == Relays("ws://mine.example:4000/v1", TRANSIT_RELAY)
    assert chosen("ws://flag.example/v1", "tcp:flag.example:1") == Relays("ws://flag.example/v1", "tcp:flag.example:1")
    from thirtyone.storage.settings import Settings
    saved = Settings(wormhole_mailbox="ws://saved.example/v1", wormhole_transit="tcp:saved.example:4001")
    assert chosen(saved=saved) == Relays("ws://mine.example:4000/v1", "tcp:saved.example:4001")  # the environment first
    monkeypatch.delenv(MAILBOX_ENV)
    assert chosen(saved=saved) == Relays("ws://saved.example/v1", "tcp:saved.example:4001")


def test_a_relay_setting_that_is_no_relay_is_replaced_by_the_default() -> None:
    from thirtyone.storage.settings import Settings
    settings, rejected = Settings.from_dict({"wormhole_mailbox": "http://x", "wormhole_transit": " tcp:r.example:1 "})
    assert rejected == ("wormhole_mailbox",)
    assert (settings.wormhole_mailbox, settings.wormhole_transit) == ("", "tcp:r.example:1")


@pytest.mark.parametrize("typed, code", [("7-guitar-ocean", "7-guitar-ocean"), (" 7 Guitar OCEAN ", "7-guitar-ocean"),
                                         ("guitar-7", None), ("7", None), ("ws://1.2.3.4:8765", None)])
def test_a_wormhole_code_is_read_leniently(typed: str, code: str | None) -> None:
    from thirtyone.net.wormhole_invite import normal_wormhole_code
    assert normal_wormhole_code(typed) == code


def test_serve_prints_a_wormhole_invitation_and_a_friend_joins_with_it(relays, tmp_path) -> None:  # noqa: F811
    environment = {**os.environ, "THIRTYONE_WORMHOLE_MAILBOX": relays.mailbox,
                   "THIRTYONE_WORMHOLE_TRANSIT": relays.transit, "PYTHONPATH": str(ROOT)}
    serve = subprocess.Popen([sys.executable, "-m", "thirtyone", "--data-dir", str(tmp_path / "host"), "serve",
                              "--port", "0", "--host", "127.0.0.1", "--seats", "remote,casual", "--wormhole",
                              "--no-advertise", "--seed", "3"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    try:
        assert serve.stdout is not None
        opened = serve.stdout.readline()
        invitation = serve.stdout.readline().strip()
        assert opened.startswith("Table open at ") and invitation.startswith("Invitation 1 over the internet: "), (
            opened, invitation)
        line = invitation.split(": ", 1)[1]
        assert line.startswith("thirtyone join --wormhole ")
        joined = subprocess.run([sys.executable, "-m", "thirtyone", "--data-dir", str(tmp_path / "friend"),
                                 *line.split()[1:], "--bot", "casual", "--name", "Far"],
                                capture_output=True, text=True, env=environment, timeout=300)
        out, err = serve.communicate(timeout=120)
    finally:
        if serve.poll() is None:
            serve.kill()
            serve.wait()
    assert joined.returncode == 0, joined.stderr
    assert serve.returncode == 0, err
    assert "Far" in out and "Record: " in out
