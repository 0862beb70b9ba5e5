"""Quick Draw over real sockets: a remote draw is cued to everyone and a remote answer is timed by the
host's clock from the moment it sent the cue."""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from thirtyone import duels
from thirtyone.controller import Match
from thirtyone.model import QuickDraw, preset
from thirtyone.model.record import GameRecord, Seat
from thirtyone.net.client import TableClient
from thirtyone.net.host import TableHost

from tests.net.net_support import CODE, leaks, open_table

ANSWER_AFTER_S = 0.15


def _a_moment_to_draw() -> GameRecord:
    """A Quick Draw game stopped where seat 0 may draw, seat 1 may answer, and no host bot draws first."""
    rules = preset("quick-draw")
    for seed in range(1, 200):
        match = Match.new(rules, [Seat(name, "bot:casual") for name in ("Ann", "Ben", "Cy", "Di")], seed=seed,
                          preset="quick-draw")
        for _ in range(400):
            state = match.state
            if (match.is_over or state.current != 0):
                pass
            elif (match.draw_targets(0) and duels.may_answer(state, 1, 0) and match.pending_bot_draw() is None
                  and state.tokens[1] and state.round_number > 1):
                record = match.record
                seats = (Seat("Ann", "remote"), Seat("Ben", "remote"), Seat("Cy", "bot:sharp"), Seat("Di", "bot:sharp"))
                return dataclasses.replace(record, seats=seats, meta={"net": {"tokens": ["t0" * 16, "t1" * 16, None, None]}})
            if match.advance() is None:
                break
    raise AssertionError("no game reached a moment to draw")


@dataclass
class DrawMoment:
    """A table at ``_a_moment_to_draw``: seat 0 (the ``shooter``) may draw on ``target``, seat 1 (the ``answerer``)
    may answer; the draw will be action ``number`` of the host's record."""

    host: TableHost
    shooter: TableClient
    answerer: TableClient
    number: int
    target: int

    def the_draw(self) -> QuickDraw:
        """The draw as the host recorded it, with its answers."""
        played = self.host.record
        assert played is not None
        draw = played.actions[self.number]
        assert isinstance(draw, QuickDraw) and draw.shooter == 0, draw
        return draw


@contextmanager
def a_table_about_to_draw(record: GameRecord) -> Iterator[DrawMoment]:
    """The host takes ``record`` up again and both remote seats come back with their tokens; it stops after."""
    host = open_table("quick-draw", [], grace_s=30, resume=record)
    try:
        shooter = TableClient(host.url, CODE, seat=0, token="t0" * 16)
        answerer = TableClient(host.url, CODE, seat=1, token="t1" * 16)
        shooter.connect()
        answerer.connect()
        assert host.match is not None
        yield DrawMoment(host, shooter, answerer, host.match.action_count, host.match.draw_targets(0)[0])
    finally:
        host.stop()


def test_a_remote_answer_is_timed_by_the_hosts_clock_from_the_cue() -> None:
    record = _a_moment_to_draw()
    cues: list[dict[str, Any]] = []
    with a_table_about_to_draw(record) as table:
        def answer() -> None:
            while True:
                message = table.answerer.receive(10)
                if message is None or message["type"] == "end":
                    return
                if message["type"] == "cue" and message["shooter"] == 0:
                    cues.append(message)
                    time.sleep(ANSWER_AFTER_S)
                    table.answerer.send({"type": "answer", "cue": message["cue"]})
                    return

        listening = threading.Thread(target=answer)
        listening.start()
        table.shooter.act(f"quickdraw 0 {table.target}")
        listening.join(10)
        deadline = time.monotonic() + 10
        while table.host.match is not None and table.host.match.action_count == table.number \
                and time.monotonic() < deadline:
            time.sleep(0.01)
    assert len(cues) == 1 and cues[0]["target"] == table.target
    assert cues[0]["window_ms"] == record.rules.answer_window_ms
    draw = table.the_draw()
    assert draw.target == table.target
    answers = dict(draw.answers)
    assert 1 in answers, draw
    assert ANSWER_AFTER_S * 1000 <= answers[1] <= record.rules.answer_window_ms
    played = table.host.record
    assert played is not None
    assert leaks(played, 1, table.answerer.received) == [] and leaks(played, 0, table.shooter.received) == []


def test_a_window_answer_reaches_the_host_as_it_happens_not_when_the_windows_own_window_closes() -> None:
    """The table passes its player's G to the session at once (``fire_back``); the host times it then,
    though the table settles the draw (``quick_draw``) only after its own, later, window has closed."""
    from thirtyone.net.session import NetworkSession
    from thirtyone.session import DrawCalled, Played, Sent

    record = _a_moment_to_draw()
    window_ms = record.rules.answer_window_ms
    with a_table_about_to_draw(record) as table:
        session = NetworkSession(table.answerer, first_state_timeout_s=10)
        table.shooter.act(f"quickdraw 0 {table.target}")
        deadline = time.monotonic() + 10
        move = None
        while not isinstance(move, DrawCalled):
            assert time.monotonic() < deadline, "the cue never came"
            move = session.next_move(0.016, 0.0)
            time.sleep(0.005)
        assert (move.shooter, move.target) == (0, table.target)
        time.sleep(ANSWER_AFTER_S)
        session.fire_back(1)  # the player pressed G
        time.sleep(window_ms / 1000 + 0.5)  # the window's own clock started a frame later: it closes after the host's
        assert isinstance(session.quick_draw(0, table.target, ((1, window_ms - 1),)), Sent)
        outcome = None
        while not isinstance(outcome, Played):  # the shot comes like any other move
            assert time.monotonic() < deadline + 10, "the shot never came"
            outcome = session.next_move(0.016, 0.0)
            time.sleep(0.005)
        session.close()
    assert outcome.seat == 0
    answers = dict(table.the_draw().answers)
    assert 1 in answers, f"the host closed its window without seat 1's answer: {table.the_draw()}"
    assert ANSWER_AFTER_S * 1000 <= answers[1] < window_ms
    assert sum(1 for text in table.answerer.received if '"type":"error"' in text) == 0, "the answer was sent twice"


def test_an_answer_sent_before_the_cue_is_refused_and_that_seat_has_no_answer_in_the_draw() -> None:
    """Old West: firing back before the draw (sending answers ahead, hoping one lands first) gets an error
    and no answer at all in that draw, however fast."""
    record = _a_moment_to_draw()
    with a_table_about_to_draw(record) as table:
        for cue in (1, 2, 3):  # the next cue numbers, sent before any draw
            table.answerer.send({"type": "answer", "cue": cue})
        errors: list[dict[str, Any]] = []
        while len(errors) < 3:
            message = table.answerer.receive(5)
            assert message is not None
            if message["type"] == "error":
                errors.append(message)
        table.shooter.act(f"quickdraw 0 {table.target}")
        message = table.answerer.receive(5)
        while message is not None and message["type"] != "cue":
            message = table.answerer.receive(5)
        assert message is not None and message["cue"] == 1
        table.answerer.send({"type": "answer", "cue": 1})  # and again at once, after the cue
        deadline = time.monotonic() + 10
        while table.host.match is not None and table.host.match.action_count == table.number \
                and time.monotonic() < deadline:
            time.sleep(0.01)
        draw = table.the_draw()
    assert [error["key"] for error in errors] == ["early-answer"] * 3
    assert 1 not in dict(draw.answers), draw
