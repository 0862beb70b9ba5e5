"""The host's lobby says "you" of the seat played at this screen, never of a seat because it is called You."""

from __future__ import annotations

from types import SimpleNamespace

from thirtyone.ui.screens.host_lobby import HostLobbyScene


def test_the_lobby_marks_this_screens_seat_and_a_bot_called_you_is_a_bot():
    lobby = {"seats": [{"seat": 0, "kind": "bot", "name": "You"},
                       {"seat": 1, "kind": "human", "name": "Ada", "taken": True},
                       {"seat": 2, "kind": "remote", "name": "", "taken": False}]}
    scene = SimpleNamespace(client=SimpleNamespace(lobby=lobby), own_seat=1)
    assert HostLobbyScene._rows(scene) == ["1. You (bot)", "2. Ada (you)", "3. waiting for a friend to join…"]  # type: ignore[arg-type]
