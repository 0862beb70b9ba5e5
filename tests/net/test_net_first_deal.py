"""A game whose first dealer is a remote player: the table never sends a deal (a deal is no decision), so the
session deals for its player, as a local game deals for a human dealer."""

from __future__ import annotations

import threading

from thirtyone.net.client import TableClient
from thirtyone.net.session import NetworkSession
from thirtyone.session import Played

from tests.net.net_support import CODE, drive_like_the_table, open_table


def test_a_game_whose_first_dealer_is_the_joiner_is_dealt_and_played_to_its_end() -> None:
    host = open_table("classic", ["remote", "remote"], seed=2)  # seed 2: seat 1, the joiner, deals first
    sessions: list[NetworkSession] = []
    try:
        clients = [TableClient(host.url, CODE, name=name, seat=seat) for seat, name in enumerate(("Host", "Joiner"))]
        for client in clients:
            client.connect()
        opened: list[NetworkSession] = []
        waiting = threading.Thread(target=lambda: opened.append(NetworkSession(clients[0])), daemon=True)
        waiting.start()
        sessions = [NetworkSession(clients[1])]
        waiting.join(10)
        sessions.insert(0, opened[0])
        assert sessions[1].observation().dealer == 1 and sessions[1].current_seat == 1
        moves = drive_like_the_table(sessions)
        assert host.wait(10)
    finally:
        for session in sessions:
            session.close()
        host.stop()
    assert host.match is not None and host.match.is_over
    for session, played in zip(sessions, moves):
        assert session.end is not None and session.end["reason"] == "game-over"
        assert any(isinstance(move, Played) and move.seat == 1 for move in played)
