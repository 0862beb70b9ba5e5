"""Bots think in a worker process: the same moves as a direct call, the window never waits,
a dead or stalled worker costs a notice and no move."""

from __future__ import annotations

import os
import time
from typing import Callable, Iterator, Mapping

import pytest

import thirtyone.session.bot_worker as bot_worker
from tests.worker_bots import WINDOW_PID, SlowBot, WhereBot
from thirtyone.bots import Bot, make_bot
from thirtyone.controller import Match
from thirtyone.model import PRESETS
from thirtyone.model.record import Seat
from thirtyone.session import LocalSession, Notice, Played
from thirtyone.session.bot_worker import BotRunner
from thirtyone.thinking import Thinker, shared_thinker

LEVELS = ("random", "beginner", "casual", "sharp", "expert")


def _bots(count: int) -> dict[int, Bot]:
    # No clock: an Expert's search is never cut short, so its moves cannot depend on the load.
    return {seat: make_bot(LEVELS[seat % len(LEVELS)], clock=False) for seat in range(count)}


def _match(bots: Mapping[int, Bot], seed: int = 31) -> Match:
    seats = [Seat(f"Bot {seat}", "bot:" + LEVELS[seat % len(LEVELS)]) for seat in bots]
    return Match.new(PRESETS["classic"].rules, seats, seed=seed, bots=bots)


def _dealt(match: Match) -> Match:
    """``match`` past its deal (one legal action is decided at once, without the worker)."""
    request = match.bot_request()
    assert request is not None and len(request.observation.legal_actions) == 1
    match.submit(request.seat, request.decide())
    return match


def _until(done: Callable[[], object], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        time.sleep(0.005)


@pytest.fixture
def window_pid(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(WINDOW_PID, str(os.getpid()))  # a spawned worker inherits the environment


@pytest.fixture
def thinker(window_pid: None) -> Iterator[Thinker]:
    """The bots' worker, fresh for the test (it may be killed) and stopped after it."""
    thinker = shared_thinker(bot_worker.THINKER_NAME)
    thinker.close()
    yield thinker
    thinker.close()


def test_a_bots_decision_is_made_in_a_worker_process(thinker: Thinker) -> None:
    runner = BotRunner()
    starts = thinker.starts
    try:
        match = _dealt(_match({0: WhereBot(), 1: WhereBot()}))
        request = match.bot_request()
        assert request is not None and len(request.observation.legal_actions) > 1
        assert runner.start(match)
        decided: list[object] = []
        _until(lambda: decided.append(runner.poll(0.01, 0.0)) or decided[-1] is not None)
        assert decided[-1] is not None
        assert decided[-1][1] == request.observation.legal_actions[-1]  # type: ignore[index]
        assert thinker.starts == starts + 1
    finally:
        runner.shutdown()


def test_a_seeded_eight_seat_game_moves_the_same_in_the_worker_as_by_a_direct_call(thinker: Thinker) -> None:
    """Move for move: every level (Gunslingers with their table speeds, a clockless Expert)."""
    limit = 160
    direct = _match(_bots(8))
    while not direct.is_over and direct.action_count < limit:
        request = direct.bot_request()
        assert request is not None
        direct.submit(request.seat, request.decide())
    starts = thinker.starts
    session = LocalSession(_match(_bots(8)))
    try:
        deadline = time.monotonic() + 240
        while session.action_count < direct.action_count and time.monotonic() < deadline:
            move = session.next_move(0.01, 0.0)
            assert not isinstance(move, Notice), move
            if move is None:
                time.sleep(0.002)
        assert session.match.record.actions == direct.record.actions
        assert len(direct.record.actions) == min(limit, len(direct.record.actions)) > 100
        assert thinker.starts == starts + 1  # all of it in one worker process
    finally:
        session.bots.shutdown()


def test_a_dead_worker_costs_a_notice_and_the_bot_still_moves(thinker: Thinker) -> None:
    session = LocalSession(_dealt(_match({0: SlowBot(), 1: SlowBot()})))
    try:
        seat = session.current_seat
        assert session.next_move(0.01, 0.0) is None  # the worker thinks (for a minute)
        assert session.thinking_seat == seat
        _until(lambda: thinker.running)
        assert session.next_move(0.01, 0.0) is None  # the window does not wait for it (waiting gave the move)
        thinker._process.kill()  # the worker dies mid-thought
        moves: list[object] = []
        _until(lambda: moves.append(session.next_move(0.01, 0.0)) or isinstance(moves[-1], Played), 30)
        assert isinstance(moves[-1], Played) and session.action_count == 2
        moves.append(session.next_move(0.01, 0.0))  # a notice comes with the move or the frame after it
        notices = [m for m in moves if isinstance(m, Notice)]
        assert len(notices) == 1 and "stopped answering" in notices[0].line
        assert f"Bot {seat}'s move" in notices[0].detail  # the log names the seat whose move is worked out here
    finally:
        session.bots.shutdown()


def test_a_stalled_worker_is_replaced_and_the_bot_decides_in_the_window(
        thinker: Thinker, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_worker, "WORKER_PATIENCE_S", 1.0)
    session = LocalSession(_dealt(_match({0: SlowBot(), 1: SlowBot()})))
    try:
        moves: list[object] = []
        began = time.monotonic()
        _until(lambda: moves.append(session.next_move(0.01, 0.0)) or isinstance(moves[-1], Played), 30)
        assert isinstance(moves[-1], Played) and time.monotonic() - began >= 1.0
        moves.append(session.next_move(0.01, 0.0))
        assert sum(isinstance(m, Notice) for m in moves) == 1
        assert not thinker.running  # the stalled worker was stopped; the next decision starts another
    finally:
        session.bots.shutdown()
