"""Helpers for the network tests: a host on 127.0.0.1 (port from the OS), bot clients in threads, and the leak check."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from thirtyone.bots import make_bot
from thirtyone.model import preset
from thirtyone.model.record import GameRecord
from thirtyone.net.audit import CARD as CARD, leaks as leaks  # the tests' hidden-card check, one definition
from thirtyone.net.client import BotPlayer, TableClient
from thirtyone.net.host import TableHost, TablePlan

CODE = "KX4-TRM"


def open_table(preset_id: str, kinds: list[str], seed: int = 7, grace_s: float = 10.0,
               start_after_s: float | None = None, **options: Any) -> TableHost:
    """A started host on 127.0.0.1 with a port from the OS."""
    host = TableHost(TablePlan(preset(preset_id), kinds, preset=preset_id, seed=seed, grace_s=grace_s,
                               start_after_s=start_after_s), CODE, port=0, **options)
    host.start()
    return host


@dataclass
class Seated:
    """A bot client playing one seat in a thread; ``end`` is the end message once the game is over."""

    client: TableClient
    thread: threading.Thread | None = None
    end: dict[str, Any] | None = None
    failure: BaseException | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def seat_bot(host: TableHost, seat: int, level: str = "casual", name: str = "", start: bool = True) -> Seated:
    """Connect a client to ``seat`` and let a bot of ``level`` play it in a thread."""
    client = TableClient(host.url, CODE.lower().replace("-", " "), name=name or f"P{seat}", seat=seat)
    client.connect()
    seated = Seated(client)

    def run() -> None:
        try:
            seated.end = BotPlayer(client, make_bot(level), seed=seat).play(timeout_s=60)
        except BaseException as error:  # noqa: BLE001 - the test reads it
            seated.failure = error

    seated.thread = threading.Thread(target=run, daemon=True)
    if start:
        seated.thread.start()
    return seated


def finish(host: TableHost, seated: list[Seated], timeout_s: float = 60) -> None:
    """Wait for the game's end and every client's thread."""
    assert host.wait(timeout_s), "the game did not end"
    for one in seated:
        assert one.thread is not None
        one.thread.join(timeout_s)
        assert one.failure is None, one.failure


@dataclass
class PlayedOut:
    """A game played to its end at a host that is closed now: its record, the seated bots and the spectator."""

    record: GameRecord
    seated: list[Seated]
    watcher: TableClient | None


def play_out(host: TableHost, seats: Iterable[int] = (0,), watch: bool = False) -> PlayedOut:
    """Casual bots play ``seats`` of the open ``host`` to the game's end (a spectator watches all of it if
    ``watch``); the host is stopped however that goes."""
    watcher = None
    try:
        if watch:
            watcher = TableClient(host.url, CODE, spectate=True)
            watcher.connect()
        seated = [seat_bot(host, seat) for seat in seats]
        finish(host, seated)
        while watcher is not None and watcher.end is None and watcher.receive(10) is not None:
            pass
    finally:
        host.stop()
    assert host.record is not None, "the game never started"
    return PlayedOut(host.record, seated, watcher)


def drive_like_the_table(sessions: list[Any], level: str = "casual", timeout_s: float = 60) -> list[list[Any]]:
    """Play every session's seat the way the table scene does, all from this one thread: a move of its own by
    ``submit`` when ``next_move`` brings nothing and the seat has a choice (a deal is no choice: the table never
    sends one), a draw out of turn settled by ``quick_draw``. Each session's moves, in order."""
    from thirtyone.model import Phase
    from thirtyone.session import DrawCalled, Played, Refused
    bot = make_bot(level)
    rngs = [random.Random(number) for number in range(len(sessions))]
    moves: list[list[Any]] = [[] for _ in sessions]
    deadline = time.monotonic() + timeout_s
    while not all(session.is_over for session in sessions):
        assert time.monotonic() < deadline, "the game did not end (a table waited for a move nobody makes)"
        quiet = True
        for number, session in enumerate(sessions):
            move = session.next_move(0.016, 0.0)
            if move is not None:
                quiet = False
                moves[number].append(move)
                assert not isinstance(move, Refused), move
                if isinstance(move, DrawCalled):
                    outcome = session.quick_draw(move.shooter, move.target, ())
                    if isinstance(outcome, (Played, Refused)):
                        moves[number].append(outcome)
                continue
            if session.is_over or session.current_seat != session.viewer or getattr(session, "awaiting", False):
                continue
            seen = session.observation()
            if seen.legal_actions and seen.phase is not Phase.DEAL:
                quiet = False
                outcome = session.submit(bot.choose(seen, rngs[number]))
                assert not isinstance(outcome, Refused), outcome
                if isinstance(outcome, Played):
                    moves[number].append(outcome)
        if quiet:
            time.sleep(0.002)
    return moves


class HeldAnswers:
    """Makes a host hold every seat's action until ``release`` (at most ``hold_s``): a slow host, or a slow line."""

    def __init__(self, host: TableHost, hold_s: float = 2.0) -> None:
        import asyncio
        self.release = threading.Event()
        act = host.game._act

        async def held(client: Any, message: dict[str, Any]) -> None:
            until = time.monotonic() + hold_s
            while not self.release.is_set() and time.monotonic() < until:
                await asyncio.sleep(0.005)
            await act(client, message)

        host.game._act = held  # type: ignore[method-assign]
