"""The table session of a networked game (``NetworkSession``), driven as the table scene drives a session:
``submit`` for its own seat, ``next_move`` for everyone else's, against a real host on 127.0.0.1."""

from __future__ import annotations

import random
import threading
import time

import pytest

from thirtyone.bots import make_bot
from thirtyone.net.client import JoinError, TableClient
from thirtyone.net.session import NetworkSession
from thirtyone.session import DrawCalled, Played, Refused, Sent

from tests.net.net_support import CODE, finish, open_table, seat_bot


def _drive(session: NetworkSession, seed: int = 0, timeout_s: float = 60) -> list[Played]:
    """Play the session's seat with a casual bot the way the table does: its own moves by ``submit``."""
    bot, rng = make_bot("casual"), random.Random(seed)
    played: list[Played] = []
    deadline = time.monotonic() + timeout_s
    while not session.is_over:
        assert time.monotonic() < deadline, "the game did not end"
        move = session.next_move(0.016, 0.0)
        if isinstance(move, Played):
            played.append(move)
            continue
        if isinstance(move, DrawCalled):
            assert isinstance(session.quick_draw(move.shooter, move.target, ()), Sent)  # the shot follows
            continue
        assert not isinstance(move, Refused), move
        seen = session.observation()
        if move is None and session.current_seat == session.viewer and seen.legal_actions and not session.awaiting:
            outcome = session.submit(bot.choose(seen, rng))
            assert isinstance(outcome, Sent), outcome  # the host's answer comes from next_move
        elif move is None:
            time.sleep(0.002)
    return played


@pytest.mark.parametrize("preset_id", ["london", "quick-draw"])
def test_a_network_session_plays_its_seat_and_sees_every_public_event_once_in_order(preset_id: str) -> None:
    host = open_table(preset_id, ["remote", "remote", "sharp", "sharp"])
    try:
        other = seat_bot(host, 1)
        client = TableClient(host.url, CODE, name="Ann", seat=0)
        client.connect()
        session = NetworkSession(client)
        assert session.viewer == 0 and session.human_seats() == (0,)
        assert session.names[0] == "Ann" and session.is_bot(2) and not session.is_bot(1)
        played = _drive(session)
        finish(host, [other])
        deadline = time.monotonic() + 10
        while session.end is None and time.monotonic() < deadline:  # the host's last word follows the last state
            assert session.next_move(0.016, 0.0) is None
            time.sleep(0.005)
        session.close()
    finally:
        host.stop()
    assert host.match is not None and host.match.is_over
    seen_events = [event for move in played for event in move.events]
    assert [type(e).__name__ for e in seen_events] == [type(e).__name__ for e in host.match.events]
    assert session.winner == host.match.winner and session.end is not None
    assert session.end["reason"] == "game-over"
    refusal = session.submit(make_bot("random").choose(session.observation(), random.Random(1))) \
        if session.observation().legal_actions else session.take_back()
    assert isinstance(refusal, Refused)


def test_a_refused_action_comes_back_as_a_refusal_with_the_hosts_reason() -> None:
    host = open_table("classic", ["remote", "sharp"])
    try:
        client = TableClient(host.url, CODE, name="Ann", seat=0)
        client.connect()
        session = NetworkSession(client)
        deadline = time.monotonic() + 10
        while session.current_seat != 0:
            assert time.monotonic() < deadline
            session.next_move(0.016, 0.0)
            time.sleep(0.005)
        from thirtyone.model import Swap, parse_cards
        give, take = parse_cards("AS KS")
        assert isinstance(session.submit(Swap(give, take)), Sent)
        outcome = None
        while outcome is None:
            assert time.monotonic() < deadline
            outcome = session.next_move(0.016, 0.0)
            time.sleep(0.005)
        assert isinstance(outcome, Refused) and outcome.reason
        assert session.take_back_reason()
        session.close()
    finally:
        host.stop()


def test_a_session_for_a_spectator_is_refused() -> None:
    host = open_table("classic", ["remote", "sharp"])
    try:
        watcher = TableClient(host.url, CODE, spectate=True)
        watcher.connect()
        with pytest.raises(JoinError):
            NetworkSession(watcher)
    finally:
        host.stop()


def test_the_table_hears_who_dropped_who_stands_in_and_how_the_game_ended() -> None:
    host = open_table("classic", ["remote", "remote", "sharp"], grace_s=0.3)
    try:
        other = TableClient(host.url, CODE, name="Ben", seat=1)
        other.connect()
        client = TableClient(host.url, CODE, name="Ann", seat=0)
        client.connect()
        session = NetworkSession(client)
        links = [session.connection(1)]
        other.drop()
        lines: list[str] = []
        bot, rng = make_bot("casual"), random.Random(0)
        deadline = time.monotonic() + 60
        while session.end is None and time.monotonic() < deadline:
            move = session.next_move(0.016, 0.0)
            if session.connection(1) != links[-1]:
                links.append(session.connection(1))
            if move is not None and not isinstance(move, Played):
                lines.append(getattr(move, "line", ""))
            elif move is None and not session.is_over and session.current_seat == 0 and not session.awaiting:
                session.submit(bot.choose(session.observation(), rng))
            else:
                time.sleep(0.002)
        assert session.is_over and session.end is not None
    finally:
        host.stop()
    assert any("Ben" in line and "connection" in line for line in lines), lines
    assert links == ["connected", "waiting", "stand-in"]  # what Ben's name plate showed
    assert session.connection(2) == ""  # the host's bot has no connection to show
    assert any("Ben" in line and "plays for" in line for line in lines), lines
    winner = host.match.names[host.match.winner]
    assert lines[-1].startswith(f"Game over: {winner} wins"), lines


def test_a_session_whose_connection_drops_reconnects_with_its_token_and_plays_on() -> None:
    host = open_table("classic", ["remote", "sharp"], grace_s=30)
    try:
        client = TableClient(host.url, CODE, name="Ann", seat=0)
        client.connect()
        session = NetworkSession(client)
        client.drop()  # a pulled cable: the reader finds the connection gone
        lines: list[str] = []
        bot, rng = make_bot("casual"), random.Random(0)
        deadline = time.monotonic() + 60
        while session.end is None and time.monotonic() < deadline:
            move = session.next_move(0.016, 0.0)
            if move is not None and not isinstance(move, Played):
                lines.append(getattr(move, "line", ""))
            elif (move is None and session.current_seat == 0 and session.observation().legal_actions
                  and not session.awaiting):
                outcome = session.submit(bot.choose(session.observation(), rng))
                if isinstance(outcome, Refused):  # sent while the connection was down: said, and tried again
                    assert "reconnecting" in outcome.reason
                    time.sleep(0.05)
            else:
                time.sleep(0.002)
    finally:
        host.stop()
    assert session.end is not None and session.end["reason"] == "game-over", lines
    assert any("reconnected" in line.lower() for line in lines), lines


def test_a_table_closed_before_its_game_starts_is_reported_at_once_not_after_the_wait() -> None:
    host = open_table("classic", ["remote", "remote", "sharp"])  # waits for its second player: no game yet
    outcome: list[BaseException | NetworkSession] = []
    try:
        client = TableClient(host.url, CODE, name="Ann", seat=0)
        client.connect()

        def wait_for_the_game() -> None:
            try:
                outcome.append(NetworkSession(client, first_state_timeout_s=600))
            except JoinError as error:
                outcome.append(error)

        waiting = threading.Thread(target=wait_for_the_game, daemon=True)
        waiting.start()
        time.sleep(0.3)
    finally:
        host.stop()
    waiting.join(10)
    assert not waiting.is_alive(), "still waiting for a game at a table that closed"
    assert len(outcome) == 1 and isinstance(outcome[0], JoinError), outcome
    assert str(outcome[0]) == "the game did not start"


def _my_turn(session: NetworkSession) -> None:
    deadline = time.monotonic() + 20
    while session.current_seat != session.viewer or session.observation().phase.value == "deal" or session.awaiting:
        assert time.monotonic() < deadline, "the seat's turn never came"
        session.next_move(0.016, 0.0)
        time.sleep(0.002)


def test_submit_returns_before_the_host_answers_and_the_answer_or_refusal_comes_from_next_move() -> None:
    from thirtyone.model import DrawStock, Swap, parse_cards
    from tests.net.net_support import HeldAnswers
    host = open_table("classic", ["remote", "sharp"], seed=1)
    try:
        client = TableClient(host.url, CODE, name="Ann", seat=0)
        client.connect()
        session = NetworkSession(client)
        _my_turn(session)
        held = HeldAnswers(host, hold_s=2.0)
        before = host.match.action_count
        assert isinstance(session.submit(DrawStock()), Sent)
        assert host.match.action_count == before  # back before the host answered (it holds the action 2 s)
        ticks = 0
        for _ in range(100):  # the table's frames go on meanwhile: each asks, none waits
            assert session.next_move(0.016, 0.0) is None
            ticks += 1
        assert ticks == 100 and session.awaiting and host.match.action_count == before
        held.release.set()
        deadline = time.monotonic() + 10
        move = None
        while not isinstance(move, Played):
            assert time.monotonic() < deadline
            move = session.next_move(0.016, 0.0)
            time.sleep(0.002)
        assert move.seat == 0 and move.observation.drawn is not None and not session.awaiting
        held.release.clear()
        give, take = parse_cards("AS KS")
        assert isinstance(session.submit(Swap(give, take)), Sent)
        assert session.next_move(0.016, 0.0) is None
        held.release.set()
        while not isinstance(move, Refused):
            assert time.monotonic() < deadline
            move = session.next_move(0.016, 0.0)
            time.sleep(0.002)
        assert move.reason and not session.awaiting
        session.close()
    finally:
        host.stop()
