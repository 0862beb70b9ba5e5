"""Whole games over real sockets on 127.0.0.1: a host, three remote seats played by bots, a spectator.

Every frame each client received is checked against the host's record: no card of
another seat's hidden hand in any of them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from thirtyone.model import observe
from thirtyone.net.client import TableClient
from thirtyone.net.codec import event_data, observation_data, read_observation
from thirtyone.net.delta import patch

from tests.net.net_support import leaks, open_table, play_out


@pytest.mark.parametrize("preset_id", ["classic", "london", "quick-draw"])
def test_three_remote_players_and_a_host_bot_play_a_whole_game_and_nobody_sees_a_hidden_card(preset_id: str) -> None:
    played = play_out(open_table(preset_id, ["remote", "remote", "remote", "sharp"]), seats=range(3), watch=True)
    record, seated, watcher = played.record, played.seated, played.watcher
    assert record.final_state().is_terminal
    winner = record.final_state().winner
    for one in seated:
        assert one.end is not None and one.end["reason"] == "game-over"
        assert one.end["winner"] == winner
        assert one.end["standings"][0]["seat"] == winner
    assert watcher is not None and watcher.end is not None and watcher.end["winner"] == winner
    assert [seat.player for seat in record.seats] == ["remote", "remote", "remote", "bot:sharp"]
    for seat, one in enumerate(seated):
        assert len(one.client.received) > len(record.actions) / 2
        assert leaks(record, seat, one.client.received) == []
    assert leaks(record, None, watcher.received) == []
    spectator_states = [json.loads(f) for f in watcher.received if '"type":"state"' in f]
    assert spectator_states and all(s.get("observation", s.get("changes", {})).get("hand", []) == []
                                    and s.get("observation", {}).get("seat") is None for s in spectator_states)
    states = [record.initial_state()] + [after for _b, _a, after, _e in record.replay()]
    readers: list[tuple[int | None, TableClient]] = [*enumerate(one.client for one in seated), (None, watcher)]
    for reader, client in readers:
        whole: dict[str, Any] = {}  # every state, whole or a delta, reads back as the seat's observation at its action
        for frame in client.received:
            message = json.loads(frame)
            if message["type"] != "state":
                continue
            whole = message["observation"] if "observation" in message else patch(whole, message, message["events"])
            expected = observation_data(observe(states[message["action_number"]], 0 if reader is None else reader),
                                        public_only=reader is None, with_rules=False)
            assert read_observation(whole, record.rules) == read_observation(expected, record.rules)


def test_the_leak_check_finds_another_seats_hand_in_a_frame() -> None:
    """The check above can fail: a frame quoting seat 1's observation is caught when seat 0 receives it."""
    record = play_out(open_table("classic", ["remote", "sharp", "sharp"])).record
    number, state = next((n, after) for n, (_b, _a, after, _e) in enumerate(record.replay(), start=1)
                         if after.hands[1])
    stolen = json.dumps({"type": "state", "action_number": number, "events": [],
                         "observation": observation_data(observe(state, 1))}, separators=(",", ":"))
    assert leaks(record, 1, [stolen]) == []
    assert len(leaks(record, 0, [stolen])) >= 3


def test_an_observation_reads_back_as_the_same_observation() -> None:
    record = play_out(open_table("quick-draw", ["remote", "sharp", "sharp", "sharp"])).record
    for number, (_before, _action, after, _events) in enumerate(record.replay()):
        if number % 7:
            continue
        for seat in range(4):
            seen = observe(after, seat)
            back = read_observation(json.loads(json.dumps(observation_data(seen))))
            assert back.hand == seen.hand and back.legal_actions == seen.legal_actions
            assert [event_data(e, seat) for e in back.log] == [event_data(e, seat) for e in seen.log]
            assert back.known == seen.known and back.bullets == seen.bullets
            assert [r.lives_lost for r in back.results] == [r.lives_lost for r in seen.results]


def test_a_table_that_waits_too_long_starts_with_bots_in_the_seats_nobody_took() -> None:
    record = play_out(open_table("classic", ["remote", "remote", "remote"], seed=3, start_after_s=0.5)).record
    assert record.final_state().is_terminal
    assert [seat.player for seat in record.seats] == ["remote", "bot:sharp", "bot:sharp"]
    assert record.seats[1].name != record.seats[2].name and "Seat" not in record.seats[1].name


def test_a_state_sends_what_changed_so_finished_rounds_and_the_log_are_sent_once() -> None:
    """Messages follow the action, not the game: each round's result reaches a seat in one frame (its end),
    each public event once, and no state frame grows with the rounds played."""
    played = play_out(open_table("classic", ["remote", "remote", "remote", "sharp"], seed=2), seats=range(3))
    record = played.record
    rounds = record.final_state().round_number
    assert rounds >= 5
    for one in played.seated:
        frames = [frame for frame in one.client.received if '"type":"state"' in frame]
        for number in range(1, rounds):
            carrying = [frame for frame in frames if f'"round_number":{number},"reason"' in frame]
            assert len(carrying) == 1, (number, len(carrying))
        sizes = [len(frame.encode()) for frame in frames[1:]]
        assert max(sizes) < 1500 and sum(sizes[-20:]) <= 1.5 * sum(sizes[:20]), sizes
